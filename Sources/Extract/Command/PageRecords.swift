import PPShared
import Records

/// What pp-extract reads of a page record beyond its members: its numbers checked, and the part of it
/// that the text reader (`DocumentProcessor.text(of:)`) takes.
extension PageRecord {
    /// The page number, when it is within `DocumentProcessor.pageNumbers` (`1e20`, `-5` are ignored).
    var pageNumber: Int? { page.flatMap { DocumentProcessor.pageNumbers.contains($0) ? $0 : nil } }

    /// The document's page count, when it is within `DocumentProcessor.pageNumbers`.
    var pageCount: Int? { pages.flatMap { DocumentProcessor.pageNumbers.contains($0) ? $0 : nil } }

    /// The members the text reader reads (`page`, `source`, `lines`), as the JSON it takes.
    var textView: JSON {
        var view = JSONObject()
        if let page { view[PageKey.page.rawValue] = .int(page) }
        if let source { view[PageKey.source.rawValue] = .string(source) }
        if let lines { view[PageKey.lines.rawValue] = lines }
        return .object(view)
    }
}
