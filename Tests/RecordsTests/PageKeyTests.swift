import PPShared
import Records
import Testing

/// `PageKey` is the one table of who writes a page member and what a document carries on; it replaced
/// two lists that must still hold, member for member, or records would change.
@Suite struct PageKeyTests {
    /// pp-ingest's own members before the table (Sources/Ingest/Ingest.swift, `PageRecord.ownedKeys`).
    static let ingestOwned: Set<String> = [
        "kind", "doc", "source", "page", "pages", "media", "size", "text_source", "text_layer", "image", "lines",
        "thumbnail", "attachments", "codes", "state", "error", "planned_documents",
    ]
    /// The page members a document record did not carry (Sources/Extract/Command/Documents.swift, `pageKeys`).
    static let pageOnly: Set<String> = [
        "kind", "page", "pages", "lines", "size", "text_source", "image", "attachments", "media", "words", "thumbnail",
        "preview", "ocr", "rotation", "qr", "codes", "warnings", "warning", "planned_documents",
    ]

    @Test func theTableHoldsTheListsItReplaced() {
        #expect(PageKey.writtenByIngest == Self.ingestOwned)
        #expect(Set(PageKey.allCases.filter(\.staysWithPage).map(\.rawValue)) == Self.pageOnly)
    }

    /// One page record with every member the table names, and one it does not.
    static var everyMember: PageRecord {
        var members = JSONObject()
        for key in PageKey.allCases { members[key.rawValue] = .string(key.rawValue) }
        members["customer_id"] = 7
        return PageRecord(object: members)
    }

    @Test func aDocumentCarriesWhatDoesNotStayWithThePage() {
        let carried = Set(Self.everyMember.carriedToDocument.keys)
        #expect(carried == Set(PageKey.allCases.map(\.rawValue)).subtracting(Self.pageOnly).union(["customer_id"]))
    }

    @Test func pagesOfAnInputRecordKeepWhatPPIngestDoesNotWrite() {
        let kept = Set(Self.everyMember.passedOnByIngest.json.members?.keys ?? [])
        #expect(kept == Set(PageKey.allCases.map(\.rawValue)).subtracting(Self.ingestOwned).union(["customer_id"]))
    }
}
