import PPShared
import PixImage
import Records
import Testing

@testable import OCR

/// Lines the page layout left out are found from the ink no read word covers and read again
/// (Tests/Fixtures/paper/scan.png: an invoice of eleven lines).
@Suite("missed text")
struct MissedTextTests {
    static let scan = "Tests/Fixtures/paper/scan.png"

    /// The page as tesseract reads it, and its ink.
    static func reading() throws -> (OCRLine, [OCRLine], MissedText, PageOCR) {
        let ocr = PageOCR(options: try Fixture.options("eng"))
        let image = try PixImage.read(path: Fixture.path(Self.scan), frame: nil)
        let missed = try #require(image.evenGray().flatMap(MissedText.init(even:)))
        let engine = try TesseractEngine(languages: "eng", datapath: try Tessdata.locate().directory, pageSegMode: 3)
        let page = try #require(try engine.recognize(image, dpi: 72, deadline: nil, what: "scan.png"))
        let iban = try #require(page.lines.first { $0.text.hasPrefix("IBAN") })
        return (iban, page.lines, missed, ocr)
    }

    @Test func aLineTheLayoutLeftOutIsReadAgain() throws {
        let (iban, lines, missed, ocr) = try Self.reading()
        // As if the layout had dropped the IBAN line: it comes back, once, in its place, in reading order.
        let without = lines.filter { $0 != iban }
        #expect(missed.blocks(besides: without).count == 1)
        var reading = OCRReading()
        reading.lang = "eng"
        let back = try ocr.readMissed(missed, over: without, dpi: 72, deadline: nil, what: "scan.png", ocr: &reading)
        #expect(back.count == lines.count)
        #expect(reading.missedLines == 1)
        let found = try #require(back.first { $0.text.hasPrefix("IBAN") })
        #expect(found.text == iban.text)
        let index = try #require(back.firstIndex(of: found))
        #expect(index > 0 && back[index - 1].box[1] < found.box[1] && back[index + 1].box[1] > found.box[1])
    }

    @Test func aPageReadWholeHasNothingMissed() throws {
        let (_, lines, missed, ocr) = try Self.reading()
        #expect(missed.blocks(besides: lines).isEmpty)
        var reading = OCRReading()
        reading.lang = "eng"
        #expect(try ocr.readMissed(missed, over: lines, dpi: 72, deadline: nil, what: "scan.png", ocr: &reading) == lines)
        #expect(reading.missedLines == nil)
    }

    @Test func noiseStartsNoBlock() throws {
        let (_, lines, _, _) = try Self.reading()
        // Random dots are specks, not glyph-sized pieces laid out as lines.
        let noise = Fixture.noise(width: 500, height: 707, seed: 7)
        let dots = try #require(noise.evenGray().flatMap(MissedText.init(even:)))
        #expect(dots.blocks(besides: lines).isEmpty)
    }

    @Test func glyphsJoinLinesAndLinesJoinBlocks() {
        // Five letters in a row, a sixth far off to the right, and one a line lower.
        let glyphs =
            [0, 12, 24, 36, 48, 300].map { PixBox(x: $0, y: 100, width: 10, height: 10) }
            + [PixBox(x: 0, y: 114, width: 10, height: 10)]
        let lines = MissedText.lines(of: glyphs, letter: 10)
        #expect(lines.map(\.count).sorted() == [1, 1, 5])
        #expect(MissedText.blocks(of: lines.map(\.box), gap: 12).count == 2)
    }
}
