import Testing

@testable import PPShared

/// The fast decimal reader must give exactly what `Double(String)` gives, or leave the text to it.
@Suite("Decimal text")
struct DecimalTextTests {
    @Test func plainDecimalsReadAsStrtodReadsThem() {
        var texts = ["0", "-0", "12", "612.35", "-0.5", "0.1", "0.3", "123456789012345", "99999.99999", "007.50"]
        // Coordinates as records print them, and random ones with up to 15 digits.
        var random = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let whole = UInt64.random(in: 0...999_999_999, using: &random)
            let places = Int.random(in: 0...6, using: &random)
            let fraction = UInt64.random(in: 0...999_999, using: &random) % UInt64(pow10(places))
            let digits = String(fraction)
            let padded = String(repeating: "0", count: max(0, places - digits.count)) + digits
            texts.append(places == 0 ? String(whole) : "\(whole).\(padded)")
        }
        for text in texts {
            let fast = DecimalText.double(text)
            #expect(fast != nil, "\(text)")
            #expect(fast?.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
    }

    @Test func otherFormsAreLeftToDoubleInit() {
        for text in ["", "-", ".5", "1.", "1e5", "+1", "1.2.3", "0x10", " 1", "1234567890123456", "nan", "inf"] {
            #expect(DecimalText.double(text) == nil, "\(text)")
        }
    }

    private func pow10(_ n: Int) -> Int { (0..<n).reduce(1) { p, _ in p * 10 } }
}
