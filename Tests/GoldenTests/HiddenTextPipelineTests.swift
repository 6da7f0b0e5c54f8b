import Foundation
import PPShared
import Testing

/// What is seen is what is read, through the built tools: each fixture of Tests/Fixtures/hidden-text
/// (make_hidden.py) shows the IBAN AT61 1904 3002 3457 3201 and hides DE89 3704 0044 0532 0130 00 in its
/// text layer one way. pp-ingest leaves the hidden words out of the page's lines and names them in the
/// page's `warnings`; pp-extract after it never offers the hidden IBAN.
@Suite("hidden text") struct HiddenTextPipelineTests {
    static let folder = "Tests/Fixtures/hidden-text"
    static let hiddenGroups = ["DE89", "3704", "0044", "0532", "0130"]
    static let hiddenIBAN = "DE89370400440532013000"
    static let shownLine = "IBAN: AT61 1904 3002 3457 3201"

    /// One way of hiding: the fixture, the warning code, and how far below the page's top (points) the
    /// hidden line stands (nil: not checked).
    struct Way: CustomTestStringConvertible, Sendable {
        let file: String
        let code: String
        var top: Double? = 842 - 620
        var testDescription: String { file }
    }

    static let ways: [Way] = [
        Way(file: "hidden-white.pdf", code: "invisible_text"),
        Way(file: "hidden-near-white.pdf", code: "invisible_text"),
        Way(file: "hidden-render-mode.pdf", code: "invisible_text"),
        Way(file: "hidden-clip-mode.pdf", code: "invisible_text"),
        Way(file: "hidden-clipped.pdf", code: "invisible_text"),
        Way(file: "hidden-tiny.pdf", code: "tiny_text"),
        Way(file: "hidden-squeezed.pdf", code: "tiny_text"),
        Way(file: "hidden-painted-over.pdf", code: "covered_text"),
        Way(file: "hidden-grey-box-over.pdf", code: "covered_text"),
        Way(file: "hidden-image-over.pdf", code: "covered_text"),
        Way(file: "hidden-same-colour-box.pdf", code: "invisible_text"),
        Way(file: "hidden-form-bbox.pdf", code: "invisible_text"),
        Way(file: "hidden-mismapped.pdf", code: "mismapped_text"),
        Way(file: "rotated-hidden-mismapped.pdf", code: "mismapped_text"),
        Way(file: "hidden-over-other-digits.pdf", code: "invisible_text"),
        Way(file: "hidden-alone.pdf", code: "invisible_text", top: 842 - 700),
    ]

    /// The fixtures through `pp-ingest`, its records through `pp-extract`, once per run.
    static let outputs = IngestExtractRun.of(folder: folder)

    static func lines(_ record: JSON) -> [String] {
        record["lines"]?.arrayValue?.compactMap { $0["text"]?.stringValue } ?? []
    }

    @Test(arguments: ways) func hiddenIBANIsLeftOutAndNamed(_ way: Way) throws {
        let record = try #require(try Self.outputs.get().pages[way.file], "no page record")
        let lines = Self.lines(record)
        let words = Set(lines.flatMap { $0.split(separator: " ").map(String.init) })
        #expect(words.isDisjoint(with: Self.hiddenGroups), "hidden words in \(lines)")
        #expect(!lines.joined().contains("DE89"), "hidden text in \(lines)")
        if way.file != "hidden-alone.pdf" { #expect(lines.contains(Self.shownLine), "the shown IBAN is gone: \(lines)") }
        #expect(record["text_source"] == "pdf")
        let warnings = record["warnings"]?.arrayValue ?? []
        let warning = try #require(
            warnings.first { $0["code"]?.stringValue == way.code }, "no \(way.code) in \(warnings.map { $0.encoded() })")
        let named = warning["words"]?.arrayValue ?? []
        let namedText = named.compactMap { $0["text"]?.stringValue }.joined()
        #expect(namedText.contains("DE89"), "\(warning.encoded())")
        #expect(warning["message"]?.stringValue?.contains("hidden-text/\(way.file)") == true)
        if let top = way.top {
            let box = named.first?["box"]?.arrayValue?.compactMap(\.doubleValue) ?? []
            #expect(box.count == 4 && box[1] < top && box[3] > top - 10, "box \(box)")
        }
        // The words visible on the page all stay: none of them is named.
        let shown = Set(Self.shownLine.split(separator: " ").map(String.init))
        #expect(named.allSatisfy { !shown.contains($0["text"]?.stringValue ?? "") }, "\(warning.encoded())")
    }

    @Test func mismappedDigitNamesWhatItsGlyphShows() throws {
        let warning = try #require(try Self.outputs.get().pages["hidden-mismapped.pdf"]?["warnings"]?.arrayValue?.first)
        // DE89 is drawn as DE34: the glyph of the "9" shows 4.
        #expect(warning["words"]?.arrayValue?.first?["why"] == "its glyph of 9 shows 4")
    }

    /// Black, blue, on a tinted box, light grey, white on a dark box, bold, 6 pt, up the margin, stroked, a
    /// date running into the next cell's word; upright and turned by /Rotate: every word stays, no warning.
    @Test(arguments: ["visible-styles.pdf", "rotated-visible-styles.pdf"])
    func textThatIsSeenStays(_ file: String) throws {
        let record = try #require(try Self.outputs.get().pages[file])
        #expect(
            Self.lines(record) == [
                "Rechnung 2026-041", Self.shownLine, "Kundennummer 4711 0815", "Rechnungsnummer 2026-0412",
                "Referenz 99 123 456", "Zu zahlen 1.234,56 EUR", "Betrag 99,90 EUR",
                "Bankverbindung AT61 1904 3002 3457 3201, BIC BKAUATWW", "Summe 42,00 EUR", "2016-04-03Lieferung",
                "Druck 2026-03-01 Nr. 4711",
            ])
        #expect(record["warnings"] == nil)
    }

    /// pp-ingest | pp-extract: the hidden IBAN is no candidate at all (before: 1990 on hidden-alone.pdf, where
    /// it is the only IBAN), and the shown one is the best account wherever the page shows it.
    @Test func extractNeverOffersTheHiddenIBAN() throws {
        let documents = try Self.outputs.get().documents
        #expect(documents.count == Self.ways.count + 2)
        for (file, document) in documents {
            let accounts = document["candidates"]?["account"]?.arrayValue ?? []
            let hidden = accounts.filter { $0["value"]?.stringValue == Self.hiddenIBAN }
            #expect(hidden.isEmpty, "\(file): \(hidden.map { $0.encoded() })")
            let best = document["best"]?["account"]?.stringValue
            #expect(best == (file == "hidden-alone.pdf" ? nil : "AT611904300234573201"), "\(file)")
        }
    }
}
