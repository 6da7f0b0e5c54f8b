import Foundation
import Testing

@testable import Extract

/// Evidence that needs no language: checksum-guided OCR repair, arithmetic between amounts, rounding and cash
/// lines, and reference lookalikes. The label words in these pages are made up on purpose.
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

    @Test func rfOnAnOCRLineIsRepairedAndMarked() throws {
        let lines = page([("Zyx: RF83 41CF COO", 40, 100)], conf: 85)
        let e = Extractor(profile: try profile("sepa")).extract(lines: lines, einvoice: nil)
        let ref = e.candidates["reference"]?.first { $0.value == "RF8341CFC00" }
        #expect(ref != nil)
        #expect(ref?.evidence.contains("ocr-repaired") == true)
    }

    @Test func rfInATextLayerIsNotRepaired() throws {
        let lines = page([("Zyx: RF83 41CF COO", 40, 100)])
        let e = Extractor(profile: try profile("sepa")).extract(lines: lines, einvoice: nil)
        #expect(e.candidates["reference"]?.contains { $0.value == "RF8341CFC00" } != true)
    }

    @Test func anIBANsCountryCodeReadAsDigitsIsTakenBack() throws {
        // "N0" for NO and "$1" for SI: kept only because the whole IBAN then passes its checksum.
        let lines = page([("Konto", 40, 100), ("N02897439303418", 40, 112), ("$140483199933688754", 40, 140)], conf: 85)
        let accounts = Extractor(profile: try profile("sepa")).extract(lines: lines, einvoice: nil).candidates["account"] ?? []
        for value in ["NO2897439303418", "SI40483199933688754"] {
            let found = accounts.first { $0.value == value }
            #expect(found?.evidence.contains("ocr-repaired") == true, "\(value) among \(accounts.map(\.value))")
        }
        // A run of digits alone is never read as an IBAN, nor a code whose checksum fails after all.
        let digits = page([("Konto", 40, 100), ("5140483199933688754", 40, 112), ("N02897439303419", 40, 124)], conf: 85)
        let none = Extractor(profile: try profile("sepa")).extract(lines: digits, einvoice: nil).candidates["account"] ?? []
        #expect(!none.contains { $0.value.hasPrefix("SI") || $0.value.hasPrefix("NO") })
    }

    @Test func anIBANsCountryCodeMisreadAsAnotherLetterIsTakenBack() throws {
        // "BC" (Cyrillic "ВС" read through the look-alikes) and "Вб" for BG: no registry country, and only
        // BG makes the checksum pass.
        for printed in ["ВС95 UNCR 7000 1523 4567 89", "Вб95 UNCR 7000 1523 4567 89", "BC95UNCR70001523456789"] {
            let lines = page([("Сметка", 40, 100), (printed, 40, 112)], conf: 85)
            let accounts =
                Extractor(profile: try profile("sepa")).extract(lines: lines, einvoice: nil).candidates["account"] ?? []
            let found = accounts.first { $0.value == "BG95UNCR70001523456789" }
            #expect(found?.evidence.contains("ocr-repaired") == true, "\(printed): \(accounts.map(\.value))")
        }
        // One letter off and the checksum still failing: not an IBAN at all.
        let wrong = page([("Сметка", 40, 100), ("BC96 UNCR 7000 1523 4567 89", 40, 112)], conf: 85)
        let none = Extractor(profile: try profile("sepa")).extract(lines: wrong, einvoice: nil).candidates["account"] ?? []
        #expect(!none.contains { $0.value.hasPrefix("BG") })
    }

    @Test func anRFReferenceThatFailsItsChecksumIsNeverConfident() throws {
        // OCR read a 0 as 6 ("RF6781886…"): the label is right, the value is not.
        let lines = page([("poziv na broj: RF67818863475986", 40, 100)], conf: 85)
        let e = Extractor(profile: try profile("rs")).extract(lines: lines, einvoice: nil)
        let ref = e.candidates["reference"]?.first { $0.value == "RF67818863475986" }
        #expect(ref?.evidence.contains("rf-checksum-failed") == true, "\(e.candidates["reference"] ?? [])")
        #expect((ref?.confidence ?? 0) < 1500)
    }

    @Test func rfCheckDigitsReadAsLettersInAPhoto() throws {
        // "RF74" read as "RFTA": the labelled digits after it are a piece of the RF reference, not another.
        let lines = page([("poziv na broj: RFTA 1000 0001 0471 1", 40, 100)], conf: 85)
        let refs = Extractor(profile: try profile("rs")).extract(lines: lines, einvoice: nil).candidates["reference"] ?? []
        #expect(refs.first?.value == "RF741000000104711", "\(refs.map(\.value))")
        #expect(refs.first?.evidence.contains("ocr-repaired") == true)
        #expect(!refs.contains { $0.value.hasPrefix("1000") })
        // Inside a word, lower case "rfa" is no reference, whatever a checksum says by chance.
        let word = page([("Meddelande 45067759148 - Förfallodag 2026-03-23", 40, 100)], conf: 85)
        let none = Extractor(profile: try profile("sepa")).extract(lines: word, einvoice: nil).candidates["reference"] ?? []
        #expect(!none.contains { $0.value.hasPrefix("RF") })
    }

    @Test func anRFPrefixMisreadInAnotherScriptIsTakenBack() throws {
        // A Cyrillic page's OCR reads "RF73…" as "ВЕ73…": kept as RF because the RF checksum then passes.
        let lines = page([("poziv na broj: ВЕ7320260118", 40, 100)], conf: 85)
        let ref = top(Extractor(profile: try profile("rs")).extract(lines: lines, einvoice: nil), "reference")
        #expect(ref?.value == "RF7320260118")
        #expect(ref?.evidence.contains("ocr-repaired") == true)
        #expect(Extractor.misreadRFPrefix("BE7420260118") == nil)  // fails the checksum as RF too
    }

    @Test func model97OnAnOCRLine() throws {
        let lines = page([("poziv na broj: 97 92-1234S6789O", 40, 100)], conf: 85)
        let e = Extractor(profile: try profile("rs")).extract(lines: lines, einvoice: nil)
        let ref = top(e, "reference")
        #expect(ref?.value == "92-1234567890")
        #expect(ref?.evidence.contains("ocr-repaired") == true)
    }
}

@Suite struct AmountArithmeticTests {
    func amounts(_ rows: [(String, Double, Double)], _ p: Profile? = nil) throws -> [Candidate] {
        let e = Extractor(profile: try p ?? profile("sepa")).extract(lines: page(rows), einvoice: nil)
        return e.candidates["amount"] ?? []
    }

    @Test func netPlusVATIsTheTotalInAnyLanguage() throws {
        let list = try amounts([("Qoph 100.00", 40, 100), ("Resh 19.00", 40, 115), ("Shin 119.00", 40, 130)])
        #expect(list.first?.value == "119.00")
        #expect(list.first?.evidence.contains("sum-of:100.00+19.00") == true)
        // A summand gets nothing.
        #expect(list.first { $0.value == "100.00" }?.evidence.contains { $0.hasPrefix("sum-of") } == false)
    }

    @Test func aSubtotalOnTheWayToTheTotalGetsNothing() throws {
        let list = try amounts([
            ("Aleph 60.00", 40, 100), ("Bet 40.00", 40, 115), ("Gimel 100.00", 40, 130), ("Dalet 19.00", 40, 145),
            ("He 119.00", 40, 160),
        ])
        #expect(list.first?.value == "119.00")
        #expect(list.first { $0.value == "100.00" }?.evidence.contains { $0.hasPrefix("sum-of") } == false)
    }

    @Test func cashHandedOverIsNotTheTotal() throws {
        let list = try amounts([("Total 31.00", 40, 100), ("Kesh 50.00", 40, 115), ("Tshange 19.00", 40, 130)])
        #expect(list.first?.value == "31.00")
        #expect(list.first?.evidence.contains("tendered-less-change") == true)
        #expect(list.first { $0.value == "50.00" }?.evidence.contains("tendered") == true)
    }

    @Test func totalLessDiscountIsDue() throws {
        let list = try amounts([("Total 100.00", 40, 100), ("Discount 10.00", 40, 115), ("Zorp 90.00", 40, 130)])
        let due = list.first { $0.value == "90.00" }
        #expect(due?.evidence.contains("difference-of:100.00-10.00") == true)
    }

    @Test func aNetAmountPlusAPrintedRateIsTheTotal() throws {
        // OCR lost the VAT amount ("FS S32 108"); the rate stayed: 206 048,50 × 1.27 = 261 681,60.
        let list = try amounts([
            ("Zorp 206 048,50", 40, 100), ("Qoph 27% FS S32 108", 40, 115), ("Resh 261 681,60", 40, 130),
            ("Shin 1 000,00", 40, 145),
        ])
        #expect(list.first { $0.value == "261681.60" }?.evidence.contains("sum-of:206048.50+27%") == true)
        #expect(list.allSatisfy { $0.value == "261681.60" || !$0.evidence.contains { $0.hasPrefix("sum-of") } })
        // Printed before its net, or with no rate on the page, it is no sum.
        let above = try amounts([("Resh 261 681,60", 40, 100), ("Qoph 27%", 40, 115), ("Zorp 206 048,50", 40, 130)])
        #expect(above.allSatisfy { !$0.evidence.contains { $0.hasPrefix("sum-of") } })
        let none = try amounts([("Zorp 206 048,50", 40, 100), ("Resh 261 681,60", 40, 130)])
        #expect(none.allSatisfy { !$0.evidence.contains { $0.hasPrefix("sum-of") } })
    }

    @Test func coincidencesNeedTheRightOrder() throws {
        // The "sum" printed above its parts is not taken for a total by arithmetic.
        let list = try amounts([("Qoph 119.00", 40, 100), ("Resh 100.00", 40, 115), ("Shin 19.00", 40, 130)])
        #expect(list.allSatisfy { !$0.evidence.contains { $0.hasPrefix("sum-of") } })
    }

    @Test func roundingLineAndTheTotalBelowIt() throws {
        var p = try profile("sepa")
        p.labels["amount_rounding"] = ["rounding"]
        let list = try amounts(
            [("Total 7.42", 40, 100), ("Rounding -0.02", 40, 115), ("Total 7.40", 40, 130)], p)
        #expect(list.first?.value == "7.40")
        #expect(list.first?.evidence.contains("after-rounding") == true)
        #expect(list.first { $0.value == "7.42" }?.evidence.contains("before-rounding") == true)
    }

    @Test func boundedOnALongPage() throws {
        // 200 rows of amounts: the arithmetic stays bounded (40 distinct values at most).
        let rows = (0..<200).map { ("Item \($0) \($0 * 7 + 13).\($0 % 90 + 10)", 40.0, 20.0 + Double($0) * 12) }
        let start = Date()
        _ = try amounts(rows)
        #expect(Date().timeIntervalSince(start) < 2)
    }
}

@Suite struct ReferenceLookalikeTests {
    @Test func shapesThatAreNotReferences() {
        #expect(Extractor.notAReference("01.03.2018", in: "vom 01.03.2018") == "date-like")
        #expect(Extractor.notAReference("+49 89 1234567", in: "+49 89 1234567") == "phone-like")
        #expect(Extractor.notAReference("(030) 123 45 67", in: "(030) 123 45 67") == "phone-like")
        #expect(Extractor.notAReference("80331", in: "80331 München") == "postcode-like")
        #expect(Extractor.notAReference("1.234,56", in: "1.234,56") == "amount-like")
    }

    @Test func referencesStayReferences() {
        for ref in ["2024-001", "RE-20150613/503", "0123 4567 89", "00123456", "4711", "FA-2017-0008"] {
            #expect(Extractor.notAReference(ref, in: ref) == nil, "\(ref)")
        }
    }

    @Test func aDateUnderAReferenceLabelRanksLow() throws {
        let lines = page([("Reference: 01.03.2018", 40, 100), ("Invoice number: 2024-117", 40, 120)])
        let e = Extractor(profile: try profile("sepa")).extract(lines: lines, einvoice: nil)
        #expect(top(e, "reference")?.value == "2024-117")
        #expect(e.candidates["reference"]?.first { $0.value == "01.03.2018" }?.evidence.contains("date-like") != false)
    }
}
