import Foundation
import Testing

@testable import EInvoiceXML

/// The XML reader on the sample e-invoices (samples/xml, written for pp) and on hostile XML (Tests/Fixtures/einvoice).
@Suite struct XMLLeavesTests {
    /// A sample e-invoice (samples/xml) or a hostile file (Tests/Fixtures/einvoice).
    static func fixture(_ name: String) throws -> Data {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        let folder =
            name.contains("-cii") || name.contains("-ubl") || name.contains("peppol")
            ? "samples/xml/" : "Tests/Fixtures/einvoice/"
        let path = url.appendingPathComponent(folder + name).path
        return try #require(FileManager.default.contents(atPath: path), "\(path)")
    }

    @Test func readsLocalNamesAttributesAndNamespace() throws {
        let xml = try XMLLeaves.read(Self.fixture("de-xrechnung-ubl.xml"))
        #expect(xml.root == "Invoice")
        #expect(xml.rootNamespace == "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2")
        let payable = try #require(xml.items.first { $0.path == "/Invoice/LegalMonetaryTotal/PayableAmount" })
        #expect(payable.text == "399.80")
        #expect(payable.attributes["currencyID"] == "EUR")
        #expect(xml.first(["/PaymentMeans/PayeeFinancialAccount/ID"]) == "DE89370400440532013000")
        #expect(xml.all("/InvoiceLine/LineExtensionAmount") == ["420.00"])
    }

    @Test(arguments: [
        ("de-xrechnung-ubl.xml", "ubl-invoice", "invoice", "xrechnung"),
        ("nl-peppol-creditnote.xml", "ubl-creditnote", "credit-note", "peppol-bis"),
        ("fr-facturx-cii.xml", "cii", "invoice", "factur-x"),
        ("de-lastschrift-cii.xml", "cii", "invoice", "en16931"),
    ])
    func recognisesTheKind(_ file: String, _ format: String, _ document: String, _ standard: String) throws {
        let kind = try #require(EInvoiceKind(XMLLeaves.read(Self.fixture(file))))
        #expect(kind.format == format)
        #expect(kind.document == document)
        #expect(kind.standard == standard)
        #expect(kind.syntax == (format == "cii" ? .cii : .ubl))
    }

    @Test func anInvoiceElementOutsideUBLsNamespaceIsNoEInvoice() throws {
        #expect(EInvoiceKind(try XMLLeaves.read(Data("<Invoice><ID>1</ID></Invoice>".utf8))) == nil)
        #expect(EInvoiceKind(try XMLLeaves.read(Self.fixture("not-an-invoice.xml"))) == nil)
    }

    /// An external entity and an entity bomb are refused at the DOCTYPE, before any entity is read:
    /// quickly, and without touching the file the entity names.
    @Test(arguments: ["xxe.xml", "billion-laughs.xml"])
    func refusesADocumentTypeDeclaration(_ file: String) throws {
        let data = try Self.fixture(file)
        let start = Date()
        #expect(throws: XMLLeaves.Failure.doctype) { try XMLLeaves.read(data) }
        #expect(Date().timeIntervalSince(start) < 1)
    }

    @Test func namesWhatIsWrongWithMalformedXML() throws {
        #expect {
            try XMLLeaves.read(Self.fixture("truncated.xml"))
        } throws: { error in
            guard case XMLLeaves.Failure.malformed(let why) = error else { return false }
            return why.contains("line")
        }
        #expect(throws: XMLLeaves.Failure.malformed("the file is empty")) { try XMLLeaves.read(Data()) }
        #expect(throws: XMLLeaves.Failure.self) { try XMLLeaves.read(Data("not xml at all".utf8)) }
    }

    @Test func refusesDeepNestingWithoutCrashing() {
        let deep = String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000)
        #expect(throws: XMLLeaves.Failure.self) { try XMLLeaves.read(Data(deep.utf8)) }
    }

    @Test func readsFromSeveralThreadsAtOnce() async throws {
        let data = try Self.fixture("fr-facturx-cii.xml")
        let counts = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { (try? XMLLeaves.read(data))?.items.count ?? -1 } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(counts).count == 1)
        #expect(counts[0] > 10)
    }
}
