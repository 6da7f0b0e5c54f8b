import Testing

@testable import PPShared

@Suite("redaction")
struct RedactionTests {
    @Test("card-number-like digit runs are hidden, short numbers stay")
    func redacts() {
        #expect(redactingCardNumbers("cannot open '4111 1111 1111 1111'") == "cannot open '[redacted]'")
        #expect(redactingCardNumbers("x 4111-1111-1111-1111.") == "x [redacted].")
        #expect(redactingCardNumbers("line 12345678901 of 3") == "line 12345678901 of 3")
        #expect(redactingCardNumbers("date 2026-11-29") == "date 2026-11-29")
    }
}

@Suite("redaction of every shape")
struct RedactionShapeTests {
    @Test("dots, slashes, underscores, NBSP, doubled separators and any decimal digits")
    func shapes() {
        for text in [
            "4111.1111.1111.1111", "4111/1111/1111/1111", "4111_1111_1111_1111", "4111\u{A0}1111\u{A0}1111\u{A0}1111",
            "4111 - 1111 - 1111 - 1111",
            "\u{FF14}\u{FF11}\u{FF11}\u{FF11}\u{FF11}\u{FF11}\u{FF11}\u{FF11}\u{FF11}\u{FF11}\u{FF11}\u{FF11}\u{FF11}",
            "\u{0664}\u{0661}\u{0661}\u{0661} 1111 1111 1111", "4111\u{3000}1111\u{3000}1111\u{3000}1111",
        ] {
            #expect(Redaction.text("card \(text) ok") == "card [redacted] ok", "\(text)")
        }
        #expect(Redaction.text("on 2026-11-29 at 12.30, page 3 of 12") == "on 2026-11-29 at 12.30, page 3 of 12")
    }

    @Test("security-code names in any case and spelling")
    func codeNames() {
        for name in [
            "cvc", "CVV", "cvv2", "CVC2", "cid", "CSC", "security_code", "securityCode", "card_code", "billingCVV", "card-cvc",
            "cvc_valid_note",  // a word of it is a code name: its value is masked, whatever it holds
        ] {
            #expect(Redaction.isSecurityCodeName(name), "\(name)")
        }
        for name in ["id", "code", "card", "number", "price"] {
            #expect(!Redaction.isSecurityCodeName(name), "\(name)")
        }
    }

    @Test("records: keys, nested values, JSON numbers and codes")
    func records() throws {
        let input = try JSON.parse(
            Array(
                #"{"4111 1111 1111 1111":1,"a":[{"b":"x 4111.1111.1111.1111"}],"n":4111111111111111,"CVV":"123","keep":"12/30","m":{"security_code":77}}"#
                    .utf8))
        let out = Redaction.redacting(record: input)
        #expect(
            out
                == [
                    "[redacted]": 1, "a": [["b": "x [redacted]"]], "n": "[redacted]", "CVV": "[redacted]", "keep": "12/30",
                    "m": ["security_code": "[redacted]"],
                ])
        #expect(Redaction.redacting(record: ["a": "short 1234", "b": [1, 2]]) == ["a": "short 1234", "b": [1, 2]])
    }
}
