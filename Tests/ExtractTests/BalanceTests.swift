import Foundation
import PPShared
import Testing

@testable import Extract

@Suite struct BalanceTests {
    @Test func totalPlusOldBalanceMinusPaymentsIsTheAmountDue() throws {
        // A utility bill's account: the total, an old balance, a payment (printed negative), then what is due.
        let lines = page([
            ("Subtotal € 2,563.34", 306, 316),
            ("VAT 21% € 538.30", 306, 330),
            ("Total € 3,101.64", 306, 344),
            ("Previous balance € 42.75", 306, 358),
            ("Already paid -€ 68.01", 306, 372),
            ("Balance to pay € 3,076.38", 306, 386),
        ])
        let e = Extractor(profile: try profile("sepa")).extract(lines: lines, einvoice: nil)
        let due = e.candidates["amount"]!.first { $0.value == "3076.38" }
        #expect(due?.evidence.contains("balance-of:3101.64") == true)
        #expect(top(e, "amount")?.value == "3076.38")
    }

    @Test func theArithmeticTakesABoundedNumberOfTerms() throws {
        // A page of a thousand labelled amounts (hostile, or broken) would make the sums and balances cubic:
        // the largest labelled ones are kept, unlabelled small ones go first.
        let extractor = Extractor(profile: try profile("sepa"))
        let limit = extractor.w("amount.arithmetic_terms")
        var list: [Candidate] = (1...1000).map { i in
            Candidate(
                field: "amount", value: "\(i).00", display: "\(i),00", score: 500, page: 1,
                box: Box(40, Double(i), 90, Double(i) + 0.8), evidence: ["label:total"])
        }
        list.append(
            Candidate(
                field: "amount", value: "5000.00", display: "5000,00", score: 500, page: 1,
                box: Box(40, 2000, 90, 2001), evidence: []))
        let terms = extractor.arithmeticTerms(list)
        #expect(terms.count == limit)
        #expect(terms.allSatisfy { $0.cents > (1000 - limit) * 100 && $0.cents <= 1000 * 100 })
        // A bill's dozens of amounts are all kept.
        #expect(extractor.arithmeticTerms(Array(list.prefix(30))).count == 30)
    }
}
