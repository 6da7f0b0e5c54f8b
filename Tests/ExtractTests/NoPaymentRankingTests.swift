import Foundation
import PPShared
import Testing

@testable import Extract

@Suite struct NoPaymentRankingTests {
    @Test func theCapKeepsTheOrderAndNeverReachesConfidence() throws {
        let extractor = Extractor(profile: try profile("sepa"))
        let ranked = [1700, 1200, 950, 400].enumerated().map { i, s in
            Candidate(field: "amount", value: "\(i).00", display: "", score: s, page: 1, box: nil, evidence: [])
        }
        let capped = extractor.capNoPayment(ranked)
        #expect(capped.map(\.value) == ["0.00", "1.00", "2.00", "3.00"])
        #expect(capped.map(\.confidence) == [900, 900, 900, 400])
    }

    @Test func theLabelledTotalStillLeadsWhenNothingIsToBePaid() throws {
        let lines = page([
            ("Rechnung", 34, 100),
            ("Wartung 1 Stk 42,00", 34, 200),
            ("Gesamtbetrag: 104,00 EUR", 300, 300),
            ("Zahlungsart: Bankeinzug", 34, 320),
        ])
        for model in [nil, try ConfidenceModel.standard()] {
            var extractor = Extractor(profile: try profile("at"))
            extractor.model = model
            let e = extractor.extract(lines: lines, einvoice: nil)
            #expect(!e.paymentExpected)
            #expect(top(e, "amount")?.value == "104.00")
            #expect(e.candidates.values.joined().allSatisfy { $0.field == "currency" || $0.confidence <= 900 })
        }
    }
}
