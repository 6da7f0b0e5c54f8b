import Testing

@testable import Extract

@Suite struct AmountTests {
    func values(_ text: String, mark: Character = ",") -> [String] {
        Amounts.tokens(in: Array(text)).compactMap { Amounts.value(of: $0, documentMark: mark) }
    }

    @Test func localeFormats() {
        #expect(values("Summe 1.234,56 EUR") == ["1234.56"])
        #expect(values("Total 1,234.56", mark: ".") == ["1234.56"])
        #expect(values("Total 1 234,56 €") == ["1234.56"])
        #expect(values("CHF 1'234.56") == ["1234.56"])
        #expect(values("CHF 1’234.56") == ["1234.56"])
        #expect(values("1.234.567,89") == ["1234567.89"])
        #expect(values("12,3") == ["12.30"])
        #expect(values("EUR123.45") == ["123.45"])
    }

    @Test func ocrApostropheLookalikesGroupThousands() {
        func read(_ text: String, ocr: Bool) -> [String] {
            Amounts.tokens(in: Array(text), ocr: ocr).compactMap { Amounts.value(of: $0, documentMark: ".") }
        }
        // A photo of a Swiss bill: the apostrophe read as a degree sign or a turned quote.
        #expect(read("CHF 8°751.25", ocr: true) == ["8751.25"])
        #expect(read("CHF 8‘751.25", ocr: true) == ["8751.25"])
        #expect(read("CHF 12´400.00", ocr: true) == ["12400.00"])
        // Not before a group of other than three digits, and not in a text layer.
        #expect(read("45°30.50", ocr: true) == ["45.00", "30.50"])
        #expect(read("CHF 8°751.25", ocr: false) == ["8.00", "751.25"])
    }

    @Test func aZeroLedGroupJoinsTheDigitsBeforeItAcrossAWordGap() {
        // OCR words "3" and "012,35" far apart (a break at the second word): still one amount.
        let chars = Array("3 012,35 SEK")
        let joined = Amounts.tokens(in: chars, breaks: [2]).compactMap { Amounts.value(of: $0, documentMark: ",") }
        #expect(joined == ["3012.35"])
        // A group that does not start with 0 stays apart at a break.
        let apart = Amounts.tokens(in: Array("3 412,35"), breaks: [2]).compactMap { Amounts.value(of: $0, documentMark: ",") }
        #expect(apart == ["3.00", "412.35"] || apart == ["412.35"])
    }

    @Test func ambiguousThreeDigitGroupsFollowTheDocument() {
        // "1.234" in a comma-decimal document is one thousand two hundred thirty-four.
        #expect(values("1.234", mark: ",") == ["1234.00"])
        #expect(values("1,234", mark: ".") == ["1234.00"])
        // … and no money amount when the separator is the document's decimal mark (three decimals).
        #expect(values("1.234", mark: ".") == [])
    }

    @Test func slipPrefixNegativesAndNoise() {
        let t = Amounts.tokens(in: Array("iznos =3.596,13"))
        #expect(t.count == 1 && t[0].equalsPrefix)
        let n = Amounts.tokens(in: Array("Gutschrift -10,00"))
        #expect(n.count == 1 && n[0].negative)
        #expect(values("Datum 05.03.2018") == [])
        #expect(values("USt 19 %") == [])
        #expect(values("RE2020 A4") == [])
        #expect(values("Menge 10 300") == ["10.00", "300.00"])
    }

    @Test func documentDecimalMark() {
        let tokens = Amounts.tokens(in: Array("1.234,56 und 12,00 und 3.50"))
        #expect(Amounts.decideMark(tokens, fallback: ".") == ",")
        #expect(Amounts.decideMark([], fallback: ".") == ".")
    }

    @Test func currencies() {
        let chars = Array("Zu zahlen: 1.234,56 €")
        let t = Amounts.tokens(in: chars)[0]
        #expect(Amounts.currency(near: t.range, in: chars) == "EUR")
        let rs = Array("Ukupno 3.596,13 din.")
        #expect(Amounts.currency(near: Amounts.tokens(in: rs)[0].range, in: rs) == "RSD")
        let gb = Array("£734.82")
        #expect(Amounts.currency(near: Amounts.tokens(in: gb)[0].range, in: gb) == "GBP")
    }
}

@Suite struct OCRRepairTests {
    @Test func decimalCommaReadAsPoint() {
        let t = Amounts.tokens(in: Array("=7.650.55"))
        #expect(t.count == 1 && Amounts.value(of: t[0], documentMark: ",") == "7650.55")
    }
}

@Suite struct GermanNotationTests {
    func values(_ text: String, mark: Character = ",") -> [String] {
        Amounts.tokens(in: Array(text)).compactMap { Amounts.value(of: $0, documentMark: mark) }
    }

    @Test func dashCentsAndTrailingMinus() {
        #expect(values("Betrag: 120,- €") == ["120.00"])
        #expect(values("1.234,-") == ["1234.00"])
        #expect(Amounts.tokens(in: Array("120,- €")).first?.decimalMark == ",")
        #expect(values("Gutschrift 1.234,56-") == ["-1234.56"])
        #expect(values("Seiten 10-20") == ["10.00", "20.00"])
    }
}
