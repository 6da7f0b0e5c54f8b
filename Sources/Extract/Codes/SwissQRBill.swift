import Foundation
import Lexicons

/// The Swiss QR-bill ("SPC", Implementation Guidelines QR-bill v2.x, version 0200): fixed lines for the
/// CH/LI IBAN, the creditor (address type S or K), the amount and currency, the ultimate debtor, the
/// reference (QRR with a QR-IBAN, SCOR or NON otherwise), the message, the "EPD" trailer, billing
/// information and at most two alternative procedures.
enum SwissQRBill {
    /// Lines up to and including the trailer "EPD".
    static let minimumLines = 31

    static func parse(_ text: String) -> PaymentCode {
        var code = PaymentCode(format: "swiss-qr")
        var p = CodeProblems(format: "Swiss QR")
        let l = CodeText.lines(text)
        func line(_ i: Int) -> String { i < l.count ? l[i] : "" }
        if CodeText.lineEnding(text) == "mixed" { code.notes.append("line endings mixed (CR LF and LF)") }
        if l.count < minimumLines { p.add("truncated: \(l.count) lines, \(minimumLines) needed up to the EPD trailer") }
        code.version = line(1)
        if line(1) != "0200" { p.add("version \(line(1).isEmpty ? "(empty)" : line(1)) is not 0200") }
        if l.count > 2, line(2) != "1" { p.add("coding type '\(line(2))' is not 1") }
        if CodeCharsets.firstUnencodable(text, charset: "UTF-8") != nil { p.add("text holds bytes that are not valid UTF-8") }

        var qrIBAN = false
        if l.count > 3 {
            let iban = Checksums.compact(line(3))
            code.account = iban.isEmpty ? nil : iban
            if !["CH", "LI"].contains(String(iban.prefix(2))) {
                p.add("IBAN country '\(iban.prefix(2))' is not CH or LI")
            } else if p.checkIBAN(iban) {
                code.accountValid = true
                qrIBAN = Int(String(Array(iban)[4..<9])).map { (30000...31999).contains($0) } ?? false
            }
        }
        if l.count > 10 { code.payee = address(Array(l[4...10]), "creditor", required: true, &p) }
        if l.count > 17, l[11...17].contains(where: { !$0.isEmpty }) {
            p.add("ultimate creditor lines are not empty (they are reserved)")
        }
        let amount = line(18)
        if !amount.isEmpty {
            let whole = amount.prefix { $0 != "." }
            if (1...9).contains(whole.count), amount.count == whole.count + 3, let d = CodeText.decimal(amount) {
                if CodeText.isZero(d) { p.add("amount \(amount) is below 0.01") }
                code.amount = d
            } else {
                p.add("amount '\(amount)' is not 1–9 digits with 2 decimals (1949.70)")
            }
        }
        if l.count > 19 {
            code.currency = line(19)
            if !["CHF", "EUR"].contains(line(19)) { p.add("currency '\(line(19))' is not CHF or EUR") }
        }
        if l.count > 26, l[20...26].contains(where: { !$0.isEmpty }) {
            _ = address(Array(l[20...26]), "ultimate debtor", required: false, &p)
        }
        if l.count > 28 { reference(type: line(27), line(28), qrIBAN: qrIBAN, into: &code, &p) }
        p.limit(line(29), 140, "message")
        code.purpose = line(29).isEmpty ? nil : line(29)
        if l.count > 30, line(30) != "EPD" { p.add("trailer '\(line(30))' is not EPD") }
        p.limit(line(31), 140, "billing information")
        let alternatives = l.count > 32 ? Array(l[32...]).filter { !$0.isEmpty } : []
        if alternatives.count > 2 { p.add("\(alternatives.count) alternative procedures, at most 2 allowed") }
        for a in alternatives { p.limit(a, 100, "alternative procedure") }
        code.problems = p.list
        return code
    }

    /// Checks an address block (type, name, street or line 1, house number or line 2, postcode, town,
    /// country); returns the name.
    static func address(_ a: [String], _ who: String, required: Bool, _ p: inout CodeProblems) -> String? {
        let (type, name, s1, s2, zip, town, country) = (a[0], a[1], a[2], a[3], a[4], a[5], a[6])
        switch type {
        case "S":
            p.limit(s1, 70, "\(who) street")
            p.limit(s2, 16, "\(who) building number")
            if zip.isEmpty || town.isEmpty { p.add("\(who) address type S needs a postcode and a town") }
            p.limit(zip, 16, "\(who) postcode")
            p.limit(town, 35, "\(who) town")
        case "K":
            p.limit(s1, 70, "\(who) address line 1")
            p.limit(s2, 70, "\(who) address line 2")
            if s2.isEmpty { p.add("\(who) address type K needs address line 2 (postcode and town)") }
            if !zip.isEmpty || !town.isEmpty { p.add("\(who) address type K must leave postcode and town empty") }
        default:
            p.add("\(who) address type '\(type)' is not S or K")
        }
        if name.isEmpty { p.add("\(who) name is missing") }
        p.limit(name, 70, "\(who) name")
        if country.count != 2 || !country.allSatisfy({ $0.isASCII && $0.isUppercase }) {
            p.add("\(who) country '\(country)' is not a 2-letter code")
        }
        return name.isEmpty ? nil : name
    }

    static func reference(type: String, _ ref: String, qrIBAN: Bool, into code: inout PaymentCode, _ p: inout CodeProblems) {
        switch type {
        case "QRR":
            code.reference = ref
            code.model = "QRR"
            if !qrIBAN, code.accountValid { p.add("a QRR reference requires a QR-IBAN (IID 30000–31999)") }
            if ref.count != 27 || !ref.allSatisfy({ $0.isASCII && $0.isNumber }) {
                p.add("QRR reference '\(ref)' is not 27 digits")
            } else if !Checksums.isValidQRR(ref) {
                p.add("QRR reference check digit fails")
            }
        case "SCOR":
            code.reference = Checksums.compact(ref)
            code.model = "RF"
            if qrIBAN { p.add("a QR-IBAN requires a QRR reference, not SCOR") }
            if !Checksums.isValidRF(ref) { p.add("SCOR reference '\(ref)' fails the RF (ISO 11649) check") }
        case "NON":
            if qrIBAN { p.add("a QR-IBAN requires a QRR reference, not NON") }
            if !ref.isEmpty { p.add("reference type NON with a reference '\(ref)'") }
        default:
            p.add("reference type '\(type)' is not QRR, SCOR or NON")
        }
    }
}

extension Checksums {
    /// The Swiss mod 10 recursive table (QR reference, ESR).
    static let mod10Table = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5]

    /// The mod 10 recursive check digit of a digit string.
    public static func mod10Recursive(_ digits: some StringProtocol) -> Int? {
        var carry = 0
        for ch in digits {
            guard let d = ch.wholeNumberValue, ch.isASCII else { return nil }
            carry = mod10Table[(carry + d) % 10]
        }
        return (10 - carry) % 10
    }

    /// Whether a 27-digit Swiss QR reference ends with its mod 10 recursive check digit.
    public static func isValidQRR(_ ref: String) -> Bool {
        guard ref.count == 27, let check = mod10Recursive(ref.prefix(26)) else { return false }
        return ref.last?.wholeNumberValue == check
    }
}
