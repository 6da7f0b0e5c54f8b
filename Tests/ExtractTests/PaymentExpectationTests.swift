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

    @Test func aCaptionOfPaidAmountsInATotalsBlockIsNoStamp() throws {
        let e = try extract([
            ("Total amount due 5,719.99", 40, 100),
            ("Total 5,719.99", 300, 300),
            ("Prepayment", 300, 315),
            ("-20.78", 450, 315),
            ("Amount due 5,719.99", 300, 330),
        ])
        #expect(e.paymentExpected)
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
        // The stamp is larger than the text around it.
        let stampBox = Box(200, 400, 280, 428)
        let stamp = TextLine(
            page: 1, text: "PAID", box: stampBox, conf: nil, words: [Word(text: "PAID", box: stampBox, conf: nil)])
        let lines = page([("Invoice 2026-302", 40, 40), ("Total 480.00", 300, 300)]) + [stamp]
        let e = Extractor(profile: try profile("sepa")).extract(lines: lines, einvoice: nil)
        #expect(!e.paymentExpected)
        #expect(top(e, "amount").map { $0.confidence < 1500 } ?? true)
    }
}
