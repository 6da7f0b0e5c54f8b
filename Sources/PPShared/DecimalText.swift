/// Reading the plain decimals of records ("612.35", "-0.5", "12") without the C library: `Double(String)`
/// copies the text and calls strtod, about 900 instructions a number, and page records hold four box
/// coordinates for every word.
enum DecimalText {
    /// Powers of ten a Double holds exactly (10^0 ... 10^22).
    static let powersOfTen: [Double] = (0...22).reduce(into: []) { p, i in p.append(i == 0 ? 1 : p[i - 1] * 10) }

    /// The value of `-?digits(.digits)?` with at most 15 digits, else nil (the caller falls back to
    /// `Double(String)`). Exact: the digits form an integer below 2^53 and the power of ten is exact, so the
    /// one division rounds correctly, as strtod does (Clinger's fast path).
    static func double(_ text: String) -> Double? {
        text.utf8.withContiguousStorageIfAvailable(double) ?? nil
    }

    static func double(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var i = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { i = 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var fraction = -1  // digits after the point; -1: no point yet
        while i < bytes.count {
            let b = bytes[i]
            if b &- 48 < 10 {
                mantissa = mantissa &* 10 &+ UInt64(b &- 48)
                digits += 1
                if fraction >= 0 { fraction += 1 }
            } else if b == UInt8(ascii: "."), fraction < 0, digits > 0 {
                fraction = 0
            } else {
                return nil
            }
            i += 1
        }
        guard digits > 0, digits <= 15, fraction != 0 else { return nil }
        let value = Double(mantissa) / powersOfTen[max(fraction, 0)]
        return negative ? -value : value
    }
}
