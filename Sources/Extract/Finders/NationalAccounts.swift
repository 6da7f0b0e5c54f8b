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
    /// Swedish plusgiro number (2–8 digits, Luhn), printed with a dash before its check digit.
    case sePlusgiro = "se-plusgiro"
    /// Norwegian account number (11 digits, mod 11).
    case noAccount = "no-account"
    /// Danish account: a 4-digit registration number and an account of up to 10 digits (the IBAN's BBAN).
    case dkAccount = "dk-account"
    /// Swiss postal account (2-digit prefix, up to 6 digits, mod 10 recursive check digit): printed
    /// 80-2-2 style, the 9-digit form its value.
    case chPostal = "ch-postal"
    /// A labelled account number of another form: stated, not proved.
    case other = "bban"

    /// Whether the scheme's own check digits or its bank code's prove the number's shape.
    var isChecked: Bool { [.usABA, .seBankgiro, .sePlusgiro, .noAccount, .chPostal].contains(self) }

    /// The country whose banks number accounts so: its national reference schemes are the payee's
    /// (`ReferenceScheme.countries`); nil for a form that names none.
    var country: String? {
        switch self {
        case .usABA: "US"
        case .gbSortCode: "GB"
        case .inIFSC: "IN"
        case .seBankgiro, .sePlusgiro: "SE"
        case .noAccount: "NO"
        case .dkAccount: "DK"
        case .chPostal: "CH"
        case .other: nil
        }
    }
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
            if isDanishRegistration(code), (1...10).contains(digits.count), digits.count == compact.count {
                let bban = code + String(repeating: "0", count: 10 - digits.count) + digits
                return NationalAccount(value: bban, display: display, scheme: .dkAccount, bankCode: code)
            }
        }
        if let postal = swissPostal(display) {
            return NationalAccount(value: postal, display: display, scheme: .chPostal, bankCode: nil)
        }
        let grouped = text.allSatisfy { $0.isNumber || $0 == "-" || $0 == " " || $0 == "." }
        let luhn = ReferenceScheme.luhn(digits.compactMap(\.wholeNumberValue))
        // Giro numbers print one dash: a bankgiro's four digits from the end, a plusgiro's before its check digit.
        let afterDash = display.split(separator: "-", omittingEmptySubsequences: false).last.map { $0.filter(\.isNumber).count }
        if grouped, luhn, display.filter({ $0 == "-" }).count == 1 {
            if (7...8).contains(digits.count), afterDash == 4 {
                return NationalAccount(value: digits, display: display, scheme: .seBankgiro, bankCode: nil)
            }
            if (2...8).contains(digits.count), afterDash == 1 {
                return NationalAccount(value: digits, display: display, scheme: .sePlusgiro, bankCode: nil)
            }
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

    /// A Danish registration number ("Reg. nr."): four digits.
    static func isDanishRegistration(_ code: String) -> Bool { code.count == 4 && code.allSatisfy(\.isNumber) }

    /// The 9-digit form of a Swiss postal account printed "80-2-2" (prefix, number without its leading zeros,
    /// check digit) whose mod 10 recursive check holds; nil for any other text.
    static func swissPostal(_ text: String) -> String? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }), parts[0].count == 2,
            (1...6).contains(parts[1].count), parts[2].count == 1
        else { return nil }
        let nine = parts[0] + String(repeating: "0", count: 6 - parts[1].count) + parts[1] + parts[2]
        return ReferenceScheme.mod10Recursive(nine.compactMap(\.wholeNumberValue)) ? nine : nil
    }

    /// A UK sort code: six digits, printed in pairs.
    static func isSortCode(_ code: String) -> Bool { code.count == 6 && code.allSatisfy(\.isNumber) }

    /// An Indian Financial System Code: four letters (the bank), a zero, six letters or digits (the branch).
    static func isIFSC(_ code: String) -> Bool {
        let c = Array(code)
        return c.count == 11 && c[0..<4].allSatisfy { $0.isASCII && $0.isUppercase } && c[4] == "0"
            && c[5...].allSatisfy { $0.isASCII && ($0.isUppercase || $0.isNumber) }
    }

    /// The bank code a `bank_code` label introduces, compact ("12-34-56" → "123456"); four digits only
    /// where the label is a Danish registration number's (`danish`).
    static func bankCode(_ text: String, danish: Bool = false) -> String? {
        guard let token = text.split(separator: " ").first(where: { $0.contains(where: \.isNumber) }) else { return nil }
        let compact = String(token.filter { $0.isLetter || $0.isNumber }).uppercased()
        if danish, isDanishRegistration(compact) { return compact }
        return compact.count >= 6 ? compact : nil
    }
}
