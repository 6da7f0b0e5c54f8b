import Foundation
import PPShared
import Testing

@testable import Extract

/// A page's text is read up to `maxPageCharacters` characters and `maxPageLines` lines: a page of
/// megabytes of text costs a bounded time and the document says what was left out.
@Suite struct PageTextLimitTests {
    static let limit = DocumentProcessor.maxPageCharacters

    @Test func oneHugeLineIsCutAtTheLimit() {
        let huge = String(repeating: "word ", count: 200_000)  // 1 MB
        let words: [JSON] = (0..<200_000).map { i in ["text": "word", "box": [.int(i % 500), 0, .int(i % 500 + 4), 10]] }
        let page: JSON = [
            "kind": "page", "page": 2, "source": "big.pdf",
            "lines": [["text": .string(huge), "box": [0, 0, 500, 10], "words": .array(words)], ["text": "after"]],
        ]
        let (lines, truncated) = DocumentProcessor.text(of: [page])
        #expect(lines.count == 1 && lines[0].chars.count == Self.limit)
        #expect(lines[0].words.count == Self.limit / 5)
        #expect(truncated.count == 1 && truncated[0].page == 2 && truncated[0].characters == huge.count + 5)
        let warning = truncated[0].warning
        #expect(warning["code"] == "page_text_truncated" && warning["page"] == 2)
        #expect(warning["message"]?.stringValue?.contains("page 2 of 'big.pdf'") == true)
    }

    @Test func linesBeyondTheLimitAreNotRead() {
        let rows: [JSON] = (0..<(DocumentProcessor.maxPageLines + 500)).map { ["text": .string("line \($0)")] }
        let (lines, truncated) = DocumentProcessor.text(of: [["kind": "page", "lines": .array(rows)], ["kind": "page"]])
        #expect(lines.count == DocumentProcessor.maxPageLines)
        #expect(truncated.count == 1 && truncated[0].page == 1 && truncated[0].lines == rows.count)
    }

    @Test func pagesWithinTheLimitsAreReadWhole() {
        let (lines, truncated) = DocumentProcessor.text(of: [pageRecord(HostileNumberTests.goodRows)])
        #expect(lines.count == HostileNumberTests.goodRows.count && truncated.isEmpty)
    }

    /// The document is still processed, with the warning, and its first lines are used.
    @Test func aTruncatedPageGivesAWarningAndADocument() throws {
        let filler = String(repeating: "x", count: 1_000_000)
        let page = pageRecord(HostileNumberTests.goodRows + [(filler, 40, 300), ("IBAN DE89 3704 0044 0532 0130 00", 40, 400)])
        let doc = DocumentProcessor(choice: .fixed(try profile("sepa"))).process([page])
        #expect(doc["state"] == "processed")
        let warnings = doc["warnings"]?.arrayValue ?? []
        #expect(warnings.contains { $0["code"] == "page_text_truncated" })
        let accounts = (doc["candidates"]?["account"]?.arrayValue ?? []).compactMap { $0["value"]?.stringValue }
        #expect(accounts.contains("AT611904300234573201") && !accounts.contains("DE89370400440532013000"))
    }
}
