import Testing

@testable import CardCheck
@testable import PPShared

@Suite("card and payment-info records")
struct CheckerTests {
    let checker = CardChecker(today: YearMonth(year: 2026, month: 11))

    @Test("a valid card keeps the user's keys and loses number and cvc")
    func validCard() {
        let (out, outcome) = checker.check(record: [
            "number": "4111 1111 1111 1111", "cvc": "123", "expiry": "12/30", "customer_id": 7,
        ])
        #expect(outcome == .valid)
        #expect(out["number"] == nil)
        #expect(out["status"] == "valid")
        #expect(out["customer_id"] == 7)
        #expect(out["card"]?["masked"] == "411111******1111")
        #expect(out["cvc"]?["valid"] == true)
        #expect(out["expiry"]?["year"] == 2030)
    }

    @Test("statuses: incomplete number, invalid expiry, incomplete cvc")
    func statuses() {
        #expect(checker.check(record: ["number": "4111"]).0["status"] == "incomplete")
        #expect(checker.check(record: ["number": "4111111111111111", "expiry": "10/26"]).0["status"] == "invalid")
        #expect(checker.check(record: ["number": "4111111111111111", "cvc": "12"]).0["status"] == "incomplete")
        for typed in ["1", "12/", "12/2", "1/2"] {
            let (out, outcome) = checker.check(record: ["number": "4111111111111111", "expiry": .string(typed)])
            #expect(out["status"] == "incomplete", "\(typed)")
            #expect(out["errors"]?["expiry"] == "incomplete")
            #expect(outcome == .notValid)
        }
        #expect(checker.check(record: ["number": "4111111111111111", "expiry": "13/"]).0["status"] == "invalid")
        #expect(
            checker.check(record: ["number": "4111111111111111", "expiry": ["month": 12, "year": "2027"]]).0["status"] == "valid")
        let required = CardChecker(today: YearMonth(year: 2026, month: 11), requireComplete: true)
        let missing = required.check(record: ["number": "4111111111111111"]).0
        #expect(missing["status"] == "incomplete")
        #expect(missing["errors"] == ["cvc": "missing", "expiry": "missing"])
    }

    @Test("a JSON number is refused for that record")
    func numberAsNumber() {
        let (out, outcome) = checker.check(record: ["number": .number("4111111111111111")])
        #expect(outcome == .unreadable)
        #expect(out["state"] == "error")
        #expect(out["number"] == nil)
        #expect(out["error"]?["code"] == "number_not_string")
    }

    func paymentInfo(_ userInfo: JSON?, type: JSON = "CREDIT_CARD", approved: JSON = true) -> JSON {
        var record: JSON = ["type": type, "approved": approved]
        if let userInfo { record["userInfo"] = userInfo }
        return record
    }

    let goodUser: JSON = [
        "billingCardNumber": "5555555555554444", "billingCVV": "123", "billingCardHolderName": "Ana Petrović",
        "billingAddress1": "Knez Mihailova 1", "billingCity": "Beograd", "billingRegion": "", "billingCountry": "RS",
    ]

    @Test("payment-info outcomes")
    func paymentInfoOutcomes() {
        #expect(checker.check(record: paymentInfo(goodUser)).0["status"] == "ok")
        #expect(checker.check(record: paymentInfo(goodUser, approved: false)).0["status"] == "approval_required")
        #expect(checker.check(record: paymentInfo(nil)).0["status"] == "user_setup_required")
        #expect(checker.check(record: paymentInfo([:])).0["status"] == "user_setup_required")
        #expect(checker.check(record: paymentInfo(goodUser, type: "PAYPAL")).0["status"] == "unknown_error")
        #expect(checker.check(record: paymentInfo("4111111111111111")).0["status"] == "unknown_error")
        var bad = goodUser
        bad["billingCardNumber"] = "5555555555554445"
        bad["billingCity"] = " "
        let (out, outcome) = checker.check(record: paymentInfo(bad))
        #expect(outcome == .notValid)
        #expect(out["status"] == "validation_error")
        #expect(out["fields"]?["billingCardNumber"] == "card number is not valid")
        #expect(out["fields"]?["billingCity"] == "is required")
        #expect(out["userInfo"]?["billingCardNumber"]?["last4"] == "4445")
    }

    @Test("custom card types add, replace and remove brands")
    func customTypes() throws {
        let file = try JSON.parse(
            #"[{"id":"privatelabel","name":"Private","patterns":["9999","60000-60099"],"lengths":[16],"code":{"name":"CVV","size":3},"before":"visa"},{"id":"maestro","remove":true},{"id":"visa","lengths":[16]}]"#
        )
        let brands = try CardTypesFile.apply(file, to: BrandTable.standard, file: "types.json")
        #expect(brands.first?.id == "privatelabel")
        #expect(!brands.contains { $0.id == "maestro" })
        #expect(brands.first { $0.id == "visa" }?.lengths == [16])
        let custom = CardChecker(brands: brands, today: YearMonth(year: 2026, month: 11))
        #expect(
            custom.check(record: ["number": .string(TestCards.complete("9999", length: 16))]).0["card"]?["brand"]
                == "privatelabel")
        #expect(custom.check(record: ["number": "6759649826438453"]).0["status"] == "invalid")
        #expect(throws: ToolError.self) {
            try CardTypesFile.apply(try JSON.parse(#"[{"id":"x","patterns":["4a"],"lengths":[16]}]"#), to: [], file: "f")
        }
        #expect(throws: ToolError.self) {
            try CardTypesFile.apply(try JSON.parse(#"[{"id":"nope","remove":true}]"#), to: [], file: "f")
        }
    }
}
