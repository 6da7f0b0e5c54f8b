import Foundation
import PPShared
import Testing

@testable import Extract

/// E-invoices without a PDF (samples/xml): confidence from the XML's own consistency.
@Suite struct EInvoiceDocumentTests {
    static func sample(_ name: String) throws -> EInvoice {
        let path = repositoryRoot.appendingPathComponent("samples/xml/" + name).path
        let data = try #require(FileManager.default.contents(atPath: path))
        return try #require(EInvoice.parse(data))
    }

    func extract(_ e: EInvoice) throws -> Extraction { Extractor(profile: try profile("sepa")).extractEInvoiceOnly(e) }

    @Test func aConsistentInvoiceIsConfident() throws {
        let x = try extract(try Self.sample("de-xrechnung-ubl.xml"))
        #expect(x.paymentExpected)
        #expect(top(x, .account)?.value == "DE89370400440532013000")
        #expect(top(x, .account)?.confidence ?? 0 >= 1900)
        // 499.80 with tax, 100.00 prepaid: 399.80 due, and the totals say so.
        #expect(top(x, .amount)?.value == "399.80")
        #expect(top(x, .amount)?.evidence.contains(.dueAddsUp) == true)
        #expect(top(x, .amount)?.evidence.contains(.taxAddsUp) == true)
        #expect(top(x, .reference)?.value == "RE-2026-0412")
        #expect(top(x, .dueDate)?.value == "2026-12-02")
        #expect(top(x, .currency)?.value == "EUR")
    }

    @Test func totalsThatDoNotAddUpAreNotConfident() throws {
        var e = try Self.sample("de-xrechnung-ubl.xml")
        e.amountDue = "499.80"  // the prepayment is forgotten
        let amount = try #require(top(try extract(e), .amount))
        #expect(amount.value == "499.80")
        #expect(amount.confidence < 1500)
        #expect(amount.evidence.contains(.dueDoesNotAddUp))
    }

    @Test func anIBANWhoseChecksumFailsOrAPlaceholderIsNotConfident() throws {
        var e = try Self.sample("fr-facturx-cii.xml")
        e.payeeIBAN = "DK1212341234123412"
        #expect(try top(extract(e), .account)?.confidence ?? 2000 < 1000)
        e.payeeIBAN = "XX"
        #expect(try top(extract(e), .account)?.confidence ?? 2000 < 1000)
        e.payeeIBAN = "5012345678"  // a bankgiro-like number: stated, not checked
        let other = try #require(try top(extract(e), .account))
        #expect(other.confidence < 1500 && other.confidence >= 1000)
        #expect(other.evidence.contains(.noChecksum))
    }

    @Test(arguments: [
        ("nl-peppol-creditnote.xml", NoPaymentReason.creditNote),
        ("de-lastschrift-cii.xml", .directDebit),
    ])
    func noPaymentExpectedLeavesNothingConfident(_ file: String, _ reason: NoPaymentReason) throws {
        let x = try extract(try Self.sample(file))
        #expect(!x.paymentExpected)
        #expect(x.noPaymentReasons.contains(reason))
        #expect(x.candidates.values.joined().allSatisfy { $0.confidence < 1500 })
        #expect(!x.candidates.values.joined().isEmpty)
    }

    /// The document record of a stand-alone e-invoice: no pages, no "no_text" warning, `einvoice` true.
    @Test func documentRecordOfAStandAloneEInvoice() throws {
        let path = repositoryRoot.appendingPathComponent("samples/xml/fr-facturx-cii.xml").path
        let record: JSON = [
            "kind": "page", "doc": "sha256:00", "source": "fr-facturx-cii.xml", "media": "xml", "pages": 0,
            "customer_id": 7,
            "attachments": [["name": "fr-facturx-cii.xml", "path": .string(path), "einvoice": "cii"]],
        ]
        let assembler = DocumentAssembler()
        let out = assembler.add(record)
        guard out.count == 1, case .document(let pages) = out[0] else {
            Issue.record("a stand-alone e-invoice is one whole document: \(out)")
            return
        }
        let processor = DocumentProcessor(choice: .fixed(try profile("sepa")))
        let document = processor.process(pages)
        #expect(document["pages"]?.intValue == 0)
        #expect(document["einvoice"]?.boolValue == true)
        #expect(document["customer_id"]?.intValue == 7)
        #expect(document["warnings"]?.arrayValue?.isEmpty == true)
        #expect(document["best"]?["amount"]?.stringValue == "1500.00")
        var moved = record
        moved["attachments"] = [["name": "gone.xml", "path": "no/such/gone.xml", "einvoice": "cii"]]
        let error = processor.process([moved])
        #expect(error["state"]?.stringValue == "error")
        #expect(error["error"]?["code"]?.stringValue == "einvoice_unreadable")
    }
}
