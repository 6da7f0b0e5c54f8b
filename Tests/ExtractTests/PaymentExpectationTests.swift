import Foundation
import PPShared
import Testing

@testable import Extract

@Suite struct PaymentExpectationTests {
    func extract(_ rows: [(String, Double, Double)]) throws -> Extraction {
        Extractor(profile: try profile("sepa")).extract(lines: page(rows), einvoice: nil)
    }

    @Test func aPaidAmountEqualToTheTotalLeavesNothingToPay() throws {
        let e = try extract([
            ("Invoice 2026-301", 40, 40),
            ("Total 2,005.57", 300, 300),
            ("Already paid: 2,005.57 (card)", 300, 330),
        ])
        #expect(!e.paymentExpected)
        #expect(e.noPaymentReasons.contains("already-paid"))
    }

    @Test func aPaidInstalmentBesideTheOneDueStillAsksForPayment() throws {
        let e = try extract([
            ("Instalment Due Amount Status", 40, 200),
            ("1 15.02.2026 750.00 paid", 40, 220),
            ("2 15.05.2026 750.00 amount due", 40, 240),
            ("Amount due: 750.00", 300, 300),
        ])
        #expect(e.paymentExpected)
    }

    @Test func aPaidStampAloneOnItsLineMeansPaid() throws {
        let e = try extract([
            ("Invoice 2026-302", 40, 40),
            ("Total 480.00", 300, 300),
            ("PAID", 200, 400),
        ])
        #expect(!e.paymentExpected)
        #expect(top(e, "amount").map { $0.confidence < 1500 } ?? true)
    }
}
