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
    /// ok, expired, bad_month, bad_format or too_far.
    public var reason: String
    public var month: Int?
    public var year: Int?
    public var valid: Bool { reason == "ok" }
}

public enum Expiry {
    /// Checks an expiry given as text ("11/26", "11 / 2026", "2026-11", "1126", "112026").
    public static func check(_ text: String, today: YearMonth, maxYearsAhead: Int) -> ExpiryVerdict {
        guard let (month, year) = parse(text) else { return ExpiryVerdict(reason: "bad_format") }
        return judge(month: month, year: year, today: today, maxYearsAhead: maxYearsAhead)
    }

    /// Checks an expiry given as {"month": …, "year": …}, each a number or a digit string.
    public static func check(month: String, year: String, today: YearMonth, maxYearsAhead: Int) -> ExpiryVerdict {
        let m = month.trimmingUnicodeWhitespace(), y = year.trimmingUnicodeWhitespace()
        guard (1...2).contains(m.utf8.count), isDigits(m), y.utf8.count == 2 || y.utf8.count == 4, isDigits(y),
            let mm = Int(m), let yy = Int(y)
        else { return ExpiryVerdict(reason: "bad_format") }
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
        let text = raw.trimmingUnicodeWhitespace()
        func year(_ s: Substring) -> Int? {
            guard s.utf8.count == 2 || s.utf8.count == 4, isDigits(s), let y = Int(s) else { return nil }
            return s.utf8.count == 2 ? 2000 + y : y
        }
        func month(_ s: Substring) -> Int? {
            guard (1...2).contains(s.utf8.count), isDigits(s) else { return nil }
            return Int(s)
        }
        // Compact: MMYY or MMYYYY.
        if isDigits(Substring(text)) {
            let s = Substring(text)
            switch s.utf8.count {
            case 4, 6:
                guard let m = Int(s.prefix(2)), let y = year(s.dropFirst(2)) else { return nil }
                return (m, y)
            default: return nil
            }
        }
        // Split around one separator: '/' or '-' (whitespace allowed around it), or whitespace alone.
        let scalars = Array(text.unicodeScalars)
        var separatorIndex: Int?
        var separator: Unicode.Scalar?
        for (i, s) in scalars.enumerated() where s == "/" || s == "-" {
            if separatorIndex != nil { return nil }
            separatorIndex = i
            separator = s
        }
        let left: Substring, right: Substring
        if let i = separatorIndex {
            left = Substring(String(String.UnicodeScalarView(scalars[..<i])).trimmingUnicodeWhitespace())
            right = Substring(String(String.UnicodeScalarView(scalars[(i + 1)...])).trimmingUnicodeWhitespace())
        } else {
            let parts = text.split(whereSeparator: { $0.isWhitespace })
            guard parts.count == 2 else { return nil }
            left = parts[0]
            right = parts[1]
        }
        if let m = month(left), let y = year(right) { return (m, y) }
        // ISO-like, year first: YYYY-M or YYYY-MM (only with '-').
        if separator == "-", left.utf8.count == 4, isDigits(left), let y = Int(left), let m = month(right) { return (m, y) }
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
        let sizes = brand.map { [$0.codeSize] } ?? [3, 4]
        let count = text.utf8.count
        guard text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return CVCVerdict(reason: "bad_characters") }
        if sizes.contains(count) { return CVCVerdict(reason: "ok") }
        if count < sizes.min()! { return CVCVerdict(reason: "incomplete") }
        return CVCVerdict(reason: "too_long")
    }
}

extension StringProtocol {
    /// Trims Unicode whitespace (tab, newline, NBSP, …) from both ends.
    func trimmingUnicodeWhitespace() -> String {
        let scalars = Array(unicodeScalars)
        var start = 0, end = scalars.count
        while start < end, scalars[start].properties.isWhitespace { start += 1 }
        while end > start, scalars[end - 1].properties.isWhitespace { end -= 1 }
        return String(String.UnicodeScalarView(scalars[start..<end]))
    }
}
