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
