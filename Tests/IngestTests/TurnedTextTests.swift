import Foundation
import PPShared
import Testing

@testable import Ingest

/// Text drawn turned on the page (a landscape page on portrait paper, /Rotate, a margin note).
@Suite("turned text")
struct TurnedTextTests {
    /// A line of `text` whose characters (6 x 10 pt each) run up the page from (x, y).
    func upwards(_ text: String, x: Double, y: Double) -> [RawTextLayer.Rect] {
        (0..<text.unicodeScalars.count).map { i in
            RawTextLayer.Rect(x0: x, y0: y - Double(i + 1) * 6, x1: x + 10, y1: y - Double(i) * 6)
        }
    }

    @Test func runsGoingUpThePageAreReadAsUprightLines() {
        // Poppler glues two turned rows into one "line"; their boxes tell them apart.
        let first = "IBAN AT61"
        let second = "Amount 12,50"
        let text = first + second
        let rects = upwards(first, x: 100, y: 700) + upwards(second, x: 112, y: 700)
        let page = PageText(
            raw: RawTextLayer(scalars: Array(text.unicodeScalars), rects: rects, fonts: []), width: 600, height: 800)
        #expect(page.rotation == 90)
        #expect(page.frameSize.width == 800 && page.frameSize.height == 600)
        #expect(page.lines.map(\.text) == ["IBAN AT61", "Amount 12,50"])
        #expect(page.lines[0].words.map(\.text) == ["IBAN", "AT61"])
        // Turned clockwise: x runs from 800 - 700 = 100, y from the left edge of the rotated row.
        #expect(page.lines[0].box == [100, 100, 154, 110])
        #expect(page.lines[1].box[1] == 112)
        #expect(page.lines.allSatisfy { $0.rotation == nil })
    }

    @Test func turnedFrameIsKeptOutWhenAsked() {
        let text = "IBAN AT61"
        let page = PageText(
            raw: RawTextLayer(scalars: Array(text.unicodeScalars), rects: upwards(text, x: 100, y: 700), fonts: []),
            width: 600, height: 800, turn: false)
        #expect(page.rotation == 0)
        #expect(page.lines.map(\.text) == ["IBAN AT61"])
        #expect(page.lines[0].rotation == 90)
        #expect(page.lines[0].box == [100, 646, 110, 700])
    }

    @Test func uprightCharactersKeepPopplersLines() {
        let rects = (0..<9).map { i in RawTextLayer.Rect(x0: Double(i) * 5, y0: 10, x1: Double(i) * 5 + 5, y1: 20) }
        #expect(
            TextDirection.detect(
                RawTextLayer(scalars: Array("IBAN AT61".unicodeScalars), rects: rects, fonts: []), width: 600, height: 800) == nil
        )
    }

    @Test func turnedLandscapePDFIsReadInItsReadingFrame() {
        let out = records(InputItem(path: repoPath("Tests/Fixtures/turned/turned-landscape.pdf")), options: IngestOptions())
        #expect(out.count == 1)
        let record = out[0]
        #expect(record["text_rotation"]?.intValue == 90)
        let size = record["size"]?.arrayValue?.compactMap(\.doubleValue) ?? []
        #expect(size.count == 2 && size[0] > size[1])
        let lines = record["lines"]?.arrayValue ?? []
        let texts = lines.compactMap { $0["text"]?.stringValue }
        #expect(
            texts == [
                "Invoice 2026-0042", "IBAN DE89 3704 0044 0532 0130 00", "Amount due 1,234.56 EUR",
                "Reference RF18 5390 0754 7034",
            ])
        // Drawn at x 72 on the landscape page, 100 pt below its top: a 10 pt line there, left to right.
        let box = lines[1]["box"]?.arrayValue?.compactMap(\.doubleValue) ?? []
        #expect(box.count == 4)
        #expect(abs(box[0] - 72) < 0.5 && box[2] > 200 && box[1] > 90 && box[3] < 104 && box[3] - box[1] < 12)
    }

    @Test func marginNoteBecomesItsOwnLineAndUprightLinesStay() {
        let out = records(InputItem(path: repoPath("Tests/Fixtures/turned/margin-note.pdf")), options: IngestOptions())
        let record = out[0]
        #expect(record["text_rotation"] == nil)
        let lines = record["lines"]?.arrayValue ?? []
        #expect(
            lines.compactMap { $0["text"]?.stringValue } == [
                "Invoice 2026-0042", "IBAN DE89 3704 0044 0532 0130 00", "Printed by Example Print Works",
            ])
        #expect(lines[0]["rotation"] == nil)
        #expect(lines[2]["rotation"]?.intValue == 90)
        #expect(lines[1]["words"]?.arrayValue?.count == 7)
    }

    @Test func aGlyphOfAnotherRowStartsANewLine() {
        // Poppler joined "Bruttosumme" with the "624,90" of the row two lines above it, with no space.
        let label = "Bruttosumme"
        let value = "624,90"
        var rects: [RawTextLayer.Rect] = []
        for i in 0..<label.count {
            let x = 300 + Double(i) * 5
            rects.append(RawTextLayer.Rect(x0: x, y0: 229, x1: x + 5, y1: 238))
        }
        for i in 0..<value.count {
            let x = 522 + Double(i) * 4.5
            rects.append(RawTextLayer.Rect(x0: x, y0: 158, x1: x + 4.5, y1: 167))
        }
        let page = PageText(
            raw: RawTextLayer(scalars: Array((label + value).unicodeScalars), rects: rects, fonts: []), width: 600, height: 800)
        #expect(page.lines.map(\.text) == ["Bruttosumme", "624,90"])
        #expect(page.lines[1].box[1] == 158)
    }
}
