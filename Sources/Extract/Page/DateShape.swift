/// What a text must hold for each of `Dates.dateExpressions` to match in it, counted in one pass over its
/// scalars: most lines (amounts, names, numbers) cannot hold a date, and skip the regular expressions, which
/// cost about ten thousand instructions a line each. The counts follow ICU's reading of the patterns: `\d` is
/// any scalar of general category Nd, one code point at a time.
struct DateShape {
    /// The longest run of decimal digits.
    var longestDigitRun = 0
    var dots = 0
    var slashes = 0
    var dashes = 0
    /// A scalar that can be a month name's letter: an ASCII letter or any scalar beyond ASCII (the patterns'
    /// letters are ASCII and a few Latin-1 ones; beyond ASCII is counted whole, which only runs more).
    var hasLetter = false

    init(_ text: String) {
        var run = 0
        for s in text.unicodeScalars {
            let v = s.value
            let digit = v < 128 ? v &- 48 < 10 : s.properties.generalCategory == .decimalNumber
            if digit {
                run += 1
                longestDigitRun = max(longestDigitRun, run)
                continue
            }
            run = 0
            switch v {
            case 0x2E: dots += 1
            case 0x2F: slashes += 1
            case 0x2D: dashes += 1
            default: if v >= 128 || (v | 0x20) &- 97 < 26 { hasLetter = true }
            }
        }
    }

    /// The indices of `Dates.dateExpressions` that can match, in order.
    var possibleExpressions: [Int] {
        guard longestDigitRun > 0 else { return [] }
        let year = longestDigitRun >= 4
        var out: [Int] = []
        if dots + slashes >= 2 { out.append(0) }  // 01.02.2026, 1/2/26: two separators
        if year, dashes >= 2 { out.append(1) }  // 2026-02-01
        if year, hasLetter { out += [2, 3] }  // 1. Februar 2026, February 1, 2026
        if year, dashes >= 2 { out.append(4) }  // 01-02-2026
        if year, dots >= 2 { out.append(5) }  // 2026.02.01.
        return out
    }
}
