import Foundation
import Lexicons

/// Payee accounts that are not IBANs: the value an account label introduces when no IBAN or Serbian account
/// stands there, told by its shape and by the bank code printed beside it (a US routing number, a UK sort
/// code, an Indian IFSC), or by its own check digits (a Swedish bankgiro, a Norwegian account number).
public enum NationalAccountScheme: String, Sendable {
    /// US account number with an ABA routing number (checksum 3-7-1).
    case usABA = "us-aba"
    /// UK account number (8 digits) with a sort code (nn-nn-nn).
    case gbSortCode = "gb-sort-code"
    /// Indian account number (9–18 digits) with an IFSC (4 letters, 0, 6 letters or digits).
    case inIFSC = "in-ifsc"
    /// Swedish bankgiro number (7–8 digits, Luhn).
    case seBankgiro = "se-bankgiro"
    /// Norwegian account number (11 digits, mod 11).
    case noAccount = "no-account"
    /// A labelled account number of another form: stated, not proved.
    case other = "bban"

    /// Whether the scheme's own check digits or its bank code's prove the number's shape.
    var isChecked: Bool { [.usABA, .seBankgiro, .noAccount].contains(self) }
}

/// One account number a label introduces, with the scheme it was told by.
struct NationalAccount: Sendable {
    let value: String
    let display: String
    let scheme: NationalAccountScheme
    /// The bank code printed beside it (routing number, sort code, IFSC), compact.
    let bankCode: String?
}

enum NationalAccounts {
    /// The account number in a label's value text, and its scheme given the bank code beside it.
    static func read(_ text: String, bankCode: String?) -> NationalAccount? {
        let compact = String(text.filter { $0.isLetter || $0.isNumber })
        let digits = compact.filter(\.isNumber)
        // An account number is mostly digits: a name or an address is not one.
        guard digits.count >= 6, digits.count * 10 >= compact.count * 7 else { return nil }
        let display = text.trimmingCharacters(in: .whitespaces)
        if let code = bankCode {
            if isABA(code) { return NationalAccount(value: digits, display: display, scheme: .usABA, bankCode: code) }
            if isSortCode(code), digits.count == 8 {
                return NationalAccount(value: digits, display: display, scheme: .gbSortCode, bankCode: code)
            }
            if isIFSC(code), (9...18).contains(digits.count) {
                return NationalAccount(value: digits, display: display, scheme: .inIFSC, bankCode: code)
            }
        }
        let grouped = text.allSatisfy { $0.isNumber || $0 == "-" || $0 == " " || $0 == "." }
        if grouped, (7...8).contains(digits.count), text.contains("-"),
            ReferenceScheme.luhn(digits.compactMap(\.wholeNumberValue))
        {
            return NationalAccount(value: digits, display: display, scheme: .seBankgiro, bankCode: nil)
        }
        if grouped, digits.count == 11, ReferenceScheme.mod11(digits.compactMap(\.wholeNumberValue)) {
            return NationalAccount(value: digits, display: display, scheme: .noAccount, bankCode: nil)
        }
        return NationalAccount(value: compact.uppercased(), display: display, scheme: .other, bankCode: bankCode)
    }

    /// A US routing number: 9 digits, 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) a multiple of 10.
    static func isABA(_ code: String) -> Bool {
        let d = code.compactMap(\.wholeNumberValue)
        guard d.count == 9, code.count == 9 else { return false }
        let sum = 3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8])
        return sum % 10 == 0 && sum > 0
    }

    /// A UK sort code: six digits, printed in pairs.
    static func isSortCode(_ code: String) -> Bool { code.count == 6 && code.allSatisfy(\.isNumber) }

    /// An Indian Financial System Code: four letters (the bank), a zero, six letters or digits (the branch).
    static func isIFSC(_ code: String) -> Bool {
        let c = Array(code)
        return c.count == 11 && c[0..<4].allSatisfy { $0.isASCII && $0.isUppercase } && c[4] == "0"
            && c[5...].allSatisfy { $0.isASCII && ($0.isUppercase || $0.isNumber) }
    }

    /// The bank code a `bank_code` label introduces, compact ("12-34-56" → "123456").
    static func bankCode(_ text: String) -> String? {
        guard let token = text.split(separator: " ").first(where: { $0.contains(where: \.isNumber) }) else { return nil }
        let compact = String(token.filter { $0.isLetter || $0.isNumber }).uppercased()
        return compact.count >= 6 ? compact : nil
    }
}
