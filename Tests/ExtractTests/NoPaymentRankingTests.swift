import Foundation
import PPShared
import Testing

@testable import Extract

/// A document that asks for no payment: its candidates are capped below confidence, in the order their
/// evidence gives them (the pages are in Cases/no-payment.cases).
@Suite struct NoPaymentRankingTests {
    @Test func theCapKeepsTheOrderAndNeverReachesConfidence() throws {
        let ranker = Extractor(profile: try profile("sepa")).ranker
        let list = [1700, 1200, 950, 400].enumerated().map { i, s in
            Candidate(.amount, value: "\(i).00", display: "", points: s, page: 1, box: nil, evidence: [])
        }
        let context = Ranker.Context(paymentExpected: false, einvoice: false, ocr: false, pages: 1)
        let capped = try #require(ranker.rank([.amount: list], context: context)[.amount])
        #expect(capped.map(\.value) == ["0.00", "1.00", "2.00", "3.00"])
        #expect(capped.map(\.confidence) == [900, 900, 900, 400])
        #expect(capped.prefix(3).allSatisfy { $0.evidence.contains(.noPaymentExpected) })
    }
}
