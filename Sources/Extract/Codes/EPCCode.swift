import Foundation
import Lexicons

/// The EPC QR code ("GiroCode", EPC069-12 v2.1): "BCD", version 001 or 002, character set 1–8, "SCT",
/// BIC, name, IBAN, amount, purpose, structured reference XOR unstructured text, information.
enum EPCCode {
    static func parse(_ text: String) -> PaymentCode {
        var code = PaymentCode(format: "epc-qr")
        var p = CodeProblems(format: "EPC")
        let l = CodeText.lines(text)
        func line(_ i: Int) -> String { i < l.count ? l[i] : "" }
        if CodeText.lineEnding(text) == "mixed" { code.notes.append("line endings mixed (CR LF and LF)") }
        if l.count < 7 { p.add("truncated: \(l.count) lines, at least 7 needed (up to the IBAN)") }
        if l.count > 12 { p.add("\(l.count) lines, at most 12 allowed") }
        code.version = line(1)
        if !["001", "002"].contains(line(1)) { p.add("version \(line(1).isEmpty ? "(empty)" : line(1)) is not 001 or 002") }
        if let charset = CodeCharsets.epc[line(2)] {
            if let bad = CodeCharsets.firstUnencodable(text, charset: charset) {
                p.add(
                    bad == "\u{FFFD}"
                        ? "text holds bytes that are not valid in character set \(line(2)) (\(charset))"
                        : "character '\(bad)' is not in character set \(line(2)) (\(charset))")
            } else if charset != "UTF-8", CodeCharsets.looksLikeMisreadUTF8(text) {
                p.add("text looks like UTF-8 although character set \(line(2)) (\(charset)) is named")
            }
        } else {
            p.add("character set '\(line(2))' is not 1–8")
        }
        let bytes = line(2) == "1" ? text.utf8.count : text.unicodeScalars.count
        if bytes > 331 { p.add("payload is \(bytes) bytes, more than 331") }
        if l.count > 3, line(3) != "SCT" { p.add("identification '\(line(3))' is not SCT") }

        let bic = line(4).trimmingCharacters(in: .whitespaces)
        if !bic.isEmpty {
            code.bic = bic
            if !Checksums.isValidBIC(bic) { p.add("BIC '\(bic)' is not a valid BIC") }
        } else if line(1) == "001", l.count > 4 {
            p.add("version 001 requires a BIC")
        }
        let name = line(5).trimmingCharacters(in: .whitespaces)
        if l.count > 5 {
            if name.isEmpty { p.add("beneficiary name is missing") }
            p.limit(name, 70, "beneficiary name")
        }
        code.payee = name.isEmpty ? nil : name
        if l.count > 6 {
            let raw = line(6).trimmingCharacters(in: .whitespaces)
            if raw.contains(" ") { code.notes.append("IBAN written with spaces") }
            let iban = Checksums.compact(raw)
            code.account = iban.isEmpty ? nil : iban
            if iban.isEmpty { p.add("IBAN is missing") } else { code.accountValid = p.checkIBAN(iban) }
        }
        let amount = line(7).trimmingCharacters(in: .whitespaces)
        if !amount.isEmpty {
            let digits = amount.dropFirst(3)
            let whole = digits.prefix { $0 != "." }
            if amount.hasPrefix("EUR"), (1...9).contains(whole.count), let d = CodeText.decimal(digits) {
                if CodeText.isZero(d) { p.add("amount \(amount) is below EUR0.01") }
                code.amount = d
                code.currency = "EUR"
            } else {
                p.add("amount '\(amount)' is not EUR and 1–9 digits with up to 2 decimals (EUR12.3)")
            }
        }
        let purpose = line(8).trimmingCharacters(in: .whitespaces)
        if !purpose.isEmpty {
            code.paymentCode = purpose
            if purpose.count != 4 || !purpose.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) }) {
                p.add("purpose code '\(purpose)' is not 4 capital letters or digits")
            }
        }
        let structured = line(9).trimmingCharacters(in: .whitespaces)
        let unstructured = line(10).trimmingCharacters(in: .whitespaces)
        p.limit(structured, 35, "structured reference")
        p.limit(unstructured, 140, "unstructured remittance")
        p.limit(line(11), 70, "beneficiary-to-originator information")
        if !structured.isEmpty, !unstructured.isEmpty {
            p.add("both a structured reference and an unstructured remittance are given (only one is allowed)")
        }
        if !structured.isEmpty {
            code.reference = structured
            if Checksums.compact(structured).hasPrefix("RF") {
                code.reference = Checksums.compact(structured)
                code.model = "RF"
                if !Checksums.isValidRF(structured) { p.add("RF reference checksum fails") }
            }
        } else if !unstructured.isEmpty {
            code.reference = unstructured
        }
        code.purpose = unstructured.isEmpty ? nil : unstructured
        code.problems = p.list
        return code
    }
}
