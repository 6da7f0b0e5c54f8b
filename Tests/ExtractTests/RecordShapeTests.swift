import Foundation
import PPShared
import Testing

@testable import Extract

@Suite struct RecordShapeTests {
    func document(_ profileName: String, _ rows: [(String, Double, Double)], extra: [String: JSON] = [:]) throws -> JSON {
        DocumentProcessor(choice: .fixed(try profile(profileName))).process([pageRecord(rows, extra: extra)])
    }

    let serbianSlip: [(String, Double, Double)] = [
        ("NALOG ZA UPLATU", 400, 540),
        ("uplatilac", 34, 560), ("šifra plaćanja", 306, 560), ("valuta", 362, 560), ("iznos", 408, 560),
        ("Petar Petrović", 40, 575), ("189", 314, 577), ("RSD", 368, 577), ("=3.596,13", 490, 577),
        ("račun uplatioca", 34, 600), ("160-0000018203969-42", 40, 612),
        ("račun primaoca", 306, 608), ("845-0000000404849-87", 314, 624),
        ("model i poziv na broj (odobrenje)", 306, 656), ("97", 313, 673), ("16 3220000111111111000", 357, 673),
        ("primalac", 34, 680), ("JP EPS Beograd", 40, 695),
    ]

    @Test func bestHoldsTheConfidentTopValuesAndNamesTheRest() throws {
        let doc = try document("rs", serbianSlip)
        let best = try #require(doc["best"])
        #expect(best["account"] == "845000000040484987")
        #expect(best["amount"] == "3596.13")
        #expect(best["reference"] == "97 16 3220000111111111000")
        #expect(best["reference_model"] == "97")
        // Every field is a key, null or not; what is below 1500 is named for review and left null.
        for field in Field.best.map(\.rawValue) {
            let top = doc["candidates"]?[field]?.arrayValue?.first
            let confident = (top?["confidence"]?.intValue ?? 0) >= 1500
            let review = best["needs_review"]?.arrayValue?.contains(.string(field)) ?? false
            #expect(best[field] != nil, "\(field)")
            #expect(confident == !(best[field]?.isNull ?? true), "\(field)")
            #expect(review == (top != nil && !confident), "\(field)")
        }
    }

    @Test func aMissingAccountNeedsReviewWhileAMissingDueDateDoesNot() throws {
        let doc = try document("sepa", [("Invoice 7", 40, 40), ("Amount due: 75.00 EUR", 300, 300)])
        let review = doc["best"]?["needs_review"]?.arrayValue ?? []
        #expect(review.contains("account"))
        #expect(!review.contains("due_date"))
        #expect(doc["best"]?["account"] == .null)
    }

    @Test func aDocumentAskingForNoPaymentHasNullsAndNothingToReview() throws {
        let doc = try document(
            "at",
            [
                ("Rechnung", 34, 200), ("Gesamtbetrag: 104,00 EUR", 300, 300), ("Zahlungsart: Bankeinzug", 34, 320),
                ("IBAN DE92 7607 0012 0750 0077 00", 300, 780),
            ])
        #expect(doc["payment_expected"] == false)
        let best = try #require(doc["best"])
        for field in Field.best { #expect(best[field.rawValue] == .null, "\(field)") }
        #expect(best["needs_review"] == .array([]))
    }

    @Test func theReferenceCarriesItsModelAndCandidatesNameTheirScheme() throws {
        let doc = try document("rs", serbianSlip)
        let ref = try #require(doc["candidates"]?["reference"]?.arrayValue?.first)
        #expect(ref["value"] == "97 16 3220000111111111000")
        #expect(ref["reference_model"] == "97")
        #expect(ref["scheme"] == "model")
        #expect(ref["kind"] == nil && ref["model"] == nil)
        let account = try #require(doc["candidates"]?["account"]?.arrayValue?.first)
        #expect(account["scheme"] == "rs-domestic")
        #expect(account["kind"] == nil)
        #expect(doc["kind"] == "document")
    }

    @Test func theCurrencyIsInOnePlace() throws {
        let doc = try document("rs", serbianSlip)
        for c in doc["candidates"]?["amount"]?.arrayValue ?? [] { #expect(c["currency"] == nil) }
        #expect(doc["candidates"]?["currency"]?.arrayValue?.first?["value"] == "RSD")
    }

    @Test func warningsAreOneArrayWithThePagesOwn() throws {
        let pageWarning: JSON = ["code": "dpi_assumed", "message": "no resolution in the image"]
        let empty = DocumentProcessor(choice: .fixed(try profile("sepa"))).process([
            pageRecord([], extra: ["warnings": [pageWarning]])
        ])
        #expect(empty["warning"] == nil)
        let warnings = try #require(empty["warnings"]?.arrayValue)
        #expect(warnings.first == pageWarning)
        #expect(warnings.last?["code"] == "no_text")
        let clean = try document("rs", serbianSlip)
        #expect(clean["warnings"] == .array([]))
    }
}
