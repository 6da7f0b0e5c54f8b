import Foundation
import Testing

@testable import Extract

/// Evidence that needs no language: checksum-guided OCR repair, bounded arithmetic between amounts, and
/// reference lookalikes (the pages that show them are in Cases/).
@Suite struct ChecksumRepairTests {
    @Test func rfReferenceWithLettersForZeros() {
        #expect(OCRRepair.rf("RF8341CFCOO") == "RF8341CFC00")
        #expect(OCRRepair.rf("RFB341CFC00") == "RF8341CFC00")  // check digit read as a letter
        #expect(OCRRepair.rf("RF8341CFC00") == nil)  // already valid: nothing to repair
        #expect(OCRRepair.rf("RF8341CFCXX") == nil)  // nothing confusable that passes
    }

    @Test func ibanDigitsAndLettersByTheRegistry() {
        #expect(OCRRepair.iban("AT6119O43OO234573201") == "AT611904300234573201")
        #expect(OCRRepair.iban("GB29NW8K60161331926819") == "GB29NWBK60161331926819")  // bank code is letters
        #expect(OCRRepair.iban("AT611904300234573201") == nil)
    }

    @Test func model97AndDomesticDigits() {
        #expect(OCRRepair.model97("92 1234S6789O") == "92 1234567890")
        #expect(OCRRepair.model97("921234567890") == nil)
        #expect(OCRRepair.digits("16O - OOO54") == "160 - 00054")
    }

    @Test func severalPassingRepairsAreRefused() {
        // When more than one reading passes, the checksum cannot say which was printed.
        #expect(OCRRepair.repair("OOOO", slots: [], valid: { $0 != "OOOO" }) == nil)
        #expect(OCRRepair.repair("OOOO", slots: [], valid: { $0 == "0O0O" }) == "0O0O")
    }

    @Test func aPrefixThatFailsTheRFChecksumIsNoMisreadRF() {
        // A Cyrillic page's OCR reads "RF73…" as "ВЕ73…" (Cases/references.cases); not when RF fails too.
        #expect(ReferenceFinder.misreadRFPrefix("BE7320260118") == "RF7320260118")
        #expect(ReferenceFinder.misreadRFPrefix("BE7420260118") == nil)
    }
}

@Suite struct AmountArithmeticTests {
    @Test func boundedOnALongPage() throws {
        // 200 rows of amounts: the arithmetic stays bounded (40 distinct values at most).
        let rows = (0..<200).map { ("Item \($0) \($0 * 7 + 13).\($0 % 90 + 10)", 40.0, 20.0 + Double($0) * 12) }
        let start = Date()
        _ = Extractor(profile: try profile("sepa")).extract(lines: page(rows), einvoice: nil)
        #expect(Date().timeIntervalSince(start) < 2)
    }
}

@Suite struct ReferenceLookalikeTests {
    @Test func shapesThatAreNotReferences() {
        #expect(ReferenceFinder.notAReference("01.03.2018", in: "vom 01.03.2018") == .date)
        #expect(ReferenceFinder.notAReference("+49 89 1234567", in: "+49 89 1234567") == .phone)
        #expect(ReferenceFinder.notAReference("(030) 123 45 67", in: "(030) 123 45 67") == .phone)
        #expect(ReferenceFinder.notAReference("80331", in: "80331 München") == .postcode)
        #expect(ReferenceFinder.notAReference("1.234,56", in: "1.234,56") == .amount)
    }

    @Test func referencesStayReferences() {
        for ref in ["2024-001", "RE-20150613/503", "0123 4567 89", "00123456", "4711", "FA-2017-0008"] {
            #expect(ReferenceFinder.notAReference(ref, in: ref) == nil, "\(ref)")
        }
    }
}
