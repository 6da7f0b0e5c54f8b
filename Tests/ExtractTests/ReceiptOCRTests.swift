import Foundation
import Testing

@testable import Extract

/// Receipts as OCR reads them from paper: cents read as letters, a decimal point lost (the whole receipts
/// are in Cases/receipts.cases).
@Suite struct ReceiptOCRTests {
    @Test func centsReadAsLetters() {
        let v = Amounts.tokens(in: Array("Total Sales 64. so")).compactMap { Amounts.value(of: $0, documentMark: ".") }
        #expect(v == ["64.50"])
        // A word after a number is no cents: "3. Soup", "12.sold".
        #expect(Amounts.tokens(in: Array("3. Soup")).compactMap { Amounts.value(of: $0, documentMark: ".") } == ["3.00"])
        #expect(Amounts.tokens(in: Array("12.sold")).allSatisfy { !$0.ocrDigits })
    }

    @Test func aDecimalPointOCRLostAtTheEndOfALine() {
        func values(_ text: String, ocr: Bool = true) -> [String] {
            Amounts.tokens(in: Array(text), ocr: ocr).compactMap { Amounts.value(of: $0, documentMark: ".") }
        }
        #expect(values("Total Sales Incl GST@6% RM 8 60") == ["8.60"])
        #expect(Amounts.tokens(in: Array("Total RM 8 60"), ocr: true).last?.ocrDigits == true)
        // A text layer keeps its points; two digits in mid-line are another number; three are a group.
        #expect(values("Total RM 8 60", ocr: false) == ["8.00", "60.00"])
        #expect(values("Qty 8 60 pcs") == ["8.00", "60.00"])
        #expect(values("Total 1 600.00") == ["1600.00"])
    }

    @Test func aSpaceOCRPutBeforeTheDecimalMark() {
        func values(_ text: String, ocr: Bool = true) -> [String] {
            Amounts.tokens(in: Array(text), ocr: ocr).compactMap { Amounts.value(of: $0, documentMark: ",") }
        }
        #expect(values("BRUTTO 18415 ,50") == ["18415.50"])
        #expect(values("GOTÓWKA 18430 ,00 PLN") == ["18430.00"])
        #expect(values("Suma 7 .25") == ["7.25"])
        // A text layer prints what it means; a list of numbers, three digits after the mark, a date: not joined.
        #expect(!values("BRUTTO 18415 ,50", ocr: false).contains("18415.50"))
        #expect(!values("Poz. 12 ,34 ,56").contains("12.34"))
        #expect(!values("Ilość 12 ,345").contains("12.35"))
        #expect(!values("Data 12 .05.2024").contains("12.05"))
    }

    @Test func aSpaceOCRPutAfterTheDecimalComma() {
        func values(_ text: String, ocr: Bool = true) -> [String] {
            Amounts.tokens(in: Array(text), ocr: ocr).compactMap { Amounts.value(of: $0, documentMark: ",") }
        }
        #expect(values("2666, 70 ") == ["2666.70"])
        #expect(values("IMPORTE TOTAL 2666, 70") == ["2666.70"])
        // A text layer, a list going on after the comma, three digits: not joined.
        #expect(!values("2666, 70", ocr: false).contains("2666.70"))
        #expect(!values("Pos. 1, 20 und 30").contains("1.20"))
        #expect(!values("Menge 12, 345").contains("12.34"))
    }
}
