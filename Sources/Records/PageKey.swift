import PPShared

/// The members of a page record, and the one place that says who writes each and whether a document
/// record carries it on (docs/records.md, "page").
public enum PageKey: String, CaseIterable, Sendable {
    case kind, doc, source, page, pages
    case plannedDocuments = "planned_documents"
    case media, size
    case textRotation = "text_rotation"
    case textSource = "text_source"
    case textLayer = "text_layer"
    case lines, image, thumbnail, codes, attachments, warnings
    /// pp-ingest, on the records of a mail's attachments and of a converted office document.
    case mail, converted
    /// pp-ocr.
    case ocr
    /// pp-extract `--split auto`: the bill of a scanned stack a page belongs to.
    case split
    case state, error
    /// Page members of earlier versions: read (`warning`) or left behind, never written.
    case words, preview, rotation, qr, warning

    /// pp-ingest writes this member of every page from the file alone, so the value an input record
    /// (pp-pages' result, a user's `{"source":…}`) holds is not passed on. The rest of an input record is,
    /// `warnings` joined with pp-ingest's own, and `text_rotation`, `mail` and `converted`, which pp-ingest
    /// sets only on some pages, too.
    public var ingestWrites: Bool {
        switch self {
        case .kind, .doc, .source, .page, .pages, .plannedDocuments, .media, .size, .textSource, .textLayer, .image,
            .lines, .thumbnail, .attachments, .codes, .state, .error:
            true
        case .textRotation, .warnings, .mail, .converted, .ocr, .split, .words, .preview, .rotation, .qr, .warning:
            false
        }
    }

    /// The member describes one page: a document record does not carry it from its first page (the
    /// document writes its own `kind`, `pages`, `warnings` and `page_views`). Every other member of the
    /// first page reaches the document record as it came: `doc`, `source`, `mail`, `converted`, `split`,
    /// `text_layer`, `text_rotation` and every member this table does not name.
    public var staysWithPage: Bool {
        switch self {
        case .kind, .page, .pages, .plannedDocuments, .media, .size, .textSource, .lines, .image, .thumbnail, .codes,
            .attachments, .warnings, .ocr, .words, .preview, .rotation, .qr, .warning:
            true
        case .doc, .source, .textRotation, .textLayer, .mail, .converted, .split, .state, .error:
            false
        }
    }

    /// The names of the members that stay with the page.
    public static let stayingWithPage = JSONKeys(allCases.filter(\.staysWithPage).map(\.rawValue))

    /// The names of the members pp-ingest writes itself.
    public static let writtenByIngest = Set(allCases.filter(\.ingestWrites).map(\.rawValue))
}
