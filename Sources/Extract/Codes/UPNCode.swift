import Foundation
import Lexicons

/// The Slovenian UPN QR code ("UPNQR"): 19 fields in a fixed order, each ended by LF and padded with
/// spaces, then a control sum: the length of those 19 fields with their line feeds (3 digits).
/// Fields: header, payer IBAN, deposit (polog), withdrawal (dvig), payer reference, payer name,
/// street, city, amount (11 digits, cents), payment date, urgent, purpose code, purpose, payment
/// deadline, payee IBAN, payee reference (SI or RF + model + number), payee name, street, city.
enum UPNCode {
    /// Field lengths by index (0-based).
    static let limits: [Int: Int] = [
        1: 34, 4: 26, 5: 33, 6: 33, 7: 33, 12: 42, 14: 34, 15: 26, 16: 33, 17: 33, 18: 33,
    ]
    static let names = [
        "header", "payer IBAN", "deposit", "withdrawal", "payer reference", "payer name", "payer street",
        "payer city", "amount", "payment date", "urgent", "purpose code", "purpose", "payment deadline",
        "payee IBAN", "payee reference", "payee name", "payee street", "payee city",
    ]

    static func parse(_ text: String) -> PaymentCode {
        var code = PaymentCode(format: "upn-qr")
        var p = CodeProblems(format: "UPN")
        let l = CodeText.lines(text)
        func field(_ i: Int) -> String { i < l.count ? l[i].trimmingCharacters(in: .whitespaces) : "" }
        if l.count < 20 { p.add("truncated: \(l.count) fields, 20 expected (19 and the control sum)") }
        if l.count > 20 { p.add("\(l.count) fields, 20 expected") }
        if let bad = CodeCharsets.firstUnencodable(text, charset: "ISO-8859-2") {
            p.add("character '\(bad)' is not in ISO 8859-2")
        }
        if l.count >= 20 {
            let sum = l[0..<19].reduce(0) { $0 + $1.count + 1 }
            if Int(field(19)) != sum { p.add("control sum \(field(19)) does not match the length \(sum)") }
        }
        // In the order of the code's fields: a dictionary's order changes from run to run.
        for (i, max) in limits.sorted(by: { $0.key < $1.key }) where field(i).count > max {
            code.notes.append("\(names[i]) is \(field(i).count) characters, more than the \(max) UPN allows")
        }
        for i in [2, 3, 10] where !["", "X"].contains(field(i)) { p.add("\(names[i]) '\(field(i))' is not X or empty") }
        if !field(1).isEmpty { p.checkIBAN(Checksums.compact(field(1)), what: "payer IBAN") }
        if l.count > 8 {
            let cents = field(8)
            if cents.count == 11, let d = CodeText.fromCents(cents) {
                if !CodeText.isZero(d) { code.amount = d }
                code.currency = "EUR"
            } else {
                p.add("amount '\(cents)' is not 11 digits (cents)")
            }
        }
        for i in [9, 13] where !field(i).isEmpty && CodeText.isoDate(field(i)) == nil {
            p.add("\(names[i]) '\(field(i))' is not a date DD.MM.YYYY")
        }
        code.dueDate = CodeText.isoDate(field(13))
        code.paymentCode = p.purposeCode(field(11))
        code.purpose = field(12).isEmpty ? nil : field(12)
        if l.count > 14 {
            let iban = Checksums.compact(field(14))
            code.account = iban.isEmpty ? nil : iban
            if iban.isEmpty { p.add("payee IBAN is missing") } else { code.accountValid = p.checkIBAN(iban, what: "payee IBAN") }
        }
        reference(field(15), into: &code, &p)
        code.payee = field(16).isEmpty ? nil : field(16)
        code.problems = p.list
        return code
    }

    /// "SI12 1234567890120" → model SI12; "RF18…" checked as ISO 11649; "SI99" means no reference.
    static func reference(_ raw: String, into code: inout PaymentCode, _ p: inout CodeProblems) {
        let ref = Checksums.compact(raw)
        guard !ref.isEmpty else { return }
        if ref.hasPrefix("RF") {
            code.reference = ref
            code.model = "RF"
            if !Checksums.isValidRF(ref) { p.add("RF reference checksum fails") }
            return
        }
        let model = ref.prefix(4)
        guard model.hasPrefix("SI"), model.dropFirst(2).allSatisfy({ $0.isASCII && $0.isNumber }), model.count == 4 else {
            p.add("payee reference '\(raw)' does not start with SI and a 2-digit model or RF")
            return
        }
        code.model = String(model)
        let number = raw.trimmingCharacters(in: .whitespaces).dropFirst(4).trimmingCharacters(in: .whitespaces)
        if model == "SI99" {
            if !number.isEmpty { p.add("model SI99 (no reference) with a number '\(number)'") }
        } else if number.isEmpty {
            p.add("model \(model) without a reference number")
        } else {
            code.reference = String(number)
        }
    }
}
