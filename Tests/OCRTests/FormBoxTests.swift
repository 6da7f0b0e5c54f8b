import Foundation
import PPShared
import PixImage
import Testing

@testable import OCR

/// Comb rows: slip fields printed one character per box (Tests/Fixtures/combs/make_combs.py draws the
/// slip: a tinted ground, grey box rules, turned by 1.5 degrees and blurred like a photo).
@Suite("comb rows of payment slips")
struct FormBoxTests {
    static let slip = "Tests/Fixtures/combs/comb-slip.jpg"

    static func compactLines(_ record: JSON) -> [String] {
        (record["lines"]?.arrayValue ?? []).compactMap { $0["text"]?.stringValue?.filter { !$0.isWhitespace } }
    }

    @Test func slipRowsAreReadAsTheirValues() throws {
        let out = PageOCR(options: try Fixture.options("deu+eng")).process(Fixture.page(Fixture.path(Self.slip), dpi: 300))
        #expect(out["ocr"]?["comb_rows"]?.intValue == 5)
        let lines = Self.compactLines(out)
        for value in ["DE89370400440532013000", "RF18539007547034", "AT611904300234573201", "1.234,56", "NORDWINDENERGIEGMBH"] {
            #expect(lines.contains(value), "\(value) not among \(lines)")
        }
        // The captions between the rows stay, in reading order above their row.
        let text = Fixture.text(out)
        let caption = text.range(of: "Verwendungszweck")?.upperBound
        let reference = text.range(of: "RF18539007547034")?.lowerBound
        #expect(caption != nil && reference != nil && caption! <= reference!)
        // A row's words carry boxes on the page (in points), not in the strip they were read from.
        let line = out["lines"]?.arrayValue?.first { $0["text"]?.stringValue == "RF18539007547034" }
        let box = line?["box"]?.arrayValue?.compactMap(\.doubleValue) ?? []
        #expect(box.count == 4 && box[0] > 20 && box[2] > box[0] + 150 && box[1] > 100, "\(box)")
    }

    @Test func theSamplesPhotosHaveNoCombs() throws {
        // Tables, QR codes, a sideways page and ordinary text: nothing there may be taken for a comb.
        let folder = Fixture.path("samples/photos")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasSuffix(".tiff") }.sorted()
        #expect(names.count >= 10)
        for name in names {
            let image = try PixImage.read(path: "\(folder)/\(name)", frame: nil)
            #expect(FormBoxes.find(on: image) == nil, "comb rows found on \(name)")
        }
    }

    @Test func rowsAreCutWhereBoxesStopBeingAlike() {
        // Edges (left, top, right, bottom): six alike boxes of 40 px, then a table column of 300 px.
        var edges = (0..<7).map { i in [100 + i * 42, 500, 102 + i * 42, 560] }
        edges.append([700, 500, 702, 560])
        let rows = FormBoxes.combRows(edges)
        #expect(rows.count == 1)
        #expect(rows.first?.cells.count == 6)
        #expect(rows.first?.box == [102, 500, 352, 560])
    }
}
