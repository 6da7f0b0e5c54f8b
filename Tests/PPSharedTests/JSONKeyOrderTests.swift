import Testing

@testable import PPShared

/// Member names order and match by their UTF-8 bytes (RFC 8259), so keys that are not NFC keep their
/// place and their values. With String's `<` they did not: "\u{E9}'" and "e\u{301}" are neither
/// before nor after each other, and `{"\u00e9'":3,"e\u0301":4}` came back from encoding and parsing
/// with its members in another order (found by fuzzing: Tests/FuzzTests/Regressions/json-lines).
@Suite struct JSONKeyOrderTests {
    @Test func keysThatAreNotNFCRoundTrip() throws {
        let record = try JSON.parse(#"{"\u00e9'":3,"e\u0301":4,"kind":"page"}"#)
        let again = try JSON.parse(record.encoded())
        #expect(again == record)
        #expect(again.encoded() == record.encoded())
        #expect(record["e\u{301}"] == .int(4))
        #expect(record["\u{E9}'"] == .int(3))
        #expect(record["kind"] == "page")
    }

    /// Names that differ in bytes are different members, even when canonically equivalent.
    @Test func canonicallyEquivalentNamesAreDistinctMembers() throws {
        let record = try JSON.parse(#"{"\u00e9":1,"e\u0301":2}"#)
        #expect(record.members?.count == 2)
        #expect(record["\u{E9}"] == .int(1))
        #expect(record["e\u{301}"] == .int(2))
        #expect(try JSON.parse(record.encoded()) == record)
    }

    @Test func encodingOrdersKeysByUTF8Bytes() {
        let record: JSON = ["\u{E9}'": 1, "e\u{301}": 2, "z": 3, "a": 4]
        #expect(record.encoded() == "{\"a\":4,\"e\u{301}\":2,\"z\":3,\"\u{E9}'\":1}")
    }
}
