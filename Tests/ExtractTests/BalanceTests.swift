import Foundation
import PPShared
import Testing

@testable import Extract

/// The arithmetic between a page's amounts stays bounded (the balances it finds are in Cases/amounts.cases).
@Suite struct BalanceTests {
    @Test func theArithmeticTakesABoundedNumberOfTerms() throws {
        // A page of a thousand labelled amounts (hostile, or broken) would make the sums and balances cubic:
        // the largest labelled ones are kept, unlabelled small ones go first.
        let p = try profile("sepa")
        let arithmetic = AmountArithmetic(
            weights: AmountArithmetic.Weights(p.weight),
            view: DocumentView(lines: [], profile: p, matcher: LabelMatcher(p), weights: DocumentView.Weights(p.weight)))
        let limit = p.weight("amount.arithmetic_terms")
        var list: [Candidate] = (1...1000).map { i in
            Candidate(
                .amount, value: "\(i).00", display: "\(i),00", points: 500, page: 1,
                box: Box(40, Double(i), 90, Double(i) + 0.8), evidence: [.labelled(.amountTotal)])
        }
        list.append(
            Candidate(
                .amount, value: "5000.00", display: "5000,00", points: 500, page: 1, box: Box(40, 2000, 90, 2001), evidence: []))
        let terms = arithmetic.arithmeticTerms(list)
        #expect(terms.count == limit)
        let lowest = (1000 - limit) * 100
        #expect(terms.allSatisfy { $0.cents > lowest && $0.cents <= 1000 * 100 })
        // A bill's dozens of amounts are all kept.
        #expect(arithmetic.arithmeticTerms(Array(list.prefix(30))).count == 30)
    }
}
