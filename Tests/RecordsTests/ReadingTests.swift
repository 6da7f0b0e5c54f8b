import PPShared
import Records
import Testing

/// Members are read as leniently as the tools always read them; what a tool sets is written, what it
/// leaves alone leaves as it came, and members no property knows pass through.
@Suite struct ReadingTests {
    /// A page number as written, and what `page` reads from it.
    static let pageNumbers: [(String, Int?)] = [
        ("1", 1), ("1.0", 1), ("3e0", 3), ("-5", -5), ("\"1\"", nil), ("1.5", nil), ("1e20", nil), ("null", nil), ("[1]", nil),
    ]

    @Test(arguments: pageNumbers) func integersAreReadAsTheToolsReadThem(_ written: String, _ read: Int?) throws {
        #expect(PageRecord(try JSON.parse(#"{"page":\#(written)}"#))?.page == read)
    }

    /// `text_source` as written, and what it means.
    static let textSources: [(String, PageRecord.TextSource?)] = [
        ("\"pdf\"", .pdf), ("\"ocr\"", .ocr), ("null", .awaitingOCR), ("\"scan\"", nil), ("5", nil),
    ]

    @Test(arguments: textSources) func textSourcesAreNamedOrNull(_ written: String, _ read: PageRecord.TextSource?) throws {
        #expect(PageRecord(try JSON.parse(#"{"text_source":\#(written)}"#))?.textSource == read)
    }

    @Test func listsKeepTheElementsOfTheirKindAndALoneWarningIsAList() throws {
        let page = try #require(PageRecord(try JSON.parse(#"{"size":["a",595,842],"warnings":"x","codes":[7,{"text":"BCD"}]}"#)))
        #expect(page.size == [595, 842])
        #expect(page.warnings?.items == ["x"])
        #expect(page.codes?.map(\.text) == ["BCD"])
    }

    @Test func whatAToolSetsIsWrittenAndTheRestAsItCame() throws {
        var page = try #require(PageRecord(try JSON.parse(#"{"page":1.0,"pages":2.0,"size":[595.275,842]}"#)))
        page.page = 1  // the value it read: no change
        page.pages = 3
        #expect(page.json.encoded() == #"{"page":1.0,"pages":3,"size":[595.275,842]}"#)
        page.size = [842, 595.275]
        #expect(page.json.encoded() == #"{"page":1.0,"pages":3,"size":[842,595.28]}"#)
    }

    @Test func membersNoPropertyKnowsPassThroughWhateverTheToolSets() throws {
        let line = #"{"customer_id":{"id":7},"kind":"page","source":"a.pdf","zz":[null,"x"]}"#
        var page = try #require(PageRecord(try JSON.parse(line)))
        #expect(page.unknown.keys == ["customer_id", "zz"])
        page.textSource = .ocr
        page.addWarning(RecordWarning(code: "c", message: "m"))
        let written = try #require(page.json.members)
        #expect(written["customer_id"] == ["id": 7] && written["zz"] == [nil, "x"])
        #expect(DocumentRecord(carrying: page).unknown.keys == ["customer_id", "zz"])
    }

    @Test func aMemberItsPropertyCannotReadIsKnownAndCanBeRemoved() throws {
        let page = try #require(PageRecord(try JSON.parse(#"{"image":{"frame":"x","path":"p.png"},"size":null}"#)))
        #expect(page.image?.frame == nil && page.image?.unread(\.frame) == "x")
        #expect(page.image?.unread(\.path) == nil && page.unread(\.size) == .null && page.has(\.size))
        #expect(!page.has(\.ocr))
        #expect(page.removing(["image", "size"]).json.encoded() == "{}")
    }
}
