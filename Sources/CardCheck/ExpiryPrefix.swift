/// A partly typed expiry ("1", "12/", "12/2", "1/2", "2027-") is "incomplete" while typing more can still
/// make it a valid date; anything else that does not parse stays "bad_format". A text that already has a
/// complete shape keeps its verdict: "12/20" is December 2020 (expired), not the start of "12/2030".
extension Expiry {
    /// Whether some valid expiry (today up to `maxYearsAhead` years on, in any accepted shape) starts with `text`.
    static func couldBecomeValid(_ text: String, today: YearMonth, maxYearsAhead: Int) -> Bool {
        guard let typed = canonicalPrefix(text) else { return false }
        if typed.isEmpty { return true }
        guard maxYearsAhead >= 0 else { return false }
        for year in today.year...(today.year + maxYearsAhead) {
            for month in 1...12 where YearMonth(year: year, month: month) >= today {
                if shapes(month: month, year: year).contains(where: { $0.starts(with: typed) }) { return true }
            }
        }
        return false
    }

    /// The object form {"month", "year"} while typed: a month without a year yet, or a year without a month.
    static func couldBecomeValid(month: String, year: String, today: YearMonth, maxYearsAhead: Int) -> Bool {
        // December is the last month of a year: when any month of a year can still be valid, December can.
        let text = month.isEmpty ? (year.isEmpty ? "" : "12/\(year)") : (year.isEmpty ? month : "\(month)/\(year)")
        return couldBecomeValid(text, today: today, maxYearsAhead: maxYearsAhead)
    }

    /// The typed text with its separators made canonical: leading blanks dropped, blanks around '/' or '-'
    /// removed, a blank that separates (or ends) the text as '/'. nil for characters no expiry has.
    static func canonicalPrefix(_ raw: String) -> [UInt8]? {
        var out: [UInt8] = []
        var pendingBlank = false
        for scalar in raw.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingBlank = !out.isEmpty
                continue
            }
            guard scalar.isASCII else { return nil }
            let byte = UInt8(scalar.value)
            let separator = byte == UInt8(ascii: "/") || byte == UInt8(ascii: "-")
            guard separator || isDigit(byte) else { return nil }
            if pendingBlank, !separator, let last = out.last, isDigit(last) { out.append(UInt8(ascii: "/")) }
            pendingBlank = false
            out.append(byte)
        }
        if pendingBlank, let last = out.last, isDigit(last) { out.append(UInt8(ascii: "/")) }
        return out
    }

    /// Every accepted way to write month/year, as canonicalPrefix writes it: M/YY, MM/YY, M/YYYY, MM/YYYY
    /// (each also with '-'), MMYY, MMYYYY, YYYY-M, YYYY-MM.
    static func shapes(month: Int, year: Int) -> [[UInt8]] {
        let m = String(month)
        let mm = month < 10 ? "0\(month)" : m
        let yyyy = String(year)
        let yy = String(yyyy.suffix(2))
        var texts = [mm + yy, mm + yyyy, yyyy + "-" + m, yyyy + "-" + mm]
        for separator in ["/", "-"] {
            for month in Set([m, mm]) {
                texts.append(month + separator + yy)
                texts.append(month + separator + yyyy)
            }
        }
        return texts.map { Array($0.utf8) }
    }
}
