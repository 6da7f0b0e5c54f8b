import Foundation
import Testing

@testable import Extract

/// Receipts as OCR reads them from paper: short labels with a digit or a stroke for a letter, cents read
/// as letters, a rounding line between two totals, a total misread by one digit. Hand-made lines.
@Suite struct ReceiptOCRTests {
    func amounts(_ rows: [(String, Double, Double)], conf: Double? = 90) throws -> [Candidate] {
        let e = Extractor(profile: try profile("sepa")).extract(lines: page(rows, conf: conf), einvoice: nil)
        return e.candidates["amount"] ?? []
    }

    @Test(arguments: ["T0TAL 12.30", "TOTAI 12.30", "Tota) 12.30", "TOTA1 12.30"])
    func aShortLabelTakesOneStrictConfusion(_ line: String) throws {
        let list = try amounts([("Item 4.10 x 3", 40, 60), (line, 40, 100)])
        #expect(list.first { $0.value == "12.30" }?.evidence.contains("label:total") == true)
    }

    @Test func aShortLabelTakesNoLetterForALetter() throws {
        // "tote" and "tata" are other words: only a digit or a stroke stands for a letter of a short label.
        let list = try amounts([("TOTE 12.30", 40, 100), ("TATAL 12.30", 40, 120)])
        #expect(list.allSatisfy { !$0.evidence.contains("label:total") })
    }

    @Test func centsReadAsLetters() {
        let v = Amounts.tokens(in: Array("Total Sales 64. so")).compactMap { Amounts.value(of: $0, documentMark: ".") }
        #expect(v == ["64.50"])
        // A word after a number is no cents: "3. Soup", "12.sold".
        #expect(Amounts.tokens(in: Array("3. Soup")).compactMap { Amounts.value(of: $0, documentMark: ".") } == ["3.00"])
        #expect(Amounts.tokens(in: Array("12.sold")).allSatisfy { !$0.ocrDigits })
    }

    @Test func aDecimalPointOCRLostAtTheEndOfALine() {
        func values(_ text: String, ocr: Bool = true) -> [String] {
            Amounts.tokens(in: Array(text), ocr: ocr).compactMap { Amounts.value(of: $0, documentMark: ".") }
        }
        #expect(values("Total Sales Incl GST@6% RM 8 60") == ["8.60"])
        #expect(Amounts.tokens(in: Array("Total RM 8 60"), ocr: true).last?.ocrDigits == true)
        // A text layer keeps its points; two digits in mid-line are another number; three are a group.
        #expect(values("Total RM 8 60", ocr: false) == ["8.00", "60.00"])
        #expect(values("Qty 8 60 pcs") == ["8.00", "60.00"])
        #expect(values("Total 1 600.00") == ["1600.00"])
    }

    @Test func theRoundingLineLinksTheTotalToTheRoundedOne() throws {
        // The rounded total carries no label of its own here: the arithmetic says what it is.
        let list = try amounts([
            ("Total 68.41", 40, 100), ("Rounding Adj -0.01", 40, 115), ("68.40", 160, 130), ("Cash 100.00", 40, 145),
        ])
        #expect(list.first?.value == "68.40")
        #expect(list.first?.evidence.contains("rounded:68.41") == true)
        #expect(list.first { $0.value == "68.41" }?.evidence.contains("rounded-away") == true)
    }

    @Test func aTotalMisreadByOneDigitIsCorrectedByTwoSums() throws {
        // Cash with no change back and the tax summary (net, tax) both say 18.00; the total line reads 48.00.
        let list = try amounts(Self.twoSums)
        #expect(list.first?.value == "18.00")
        #expect(list.first?.evidence.contains("ocr-corrected:48.00") == true)
    }

    static let twoSums: [(String, Double, Double)] = [
        ("Sub-total 16.98", 40, 100), ("TOTAL 48.00", 40, 115), ("CASH 18.00", 40, 130), ("CHANGE 0.00", 40, 145),
        ("GST Summary", 40, 165), ("SR 6% 16.98 1.02", 40, 180),
    ]

    @Test func aTotalReadAlikeTwiceIsNotCorrected() throws {
        let list = try amounts([
            ("TOTAL 48.00", 40, 115), ("CASH 18.00", 40, 130), ("CHANGE 0.00", 40, 145), ("SR 6% 16.98 1.02", 40, 180),
            ("Total 48.00", 40, 200),
        ])
        #expect(list.allSatisfy { !$0.evidence.contains { $0.hasPrefix("ocr-corrected:") } })
    }

    /// A receipt's totals block read with low confidence (conf 60): one sum of labelled parts printed above
    /// the total is enough to correct a digit.
    static let totalsBlock: [(String, Double, Double)] = [
        ("Sub Total 295.00", 40, 100), ("Service Charge 10% 29.50", 40, 115), ("GST 6% 19.47", 40, 130),
        ("Rounding Adj -0.02", 40, 145), ("TOTAL 345.95", 40, 160),
    ]

    @Test func aTotalsBlockSumsDownFromItsSubtotal() throws {
        let list = try amounts(Self.totalsBlock, conf: 60)
        #expect(list.first?.value == "343.95")
        #expect(list.first?.evidence.contains("ocr-corrected:345.95") == true)
    }

    @Test func aTextLayerIsNeverCorrected() throws {
        for rows in [Self.totalsBlock, Self.twoSums] {
            let list = try amounts(rows, conf: nil)
            #expect(list.allSatisfy { !$0.evidence.contains { $0.hasPrefix("ocr-corrected:") } })
        }
    }

    @Test func netPlusTaxAboveAnUnsureTotalCorrectsIt() throws {
        let list = try amounts(
            [("Total Sales 51.42", 40, 100), ("Total GST 3.08", 40, 115), ("Total Incl. GST 64.50", 40, 130)], conf: 60)
        #expect(list.first?.value == "54.50")
    }

    @Test func aTaxSummaryBelowTheTotalCorrectsNothing() throws {
        // The summary under the total restates net and tax, read worse: its net is no part of the total.
        let list = try amounts(
            [("(Inclusive) GST 6% 33.57", 40, 100), ("Total: 593.10", 40, 115), ("SR 6% 859.53 33.57", 40, 140)], conf: 60)
        #expect(list.first?.value == "593.10")
    }
}
