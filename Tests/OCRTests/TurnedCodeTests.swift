import CodeReading
import Foundation
import PPShared
import PixImage
import Records
import Testing

@testable import OCR

/// Codes read on the page as pp-ocr straightened it (TurnedPageCodes), where pp-ingest read none:
/// Tests/Fixtures/codes/make_codes.py's long PDF417 (16 columns) under text lines, the page turned 6°.
@Suite("codes on the turned page")
struct TurnedCodeTests {
    static let image = "Tests/Fixtures/codes/pdf417-long-turned.png"

    /// The fixture's entry in Tests/Fixtures/codes/expected.json: the payload and the code's upright box.
    static func expected() throws -> (text: String, box: [Double]) {
        let data = try Data(contentsOf: URL(fileURLWithPath: Fixture.path("Tests/Fixtures/codes/expected.json")))
        let all = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let entry = try #require(all["pdf417-long-turned.png"] as? [String: Any])
        return (try #require(entry["text"] as? String), try #require(entry["upright_box"] as? [Double]))
    }

    @Test func aCodeOnlyTheDeskewedPageShowsReachesTheRecord() throws {
        let (text, box) = try Self.expected()
        // pp-ingest's reading of the image as presented finds nothing: the reason for pp-ocr's look.
        let presented = try PixImage.read(path: Fixture.path(Self.image), frame: nil)
        #expect(ImageCodes.find(in: presented).isEmpty)

        let out = PageOCR(options: try Fixture.options()).process(Fixture.page(Fixture.path(Self.image), dpi: 150))
        #expect(abs(out["ocr"]?["deskew_degrees"]?.doubleValue ?? 0) > 3)
        let codes = try #require(PageRecord(out)?.codes)
        #expect(codes.count == 1)
        #expect(codes.first?.type == "pdf417" && codes.first?.text == text && codes.first?.page == 1)
        // The box is the code's on the straightened page, the frame of the lines (points at 150 dpi).
        let found = codes.first?.box ?? []
        #expect(found.count == 4 && zip(found, box).allSatisfy { abs($0 - $1) < 8 }, "\(found) vs \(box)")
    }

    @Test func aPageWithPPIngestsCodesKeepsThemOnly() throws {
        // A code pp-ingest read (an EPC QR elsewhere on the page) stands: the page is not read again.
        let ingest: JSON = [["type": "qr", "text": "BCD", "box": [10, 10, 60, 60], "page": 1]]
        let record = Fixture.page(Fixture.path(Self.image), dpi: 150, extra: ["codes": ingest, "size": [595, 480]])
        let out = PageOCR(options: try Fixture.options()).process(record)
        #expect(PageRecord(out)?.codes?.map(\.text) == ["BCD"])
    }

    /// (ocr.rotation, ocr.deskew_degrees, the record has codes, the record was read by pp-ocr before) and
    /// whether the turned page is read for codes.
    static let cases: [(Int, Double, Bool, Bool, Bool)] = [
        (0, 0, false, false, false),  // the very pixels pp-ingest read
        (0, 2.5, false, false, true),
        (180, 0, false, false, true),
        (90, -1.2, false, false, true),
        (0, 2.5, true, false, false),  // pp-ingest's codes stand
        (0, 2.5, false, true, false),  // read by pp-ocr before (--force): its codes are in the record
    ]

    @Test(arguments: cases) func whichPagesAreRead(_ c: (Int, Double, Bool, Bool, Bool)) {
        var record = PageRecord()
        record.kind = "page"
        if c.2 { record.codes = [PageCode(type: "qr", text: "BCD", box: [0, 0, 1, 1], page: 1)] }
        if c.3 { record.ocr = OCRReading() }
        var ocr = OCRReading()
        ocr.rotation = c.0
        ocr.deskewDegrees = c.1
        #expect(TurnedPageCodes.wanted(record, ocr: ocr) == c.4)
    }
}
