import Testing

@testable import PPShared

/// The one checked Double → Int conversion: out of range is nil or clamped, never a trap.
struct CheckedNumberTests {
    @Test func checkedIsNilOutOfRange() {
        #expect(Int(checked: 12.5) == 13)
        #expect(Int(checked: -12.5) == -13)
        #expect(Int(checked: 12.9, rounding: .towardZero) == 12)
        #expect(Int(checked: 1e15) == 1_000_000_000_000_000)
        for d in [Double.infinity, -.infinity, .nan, 1e20, -1e300, 1e308, Double(Int.max)] {
            #expect(Int(checked: d) == nil, "\(d)")
        }
        #expect(Int(checked: 101, limit: 100) == nil)
        #expect(Int(checked: -100, limit: 100) == -100)
    }

    @Test func clampingKeepsTheRange() {
        #expect(Int(clamping: -1e300, to: 0...100) == 0)
        #expect(Int(clamping: 1e300, to: 0...100) == 100)
        #expect(Int(clamping: .infinity, to: -5...5) == 5)
        #expect(Int(clamping: -.infinity, to: -5...5) == -5)
        #expect(Int(clamping: .nan, to: 0...100) == nil)
        #expect(Int(clamping: 41.6, to: 0...100) == 42)
        #expect(Int(clamping: -41.6, to: -100...100, rounding: .towardZero) == -41)
    }

    @Test func jsonNumbersInRange() {
        #expect(JSON.number("1e20").intValue == nil)
        #expect(JSON.number("99999999999999999999").intValue == nil)
        #expect(JSON.number("3").int(in: 1...10) == 3)
        #expect(JSON.number("30").int(in: 1...10) == nil)
        #expect(JSON.number("2.0").int(in: 1...10) == 2)
        #expect(JSON.number("1e400").double(in: -1e6...1e6) == nil)
        #expect(JSON.number("-1e300").double(in: 0...100) == nil)
        #expect(JSON.number("95.5").double(in: 0...100) == 95.5)
        #expect(JSON.string("5").double(in: 0...100) == nil)
        #expect(JSON.double(1e300) == .number("1e+300"))
        #expect(JSON.double(.infinity) == .null)
    }
}
