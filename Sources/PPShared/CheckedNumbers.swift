/// Checked conversions for numbers that come from outside: record fields, payment codes, e-invoice
/// XML, profile and model files. `Int(someDouble)` traps on infinity, NaN and values beyond Int's
/// range, and one hostile record must never end the whole stream; every Double that becomes an Int
/// goes through these instead, and a value out of range is nil (the caller rejects it) or clamped.

extension Int {
    /// The largest magnitude a Double holds exactly as an integer (2^53).
    public static let exactInDouble = 1 << 53

    /// `value` rounded by `rule`, when it is finite and its magnitude is at most `limit`; nil
    /// otherwise, never a trap.
    public init?(
        checked value: Double, rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero,
        limit: Int = Int.exactInDouble
    ) {
        guard value.isFinite else { return nil }
        let r = value.rounded(rule)
        let bound = Double(Swift.min(Swift.max(limit, 0), Int.exactInDouble))
        guard abs(r) <= bound else { return nil }
        self.init(r)
    }

    /// `value` rounded by `rule` and clamped into `range`; nil for NaN only (infinities clamp).
    public init?(
        clamping value: Double, to range: ClosedRange<Int>,
        rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero
    ) {
        guard !value.isNaN else { return nil }
        let r = value.rounded(rule)
        if r <= Double(range.lowerBound) {
            self = range.lowerBound
        } else if r >= Double(range.upperBound) {
            self = range.upperBound
        } else {
            self.init(r)
        }
    }
}

extension JSON {
    /// The value as an integer within `range` (an integral number that fits); nil otherwise.
    public func int(in range: ClosedRange<Int>) -> Int? {
        guard let i = intValue, range.contains(i) else { return nil }
        return i
    }

    /// The value as a finite number within `range`; nil for other kinds, for numbers outside the
    /// range, and for numbers too large for a Double (`1e400`).
    public func double(in range: ClosedRange<Double>) -> Double? {
        guard let d = doubleValue, d.isFinite, range.contains(d) else { return nil }
        return d
    }
}

// Numbers written as text: option values (--jobs, --page-timeout, --max-line, …). Out of range is nil,
// which the option parser turns into a usage error naming the option and its range.

extension Int {
    /// A whole number in decimal digits (a leading "-" allowed) within `range`; nil for anything else
    /// ("1e3", "+5", " 5", twenty nines).
    public init?(checkedText text: String, in range: ClosedRange<Int>) {
        guard let n = Int(text), range.contains(n) else { return nil }
        self = n
    }
}

extension Double {
    /// A finite number (decimal or exponent form) within `range`; nil for "inf", "nan", numbers beyond a
    /// Double (`1e400`) and anything out of range (`1e300` for a time limit).
    public init?(checkedText text: String, in range: ClosedRange<Double>) {
        guard let d = Double(text), d.isFinite, range.contains(d) else { return nil }
        self = d
    }

    /// The number as the tools print a limit: integral values without a fraction ("120", not "120.0").
    public var limitText: String {
        if let whole = Int(checked: self), Double(whole) == self { return String(whole) }
        return "\(self)"
    }
}

/// Sizes in bytes as options take them ("64M", "512K", "1G", "4096"; binary units, K = 1024) and as
/// messages show them ("64 MiB").
public enum ByteCount {
    private static let units: [(suffix: String, shift: Int)] = [("K", 10), ("M", 20), ("G", 30), ("T", 40)]

    /// The bytes `text` names, within `range`; nil for anything else ("1.5M", "-1K", "99999999999T").
    public static func parse(_ text: String, in range: ClosedRange<Int>) -> Int? {
        var digits = Substring(text.uppercased())
        let binary = digits.hasSuffix("IB")  // "64MiB": the "iB" needs a unit before it
        if binary { digits = digits.dropLast(2) } else if digits.hasSuffix("B") { digits = digits.dropLast() }
        let unit = units.first { digits.hasSuffix($0.suffix) }
        if unit != nil { digits = digits.dropLast() } else if binary { return nil }
        let shift = unit?.shift ?? 0
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(digits),
            n <= Int.max >> shift
        else { return nil }
        let bytes = n << shift
        return range.contains(bytes) ? bytes : nil
    }

    /// "64 MiB", "1.5 GiB", "512 KiB", "1000 bytes".
    public static func text(_ bytes: Int) -> String {
        for unit in units.reversed() where bytes >= 1 << unit.shift {
            let whole = bytes >> unit.shift
            let tenths = ((bytes - whole << unit.shift) * 10) >> unit.shift
            return tenths == 0 ? "\(whole) \(unit.suffix)iB" : "\(whole).\(tenths) \(unit.suffix)iB"
        }
        return "\(bytes) bytes"
    }
}
