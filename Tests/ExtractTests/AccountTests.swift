import Foundation
import PPShared
import Testing

@testable import Extract

@Suite struct AccountTests {
    @Test func cyrillicLookalikesInAnOCRdIBANAreReadAsLatin() throws {
        // OCR with Serbian loaded reads the Latin "BE" of an IBAN as Cyrillic "ВЕ".
        let lines = page([("Bankrekening: ВЕ96 7317 6968 8305", 40, 300), ("Totaal € 433,08", 300, 350)], conf: 90)
        let e = Extractor(profile: try profile("sepa")).extract(lines: lines, einvoice: nil)
        #expect(top(e, "account")?.value == "BE96731769688305")
        // Text layers are read as printed: there a Cyrillic letter is no Latin one.
        let digital = page([("Bankrekening: ВЕ96 7317 6968 8305", 40, 300)])
        #expect(Extractor(profile: try profile("sepa")).extract(lines: digital, einvoice: nil).candidates["account"]!.isEmpty)
    }

    @Test func aNumberedSecondAccountComesAfterTheFirst() throws {
        let lines = page([
            ("Rechnungsbetrag: 120,00 EUR", 300, 200),
            ("Firma GmbH · 2. Konto IBAN AT61 1904 3002 3457 3201", 40, 700),
            ("Bitte überweisen auf IBAN: DE89 3704 0044 0532 0130 00", 40, 300),
        ])
        let e = Extractor(profile: try profile("at")).extract(lines: lines, einvoice: nil)
        #expect(top(e, "account")?.value == "DE89370400440532013000")
        let second = e.candidates["account"]!.first { $0.value == "AT611904300234573201" }
        #expect(second?.evidence.contains("secondary-account") == true)
    }

    @Test func aLabelEndingItsLineLinksToTheValueStartingTheNext() throws {
        // A placeholder IBAN whose checksum fails is only a candidate through its label, which the
        // paragraph wrapped onto the line before.
        let lines = page([
            ("Bitte überweisen Sie den Betrag auf folgende Bankverbindung: IBAN", 70, 576),
            ("DE75123456780000001234, BIC WELADED1MST, Sparkasse Musterstadt.", 70, 588),
        ])
        let e = Extractor(profile: try profile("at")).extract(lines: lines, einvoice: nil)
        #expect(top(e, "account")?.value == "DE75123456780000001234")
        #expect(top(e, "account")?.evidence.contains("label:account") == true)
    }
}
