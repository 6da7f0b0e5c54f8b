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
}
