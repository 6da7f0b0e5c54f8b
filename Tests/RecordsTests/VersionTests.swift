import PPShared
import Records
import Testing

/// Records of version 1 (docs/records.md, "Names changed in this version") are read as this version's.
@Suite struct VersionTests {
    /// A candidate as each version writes it, the version read, and its reference value as this version writes it.
    static let references: [(String, RecordVersion, String)] = [
        (#"{"kind":"model","model":"97","value":"14 3004117852026"}"#, .first, "97 14 3004117852026"),
        (#"{"reference_model":"97","scheme":"model","value":"97 14 3004117852026"}"#, .second, "97 14 3004117852026"),
        (#"{"scheme":"rf","value":"RF18539007547034"}"#, .current, "RF18539007547034"),
        (#"{"model":"HR01","value":"HR01 12345-212-2"}"#, .first, "HR01 12345-212-2"),
    ]

    @Test(arguments: references) func referencesHaveTheirModelInFront(_ line: String, _ version: RecordVersion, _ value: String)
        throws
    {
        let candidate = try #require(Candidate(member: try JSON.parse(line)))
        #expect(candidate.version == version)
        #expect(candidate.value(for: "reference") == value)
        #expect(candidate.value(for: "account") == candidate.value)  // other fields as written
    }

    @Test func versionOneNamesAreRead() throws {
        let amount = try #require(Candidate(member: try JSON.parse(#"{"currency":"EUR","kind":"iban","value":"1.00"}"#)))
        #expect(amount.currencyV1 == "EUR" && amount.kindV1 == "iban" && amount.scheme == nil)
        let old = try #require(DocumentRecord(try JSON.parse(#"{"kind":"document","warning":"scanned"}"#)))
        #expect(old.version == .first && old.warningV1 == "scanned")
        #expect(DocumentRecord(try JSON.parse(#"{"kind":"document","warnings":[]}"#))?.version == RecordVersion.current)
        #expect(RecordVersion.first < RecordVersion.current)
    }
}
