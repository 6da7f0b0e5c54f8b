import Foundation
import Testing

@testable import Extract

/// Till receipts: totals with and without tax, cash and change, a tax summary after the payment lines,
/// and OCR's ways of splitting an amount. Hand-made lines in the style of a shop receipt.
@Suite struct ReceiptTests {
    func amounts(_ rows: [(String, Double, Double)]) throws -> [Candidate] {
        let e = Extractor(profile: try profile("sepa")).extract(lines: page(rows), einvoice: nil)
        return e.candidates["amount"] ?? []
    }

    func values(_ text: String) -> [String] {
        Amounts.tokens(in: Array(text)).compactMap { Amounts.value(of: $0, documentMark: ".") }
    }

    @Test func totalWithTaxBeatsTheTotalWithoutIt() throws {
        let list = try amounts([
            ("Total Sales (Excluding GST) 51.42", 40, 100), ("Total GST 3.08", 40, 115),
            ("Total Sales (Inclusive of GST) 54.50", 40, 130), ("Cash 60.00", 40, 145), ("Change 5.50", 40, 160),
        ])
        #expect(list.first?.value == "54.50")
        #expect(list.first?.evidence.contains("tendered-less-change") == true)
        #expect(list.first { $0.value == "51.42" }?.evidence.contains("label:subtotal") == true)
        // Tax and cash fall so low that they may drop out of the list.
        #expect(list.first { $0.value == "3.08" }.map { $0.evidence.contains("label:vat") } != false)
        #expect(list.first { $0.value == "60.00" }.map { $0.evidence.contains("label:tendered") } != false)
    }

    @Test func exactCashIsTheAmountPaid() throws {
        // The total line itself is unreadable: cash with no change back says what was paid.
        let list = try amounts([
            ("Subtotal 7.00", 40, 100), ("GST 0.42", 40, 115), ("Total Sales ( 742)", 40, 130), ("Cash 7.42", 40, 145),
            ("Change 0.00", 40, 160),
        ])
        #expect(list.first?.value == "7.42")
        #expect(list.first?.evidence.contains("tendered-exact") == true)
    }

    @Test func aTaxSummaryAfterThePaymentIsNotTheTotal() throws {
        let list = try amounts([
            ("Total 23.32", 40, 100), ("Cash 50.00", 40, 115), ("Change 26.68", 40, 130), ("GST Summary", 40, 150),
            ("Total: 22.00 1.32", 40, 165),
        ])
        #expect(list.first?.value == "23.32")
        #expect(list.first { $0.value == "22.00" }?.evidence.contains("after-payment") == true)
    }

    @Test func cashAboveTheTotalOnlyAsAHeaderDoesNotCount() throws {
        // "CASH" as the kind of bill (with a till number) is no payment line.
        let list = try amounts([("Cash Bill 3", 40, 60), ("Total 12.50", 40, 100)])
        #expect(list.first?.value == "12.50")
        #expect(list.allSatisfy { !$0.evidence.contains("after-payment") })
    }

    @Test func anItemCountIsNoTotal() throws {
        let list = try amounts([("Total Qty: 3", 40, 100), ("Total 9.60", 40, 140)])
        #expect(list.first?.value == "9.60")
        #expect(list.first { $0.value == "3.00" }?.evidence.contains("label:total") != true)
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
