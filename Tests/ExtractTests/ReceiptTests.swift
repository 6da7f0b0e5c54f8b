import Foundation
import Testing

@testable import Extract

/// Till receipts: totals with and without tax, cash and change, a tax summary after the payment lines,
/// and OCR's ways of splitting an amount. Hand-made lines in the style of a shop receipt.
@Suite struct ReceiptTests {
    func values(_ text: String) -> [String] {
        Amounts.tokens(in: Array(text)).compactMap { Amounts.value(of: $0, documentMark: ".") }
    }

    @Test func decimalPointSplitFromItsCents() {
        #expect(values("TOTAL RM 65. 20") == ["65.20"])
        #expect(values("1 0. 60 0. 00 1.20") == ["1.00", "0.60", "0.00", "1.20"])
        // Dates and numbered lists keep their points.
        #expect(values("am 1. 12. 2023") == ["1.00", "12.00", "2023.00"])
        #expect(!values("3. 100 pieces").contains("3.10"))
    }

    @Test func strayStrokeAndGluedRinggit() {
        #expect(values("TOTAL ~ /18.00") == ["18.00"])
        #expect(values("Jalan 3/2") == ["3.00"])  // "3/2" stays an address number: "2" is glued to the stroke
        let chars = Array("Total RM9.90")
        let t = Amounts.tokens(in: chars)
        #expect(t.map(\.raw) == ["9.90"])
        #expect(Amounts.currency(near: t[0].range, in: chars) == "MYR")
    }
}
