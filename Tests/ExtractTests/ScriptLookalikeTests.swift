import Testing

@testable import Extract

/// OCR of Cyrillic pages: Latin look-alike words between Cyrillic ones fold as Cyrillic.
@Suite struct ScriptLookalikeTests {
    @Test func aLatinLookalikeWordBetweenCyrillicWordsIsCyrillic() {
        #expect(String(ScriptLookalikes.cyrillicWords(Array("Сметка Ha наредителя"))) == "Сметка На наредителя")
        // Not next to a Latin word, not in a Latin line, not a word with other letters or digits.
        #expect(String(ScriptLookalikes.cyrillicWords(Array("BIC UNCRBGSF сметка"))) == "BIC UNCRBGSF сметка")
        #expect(String(ScriptLookalikes.cyrillicWords(Array("Total EUR 12,00"))) == "Total EUR 12,00")
        #expect(String(ScriptLookalikes.cyrillicWords(Array("Сметка BG27 LOYD"))) == "Сметка BG27 LOYD")
    }

    @Test func thePayersAccountLabelIsFoundInAnOCRLineWithALookalikeWord() throws {
        // "Сметка на наредителя" (the payer's account) read with a Latin "Ha": still the payer's.
        let lines = page(
            [
                ("Фактура за доставка на стоки и услуги", 40, 40), ("Сметка Ha наредителя: NL57 NWBK 7182 2614 57", 40, 300),
                ("BG27 LOYD 5334 5092 4995 87", 300, 100),
            ], conf: 80)
        let store = ProfileStore(folders: [profileFolder])
        let processor = DocumentProcessor(choice: .fixed(try store.load("sepa")), lexicons: try store.lexicons.loadAll())
        let e = Extractor(profile: processor.withDetectedLanguages(processor.fixedProfile!, lines: lines))
            .extract(lines: lines, einvoice: nil)
        let payer = e.candidates["account"]?.first { $0.value == "NL57NWBK7182261457" }
        #expect(payer?.evidence.contains("payer-label") == true)
    }

    @Test func aNumberedSpareAccountAloneIsNotConfident() throws {
        let lines = page([
            ("Firma GmbH · 2. Konto IBAN AT61 1904 3002 3457 3201", 40, 700), ("Rechnungsbetrag: 120,00 EUR", 300, 200),
        ])
        var extractor = Extractor(profile: try profile("at"))
        extractor.model = try SamplesAccuracyTests.shippedModel()
        let e = extractor.extract(lines: lines, einvoice: nil)
        #expect(top(e, "account")?.value == "AT611904300234573201")
        #expect(top(e, "account")?.evidence.contains("secondary-account") == true)
        #expect((top(e, "account")?.confidence ?? 2000) <= 1200)
    }
}
