import Foundation
import PPShared
import Testing

@testable import Extract

/// A page record with a decoded code, through the whole document processor and the shipped model.
@Suite struct PaymentCodeCandidateTests {
    static let epc = "BCD\n002\n1\nSCT\n\nBeispiel GmbH\nAT611904300234573201\nEUR1234.56\n\nRF18539007547034"

    func run(_ rows: [(String, Double, Double)], code: String) throws -> JSON {
        let processor = DocumentProcessor(choice: .fixed(try profile("at")), model: try shippedModel())
        let record: JSON = [
            "kind": "page", "source": "a.pdf", "doc": "sha256:a", "page": 1, "pages": 1,
            "lines": .array(page(rows).map { l in ["text": .string(l.text), "box": .box(l.box.array)] }),
            "codes": [["type": "qr", "text": .string(code), "box": [400, 600, 480, 680], "page": 1]],
        ]
        return processor.process([record])
    }

    func first(_ doc: JSON, _ field: String) -> (value: String, confidence: Int, evidence: [String])? {
        guard let c = doc["candidates"]?[field]?.arrayValue?.first else { return nil }
        return (
            c["value"]?.stringValue ?? "", c["confidence"]?.intValue ?? -1,
            c["evidence"]?.arrayValue?.compactMap(\.stringValue) ?? []
        )
    }

    static let slip: [(String, Double, Double)] = [
        ("Rechnung 2026/117", 40, 40), ("Beispiel GmbH, Hauptstraße 1, 1010 Wien", 40, 60),
        ("Zahlbetrag: 1.234,56 EUR", 300, 300), ("IBAN: AT61 1904 3002 3457 3201", 40, 700),
        ("Zahlungsreferenz: RF18 5390 0754 7034", 40, 715),
    ]

    @Test func aCodeThatAgreesWithThePageIsConfident() throws {
        let doc = try run(Self.slip, code: Self.epc)
        for (field, value) in [("account", "AT611904300234573201"), ("amount", "1234.56"), ("reference", "RF18539007547034")] {
            let c = try #require(first(doc, field))
            #expect(c.value == value && c.confidence >= 1800, "\(field): \(c)")
            #expect(c.evidence.contains("epc-qr") && c.evidence.contains("code-agrees-page"), "\(field): \(c.evidence)")
        }
        #expect(first(doc, "payee")?.value == "Beispiel GmbH" && first(doc, "payee")!.confidence >= 1800)
        #expect(first(doc, "currency")?.value == "EUR" && first(doc, "currency")!.confidence >= 1800)
        #expect(doc["payment_codes"] == ["epc-qr"])
        #expect(doc["payment_code_checks"]?.arrayValue?.first?["valid"] == true)
    }

    /// A code alone (no page text) puts its values on top, but it is one kind of evidence: only what its own
    /// checksums prove (the IBAN) is confident; the rest waits for a person, as a forged sticker would.
    @Test func aCodeAlonePutsItsFieldsOnTopAndProvesOnlyItsChecksums() throws {
        let ups =
            "UPNQR\n\n\n\n\nJanez Novak\n\n\n00000030024\n\n\nRENT\nNajemnina\n07.12.2026\nSI56191000000123438\nSI12 1234567890120\nRentaCar d.o.o.\n\n\n"
        let text = ups + String(ups.count) + "\n"
        let doc = try run([], code: text)
        #expect((first(doc, "account")?.confidence ?? 0) >= 1800)
        #expect(first(doc, "account")?.evidence.contains("iban-checksum") == true)
        for field in ["amount", "reference", "payee", "payment_code", "due_date"] {
            let c = try #require(first(doc, field), "\(field)")
            #expect(c.confidence < 1500 && c.evidence.contains("thin-evidence"), "\(field): \(c)")
        }
        #expect(first(doc, "amount")?.value == "300.24")
        #expect(doc["candidates"]?["reference"]?.arrayValue?.first?["reference_model"] == "SI12")
        #expect(doc["candidates"]?["reference"]?.arrayValue?.first?["value"] == "SI12 1234567890120")
        #expect(doc["best"]?["reference"] == .null)
        #expect(doc["best"]?["needs_review"]?.arrayValue?.contains("reference") == true)
        #expect(first(doc, "due_date")?.value == "2026-12-07")
    }

    @Test func aCheckedCodesReferenceLeadsADifferentPageReadingAndBothWait() throws {
        // The page prints another valid RF reference (a photo's OCR repair gone wrong reads like this, and
        // so does a forged sticker): the code's reference leads, and the two rival: both stay below 1500.
        var rows = Self.slip
        rows[4] = ("Zahlungsreferenz: RF71 4711", 40, 715)
        let doc = try run(rows, code: Self.epc)
        let top = try #require(first(doc, "reference"))
        #expect(top.value == "RF18539007547034" && top.confidence < 1500, "\(top.value) \(top.confidence) \(top.evidence)")
        #expect(top.evidence.contains("rival-reference"))
        let other = try #require(doc["candidates"]?["reference"]?.arrayValue?.first { $0["value"] == "RF714711" })
        #expect((other["confidence"]?.intValue ?? 2000) <= 1400)
        #expect(other["evidence"]?.arrayValue?.contains("rival-reference") == true)
    }

    @Test func aCodeThatContradictsThePageLeavesNeitherConfident() throws {
        var rows = Self.slip
        rows[2] = ("Zahlbetrag: 99,00 EUR", 300, 300)
        let doc = try run(rows, code: Self.epc)
        let amounts = doc["candidates"]?["amount"]?.arrayValue ?? []
        let byValue = Dictionary(amounts.map { ($0["value"]?.stringValue ?? "", $0) }, uniquingKeysWith: { a, _ in a })
        for value in ["99.00", "1234.56"] {
            let c = try #require(byValue[value], "\(value) missing")
            #expect((c["confidence"]?.intValue ?? 2000) < 1500, "\(value)")
            #expect(c["evidence"]?.arrayValue?.contains("code-contradicts-page") == true)
        }
        // The code lends the page nothing, and what only the code says is in doubt too.
        #expect(first(doc, "reference")?.evidence.contains("code-agrees-page") == false)
        let payee = doc["candidates"]?["payee"]?.arrayValue?.first { $0["value"] == "Beispiel GmbH" }
        #expect((payee?["confidence"]?.intValue ?? 2000) < 1500)
    }

    @Test func aCodeThatFailsItsChecksumIsWeak() throws {
        let bad = Self.epc.replacingOccurrences(of: "3201", with: "3202")
        let doc = try run([], code: bad)
        let account = try #require(first(doc, "account"))
        #expect(
            account.value == "AT611904300234573202" && account.confidence < 1000 && account.evidence.contains("code-problems"))
        #expect((first(doc, "amount")?.confidence ?? 2000) < 1000)
        #expect(doc["payment_code_checks"]?.arrayValue?.first?["problems"] == ["EPC: IBAN checksum fails"])
        // On a page that shows the right IBAN, the broken code takes nothing from it.
        let onPage = try run(Self.slip, code: bad)
        #expect(first(onPage, "account")?.value == "AT611904300234573201")
        #expect((first(onPage, "account")?.confidence ?? 0) >= 1500)
    }
}
