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
}
