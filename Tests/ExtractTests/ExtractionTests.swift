import Foundation
import PPShared
import Testing

@testable import Extract

/// Small synthetic pages: one line per (text, x, y), 10 pt high, 5 pt per character.
func page(_ rows: [(String, Double, Double)], page: Int = 1, conf: Double? = nil) -> [TextLine] {
    rows.map { text, x, y in
        var words: [Word] = []
        var cx = x
        for w in text.split(separator: " ", omittingEmptySubsequences: false) {
            words.append(Word(text: String(w), box: Box(cx, y, cx + Double(w.count) * 5, y + 10), conf: conf))
            cx += Double(w.count + 1) * 5
        }
        return TextLine(page: page, text: text, box: Box(x, y, x + Double(text.count) * 5, y + 10), conf: conf, words: words)
    }
}

let profileFolder: String = {
    var url = URL(fileURLWithPath: #filePath)
    url.deleteLastPathComponent()
    url.deleteLastPathComponent()
    url.deleteLastPathComponent()
    return url.appendingPathComponent("Sources/Extract/Profiles").path
}()

func profile(_ name: String) throws -> Profile { try ProfileStore(folders: [profileFolder]).load(name) }

func top(_ e: Extraction, _ field: String) -> Candidate? { e.candidates[field]?.first }

@Suite struct ExtractionTests {
    @Test func payerAccountIsNotThePayeeAccount() throws {
        let lines = page([
            ("Rechnung Nr. 2026-17", 40, 40),
            ("Wird nicht abgebucht. Ihre IBAN: DE89 3704 0044 0532 0130 00", 40, 100),
            ("Gesamtbetrag: 119,00 EUR", 300, 200),
            ("Bankverbindung: IBAN AT61 1904 3002 3457 3201 BIC BKAUATWW", 40, 300),
        ])
        let e = Extractor(profile: try profile("at")).extract(lines: lines, einvoice: nil)
        #expect(top(e, "account")?.value == "AT611904300234573201")
        #expect(top(e, "account")!.confidence >= 1500)
        let payer = e.candidates["account"]!.first { $0.value == "DE89370400440532013000" }
        #expect(payer != nil && payer!.confidence <= 300 && payer!.evidence.contains("payer-label"))
        #expect(top(e, "bic")?.value == "BKAUATWW")
    }

    @Test func serbianSlipWithPayerAccountAndModel97() throws {
        let lines = page([
            ("NALOG ZA UPLATU", 400, 540),
            ("uplatilac", 34, 560), ("šifra plaćanja", 306, 560), ("valuta", 362, 560), ("iznos", 408, 560),
            ("Petar Petrović", 40, 575), ("189", 314, 577), ("RSD", 368, 577), ("=3.596,13", 490, 577),
            ("račun uplatioca", 34, 600), ("160-0000018203969-42", 40, 612),
            ("račun primaoca", 306, 608), ("845-0000000404849-87", 314, 624),
            ("model i poziv na broj (odobrenje)", 306, 656), ("97", 313, 673), ("16 3220000111111111000", 357, 673),
            ("primalac", 34, 680), ("JP EPS Beograd", 40, 695),
        ])
        let e = Extractor(profile: try profile("rs")).extract(lines: lines, einvoice: nil)
        #expect(top(e, "account")?.value == "845000000040484987")
        #expect(top(e, "account")?.extra["iban"] == .string("RS35845000000040484987"))
        #expect(e.candidates["account"]!.first { $0.value == "160000001820396942" }.map { $0.confidence <= 300 } ?? true)
        #expect(top(e, "amount")?.value == "3596.13")
        #expect(top(e, "reference")?.value == "16 3220000111111111000")
        #expect(top(e, "reference")?.extra["model"] == "97")
        #expect(top(e, "reference")!.evidence.contains("model97-checksum"))
        #expect(top(e, "payment_code")?.value == "189")
        #expect(top(e, "payee")?.value == "JP EPS Beograd")
        #expect(top(e, "currency")?.value == "RSD")
    }

    @Test func cyrillicLabelsMatchThroughTransliteration() throws {
        let lines = page([
            ("Укупно за уплату:", 300, 300), ("12.518,23", 465, 300),
            ("Дуг на дан 31.03.2026.: 12.408,90 дин.", 34, 330),
            ("Рок плаћања: 15.04.2026.", 368, 110),
        ])
        let e = Extractor(profile: try profile("rs")).extract(lines: lines, einvoice: nil)
        #expect(top(e, "amount")?.value == "12518.23")
        #expect(top(e, "due_date")?.value == "2026-04-15")
    }

    @Test func distractorsLoseToTheAmountDue() throws {
        let lines = page([
            ("Nettobetrag", 320, 380), ("1.115,90", 513, 380),
            ("zzgl. 20 % USt", 320, 400), ("223,18", 522, 400),
            ("Rechnungsbetrag EUR", 320, 420), ("1.339,08", 513, 420),
            ("Bei Zahlung bis 22.03.2026 gewähren wir 2 % Skonto (26,78 €), Zahlbetrag dann 1.312,30 €.", 34, 470),
        ])
        let e = Extractor(profile: try profile("at")).extract(lines: lines, einvoice: nil)
        #expect(top(e, "amount")?.value == "1339.08")
        let skonto = e.candidates["amount"]!.first { $0.value == "1312.30" }
        #expect(skonto == nil || skonto!.confidence < 1000)
    }

    @Test func directDebitMeansNoConfidentCandidate() throws {
        let lines = page([
            ("Rechnung", 34, 200),
            ("Gesamtbetrag: 104,00 EUR", 300, 300),
            ("Zahlungsart: Bankeinzug", 34, 320),
            ("IBAN DE92 7607 0012 0750 0077 00", 300, 780),
        ])
        let e = Extractor(profile: try profile("at")).extract(lines: lines, einvoice: nil)
        #expect(!e.paymentExpected)
        #expect(e.noPaymentReasons == ["direct-debit"])
        for field in ["account", "amount", "reference"] {
            #expect((top(e, field)?.confidence ?? 0) < 1500, "\(field)")
        }
    }

    @Test func negatedDirectDebitStillExpectsPayment() throws {
        let lines = page([
            ("Offener Betrag gesamt: 67,43 €", 300, 300),
            ("Kein Lastschriftauftrag vorhanden.", 34, 320),
            ("IBAN EmpfängerIn", 190, 600), ("AT72 6000 0000 9211 0734", 195, 612),
        ])
        let e = Extractor(profile: try profile("at")).extract(lines: lines, einvoice: nil)
        #expect(e.paymentExpected)
        #expect(top(e, "account")!.confidence >= 1500)
    }

    @Test func ocrDigitConfusionsAreRepairedOnlyWhenTheChecksumAgrees() throws {
        let lines = page([("IBAN: AT61 19O4 3002 3457 32O1", 40, 100)], conf: 85)
        let e = Extractor(profile: try profile("sepa")).extract(lines: lines, einvoice: nil)
        #expect(top(e, "account")?.value == "AT611904300234573201")
        #expect(top(e, "account")!.evidence.contains("ocr-repaired"))
    }

    @Test func rfReferencesAreChecked() throws {
        let lines = page([("Payment reference: RF18 5390 0754 7034", 40, 100), ("Reference: RF17 5390 0754 7034", 40, 130)])
        let e = Extractor(profile: try profile("sepa")).extract(lines: lines, einvoice: nil)
        #expect(top(e, "reference")?.value == "RF18539007547034")
        #expect(top(e, "reference")!.confidence >= 1500)
    }

    @Test func einvoiceAgreesWithPageText() throws {
        let xml = """
            <rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
              xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100">
             <rsm:ExchangedDocument><ram:ID>471102</ram:ID><ram:TypeCode>380</ram:TypeCode></rsm:ExchangedDocument>
             <rsm:SupplyChainTradeTransaction><ram:ApplicableHeaderTradeSettlement>
              <ram:PaymentReference>RF18539007547034</ram:PaymentReference>
              <ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
              <ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>58</ram:TypeCode>
               <ram:PayeePartyCreditorFinancialAccount><ram:IBANID>DE89370400440532013000</ram:IBANID></ram:PayeePartyCreditorFinancialAccount>
              </ram:SpecifiedTradeSettlementPaymentMeans>
              <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
               <ram:GrandTotalAmount>529.87</ram:GrandTotalAmount><ram:DuePayableAmount>529.87</ram:DuePayableAmount>
              </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
             </ram:ApplicableHeaderTradeSettlement></rsm:SupplyChainTradeTransaction>
            </rsm:CrossIndustryInvoice>
            """
        let e = try #require(EInvoice.parse(Data(xml.utf8)))
        #expect(e.payeeIBAN == "DE89370400440532013000")
        #expect(e.amountDue == "529.87")
        let lines = page([("Zahlbetrag 529,87 EUR", 300, 300), ("IBAN DE89 3704 0044 0532 0130 00", 40, 700)])
        let x = Extractor(profile: try profile("at")).extract(lines: lines, einvoice: e)
        #expect(top(x, "amount")!.evidence.contains("xml-text-agree"))
        #expect(top(x, "account")!.confidence >= 1800)
        #expect(top(x, "reference")?.value == "RF18539007547034")
    }

    @Test func documentsAreGroupedAfterTheirLastPage() {
        let a = DocumentAssembler()
        let p1: JSON = ["kind": "page", "doc": "sha256:a", "page": 1, "pages": 2, "lines": []]
        let p2: JSON = ["kind": "page", "doc": "sha256:a", "page": 2, "pages": 2, "lines": []]
        let err: JSON = ["kind": "page", "doc": "sha256:b", "state": "error", "error": ["code": "pdf_damaged"]]
        #expect(a.add(p1).isEmpty)
        let out = a.add(p2)
        guard case .document(let pages) = out.first else {
            Issue.record("no document")
            return
        }
        #expect(pages.count == 2)
        guard case .passThrough = a.add(err).first else {
            Issue.record("error record not passed")
            return
        }
        #expect(a.finish().isEmpty)
    }
}

@Suite struct PaymentCodeTests {
    @Test func epcPayloadFromTheSheet() throws {
        let c = try #require(
            PaymentCode.parse("BCD\n002\n1\nSCT\n\nBeispiel GmbH\nAT611904300234573201\nEUR1234.56\n\nRF18539007547034"))
        #expect(c.format == "epc-qr" && c.accountValid)
        #expect(c.account == "AT611904300234573201" && c.amount == "1234.56" && c.reference == "RF18539007547034")
        #expect(c.payee == "Beispiel GmbH" && c.bic == nil)
        // CR LF separators and an unstructured remittance line are accepted too.
        let d = try #require(
            PaymentCode.parse(
                "BCD\r\n001\r\n1\r\nSCT\r\nBPOTBEB1\r\nRed Cross of Belgium\r\nBE72000000001616\r\nEUR1\r\nCHAR\r\n\r\nUrgency fund"
            ))
        #expect(d.amount == "1.00" && d.reference == "Urgency fund" && d.bic == "BPOTBEB1")
    }

    @Test func ipsPayloadFromTheSheet() throws {
        let text =
            "K:PR|V:01|C:1|R:845000000040484987|N:JP EPS BEOGRAD\r\nBALKANSKA 13|I:RSD3596,13|P:MRĐO MAČKATOVIĆ\r\nŽUPSKA 13\r\nBEOGRAD 6|SF:189|S:UPLATA PO RAČUNU ZA EL. ENERGIJU|RO:97163220000111111111000"
        let c = try #require(PaymentCode.parse(text))
        #expect(c.format == "ips-qr" && c.accountValid && c.account == "845000000040484987")
        #expect(c.amount == "3596.13" && c.currency == "RSD" && c.paymentCode == "189")
        #expect(c.model == "97" && c.reference == "163220000111111111000" && Checksums.isValidModel97(c.reference!))
        #expect(c.payee == "JP EPS BEOGRAD")
    }

    @Test func aCodeOnThePageIsDefinitive() throws {
        let code = try #require(
            PaymentCode.parse("BCD\n002\n1\nSCT\n\nBeispiel AG\nDE02100500000054540402\nEUR123.45\n\nRE 2019/05/445 744507"))
        let e = Extractor(profile: try profile("at")).extract(lines: [], einvoice: nil, codes: [(code, 1, nil)])
        #expect(top(e, "account")?.value == "DE02100500000054540402" && top(e, "account")!.confidence >= 1500)
        #expect(top(e, "amount")?.value == "123.45")
        #expect(top(e, "reference")?.value == "RE 2019/05/445 744507")
    }
}

/// Layouts none of the samples have, written the way issuers print them.
@Suite struct UnseenLayoutTests {
    @Test func englishInvoiceWithUSDates() throws {
        let lines = page([
            ("Invoice #1234", 40, 40), ("Invoice date: 04/02/2026", 40, 55),
            ("Subtotal", 300, 300), ("$1,041.67", 480, 300),
            ("VAT 20%", 300, 315), ("$208.33", 480, 315),
            ("Amount Due", 300, 330), ("$1,250.00", 480, 330),
            ("Due Date: 04/30/2026", 40, 360),
            ("Please pay by bank transfer to IBAN: GB29 NWBK 6016 1331 9268 19, BIC NWBKGB2L", 40, 700),
            ("Reference: INV-1234", 40, 715),
        ])
        let e = Extractor(profile: try profile("sepa")).extract(lines: lines, einvoice: nil)
        #expect(top(e, "amount")?.value == "1250.00")
        #expect(top(e, "amount")?.extra["currency"] == "USD")
        #expect(top(e, "due_date")?.value == "2026-04-30")
        #expect(top(e, "account")?.value == "GB29NWBK60161331926819")
        #expect(top(e, "reference")?.value == "INV-1234")
        #expect(top(e, "bic")?.value == "NWBKGB2L")
    }

    @Test func germanReferenceNamedInASentence() throws {
        let lines = page([
            ("Rechnungsbetrag (brutto): 1.190,00 EUR", 300, 300),
            ("Bitte geben Sie als Verwendungszweck die Rechnungsnummer 2024-001 an.", 40, 340),
            ("Bankverbindung: Sparkasse · IBAN DE89 3704 0044 0532 0130 00 · BIC COBADEFFXXX", 40, 780),
        ])
        let e = Extractor(profile: try profile("at")).extract(lines: lines, einvoice: nil)
        #expect(top(e, "amount")?.value == "1190.00")
        #expect(top(e, "reference")?.value == "2024-001")
        #expect(top(e, "account")!.confidence >= 1500)
    }

    @Test func serbianModelInParentheses() throws {
        let lines = page([
            ("Uplatu izvršiti na tekući račun 160-123456-54", 40, 300),
            ("Poziv na broj: (97) 20-12345", 40, 315),
            ("Ukupno za uplatu: 4.800,00 din.", 300, 280),
        ])
        let e = Extractor(profile: try profile("rs")).extract(lines: lines, einvoice: nil)
        #expect(top(e, "reference")?.value == "20-12345")
        #expect(top(e, "reference")?.extra["model"] == "97")
        #expect(top(e, "amount")?.value == "4800.00")
        #expect(top(e, "currency")?.value == "RSD")
    }
}

@Suite struct UBLTests {
    @Test func serbianUBLInvoiceWithDomesticAccount() throws {
        let xml = """
            <Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
              xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"
              xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2">
             <cbc:ID>2026-0458</cbc:ID><cbc:DueDate>2026-04-09</cbc:DueDate><cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>
             <cbc:DocumentCurrencyCode>RSD</cbc:DocumentCurrencyCode>
             <cac:PaymentMeans><cbc:PaymentMeansCode>30</cbc:PaymentMeansCode><cbc:PaymentID>(mod97) 97 20-12345</cbc:PaymentID>
              <cac:PayeeFinancialAccount><cbc:ID>265-1660310005042-68</cbc:ID></cac:PayeeFinancialAccount></cac:PaymentMeans>
             <cac:LegalMonetaryTotal><cbc:TaxInclusiveAmount currencyID="RSD">251760.00</cbc:TaxInclusiveAmount>
              <cbc:PayableAmount currencyID="RSD">251760.00</cbc:PayableAmount></cac:LegalMonetaryTotal>
            </Invoice>
            """
        let e = try #require(EInvoice.parse(Data(xml.utf8)))
        #expect(e.syntax == "ubl" && e.amountDue == "251760.00" && e.currency == "RSD" && e.dueDate == "2026-04-09")
        let lines = page([("Ukupno za uplatu: 251.760,00 RSD", 300, 300), ("Tekući račun: 265-1660310005042-68", 40, 700)])
        let x = Extractor(profile: try profile("rs")).extract(lines: lines, einvoice: e)
        #expect(top(x, "account")?.value == "265166031000504268")
        #expect(top(x, "account")!.evidence.contains("xml-text-agree"))
        #expect(top(x, "amount")?.value == "251760.00" && top(x, "amount")!.confidence >= 1800)
    }
}

@Suite struct ProfileChoiceTests {
    @Test func autoChoosesByAccountFormatsToo() throws {
        let all = try ProfileStore(folders: [profileFolder]).loadAll()
        let serbian = page([("Invoice 17", 40, 40), ("Account 265-1660310005042-68", 40, 60)])
        #expect(ProfileChooser.choose(all, lines: serbian)?.name == "rs")
        let austrian = page([("Rechnung Nr. 17", 40, 40), ("IBAN AT61 1904 3002 3457 3201", 40, 60)])
        #expect(ProfileChooser.choose(all, lines: austrian)?.name == "at")
        let english = page([("Invoice 17", 40, 40), ("Amount due 10.00 EUR", 40, 60), ("IBAN NL91 ABNA 0417 1643 00", 40, 80)])
        #expect(ProfileChooser.choose(all, lines: english)?.name == "sepa")
    }

    @Test func aProfileFileCanIncludeAndOverride() throws {
        let p = try ProfileStore(folders: [profileFolder]).load(
            URL(fileURLWithPath: profileFolder).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
                .appendingPathComponent("Tests/Golden/pp-extract/own-profile-file/acme.json").path)
        #expect(p.name == "acme-bank")
        #expect(p.weight("account.label") == 500)
        #expect(p.labels["reference"]?.contains("kundenreferenz bitte angeben") == true)
        #expect(p.labels["amount_due"]?.contains("amount due") == true)  // from sepa
    }
}
