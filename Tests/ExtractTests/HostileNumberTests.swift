import Foundation
import PPShared
import Testing

@testable import Extract

/// Numbers no real bill has (1e20, -1e300, 1e308, twenty nines, inf, nan) in page records, payment
/// codes and e-invoices: the value is rejected, nothing traps, and the records around it are intact.
@Suite struct HostileNumberTests {
    static let goodRows: [(String, Double, Double)] = [
        ("Invoice 2026-0311", 40, 60), ("IBAN AT61 1904 3002 3457 3201", 40, 100),
        ("Amount due EUR 123.45", 40, 130), ("Reference RF18539007547034", 40, 160),
    ]

    static let epc = "BCD\n002\n1\nSCT\n\nBeispiel GmbH\nAT611904300234573201\nEUR123.45\n\nRF18539007547034"

    /// Number literals JSON can carry that no Double → Int conversion may trust.
    static let hostile = ["1e20", "-1e300", "1e300", "1e308", "-1e308", "99999999999999999999", "1e400", "-5", "0.5"]

    func processor() throws -> DocumentProcessor { DocumentProcessor(choice: .fixed(try profile("sepa"))) }

    /// Runs records through the assembler and the processor as pp-extract does.
    func run(_ records: [JSON]) throws -> [JSON] {
        let p = try processor()
        let assembler = DocumentAssembler()
        var out: [JSON] = []
        for output in records.flatMap({ assembler.add($0) }) + assembler.finish() {
            switch output {
            case .document(let pages): out.append(p.process(pages))
            case .passThrough(let r): out.append(r)
            }
        }
        return out
    }

    /// A good page whose numbers (page, pages, every box and confidence) are all `literal`.
    func hostilePage(_ literal: String) -> JSON {
        let n = JSON.number(literal)
        let lines: [JSON] = Self.goodRows.map { text, _, _ in
            [
                "text": .string(text), "box": [n, n, n, n], "conf": n,
                "words": [["text": "IBAN", "box": [n, 0, n, 1], "conf": n]],
            ]
        }
        return [
            "kind": "page", "doc": .string("sha256:hostile-\(literal)"), "source": "hostile.pdf", "page": n, "pages": n,
            "lines": .array(lines),
            "codes": [["type": "qr", "text": .string(Self.epc), "box": [n, n, n, n]]],
        ]
    }

    @Test(arguments: hostile) func hostilePageNumbersAreRejected(_ literal: String) throws {
        let good1 = pageRecord(Self.goodRows, source: "a.pdf")
        let good2 = pageRecord(Self.goodRows, source: "b.pdf")
        let out = try run([good1, hostilePage(literal), good2])
        #expect(out.count == 3)
        #expect(out.map { $0["state"]?.stringValue } == ["processed", "processed", "processed"])
        let alone = try run([good1, good2])
        #expect(out[0] == alone[0] && out[2] == alone[1], "the neighbours of the hostile page changed")
        let accounts = out[1]["candidates"]?["account"]?.arrayValue ?? []
        #expect(accounts.contains { $0["value"]?.stringValue == "AT611904300234573201" })
        #expect(out[1]["pages"]?.intValue == 1)
    }

    @Test func outOfRangeValuesAreIgnoredOnReading() {
        let n = JSON.number("-1e300")
        let page: JSON = [
            "kind": "page", "page": .number("1e20"),
            "lines": [["text": "IBAN", "box": [.number("1e308"), 0, 1, 1], "conf": n, "words": [["text": "IBAN", "conf": n]]]],
        ]
        let lines = DocumentProcessor.lines(of: [page])
        #expect(lines.count == 1 && lines[0].page == 1 && lines[0].conf == nil && lines[0].words[0].conf == nil)
        #expect(lines[0].box == Box(0, 0, 0, 0))
    }

    @Test func amountsBeyondTwelveDigitsAreNoAmounts() {
        #expect(Amounts.cents("1234.56") == 123456)
        #expect(Amounts.cents("-0.5") == -50)
        #expect(Amounts.cents("999999999999.99") == Amounts.maxCents)
        for text in ["1e20", "inf", "-inf", "nan", "99999999999999999999", "1000000000000.00", "x"] {
            #expect(Amounts.cents(text) == nil, "\(text)")
        }
        #expect(Amounts.decimalText(1234.5) == "1234.50")
        for d in [1e20, -1e300, .infinity, -.infinity, .nan] { #expect(Amounts.decimalText(d) == nil) }
        #expect(CodeText.decimal("99999999999999999999") == nil)
        #expect(CodeText.decimal("000000000000000000001.5") == "1.50")
    }

    @Test func paymentCodeAmountBeyondRangeIsAProblem() {
        var code = PaymentCode(format: "bysquare")
        var problems = CodeProblems(format: "bysquare")
        let fields = [
            "inv", "1", "1", "99999999999999999999", "EUR", "20261231", "123", "0308", "", "", "note", "1",
            "SK3112000000198742637541", "TATRSKBX",
        ]
        BySquareCode.fields(fields, into: &code, &problems)
        #expect(code.amount == nil)
        #expect(problems.list.contains { $0.contains("amount '99999999999999999999'") })
        for amount in ["EUR1e20", "EURinf", "EURnan", "EUR99999999999999999999"] {
            let text = "BCD\n002\n1\nSCT\n\nBeispiel GmbH\nAT611904300234573201\n\(amount)\n\nRF18539007547034"
            let epc = PaymentCode.parse(text)
            #expect(epc?.amount == nil && epc?.isValid == false, "\(amount)")
        }
    }

    @Test(arguments: ["1e20", "inf", "-inf", "nan", "99999999999999999999", "1e400"])
    func einvoiceAmountBeyondRangeIsRejected(_ amount: String) throws {
        let xml = """
            <Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
              xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"
              xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2">
             <cbc:ID>1</cbc:ID><cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
             <cac:PaymentMeans><cac:PayeeFinancialAccount><cbc:ID>AT611904300234573201</cbc:ID></cac:PayeeFinancialAccount></cac:PaymentMeans>
             <cac:LegalMonetaryTotal><cbc:PayableAmount currencyID="EUR">\(amount)</cbc:PayableAmount></cac:LegalMonetaryTotal>
            </Invoice>
            """
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pp-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("invoice.xml")
        try Data(xml.utf8).write(to: path)
        let page = pageRecord(
            Self.goodRows, source: "x.pdf", extra: ["attachments": [["name": "invoice.xml", "path": .string(path.path)]]])
        let out = try run([pageRecord(Self.goodRows, source: "a.pdf"), page])
        #expect(out.count == 2 && out[1]["einvoice"] == true)
        let amounts = out[1]["candidates"]?["amount"]?.arrayValue ?? []
        #expect(!amounts.isEmpty)
        #expect(amounts.allSatisfy { ($0["value"]?.stringValue ?? "").count <= 16 })
        #expect(amounts.allSatisfy { !($0["evidence"]?.arrayValue ?? []).contains("einvoice-xml") })
    }
}
