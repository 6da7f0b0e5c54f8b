import Foundation
import PPShared
import Testing

@testable import Extract

/// References printed with a model in front, run into their neighbours, in comb boxes or inside a sentence.
@Suite struct ReferenceShapeTests {
    @Test func croatianModelIsSplitOffTheReference() throws {
        let lines = page([
            ("Model i poziv na broj primatelja:", 40, 300), ("HR01 12345-212-2", 40, 315),
            ("IBAN primatelja: HR12 1001 0051 8630 0016 0", 40, 340),
        ])
        let e = Extractor(profile: try profile("sepa")).extract(lines: lines, einvoice: nil)
        #expect(top(e, "reference")?.value == "12345-212-2")
        #expect(top(e, "reference")?.extra["model"] == "HR01")
    }

    @Test func ocrLetterInTheModelIsRepaired() throws {
        let lines = page([("Model i poziv na broj primatelja:", 40, 300), ("HRO1 12345-212-2", 40, 315)], conf: 90)
        let e = Extractor(profile: try profile("sepa")).extract(lines: lines, einvoice: nil)
        #expect(top(e, "reference")?.value == "12345-212-2")
        #expect(top(e, "reference")?.extra["model"] == "HR01")
    }

    @Test func countryModelShapes() {
        #expect(Extractor.countryModel("SI12 1234567", ocr: false)! == ("SI12", "1234567"))
        #expect(Extractor.countryModel("HRO1 1234", ocr: false) == nil)  // letters only repaired in OCR text
        #expect(Extractor.countryModel("HR12 1001 0051 8630 0016 0", ocr: false) == nil)  // an IBAN
        #expect(Extractor.countryModel("HR01 abc", ocr: false) == nil)
    }

    @Test func serbianModelRunIntoTheReference() throws {
        let lines = page([
            ("račun primaoca", 306, 608), ("845-0000000404849-87", 314, 624),
            ("model i poziv na broj (odobrenje)", 306, 656), ("97163220000111111111000", 313, 673),
        ])
        let e = Extractor(profile: try profile("rs")).extract(lines: lines, einvoice: nil)
        #expect(top(e, "reference")?.value == "163220000111111111000")
        #expect(top(e, "reference")?.extra["model"] == "97")
        #expect(Extractor.gluedModel97("163220000111111111000") == nil)  // valid as printed: nothing to split
    }

    @Test func rfReferenceRunIntoWords() throws {
        let before = page([("Riferimento pagamentoRF18 5390 0754 7034", 40, 300)])
        let e = Extractor(profile: try profile("sepa")).extract(lines: before, einvoice: nil)
        #expect(top(e, "reference")?.value == "RF18539007547034")
        let after = page([("RF18 5390 0754 7034RZBAATWW", 40, 300)])
        let f = Extractor(profile: try profile("sepa")).extract(lines: after, einvoice: nil)
        #expect(top(f, "reference")?.value == "RF18539007547034")
    }

    @Test func combBoxesAreJoined() throws {
        #expect(Extractor.joinedComb("5 4 3 2 1 - 1 2 1 - 1") == "54321-121-1")
        #expect(Extractor.joinedComb("Nr 5 2 3 1 9") == "Nr 52319")
        #expect(Extractor.joinedComb("A B C") == "A B C")
        let lines = page([("Poziv na broj primatelja: 5 2 3 1 9 5 6 8 0 6 2", 40, 300)])
        let e = Extractor(profile: try profile("sepa")).extract(lines: lines, einvoice: nil)
        #expect(top(e, "reference")?.value == "52319568062")
    }

    @Test func identifierInsideAFreeTextReference() throws {
        let lines = page([
            ("Verwendungszweck: Rechnung FA-2017-0008 vom März", 40, 300),
            ("IBAN AT61 1904 3002 3457 3201", 40, 330),
        ])
        let e = Extractor(profile: try profile("at")).extract(lines: lines, einvoice: nil)
        #expect(top(e, "reference")?.value == "FA-2017-0008")
        #expect(Extractor.identifierInSentence("RE 2019/05/445 744507") == nil)  // an identifier itself
        #expect(Extractor.identifierInSentence("Rechnung 4711 vom 01.03.2026") == "4711")
    }

    @Test func captionRightOfItsValue() throws {
        let lines = page([("940425668 Reference", 250, 340), ("IBAN GB29 NWBK 6016 1331 9268 19", 40, 400)])
        let e = Extractor(profile: try profile("sepa")).extract(lines: lines, einvoice: nil)
        #expect(top(e, "reference")?.value == "940425668")
    }

    @Test func boxBordersReadByOCRAreNoPartOfTheReference() throws {
        // A photographed slip: the model box and the reference box with their borders read as "[" and "|".
        let lines = page([("Poziv na broj: [97 | | 45290481155198", 40, 300)], conf: 85)
        let e = Extractor(profile: try profile("rs")).extract(lines: lines, einvoice: nil)
        #expect(top(e, "reference")?.value == "45290481155198")
        #expect(top(e, "reference")?.extra["model"] == "97")
    }

    @Test func instructionUnderANumberMakesItTheReference() throws {
        // "(Bei Schriftwechsel und Zahlung bitte angeben.)" under the contract number it speaks of.
        let lines = page([
            ("Sachversicherungsvertrag Nr: 00.123.456.7", 40, 300), ("(Bei Schriftwechsel und Zahlung bitte angeben.)", 40, 312),
            ("IBAN DE75 5121 0800 1245 1261 99", 40, 400),
        ])
        let e = Extractor(profile: try profile("at")).extract(lines: lines, einvoice: nil)
        #expect(top(e, "reference")?.value == "00.123.456.7")
    }

    @Test func theBuyersOwnReferenceIsNoPaymentReference() throws {
        // "Votre référence" is the buyer's order number; the invoice number is what the payee matches.
        let lines = page([
            ("Facture FA-2017-0009", 40, 100), ("Votre référence BC543", 40, 200), ("Réf. marché WELCOME_PACK_2017", 40, 212),
            ("IBAN FR76 3000 6000 0112 3456 7890 189", 40, 400),
        ])
        let e = Extractor(profile: try profile("sepa")).extract(lines: lines, einvoice: nil)
        #expect(top(e, "reference")?.value == "FA-2017-0009")
        let buyer = e.candidates["reference"]?.first { $0.value == "BC543" }
        #expect(buyer.map { $0.evidence.contains("payer-label") } ?? true)
    }
}
