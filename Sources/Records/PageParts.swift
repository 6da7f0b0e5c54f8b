import PPShared

/// A page's `image`: the picture to read it from (pp-ingest's raster, or the input image as it is).
public struct PageImage: RecordObject {
    public var path: String?
    public var dpi: Int?
    public var width: Int?
    public var height: Int?
    /// 0-based page of a multi-page TIFF.
    public var frame: Int?
    /// The image stated no resolution: `dpi` is pp-ingest's guess.
    public var dpiAssumed: Bool?
    public var unknown = JSONObject()
    public var kept = KeptMembers()

    public static let fields: RecordFields<PageImage> = [
        .init("path", \.path), .init("dpi", \.dpi), .init("width", \.width), .init("height", \.height),
        .init("frame", \.frame), .init("dpi_assumed", \.dpiAssumed),
    ]

    public init() {}

    public init(path: String, dpi: Int, width: Int, height: Int) {
        self.path = path
        self.dpi = dpi
        self.width = width
        self.height = height
    }
}

/// A page's `thumbnail` (pp-ingest `--thumbnails W`): a colour PNG W pixels wide.
public struct PageThumbnail: RecordObject {
    public var path: String?
    public var width: Int?
    public var height: Int?
    public var unknown = JSONObject()
    public var kept = KeptMembers()

    public static let fields: RecordFields<PageThumbnail> = [
        .init("path", \.path), .init("width", \.width), .init("height", \.height),
    ]

    public init() {}

    public init(path: String, width: Int, height: Int) {
        self.path = path
        self.width = width
        self.height = height
    }
}

/// One of a page's `codes`: a QR, PDF417, Data Matrix or Aztec code's text as encoded, and where it is.
public struct PageCode: RecordObject {
    /// `qr`, `microqr`, `pdf417`, `datamatrix` or `aztec`.
    public var type: String?
    public var text: String?
    /// `[x0, y0, x1, y1]` in points, in the frame of the page's other boxes.
    public var box: [Double]?
    public var page: Int?
    public var unknown = JSONObject()
    public var kept = KeptMembers()

    public static let fields: RecordFields<PageCode> = [
        .init("type", \.type), .init("text", \.text), .init("box", \.box), .init("page", \.page),
    ]

    public init() {}

    public init(type: String, text: String, box: [Double], page: Int?) {
        self.type = type
        self.text = text
        self.box = box
        self.page = page
    }
}

/// One of a page's `attachments`: a file embedded in the PDF (or a stand-alone XML e-invoice itself),
/// saved in the work folder; an e-invoice says which kind.
public struct Attachment: RecordObject {
    public var name: String?
    public var path: String?
    public var size: Int?
    public var mime: String?
    public var description: String?
    /// `cii` or `ubl`.
    public var einvoice: String?
    public var einvoiceFormat: String?
    public var einvoiceDocument: String?
    public var einvoiceGuideline: String?
    public var einvoiceStandard: String?
    public var unknown = JSONObject()
    public var kept = KeptMembers()

    public static let fields: RecordFields<Attachment> = [
        .init("name", \.name), .init("path", \.path), .init("size", \.size), .init("mime", \.mime),
        .init("description", \.description), .init("einvoice", \.einvoice), .init("einvoice_format", \.einvoiceFormat),
        .init("einvoice_document", \.einvoiceDocument), .init("einvoice_guideline", \.einvoiceGuideline),
        .init("einvoice_standard", \.einvoiceStandard),
    ]

    public init() {}
}

/// The `mail` every record of a mail's attachment carries; a header the mail lacks is null.
public struct PageMail: RecordObject {
    /// 1-based place of the mail in its file.
    public var number: Int?
    public var from: String?
    public var subject: String?
    /// ISO 8601 with the sender's offset.
    public var date: String?
    public var messageID: String?
    public var unknown = JSONObject()
    public var kept = KeptMembers()

    public static let fields: RecordFields<PageMail> = [
        .init("number", \.number), .init("from", \.from, absent: .null), .init("subject", \.subject, absent: .null),
        .init("date", \.date, absent: .null), .init("message_id", \.messageID, absent: .null),
    ]

    public init() {}
}

/// `converted`: the office document a page's PDF was made from.
public struct Conversion: RecordObject {
    /// `libreoffice`.
    public var by: String?
    /// The office file's extension (`docx`, …).
    public var from: String?
    /// The PDF in the work folder.
    public var pdf: String?
    public var unknown = JSONObject()
    public var kept = KeptMembers()

    public static let fields: RecordFields<Conversion> = [.init("by", \.by), .init("from", \.from), .init("pdf", \.pdf)]

    public init() {}
}

/// `split` (pp-extract `--split auto`): which bill of a scanned stack a page belongs to, and why it starts there.
public struct StackPart: RecordObject {
    public var part: Int?
    public var parts: Int?
    /// The first and last page number of the bill.
    public var pageRange: [Int]?
    /// The bill's pages.
    public var pages: Int?
    public var why: [String]?
    public var unknown = JSONObject()
    public var kept = KeptMembers()

    public static let fields: RecordFields<StackPart> = [
        .init("part", \.part), .init("parts", \.parts), .init("page_range", \.pageRange), .init("pages", \.pages),
        .init("why", \.why),
    ]

    public init() {}
}

/// One warning a tool gives about a record: a code and a message naming the file and the fault.
public struct RecordWarning: RecordObject {
    public var code: String?
    public var message: String?
    /// The page it is about, where it is one page of a document.
    public var page: Int?
    public var unknown = JSONObject()
    public var kept = KeptMembers()

    public static let fields: RecordFields<RecordWarning> = [
        .init("code", \.code), .init("message", \.message), .init("page", \.page),
    ]

    public init() {}

    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }
}

/// A record's `warnings`, each as an earlier tool wrote it; a value that is no list counts as a list of
/// itself (tools add to it, never drop it).
public struct Warnings: RecordValue {
    public var items: [JSON]

    public init(_ items: [JSON] = []) { self.items = items }

    public init?(member: JSON) { items = member.arrayValue ?? [member] }
    public var member: JSON { .array(items) }

    public mutating func append(_ warning: RecordWarning) { items.append(warning.member) }
}
