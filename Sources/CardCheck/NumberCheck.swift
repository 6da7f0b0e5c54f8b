/// The verdict on a card number (card-validator's number() semantics, rules R1–R6 of the spec).
public struct NumberVerdict: Sendable, Equatable {
    public var brand: CardBrand?
    public var valid: Bool
    public var potentiallyValid: Bool
    /// The Luhn result over the digits; nil when there are no digits to check.
    public var luhn: Bool?
    /// The ASCII digits after stripping separators; empty when the input had other characters.
    public var digits: [UInt8]
    /// Why the number is not valid: a short code, or nil when it is valid.
    public var problem: String?
}

public enum CardNumber {
    /// R1: strips '-' and every JavaScript whitespace character; nil when anything but ASCII digits remains.
    public static func normalize(_ text: String) -> [UInt8]? {
        var digits: [UInt8] = []
        digits.reserveCapacity(19)
        // The common case, ASCII: bytes are scalars, read in place.
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes -> [UInt8]?? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return .none }
            for byte in bytes {
                if byte >= 0x30 && byte <= 0x39 {
                    digits.append(byte)
                } else if byte != 0x2D && !isJavaScriptWhitespace(UInt32(byte)) {
                    return .some(nil)
                }
            }
            return .some(digits)
        }
        if let ascii, let result = ascii { return result }
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v >= 0x30 && v <= 0x39 {
                digits.append(UInt8(v))
            } else if v == 0x2D || isJavaScriptWhitespace(v) {
                continue
            } else {
                return nil
            }
        }
        return digits
    }

    static func isJavaScriptWhitespace(_ v: UInt32) -> Bool {
        switch v {
        case 0x09...0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF: true
        default: false
        }
    }

    /// The Luhn (mod 10) check over ASCII digits.
    public static func luhn(_ digits: [UInt8]) -> Bool {
        guard !digits.isEmpty else { return false }
        var sum = 0
        var double = false
        for byte in digits.reversed() {
            var d = Int(byte) - 48
            if double {
                d *= 2
                if d > 9 { d -= 9 }
            }
            sum += d
            double.toggle()
        }
        return sum % 10 == 0
    }

    /// R3: the brand the digits belong to, or nil with `ambiguous` telling whether several remain.
    public static func detect(_ digits: [UInt8], in brands: [CardBrand]) -> (brand: CardBrand?, ambiguous: Bool) {
        let found = BrandIndex(brands).detect(digits)
        return (found.brand.map { brands[$0] }, found.ambiguous)
    }

    /// R1–R6: the verdict for a typed number. `unionPayLuhn` enforces Luhn for brands that skip it.
    public static func check(_ text: String, brands: [CardBrand], enforceLuhn: Bool = false) -> NumberVerdict {
        check(text, index: BrandIndex(brands), enforceLuhn: enforceLuhn)
    }

    static func check(_ text: String, index: BrandIndex, enforceLuhn: Bool) -> NumberVerdict {
        guard let digits = normalize(text) else {
            return NumberVerdict(
                brand: nil, valid: false, potentiallyValid: false, luhn: nil, digits: [], problem: "bad_characters")
        }
        if digits.isEmpty {
            return NumberVerdict(brand: nil, valid: false, potentiallyValid: true, luhn: nil, digits: [], problem: "empty")
        }
        let luhnOK = luhn(digits)
        let (found, ambiguous) = index.detect(digits)
        guard let brand = found.map({ index.brands[$0] }) else {
            return NumberVerdict(
                brand: nil, valid: false, potentiallyValid: ambiguous, luhn: luhnOK, digits: digits,
                problem: ambiguous ? "ambiguous" : "unknown_brand")
        }
        let luhnCounts = brand.luhn || enforceLuhn
        let checksum = luhnCounts ? luhnOK : true
        let n = digits.count
        let longest = brand.lengths.max() ?? 0
        if brand.lengths.contains(n) {
            return NumberVerdict(
                brand: brand, valid: checksum, potentiallyValid: n < longest || checksum, luhn: luhnOK, digits: digits,
                problem: checksum ? nil : "luhn")
        }
        return NumberVerdict(
            brand: brand, valid: false, potentiallyValid: n < longest, luhn: luhnOK, digits: digits,
            problem: n < longest ? "incomplete" : "too_long")
    }
}

/// How a card number may be shown: never more than the first 6 and last 4 digits (PCI DSS 3.4.1).
public enum CardMask {
    /// Numbers shorter than this show no digits at all, because 6 + 4 would reveal nearly everything.
    public static let minimumLength = 13

    /// "411111******1111", or nil for fewer than 13 digits.
    public static func masked(_ digits: [UInt8]) -> String? {
        guard digits.count >= minimumLength else { return nil }
        let hiddenEnd = digits.count - 4
        return String(unsafeUninitializedCapacity: digits.count) { out in
            for i in digits.indices { out[i] = i >= 6 && i < hiddenEnd ? UInt8(ascii: "*") : digits[i] }
            return digits.count
        }
    }

    /// The last four digits, or nil for fewer than 13 digits.
    public static func last4(_ digits: [UInt8]) -> String? {
        guard digits.count >= minimumLength else { return nil }
        return String(decoding: digits.suffix(4), as: UTF8.self)
    }

    /// The grouped display form with the middle hidden: "4111 11•• •••• 1111". A number still being typed
    /// (fewer than 13 digits) is grouped as far as it goes and shows its first 6 digits only: "4111 11•• ••".
    public static func formatted(_ digits: [UInt8], gaps: [Int]) -> String {
        let shownAtEnd = digits.count >= minimumLength ? 4 : 0
        var out = ""
        for (i, d) in digits.enumerated() {
            if gaps.contains(i) { out.append(" ") }
            out.append(i >= 6 && i < digits.count - shownAtEnd ? "•" : Character(Unicode.Scalar(d)))
        }
        return out
    }

    /// Whether the output may show the digits in full (only with --reveal).
    public static func revealed(_ digits: [UInt8]) -> String { String(decoding: digits, as: UTF8.self) }
}
