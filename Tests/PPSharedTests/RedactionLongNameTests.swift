import Testing

@testable import PPShared

/// A security code under a long name is hidden too, and redacting twice changes nothing more than once
/// (found by fuzzing: Tests/FuzzTests/Regressions/json-lines/long-security-code-name.jsonl).
@Suite struct RedactionLongNameTests {
    @Test func longNamesEndingInACodeNameAreSecurityCodes() {
        let long = String(repeating: "payment_method_details_", count: 4) + "card_security_code"
        #expect(long.utf8.count > 64)
        #expect(Redaction.isSecurityCodeName(long))
        #expect(Redaction.isSecurityCodeName(String(repeating: "x", count: 10_000) + "CVV"))
        #expect(!Redaction.isSecurityCodeName(String(repeating: "x", count: 10_000) + "price"))
    }

    @Test func theCodeUnderALongNameIsRedactedAtOnce() throws {
        let key = "numbrir" + String(repeating: "6", count: 25) + "error" + String(repeating: "6", count: 15) + "cardsecuritycode"
        let record: JSON = [key: "123"]
        let once = Redaction.redacting(record: record)
        #expect(once.encoded() == #"{"numbrir[redacted]error[redacted]cardsecuritycode":"[redacted]"}"#)
        #expect(Redaction.redacting(record: once) == once)
    }
}
