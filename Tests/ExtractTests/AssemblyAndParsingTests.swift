import Foundation
import PPShared
import Testing

@testable import Extract

@Suite struct DocumentAssemblyTests {
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
}

/// The e-invoices beside the pages of Cases/invoices.cases, as the parser reads them.
@Suite struct EInvoiceParseTests {
    func parsed(_ name: String) throws -> EInvoice {
        let data = try Data(contentsOf: CaseFiles.folder.appendingPathComponent(name))
        return try #require(EInvoice.parse(data))
    }

    @Test func ciiPayeeAccountAndAmountDue() throws {
        let e = try parsed("cii-rf-reference.xml")
        #expect(e.payeeIBAN == "DE89370400440532013000")
        #expect(e.amountDue == "529.87")
    }

    @Test func serbianUBLInvoice() throws {
        let e = try parsed("ubl-rs-domestic.xml")
        #expect(e.syntax == "ubl" && e.amountDue == "251760.00" && e.currency == "RSD" && e.dueDate == "2026-04-09")
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
            repositoryRoot.appendingPathComponent("Tests/Golden/pp-extract/own-profile-file/acme.json").path)
        #expect(p.name == "acme-bank")
        #expect(p.weight("account.label") == 500)
        #expect(p.labels[.reference]?.contains("kundenreferenz bitte angeben") == true)
        #expect(p.labels[.amountDue]?.contains("amount due") == true)  // from sepa
    }
}
