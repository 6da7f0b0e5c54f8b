import Foundation
import Lexicons

/// The Croatian HUB-3 payment slip barcode (PDF417, "HRVHUB30"): 14 lines in a fixed order — header,
/// currency, amount in cents (15 digits), payer name, street, place, payee name, street, place, IBAN,
/// model (HR00–HR99), reference (poziv na broj), purpose code (4 letters), description.
enum HUB3Code {
    static let lines = 14
    /// The field lengths HUB-3 gives, by line; an overlong field is noted, not refused (the payment data
    /// stays intact).
    static let limits: [Int: (Int, String)] = [
        3: (30, "payer name"), 4: (27, "payer street"), 5: (27, "payer place"), 6: (25, "payee name"),
        7: (25, "payee street"), 8: (27, "payee place"), 11: (22, "reference"), 13: (35, "description"),
    ]

    static func parse(_ text: String) -> PaymentCode {
        var code = PaymentCode(format: "hub3-pdf417")
        var p = CodeProblems(format: "HUB-3")
        let l = CodeText.lines(text)
        func line(_ i: Int) -> String { i < l.count ? l[i].trimmingCharacters(in: .whitespaces) : "" }
        code.version = "30"
        if l.count < lines - 1 { p.add("truncated: \(l.count) lines, \(lines) expected") }
        if l.count > lines { p.add("\(l.count) lines, \(lines) expected") }
        if let bad = CodeCharsets.firstUnencodable(text, charset: "ISO-8859-2") {
            p.add("character '\(bad)' is not in ISO 8859-2")
        }
        // In the order of the code's lines: a dictionary's order changes from run to run.
        for (i, (max, what)) in limits.sorted(by: { $0.key < $1.key }) where line(i).count > max {
            code.notes.append("\(what) is \(line(i).count) characters, more than the \(max) HUB-3 allows")
        }
        if l.count > 1 {
            code.currency = line(1)
            if !["EUR", "HRK"].contains(line(1)) { p.add("currency '\(line(1))' is not EUR or HRK") }
            if line(1) == "HRK" { code.notes.append("HRK (kuna) is no longer paid in since 2023") }
        }
        if l.count > 2 {
            let cents = line(2)
            if cents.count == 15, let d = CodeText.fromCents(cents) {
                if !CodeText.isZero(d) { code.amount = d }
            } else {
                p.add("amount '\(cents)' is not 15 digits (cents)")
            }
        }
        code.payee = line(6).isEmpty ? nil : line(6)
        if l.count > 9 {
            let account = Checksums.compact(line(9))
            code.account = account.isEmpty ? nil : account
            if account.isEmpty {
                p.add("payee IBAN is missing")
            } else {
                code.accountValid = p.checkIBAN(account)
                if !account.hasPrefix("HR") { code.notes.append("payee IBAN is not Croatian") }
            }
        }
        let model = line(10)
        if !model.isEmpty {
            code.model = model
            let digits = model.dropFirst(2)
            if !model.hasPrefix("HR") || digits.count != 2 || !digits.allSatisfy({ $0.isASCII && $0.isNumber }) {
                p.add("model '\(model)' is not HR00–HR99")
            }
        }
        let reference = line(11)
        if !reference.isEmpty {
            code.reference = reference
            if model.isEmpty { p.add("reference without a model") }
            if !reference.allSatisfy({ ($0.isASCII && $0.isNumber) || $0 == "-" }) {
                p.add("reference '\(reference)' holds characters other than digits and '-'")
            }
        }
        code.paymentCode = p.purposeCode(line(12))
        code.purpose = line(13).isEmpty ? nil : line(13)
        code.problems = p.list
        return code
    }
}
