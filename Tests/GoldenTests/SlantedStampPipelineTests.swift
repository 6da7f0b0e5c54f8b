import Foundation
import PPShared
import Testing

/// Paid stamps set at a slant over the totals of invoices that still print an amount due, an IBAN and a
/// reference (Tests/Fixtures/slanted, make_slanted.py): pp-ingest makes each stamp a line of its own, taller
/// than the text it covers, and keeps its letters out of the rows it crosses; pp-extract then says the
/// invoice asks for no payment. The same invoices without a stamp ask for 6378.30. Before the stamps were
/// read as slanted lines, their letters came out one or two at a time (`BE`, `ZA`, `HL`) and a stamp's date
/// ran into a total (`Brutto: 1 2. 6.378,30 EUR`).
@Suite("slanted stamps") struct SlantedStampPipelineTests {
    static let folder = "Tests/Fixtures/slanted"

    /// A fixture: its stamp's words as pp-ingest gives them (a date a stamp carries may be left out: its
    /// slanted digits are not the upright glyphs the visible-text check compares), the turn it is drawn at.
    struct Stamp: CustomTestStringConvertible, Sendable {
        let file: String
        let words: [String]
        let degrees: Int
        var testDescription: String { "\(file) (\(degrees)°)" }
    }

    static let stamps: [Stamp] = [
        Stamp(file: "bezahlt-am.pdf", words: ["BEZAHLT", "AM"], degrees: 18),
        Stamp(file: "paye.pdf", words: ["PAYÉ!"], degrees: -24),
        Stamp(file: "faktura-betalt.pdf", words: ["FAKTURA", "BETALT!"], degrees: 18),
        Stamp(file: "zaplacono.pdf", words: ["ZAPŁACONO"], degrees: 25),
        Stamp(file: "paid.pdf", words: ["PAID"], degrees: -16),
        Stamp(file: "placeno.pdf", words: ["PLAĆENO"], degrees: 12),
    ]

    /// The fixtures through `pp-ingest`, its records through `pp-extract`, once per run.
    static let outputs = IngestExtractRun.of(folder: folder)

    static func lines(_ record: JSON) -> [JSON] { record["lines"]?.arrayValue ?? [] }
    static func height(_ line: JSON) -> Double {
        let box = line["box"]?.arrayValue?.compactMap(\.doubleValue) ?? []
        return box.count == 4 ? box[3] - box[1] : 0
    }

    @Test(arguments: stamps) func stampIsALineOfItsOwnAndTheTotalsStayWhole(_ stamp: Stamp) throws {
        let record = try #require(try Self.outputs.get().pages[stamp.file], "no page record")
        let lines = Self.lines(record)
        let texts = lines.compactMap { $0["text"]?.stringValue }
        let line = try #require(
            lines.first { l in
                let words = l["words"]?.arrayValue?.compactMap { $0["text"]?.stringValue } ?? []
                return Array(words.prefix(stamp.words.count)) == stamp.words
            }, "no stamp line in \(texts)")
        // A slanted line's box bounds its letters: far taller than the 9-point text under it.
        #expect(Self.height(line) > 40, "\(line.encoded())")
        // No letter of the stamp is left in another line.
        let letters = Set(stamp.words.joined().unicodeScalars.filter { $0.properties.isUppercase })
        for other in texts where other != line["text"]?.stringValue {
            let upper = other.unicodeScalars.filter { $0.properties.isUppercase && letters.contains($0) }
            #expect(other.count > 2 || upper.isEmpty, "a stamp letter left behind: \(other)")
        }
        // The amount due stays readable, its digits untouched by the stamp's.
        #expect(texts.contains { $0.hasSuffix("6.378,30 EUR") }, "\(texts)")
    }

    @Test(arguments: stamps) func stampedInvoiceAsksForNoPayment(_ stamp: Stamp) throws {
        let documents = try Self.outputs.get().documents
        let stamped = try #require(documents[stamp.file])
        #expect(stamped["payment_expected"] == false, "\(stamp.file)")
        #expect(stamped["no_payment_reasons"]?.arrayValue?.contains("already-paid") == true)
        #expect(stamped["best"]?["amount"] == .null)
        let unstamped = try #require(documents["unstamped-" + stamp.file])
        #expect(unstamped["payment_expected"] == true)
        #expect(unstamped["best"]?["amount"] == "6378.30")
    }

    @Test func unstampedPagesHaveNoSlantedLine() throws {
        let pages = try Self.outputs.get().pages
        for stamp in Self.stamps {
            let record = try #require(pages["unstamped-" + stamp.file])
            #expect(Self.lines(record).allSatisfy { Self.height($0) < 20 }, "\(stamp.file)")
        }
    }
}
