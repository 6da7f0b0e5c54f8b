import Foundation
import PPShared
import Testing

@testable import Extract

/// One text line from words placed by hand: (text, x) pairs, 10 pt high, 5 pt per character, so a gap
/// between words is whatever the x positions say while the text joins them with single spaces.
func spacedLine(_ words: [(String, Double)], y: Double, page: Int = 1) -> TextLine {
    let ws = words.map { t, x in Word(text: t, box: Box(x, y, x + Double(t.count) * 5, y + 10), conf: nil) }
    let box = ws.dropFirst().reduce(ws[0].box) { $0.union($1.box) }
    return TextLine(page: page, text: words.map(\.0).joined(separator: " "), box: box, conf: nil, words: ws)
}

@Suite struct LayoutTests {
    @Test func cellsSplitAtWideGapsAndRowsJoinLines() throws {
        let lines = [
            spacedLine([("Qty", 300), ("Price", 380)], y: 100),
            spacedLine([("Widget", 40)], y: 120),
            spacedLine([("1", 300), ("278.61", 380)], y: 120),
        ]
        let layout = Layout(lines: lines, labels: [], params: Layout.Params { Scoring.defaults[$0]! })
        #expect(layout.lineCells[0].count == 2)
        #expect(layout.lineCells[2].count == 2)
        #expect(layout.rowLines(of: 1).sorted() == [1, 2])
        #expect(layout.cellStarts(line: 2) == [2])
    }

    /// A till receipt's monospace type: words 14 pt apart on 10 pt high words (more than the 1.2 word
    /// heights that split cells elsewhere); the label stays one cell, the price far right its own.
    @Test func wideWordSpacingKeepsALabelInOneCell() throws {
        let words = [("Total", 10.0), ("RM", 49), ("Incl.", 73), ("of", 112), ("GST", 136), ("11.80", 300)]
        let lines = [spacedLine(words, y: 100)]
        let layout = Layout(lines: lines, labels: [], params: Layout.Params { Scoring.defaults[$0]! })
        #expect(layout.lineCells[0].count == 2)
        #expect(layout.cellStarts(line: 0) == [22])
        // A line of four words is too short to tell its word spacing: the word height still rules.
        let short = [spacedLine([("Total", 10.0), ("RM", 49), ("GST", 73), ("11.80", 300)], y: 100)]
        let plain = Layout(lines: short, labels: [], params: Layout.Params { Scoring.defaults[$0]! })
        #expect(plain.lineCells[0].count == 4)
        let e = Extractor(profile: try profile("sepa")).extract(lines: lines, einvoice: nil)
        #expect(top(e, "amount")?.evidence.contains("label:total") == true, "\(e.candidates["amount"] ?? [])")
    }

    /// Captions stand above their values in slip boxes, farther than a line apart, while the letterhead
    /// lists three valid accounts of the issuer on one line: the one under "račun primaoca" wins.
    @Test func serbianSlipCaptionsAboveValuesPairByColumn() throws {
        var lines = page([
            ("Tekući računi: 160-0000000123456-54, 205-0000000654321-17, 355-0000000111222-45", 34, 40),
            ("NALOG ZA UPLATU", 400, 540),
            ("uplatilac", 34, 560), ("račun primaoca", 306, 560), ("iznos", 420, 560), ("poziv na broj", 480, 560),
            ("Petar Petrović", 40, 575), ("Ulica 12", 40, 590), ("Beograd", 40, 605),
        ])
        lines.append(spacedLine([("205-0000000654321-17", 306), ("=1.234,56", 420), ("97", 480), ("1234", 495)], y: 612))
        let e = Extractor(profile: try profile("rs")).extract(lines: lines, einvoice: nil)
        #expect(top(e, "account")?.value == "205000000065432117")
        #expect(top(e, "account")!.evidence.contains("label:account"))
        let others = e.candidates["account"]!.dropFirst()
        #expect(others.allSatisfy { $0.confidence < top(e, "account")!.confidence })
        #expect(top(e, "amount")?.value == "1234.56")
        #expect(top(e, "amount")!.evidence.contains("label:generic"))
    }

    /// Three captions over three values on the next row pair by column, not by nearest label.
    @Test func aRowOfCaptionsPairsWithTheRowOfValuesUnderIt() throws {
        let lines = [
            spacedLine([("Iznos", 100), ("Ukupno", 200), ("Za", 300), ("uplatu", 315)], y: 100),
            spacedLine([("1.000,00", 130), ("1.200,00", 230), ("1.250,00", 330)], y: 115),
        ]
        let ex = Extractor(profile: try profile("rs"))
        let e = ex.extract(lines: lines, einvoice: nil)
        #expect(top(e, "amount")?.value == "1250.00")
        #expect(top(e, "amount")!.evidence.contains("label:due"))
        #expect(e.candidates["amount"]!.first { $0.value == "1000.00" }?.evidence.contains("label:generic") == true)
    }

    /// "IBAN: …" and on the next line "2. Konto IBAN: …": the first account leads.
    @Test func theFirstOfTwoLabelledAccountsLeads() throws {
        let lines = page([
            ("Rechnung Nr. 2026-17", 40, 40),
            ("Gesamtbetrag: 119,00 EUR", 300, 200),
            ("IBAN: AT61 1904 3002 3457 3201", 40, 700),
            ("2. Konto IBAN: AT48 3200 0000 1234 5864", 40, 712),
        ])
        let e = Extractor(profile: try profile("at")).extract(lines: lines, einvoice: nil)
        #expect(top(e, "account")?.value == "AT611904300234573201")
        let second = e.candidates["account"]!.first { $0.value == "AT483200000012345864" }
        #expect(second != nil && second!.confidence <= top(e, "account")!.confidence)
    }

    /// "Qty 1 | Price 278.61" in separate cells, joined by one space in the line's text: no 1 278.61.
    @Test func digitsNeverJoinAcrossACellGap() throws {
        let lines = [
            spacedLine([("Description", 40), ("Qty", 300), ("Price", 380), ("Amount", 480)], y: 100),
            spacedLine([("Widget", 40), ("1", 300), ("278.61", 380), ("278.61", 480)], y: 115),
            spacedLine([("Total", 380), ("278.61", 480)], y: 140),
        ]
        let e = Extractor(profile: try profile("sepa")).extract(lines: lines, einvoice: nil)
        #expect(!e.candidates["amount"]!.contains { $0.value == "1278.61" })
        #expect(top(e, "amount")?.value == "278.61")
        #expect(Amounts.tokens(in: Array("1 278.61"), breaks: [2]).map(\.raw) == ["1", "278.61"])
        #expect(Amounts.tokens(in: Array("1 278.61")).map(\.raw) == ["1 278.61"])
    }

    /// A totals block right-aligned under the amount column, its labels far left: the grand total wins
    /// over the line items above it, which are marked as such.
    @Test func grandTotalWinsOverLineItems() throws {
        let lines = [
            spacedLine([("Description", 40), ("Qty", 300), ("Unit", 360), ("price", 385), ("Amount", 500)], y: 100),
            spacedLine([("Consulting", 40), ("2", 300), ("100.17", 360), ("200.34", 500)], y: 115),
            spacedLine([("Travel", 40), ("1", 300), ("70.00", 360), ("70.00", 505)], y: 130),
            spacedLine([("Subtotal", 40), ("270.34", 500)], y: 160),
            spacedLine([("VAT", 40), ("48.66", 505)], y: 175),
            spacedLine([("Grand", 40), ("Total", 70), ("319.00", 500)], y: 190),
        ]
        let e = Extractor(profile: try profile("sepa")).extract(lines: lines, einvoice: nil)
        #expect(top(e, "amount")?.value == "319.00")
        #expect(top(e, "amount")!.evidence.contains("label:total"))
        #expect(e.candidates["amount"]!.first { $0.value == "200.34" }?.evidence.contains("line-item") ?? true)
    }

    @Test func aCaptionUnderItsBoxReadsTheValueAboveIt() throws {
        // A slip whose captions stand under the boxes, and nothing to the right of or under "model Pnb".
        let lines = page([
            ("265-0009856395092-45", 310, 630),
            ("Ziro-racun", 306, 646),
            ("97 88823187276661", 310, 675),
            ("model Pnb", 306, 692),
        ])
        let e = Extractor(profile: try profile("rs")).extract(lines: lines, einvoice: nil)
        #expect(top(e, "reference")?.value == "88823187276661")
        #expect(top(e, "reference")?.extra["model"] == "97")
    }
}
