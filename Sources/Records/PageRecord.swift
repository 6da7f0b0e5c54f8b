import PPShared

/// A page record (docs/records.md, "page"): pp-ingest writes one per page, pp-ocr reads the pages that
/// need it, pp-extract groups them into documents. Which tool writes which member, and which members
/// a document record carries on, is `PageKey`'s table.
public struct PageRecord: StatedRecord {
    /// What a page is in.
    public enum Media: String, RecordName {
        case pdf, image
        /// A stand-alone XML e-invoice: a whole document with no page (`pages` 0).
        case xml
    }

    /// Where a page's `lines` come from.
    public enum TextSource: RecordValue {
        /// The PDF's own text layer.
        case pdf
        case ocr
        /// `null`: the page has no usable text and needs OCR.
        case awaitingOCR

        public init?(member: JSON) {
            switch member {
            case .null: self = .awaitingOCR
            case .string("pdf"): self = .pdf
            case .string("ocr"): self = .ocr
            default: return nil
            }
        }

        public var member: JSON {
            switch self {
            case .pdf: "pdf"
            case .ocr: "ocr"
            case .awaitingOCR: .null
            }
        }
    }

    /// What a usable text layer is: drawn text, or the invisible layer of an earlier OCR.
    public enum TextLayer: String, RecordName {
        case digital, ocr
    }

    /// `page` for page records; an input record of pp-ingest may be of another kind (pp-pages' `pages`).
    public var kind: String?
    /// `sha256:<hex>` of the file's bytes.
    public var doc: String?
    public var source: String?
    /// 1-based page number and page count of the document.
    public var page: Int?
    public var pages: Int?
    /// How many documents the run has (pp-ingest, when every input is a file or folder).
    public var plannedDocuments: Int?
    public var media: Media?
    /// `[w, h]` in points as displayed.
    public var size: [Double]?
    /// The clockwise quarter turn that makes a turned text layer upright.
    public var textRotation: Int?
    public var textSource: TextSource?
    public var textLayer: TextLayer?
    /// The text lines, as a text layer or pp-ocr wrote them (their readers take them as JSON).
    public var lines: JSON?
    public var image: PageImage?
    public var thumbnail: PageThumbnail?
    public var codes: [PageCode]?
    public var attachments: [Attachment]?
    public var warnings: Warnings?
    public var mail: PageMail?
    public var converted: Conversion?
    public var ocr: OCRReading?
    public var split: StackPart?
    public var state: RecordState?
    public var error: RecordError?
    /// Version 1's single warning (read into a document's `warnings`).
    public var warning: JSON?
    public var unknown = JSONObject()
    public var kept = KeptMembers()

    public static let fields: RecordFields<PageRecord> = [
        .init(PageKey.kind, \.kind), .init(PageKey.doc, \.doc),
        .init(PageKey.source, \.source), .init(PageKey.page, \.page),
        .init(PageKey.pages, \.pages), .init(PageKey.plannedDocuments, \.plannedDocuments),
        .init(PageKey.media, \.media), .init(PageKey.size, \.size),
        .init(PageKey.textRotation, \.textRotation), .init(PageKey.textSource, \.textSource),
        .init(PageKey.textLayer, \.textLayer), .init(PageKey.lines, \.lines),
        .init(PageKey.image, \.image), .init(PageKey.thumbnail, \.thumbnail),
        .init(PageKey.codes, \.codes), .init(PageKey.attachments, \.attachments),
        .init(PageKey.warnings, \.warnings), .init(PageKey.mail, \.mail),
        .init(PageKey.converted, \.converted), .init(PageKey.ocr, \.ocr),
        .init(PageKey.split, \.split), .init(PageKey.state, \.state),
        .init(PageKey.error, \.error), .init(PageKey.warning, \.warning),
    ]

    public init() {}

    /// A page record read from a line; nil for a value that is no object.
    public init?(_ json: JSON) { self.init(member: json) }

    /// The record as a line holds it.
    public var json: JSON { member }

    /// Whether this is a page of a document (not an error record, not another kind).
    public var isPage: Bool { kind == PageKey.page.rawValue && !isError }

    /// The members a document record carries on from its first page (`PageKey.staysWithPage`).
    public var carriedToDocument: JSONObject { object.removingValues(forKeys: PageKey.stayingWithPage) }

    /// The members of an input record pp-ingest passes on to the pages it makes (`PageKey.ingestWrites`).
    public var passedOnByIngest: PageRecord { removing(PageKey.writtenByIngest) }

    /// Adds `warning` to `warnings`, after those an earlier tool wrote.
    public mutating func addWarning(_ warning: RecordWarning) {
        var list = warnings ?? Warnings()
        list.append(warning)
        warnings = list
    }
}
