/// National structured payment references and their check digits: what a payer types in the reference
/// field of the payee's country. A scheme is only tried where the payee's account is of its country (a
/// check digit alone passes for one number in ten), except for formats that show themselves (Belgian
/// `+++…+++`, a Swiss QR reference's 27 digits).
public enum ReferenceScheme: String, Sendable, CaseIterable {
    /// Belgium: "gestructureerde mededeling" / "communication structurée", 12 digits, mod 97.
    case ogm
    /// Finland: viitenumero, 4–20 digits, weights 7-3-1 from the right.
    case viitenumero
    /// Norway: KID, 2–25 digits, Luhn (mod 10) or mod 11.
    case kid
    /// Sweden: OCR number (Bankgiro/Plusgiro), 2–25 digits, Luhn.
    case ocrSE = "ocr-se"
    /// Denmark: FIK payment ID (+71 and +75 cards), 15 or 16 digits, Luhn.
    case fik
    /// Switzerland: QR reference (QRR), 27 digits, mod 10 recursive.
    case qrr
    /// Czech Republic and Slovakia: variable symbol, 1–10 digits, no check digit.
    case variableSymbol = "variable-symbol"

    /// The IBAN countries whose payees use the scheme.
    public var countries: Set<String> {
        switch self {
        case .ogm: ["BE"]
        case .viitenumero: ["FI"]
        case .kid: ["NO"]
        case .ocrSE: ["SE"]
        case .fik: ["DK"]
        case .qrr: ["CH", "LI"]
        case .variableSymbol: ["CZ", "SK"]
        }
    }

    /// Whether `digits` (digits only) is a valid reference of the scheme.
    public func isValid(_ digits: String) -> Bool {
        let d = digits.compactMap(\.wholeNumberValue)
        guard d.count == digits.count, !d.isEmpty else { return false }
        switch self {
        case .ogm: return d.count == 12 && Self.ogmCheck(d)
        case .viitenumero: return (4...20).contains(d.count) && Self.check731(d)
        case .kid: return (2...25).contains(d.count) && (Self.luhn(d) || Self.mod11(d))
        case .ocrSE: return (2...25).contains(d.count) && Self.luhn(d)
        case .fik: return (d.count == 15 || d.count == 16) && Self.luhn(d)
        case .qrr: return d.count == 27 && Self.mod10Recursive(d)
        case .variableSymbol: return d.count <= 10
        }
    }

    /// The schemes a reference of a payee in `countries` may follow, most specific first.
    public static func schemes(for countries: Set<String>) -> [ReferenceScheme] {
        allCases.filter { !$0.countries.isDisjoint(with: countries) }
    }

    /// A Belgian structured communication as printed: `+++123/4567/89002+++` or with `***`, digits and
    /// slashes between; the 12 digits when its check holds.
    public static func ogm(in text: String) -> String? {
        for marker in ["+++", "***"] {
            guard let start = text.range(of: marker), let end = text[start.upperBound...].range(of: marker) else { continue }
            let body = text[start.upperBound..<end.lowerBound]
            let digits = String(body.filter(\.isNumber))
            guard body.allSatisfy({ $0.isNumber || $0 == "/" || $0 == " " }), ReferenceScheme.ogm.isValid(digits) else {
                continue
            }
            return digits
        }
        return nil
    }

    /// A Danish FIK line as printed on an indbetalingskort: `+71< 000000012345674 +12345678<` (the card
    /// type, the payment ID, the creditor number); the payment ID of a +71 (15 digits) or +75 (16) card
    /// when its Luhn digit holds.
    public static func fik(in text: String) -> String? {
        let compact = text.filter { $0 != " " }
        for card in ["+71<", "+75<"] {
            guard let start = compact.range(of: card) else { continue }
            let rest = compact[start.upperBound...]
            guard let plus = rest.firstIndex(of: "+") else { continue }
            let id = String(rest[..<plus])
            let creditor = rest[rest.index(after: plus)...].prefix { $0.isNumber }
            guard creditor.count == 8, rest[rest.index(after: plus)...].dropFirst(8).first == "<",
                id.count == (card == "+71<" ? 15 : 16), ReferenceScheme.fik.isValid(id)
            else { continue }
            return id
        }
        return nil
    }

    // MARK: - Check digits

    /// The last two digits are the first ten mod 97 (97 where that is 0).
    static func ogmCheck(_ d: [Int]) -> Bool {
        var n = 0
        for x in d.prefix(10) { n = (n * 10 + x) % 97 }
        let check = n == 0 ? 97 : n
        return d[10] * 10 + d[11] == check
    }

    /// Finnish: weights 7, 3, 1 repeating from the right over the digits before the check digit.
    static func check731(_ d: [Int]) -> Bool {
        let weights = [7, 3, 1]
        var sum = 0
        for (i, x) in d.dropLast().reversed().enumerated() { sum += x * weights[i % 3] }
        return (10 - sum % 10) % 10 == d.last!
    }

    /// Luhn: every second digit from the right doubled, the sum a multiple of 10.
    static func luhn(_ d: [Int]) -> Bool {
        var sum = 0
        for (i, x) in d.reversed().enumerated() {
            let v = i % 2 == 1 ? x * 2 : x
            sum += v > 9 ? v - 9 : v
        }
        return sum % 10 == 0
    }

    /// Mod 11 with weights 2…7 from the right; a remainder of 1 has no check digit ("-"), never valid here.
    static func mod11(_ d: [Int]) -> Bool {
        var sum = 0
        for (i, x) in d.dropLast().reversed().enumerated() { sum += x * (2 + i % 6) }
        let r = sum % 11
        let check = r == 0 ? 0 : 11 - r
        return check < 10 && check == d.last!
    }

    /// Swiss QR reference: carry through the table over all but the last digit; check = (10 − carry) mod 10.
    static func mod10Recursive(_ d: [Int]) -> Bool {
        let table = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5]
        var carry = 0
        for x in d.dropLast() { carry = table[(carry + x) % 10] }
        return (10 - carry) % 10 == d.last!
    }
}
