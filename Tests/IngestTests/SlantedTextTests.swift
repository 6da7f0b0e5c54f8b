import Foundation
import Testing

@testable import Ingest

/// SlantedText on character boxes as poppler gives them: a slanted word's letters in level pieces of
/// `piece` letters, each piece one step higher than the one before.
@Suite("slanted text")
struct SlantedTextTests {
    static let size = 20.0

    /// `text` from (x, y) at `degrees` (positive: rising to the right), letters 0.7 sizes wide, in level
    /// pieces of `piece` letters.
    func slanted(_ text: String, x: Double, y: Double, degrees: Double, piece: Int) -> [RawTextLayer.Rect] {
        let advance = 0.7 * Self.size
        let rise = tan(degrees * Double.pi / 180)
        var rects: [RawTextLayer.Rect] = []
        var pieceStart = x
        var inPiece = 0
        var x0 = x
        for c in text.unicodeScalars {
            // A space is half a letter wide and starts a new piece.
            let width = c == " " ? advance / 2 : advance
            if inPiece == piece || c == " " {
                pieceStart = x0
                inPiece = 0
            }
            let y0 = y - (pieceStart - x) * rise
            rects.append(.init(x0: x0, y0: y0, x1: x0 + width, y1: y0 + Self.size))
            x0 += width
            inPiece += c == " " ? 0 : 1
        }
        return rects
    }

    func layer(_ text: String, _ rects: [RawTextLayer.Rect]) -> RawTextLayer {
        RawTextLayer(
            scalars: Array(text.unicodeScalars), rects: rects,
            fonts: [.init(start: 0, end: text.unicodeScalars.count - 1, name: "Sans-Bold", size: Self.size)])
    }

    struct Slant: CustomTestStringConvertible, Sendable {
        let degrees: Double
        let piece: Int
        var testDescription: String { "\(degrees)° in pieces of \(piece)" }
    }

    @Test(arguments: [
        Slant(degrees: 12, piece: 3), Slant(degrees: 18, piece: 2), Slant(degrees: -24, piece: 2),
        Slant(degrees: 30, piece: 1), Slant(degrees: -24, piece: 1),
    ])
    func slantedWordsMakeOneLine(_ s: Slant) throws {
        let text = "BEZAHLT AM"
        let rects = slanted(text, x: 100, y: 400, degrees: s.degrees, piece: s.piece)
        let lines = try #require(SlantedText.lines(layer(text, rects), width: 600, height: 800))
        #expect(lines.count == 1)
        let scalars = Array(text.unicodeScalars)
        let words = lines[0].map { String(String.UnicodeScalarView($0.map { scalars[$0] })) }
        #expect(words == ["BEZAHLT", "AM"])
    }

    /// Rows of a tight table, each set a little further right than the one above (a staircase of cells):
    /// the next letter of a row is always nearer than the row below, so nothing is slanted.
    @Test func staircaseOfRowsIsNoSlantedText() {
        var text = ""
        var rects: [RawTextLayer.Rect] = []
        for row in 0..<6 {
            let cell = "A\(row)B"
            for (i, _) in cell.unicodeScalars.enumerated() {
                let x0 = 50 + Double(row) * 0.3 * Self.size + Double(i) * 0.6 * Self.size
                let y0 = 100 + Double(row) * 1.05 * Self.size
                rects.append(.init(x0: x0, y0: y0, x1: x0 + 0.6 * Self.size, y1: y0 + Self.size))
            }
            text += cell
        }
        #expect(SlantedText.lines(layer(text, rects), width: 600, height: 800) == nil)
    }

    @Test func levelTextIsNoSlantedText() {
        let text = "Zu zahlen 6.378,30 EUR"
        let rects = slanted(text, x: 100, y: 400, degrees: 0, piece: 40)
        #expect(SlantedText.lines(layer(text, rects), width: 600, height: 800) == nil)
    }

    /// Font sizes a hostile PDF can state: infinite, not a number, zero, a thousand times the page.
    @Test(arguments: [Double.infinity, Double.nan, 0, 1e300])
    func hostileFontSizesAreNoTrap(_ size: Double) {
        let text = "BEZAHLT"
        let rects = slanted(text, x: 100, y: 400, degrees: 18, piece: 2)
        let raw = RawTextLayer(
            scalars: Array(text.unicodeScalars), rects: rects,
            fonts: [
                .init(start: 0, end: 2, name: "Sans-Bold", size: size),
                .init(start: 3, end: 6, name: "Sans-Bold", size: Self.size),
            ])
        _ = SlantedText.lines(raw, width: 600, height: 800)
        _ = PageText(raw: raw, width: 600, height: 800)
    }
}
