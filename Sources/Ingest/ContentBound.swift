import CQPDFContent
import PPShared

// Ownership: a `PageContentSize` owns one qpdf document of the C face (pqc_close in deinit). Not
// Sendable: one per worker thread, like the poppler document.

/// How much a PDF page gives poppler to interpret, measured with qpdf before poppler sees the page. Poppler's
/// text extraction and rendering cannot be interrupted, and their time grows with the page's decoded content
/// (a flate stream of a few hundred KB can inflate to a gigabyte of drawing operators); qpdf decodes the
/// page's content streams and forms into a counter that stops past the bound, so the measure costs at most
/// the bound's bytes of decoding and no memory for them.
final class PageContentSize {
    private let handle: OpaquePointer

    /// Opens `path` with qpdf (quiet); nil when qpdf cannot read it (the page then goes to poppler unmeasured).
    init?(path: String, password: String?) {
        guard let opened = pqc_open(path, password) else { return nil }
        handle = opened
    }

    deinit { pqc_close(handle) }

    /// The decoded bytes of page `index` (0-based) up to `limit`; `limit + 1` means more; nil when qpdf
    /// cannot have the page.
    func bytes(page index: Int, limit: Int) -> Int? {
        guard let page = Int32(exactly: index) else { return nil }
        let counted = pqc_page_content_size(handle, page, Int64(limit))
        return counted < 0 ? nil : Int(counted)
    }
}

extension PageWorker {
    /// Throws `page_too_complex` for a page whose decoded content passes --max-page-content, before poppler
    /// reads or renders it; the document's other pages and the run go on.
    func checkContentSize(_ info: DocumentInfo, index: Int) throws(ToolError) {
        if contentSize?.path != info.item.path {
            contentSize = (info.item.path, PageContentSize(path: info.item.path, password: options.password))
        }
        let limit = options.maxPageContent
        guard let bytes = contentSize?.size?.bytes(page: index, limit: limit), bytes > limit else { return }
        throw ToolError(
            .record, code: "page_too_complex",
            "page \(index + 1) of '\(info.item.source)': its content streams decode to more than \(ByteCount.text(limit)) (--max-page-content); the page is not read"
        )
    }
}
