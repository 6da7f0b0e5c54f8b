import Lexicons
import PPShared

/// What a payment code (QR, PDF417) says, whatever its format: pp-extract reads the decoded text of
/// the codes in page records (`"codes":[{"type":"qr","text":…,"box":[…],"page":1}]`) with one parser
/// per format (this folder) into this one shape. docs/payment-codes.md lists each format's rules.
public struct PaymentCode: Sendable, Equatable {
    /// "epc-qr", "swiss-qr", "ips-qr", "hub3-pdf417", "upn-qr", "spayd", "spayd-invoice" or "bysquare".
    public var format: String
    /// The version the payload names ("002", "0200", "01", "1.0", …).
    public var version: String?
    /// IBAN, or the 18-digit Serbian account (`accountKind` "rs-domestic").
    public var account: String?
    public var accountKind = "iban"
    /// Whether the account passes its checksum.
    public var accountValid = false
    public var bic: String?
    /// "1234.56": a point, two decimals.
    public var amount: String?
    public var currency: String?
    public var reference: String?
    /// The reference's model: "RF" (ISO 11649), "QRR" (Swiss), "97"/"00"/… (Serbian), "HR01", "SI12", "VS"
    /// (Czech and Slovak variable symbol).
    public var model: String?
    public var payee: String?
    /// Free text for the payee (remittance information, svrha, namen, message).
    public var purpose: String?
    /// Šifra plaćanja (IPS SF) or the ISO 20022 purpose code (EPC, HUB-3, UPN).
    public var paymentCode: String?
    /// "2026-12-31".
    public var dueDate: String?
    /// Rule violations and checksum failures, each naming the format and why ("EPC: version 003 is not
    /// 001 or 002"); a code with problems is never confident.
    public var problems: [String] = []
    /// Deviations that leave the payment data intact (spaces in an IBAN, a byte-order mark, an overlong
    /// name in a format whose limits we tolerate).
    public var notes: [String] = []

    public init(format: String) { self.format = format }

    /// No rule violated, no checksum failed.
    public var isValid: Bool { problems.isEmpty }

    /// Parses a decoded code's text; nil when it is no payment code of a known format.
    public static func parse(_ text: String) -> PaymentCode? {
        var body = Substring(text)
        var bom = false
        if body.hasPrefix("\u{FEFF}") {
            body = body.dropFirst()
            bom = true
        }
        let first = body.prefix { $0 != "\n" && $0 != "\r" && $0 != "\r\n" }
        var code: PaymentCode?
        switch first {
        case "BCD": code = EPCCode.parse(String(body))
        case "SPC": code = SwissQRBill.parse(String(body))
        case "HRVHUB30": code = HUB3Code.parse(String(body))
        case "UPNQR": code = UPNCode.parse(String(body))
        default:
            if body.hasPrefix("K:") {
                code = IPSCode.parse(String(body))
            } else if body.hasPrefix("SPD*") || body.hasPrefix("SID*") {
                code = SPAYDCode.parse(String(body))
            } else {
                code = BySquareCode.parse(String(body))
            }
        }
        if bom { code?.notes.insert("byte-order mark before the payload ignored", at: 0) }
        return code
    }
}

/// Collects one format's rule violations with the format's name in front ("EPC: …").
struct CodeProblems {
    let format: String
    var list: [String] = []

    mutating func add(_ why: String) { list.append("\(format): \(why)") }

    /// The IBAN check's verdict in words; true when it is valid.
    @discardableResult
    mutating func checkIBAN(_ iban: String, what: String = "IBAN") -> Bool {
        switch Checksums.checkIBAN(iban) {
        case .valid: return true
        case .unknownCountry: add("\(what) '\(iban)' has no known IBAN country")
        case .wrongLength: add("\(what) '\(iban)' has the wrong length for its country")
        case .wrongPattern: add("\(what) '\(iban)' has characters its country's IBAN format does not allow")
        case .badChecksum: add("\(what) checksum fails")
        case .badNationalCheck: add("\(what) national check digits fail")
        }
        return false
    }

    /// An ISO 20022 purpose code (HUB-3, UPN): four capital letters. Returns the code, nil when the field is empty.
    mutating func purposeCode(_ value: String) -> String? {
        guard !value.isEmpty else { return nil }
        if value.count != 4 || !value.allSatisfy({ $0.isASCII && $0.isUppercase }) {
            add("purpose code '\(value)' is not 4 capital letters")
        }
        return value
    }

    /// A length limit of a field (in characters).
    mutating func limit(_ value: String, _ max: Int, _ what: String) {
        if value.count > max { add("\(what) is \(value.count) characters, more than \(max)") }
    }
}

/// Text helpers the line-based formats share.
enum CodeText {
    /// The lines of a payload separated by LF, CR LF or CR; one final line break ends the last line.
    static func lines(_ text: String) -> [String] {
        var parts = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
            .map(String.init)
        if parts.count > 1, parts.last == "" { parts.removeLast() }
        return parts
    }

    /// Whether the payload uses CR LF, LF, CR or a mix (for notes).
    static func lineEnding(_ text: String) -> String {
        let crlf = text.contains("\r\n")
        let lf = text.unicodeScalars.indices.contains { i in
            text.unicodeScalars[i] == "\n"
                && (i == text.unicodeScalars.startIndex
                    || text.unicodeScalars[text.unicodeScalars.index(before: i)] != "\r")
        }
        return crlf && lf ? "mixed" : crlf ? "CRLF" : "LF"
    }

    /// "1234.5" / "1234,5" / "00000012345" (cents) → "1234.50"; nil unless digits with at most 2 decimals
    /// and at most `Amounts.maxWholeDigits` before the mark (leading zeros aside).
    static func decimal(_ text: some StringProtocol, mark: Character = ".") -> String? {
        let parts = text.split(separator: mark, maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let frac = parts.count > 1 ? parts[1] : ""
        guard frac.count <= 2, frac.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        var w = String(whole.drop { $0 == "0" })
        if w.isEmpty { w = "0" }
        guard w.count <= Amounts.maxWholeDigits else { return nil }
        return w + "." + frac + String(repeating: "0", count: 2 - frac.count)
    }

    /// Cents as digits ("000000012345") → "123.45".
    static func fromCents(_ digits: some StringProtocol) -> String? {
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let padded = String(repeating: "0", count: max(0, 3 - digits.count)) + digits
        return decimal(padded.dropLast(2) + "." + padded.suffix(2))
    }

    /// Whether a canonical decimal ("0.00") is zero.
    static func isZero(_ decimal: String) -> Bool { decimal.allSatisfy { $0 == "0" || $0 == "." } }

    /// "20261231" or "31.12.2026" → "2026-12-31" when it is a real date.
    static func isoDate(_ text: some StringProtocol) -> String? {
        let t = String(text)
        let (y, m, d): (Substring, Substring, Substring)
        if t.count == 8, t.allSatisfy({ $0.isASCII && $0.isNumber }) {
            (y, m, d) = (t.prefix(4), t.dropFirst(4).prefix(2), t.suffix(2))
        } else {
            let p = t.split(separator: ".", omittingEmptySubsequences: false)
            guard p.count == 3, p[0].count == 2, p[1].count == 2, p[2].count == 4 else { return nil }
            (y, m, d) = (p[2], p[1], p[0])
        }
        guard let yi = Int(y), let mi = Int(m), let di = Int(d), (1...12).contains(mi), di >= 1 else { return nil }
        let leap = yi % 4 == 0 && (yi % 100 != 0 || yi % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mi - 1]
        return di <= days ? "\(y)-\(m)-\(d)" : nil
    }
}
