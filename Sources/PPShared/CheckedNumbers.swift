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
