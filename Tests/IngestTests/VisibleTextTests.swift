import Foundation
import PDFRender
import PPShared
import Testing

@testable import Ingest

/// What is seen is what is read: the check itself (VisibleText). Each way of hiding is tested through the
/// built pp-ingest (Tests/GoldenTests/HiddenTextPipelineTests.swift, fixtures in Tests/Fixtures/hidden-text).
@Suite("visible text")
struct VisibleTextTests {
    /// The check of a fixture's page.
    func check(_ name: String) throws -> VisibleText.Result {
        let pdf = try PDFDocument.open(path: repoPath("Tests/Fixtures/hidden-text/" + name), password: nil)
        let page = try #require(pdf.page(0))
        let (w, h) = page.size
        let raw = page.textLayer()
        let text = PageText(raw: raw, width: w, height: h)
        return VisibleText.check(text, page: page, raw: raw, width: w, height: h, priorOCR: false)
    }

    /// The check names the words and why.
    @Test func checkNamesTheMismappedWords() throws {
        let result = try check("hidden-mismapped.pdf")
        #expect(result.hidden.map(\.word.text) == ["DE89", "3704", "0044", "0532", "0130", "00"])
        #expect(result.hidden.allSatisfy { $0.code == "mismapped_text" })
        #expect(!result.overPicture)
    }

    /// Text laid over other text: the hidden words go, each word the page shows there stays.
    @Test func textOverOtherTextIsJudgedByThePage() throws {
        let result = try check("hidden-over-other-digits.pdf")
        #expect(result.hidden.map(\.word.text) == ["DE89", "3704", "0044", "0532", "0130", "00"])
        #expect(result.hidden.prefix(5).allSatisfy { $0.reason == .overdrawn })
        #expect(result.hidden.last?.reason == .invisible(sameColour: false))
    }

    /// Characters of about the same size in one place overlap; neighbours, a watermark's letter and a speck
    /// do not.
    @Test func overlapNeedsTwoTextsOfOneSizeInOnePlace() {
        typealias R = RawTextLayer.Rect
        let rects = [
            R(x0: 10, y0: 10, x1: 16, y1: 20), R(x0: 16.5, y0: 10, x1: 22, y1: 20),  // a word: 0, 1
            R(x0: 13, y0: 10, x1: 19, y1: 20),  // over 0 and 1: 2
            R(x0: 40, y0: 10, x1: 46, y1: 20), R(x0: 30, y0: 0, x1: 90, y1: 60),  // under a big letter: 3, 4
            R(x0: 60, y0: 10, x1: 66, y1: 20), R(x0: 61, y0: 12, x1: 63, y1: 14),  // a speck on it: 5, 6
        ]
        let raw = RawTextLayer(scalars: Array("1234567".unicodeScalars), rects: rects, fonts: [])
        #expect(TextOverlap.overlapped([0, 1, 2, 3, 5], raw: raw) == [0, 1, 2])
    }

    @Test func samplesKeepEveryWord() throws {
        var options = IngestOptions()
        options.codes = false
        for name in ["at-webshop.pdf", "rs-struja-latin.pdf", "de-hosting-rechnung.pdf", "hr-voda-hub3.pdf"] {
            let out = records(InputItem(path: repoPath("samples/pdf/" + name)), options: options)
            for record in out {
                let codes = record["warnings"]?.arrayValue?.compactMap { $0["code"]?.stringValue } ?? []
                #expect(!codes.contains { $0.hasSuffix("_text") }, "\(name): \(codes)")
            }
        }
    }
}

@Suite("digit shapes")
struct DigitShapeTests {
    /// Every template, as a glyph, is read as its own digit and as no other.
    @Test func templatesAreReadAsTheirOwnDigit() {
        for shape in DigitTemplates.shapes {
            let ink = shape.cells.utf8.map { Float($0 <= 57 ? $0 - 48 : $0 - 87) / 15 }
            for claimed in 0..<10 {
                guard let (margin, best) = DigitShapes.judge(ink: ink, width: 16, height: 16, claimed: claimed) else {
                    Issue.record("no ink in a template of \(shape.digit)")
                    continue
                }
                if claimed == shape.digit {
                    #expect(margin < 0, "a template of \(shape.digit)")
                } else {
                    #expect(best == shape.digit, "a template of \(shape.digit) read as \(best)")
                }
            }
        }
    }

    /// Ink of a neighbouring glyph that reaches into a character's box, and a speck, are not its glyph.
    @Test func neighboursAndSpecksAreCleared() {
        var image = GlyphImage(ink: [Float](repeating: 0, count: 10 * 6), width: 10, height: 6)
        for y in 1..<5 { image.ink[y * 10 + 4] = 1 }  // the glyph: a bar in columns 3..<7
        for y in 0..<6 { image.ink[y * 10 + 8] = 1 }  // a neighbour's stroke, its middle outside
        image.ink[5 * 10 + 5] = 1  // touches the bar: kept
        image.ink[0 * 10 + 6] = 1  // a speck: a pixel apart
        image.keepGlyph(columns: 3..<7, rows: 0..<6)
        #expect((0..<6).allSatisfy { image.ink[$0 * 10 + 8] == 0 })
        #expect((1..<5).allSatisfy { image.ink[$0 * 10 + 4] == 1 })
        #expect(image.ink[5 * 10 + 5] == 1)
        #expect(image.ink[6] == 0)
    }
}
