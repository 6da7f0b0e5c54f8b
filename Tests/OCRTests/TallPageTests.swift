import Foundation
import PPShared
import Testing

@testable import OCR

/// A till receipt: a long narrow strip photographed on a dark table (Tests/Fixtures/receipts/
/// make_receipt.py). Tesseract's automatic layout finds the price column alone and drops its label;
/// read as one block, the total's line holds both.
@Suite("tall one-column pages")
struct TallPageTests {
    static let receipt = "Tests/Fixtures/receipts/till-receipt.jpg"

    @Test func aTallPageIsReadAsOneBlockWhenThatReadsMore() throws {
        let out = PageOCR(options: try Fixture.options("eng")).process(Fixture.page(Fixture.path(Self.receipt), dpi: 200))
        #expect(out["ocr"]?["psm"]?.intValue == 6)
        let lines = (out["lines"]?.arrayValue ?? []).compactMap { $0["text"]?.stringValue }
        #expect(lines.contains { $0.contains("TOTAL") && $0.contains("24.00") }, "\(lines)")
    }

    @Test func anExplicitSegmentationIsKept() throws {
        var options = try Fixture.options("eng")
        options.pageSegMode = 4
        let out = PageOCR(options: options).process(Fixture.page(Fixture.path(Self.receipt), dpi: 200))
        #expect(out["ocr"]?["psm"]?.intValue == 4)
    }

    @Test func onlyTallPagesAreReadTwice() throws {
        let ocr = PageOCR(options: try Fixture.options("eng"))
        #expect(ocr.isTall(width: 600, height: 1500))
        #expect(!ocr.isTall(width: 1240, height: 1754))  // A4
        #expect(!ocr.isTall(width: 1754, height: 1240))
    }
}
