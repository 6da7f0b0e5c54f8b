/// A calendar month, the unit card expiry works in.
public struct YearMonth: Sendable, Equatable, Comparable {
    public var year: Int
    public var month: Int

    public init(year: Int, month: Int) {
        self.year = year
        self.month = month
    }

    public static func < (a: YearMonth, b: YearMonth) -> Bool { (a.year, a.month) < (b.year, b.month) }
}

/// The verdict on an expiry date (rules E1–E5 of the spec).
public struct ExpiryVerdict: Sendable, Equatable {
    /// ok, expired, bad_month, bad_format, too_far, or incomplete (a start of a date that can still be valid).
    public var reason: String
    public var month: Int?
    public var year: Int?
    public var valid: Bool { reason == "ok" }
}

public enum Expiry {
    /// Checks an expiry given as text ("11/26", "11 / 2026", "2026-11", "1126", "112026"); a start of one
    /// that can still become valid ("1", "12/", "12/2") is incomplete.
    public static func check(_ text: String, today: YearMonth, maxYearsAhead: Int) -> ExpiryVerdict {
        guard let (month, year) = parse(text) else {
            let typing = couldBecomeValid(text, today: today, maxYearsAhead: maxYearsAhead)
            return ExpiryVerdict(reason: typing ? "incomplete" : "bad_format")
        }
        return judge(month: month, year: year, today: today, maxYearsAhead: maxYearsAhead)
    }

    /// Checks an expiry given as {"month": …, "year": …}, each a number or a digit string.
    public static func check(month: String, year: String, today: YearMonth, maxYearsAhead: Int) -> ExpiryVerdict {
        let m = month.trimmingUnicodeWhitespace()
        let y = year.trimmingUnicodeWhitespace()
        guard (1...2).contains(m.utf8.count), isDigits(m), y.utf8.count == 2 || y.utf8.count == 4, isDigits(y),
            let mm = Int(m), let yy = Int(y)
        else {
            let typing =
                (m.isEmpty || isDigits(m)) && (y.isEmpty || isDigits(y))
                && couldBecomeValid(month: m, year: y, today: today, maxYearsAhead: maxYearsAhead)
            return ExpiryVerdict(reason: typing ? "incomplete" : "bad_format")
        }
        return judge(month: mm, year: y.utf8.count == 2 ? 2000 + yy : yy, today: today, maxYearsAhead: maxYearsAhead)
    }

    static func judge(month: Int, year: Int, today: YearMonth, maxYearsAhead: Int) -> ExpiryVerdict {
        guard (1...12).contains(month) else { return ExpiryVerdict(reason: "bad_month") }
        let card = YearMonth(year: year, month: month)
        if card < today { return ExpiryVerdict(reason: "expired", month: month, year: year) }
        if year > today.year + maxYearsAhead { return ExpiryVerdict(reason: "too_far", month: month, year: year) }
        return ExpiryVerdict(reason: "ok", month: month, year: year)
    }

    static func isDigits(_ s: Substring) -> Bool { !s.isEmpty && s.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
    static func isDigits(_ s: String) -> Bool { isDigits(Substring(s)) }

    /// E1–E2: (month, four-digit year) for an accepted shape, or nil.
    static func parse(_ raw: String) -> (Int, Int)? {
        // Work on ASCII bytes: Unicode whitespace becomes a space, any other non-ASCII character fails.
        if raw.utf8.allSatisfy({ $0 < 0x80 }),
            let parsed = raw.utf8.withContiguousStorageIfAvailable({ parse(bytes: trim($0[...])) })
        {
            return parsed  // the common case: the String's own bytes, no copy
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.utf8.count)
        if raw.utf8.allSatisfy({ $0 < 0x80 }) {
            bytes.append(contentsOf: raw.utf8)
        } else {
            for scalar in raw.unicodeScalars {
                if scalar.isASCII {
                    bytes.append(UInt8(scalar.value))
                } else if scalar.properties.isWhitespace {
                    bytes.append(0x20)
                } else {
                    return nil
                }
            }
        }
        return bytes.withUnsafeBufferPointer { parse(bytes: trim($0[...])) }
    }

    /// A run of an expiry's ASCII bytes, read in place.
    typealias ExpiryBytes = Slice<UnsafeBufferPointer<UInt8>>

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }
    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    static func trim(_ s: ExpiryBytes) -> ExpiryBytes {
        var s = s
        while let f = s.first, isSpace(f) { s = s.dropFirst() }
        while let l = s.last, isSpace(l) { s = s.dropLast() }
        return s
    }

    static func number(_ s: ExpiryBytes, digits: ClosedRange<Int>) -> Int? {
        guard digits.contains(s.count), s.allSatisfy(isDigit) else { return nil }
        return s.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    static func year(_ s: ExpiryBytes) -> Int? {
        guard s.count == 2 || s.count == 4, let y = number(s, digits: 2...4) else { return nil }
        return s.count == 2 ? 2000 + y : y
    }

    static func parse(bytes text: ExpiryBytes) -> (Int, Int)? {
        // Compact: MMYY or MMYYYY.
        if !text.isEmpty, text.allSatisfy(isDigit) {
            guard text.count == 4 || text.count == 6, let m = number(text.prefix(2), digits: 2...2),
                let y = year(text.dropFirst(2))
            else { return nil }
            return (m, y)
        }
        // One separator, '/' or '-', with optional whitespace around it; or whitespace alone.
        var separatorCount = 0
        var separator = text.startIndex
        for i in text.indices where text[i] == UInt8(ascii: "/") || text[i] == UInt8(ascii: "-") {
            if separatorCount == 0 { separator = i }
            separatorCount += 1
        }
        let left: ExpiryBytes
        let right: ExpiryBytes
        var dash = false
        switch separatorCount {
        case 0:
            guard let gap = text.firstIndex(where: isSpace) else { return nil }
            left = text[..<gap]
            right = trim(text[gap...])
            guard !right.contains(where: isSpace) else { return nil }
        case 1:
            let i = separator
            left = trim(text[..<i])
            right = trim(text[(i + 1)...])
            dash = text[i] == UInt8(ascii: "-")
        default: return nil
        }
        if let m = number(left, digits: 1...2), let y = year(right) { return (m, y) }
        // ISO-like, year first: YYYY-M or YYYY-MM (only with '-').
        if dash, left.count == 4, let y = number(left, digits: 4...4), let m = number(right, digits: 1...2) { return (m, y) }
        return nil
    }
}

/// The verdict on a security code: digits only, the brand's size.
public struct CVCVerdict: Sendable, Equatable {
    /// ok, incomplete, too_long, bad_characters or missing.
    public var reason: String
    public var valid: Bool { reason == "ok" }
}

public enum SecurityCode {
    /// Checks a CVC against the brand's code size (3 or 4 when the brand is unknown).
    public static func check(_ text: String, brand: CardBrand?) -> CVCVerdict {
        let smallest = brand?.codeSize ?? 3
        let largest = brand?.codeSize ?? 4
        let count = text.utf8.count
        func isDigits(_ bytes: some Sequence<UInt8>) -> Bool { bytes.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
        guard text.utf8.withContiguousStorageIfAvailable(isDigits) ?? isDigits(text.utf8) else {
            return CVCVerdict(reason: "bad_characters")
        }
        if count >= smallest && count <= largest { return CVCVerdict(reason: "ok") }
        if count < smallest { return CVCVerdict(reason: "incomplete") }
        return CVCVerdict(reason: "too_long")
    }
}

extension StringProtocol {
    /// Trims Unicode whitespace (tab, newline, NBSP, …) from both ends.
    func trimmingUnicodeWhitespace() -> String {
        let scalars = Array(unicodeScalars)
        var start = 0
        var end = scalars.count
        while start < end, scalars[start].properties.isWhitespace { start += 1 }
        while end > start, scalars[end - 1].properties.isWhitespace { end -= 1 }
        return String(String.UnicodeScalarView(scalars[start..<end]))
    }
}
