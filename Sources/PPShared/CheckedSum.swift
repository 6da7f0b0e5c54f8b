/// A sum of numbers from outside that cannot trap: `a + b` stops the process on overflow, and one hostile
/// file (a manifest whose sizes add past Int.max) must be refused with a reason instead.
extension Sequence where Element == Int {
    /// The sum of the elements, nil when it (or a sum of the first ones) does not fit in an Int.
    public func checkedSum() -> Int? {
        var total = 0
        for value in self {
            let (sum, overflow) = total.addingReportingOverflow(value)
            if overflow { return nil }
            total = sum
        }
        return total
    }
}
