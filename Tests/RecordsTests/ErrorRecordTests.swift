import PPShared
import Records
import Testing

/// A record a tool cannot process becomes the same error record through the types as it did as JSON
/// (`JSON.markedAsError`): every member kept as it came, `state` and `error` set. The tools' cases on
/// such records: Tests/Golden/pp-ingest, pp-ocr and pp-extract, `malformed-members`.
@Suite struct ErrorRecordTests {
    static let malformed = [
        #"{"kind":"page","page":"two","source":"a.png","image":{"frame":"x","dpi":"300"},"customer_id":7}"#,
        #"{"source":5,"customer_id":2,"warnings":"x"}"#,
        #"{"kind":"page","state":"processed","error":"old","doc":17,"size":["a"]}"#,
        #"{"kind":"document","state":"waiting","error":{"code":5},"best":{},"candidates":{"amount":[7]}}"#,
        "{}",
    ]

    @Test(arguments: malformed) func errorRecordsAreAsBefore(_ line: String) throws {
        let json = try JSON.parse(line)
        let error = ToolError(.record, code: "bad_record", "a.png: \"image\".\"frame\" must be a whole number")
        let before = json.markedAsError(error, tool: "pp-ocr").encoded()
        #expect(PageRecord(json)?.markedAsError(error, tool: "pp-ocr").json.encoded() == before)
        #expect(DocumentRecord(json)?.markedAsError(error, tool: "pp-ocr").json.encoded() == before)
    }

    @Test func aValueThatIsNoObjectIsNoRecord() throws {
        for line in ["[1]", "\"page\"", "null", "7"] {
            let json = try JSON.parse(line)
            #expect(PageRecord(json) == nil && DocumentRecord(json) == nil)
        }
    }
}
