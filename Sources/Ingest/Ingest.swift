import CPoppler
import Digest
import Foundation
import PDFRender
import PPShared
import PixImage
import Records

/// What the planner learnt about one input file; shared by all of its page tasks.
public struct DocumentInfo: Sendable {
    public enum Media: String, Sendable {
        case pdf, image

        var record: PageRecord.Media { self == .pdf ? .pdf : .image }
    }
    let item: InputItem
    let media: Media
    /// "sha256:<hex>".
    let doc: String
    let pages: Int
    /// Attachments of a PDF ("attachments" of its first page record).
    let attachments: [Attachment]?
    let header: ImageHeader?
    /// Warnings about the whole file (repairs), written on its first page record.
    let warnings: [RecordWarning]

    var hex: String { String(doc.dropFirst("sha256:".count)) }
    /// The work subfolder of this document: content-addressed by the file's bytes.
    func folder(_ options: IngestOptions) -> String {
        (options.workFolder.hasSuffix("/") ? options.workFolder : options.workFolder + "/") + hex.prefix(16)
    }

    /// The record every page of the document starts from.
    func baseRecord(page: Int) -> PageRecord {
        var record = item.base
        record.kind = PageKey.page.rawValue
        record.doc = doc
        record.source = item.source
        record.media = media.record
        record.page = page
        record.pages = pages
        return record
    }
}

/// One unit of parallel work: a page to produce, or a finished record to pass along in order.
public enum PageTask: Sendable {
    case page(DocumentInfo, index: Int)
    case record(JSON)
}

/// Opens each input on the calling thread just far enough to know its pages (hash, page count,
/// attachments, encryption), and splits it into page tasks.
public struct Planner {
    public let options: IngestOptions

    public init(options: IngestOptions) { self.options = options }

    /// The page tasks of one input; a file that cannot be used yields one error record.
    public func plan(_ item: InputItem) -> [PageTask] { plan(item, insideArchive: false) }

    /// The page tasks of one input as far as they are known now, and, for an mbox, a source of the
    /// rest, one mail at a time (nil when there is no more), so a mailbox of any size streams.
    public func planStreaming(_ item: InputItem) -> (first: [PageTask], rest: (() -> [PageTask]?)?) {
        var rest: (() -> [PageTask]?)?
        let first = planFirst(item, insideArchive: false, rest: &rest)
        return (first, rest)
    }

    /// `insideArchive`: the item is a file of a ZIP archive (which may not open another).
    func plan(_ item: InputItem, insideArchive: Bool) -> [PageTask] {
        var rest: (() -> [PageTask]?)?
        var tasks = planFirst(item, insideArchive: insideArchive, rest: &rest)
        while let more = rest?() { tasks += more }
        return tasks
    }

    /// The tasks known now; `rest` is set when more follow (the further mails of an mbox).
    private func planFirst(_ item: InputItem, insideArchive: Bool, rest: inout (() -> [PageTask]?)?) -> [PageTask] {
        func failure(_ code: String, _ message: String, doc: String? = nil) -> [PageTask] {
            [.record(item.errorRecord(doc: doc, ToolError(.record, code: code, message)))]
        }
        if let problem = PathCheck.problem(item.path, name: item.source) { return failure(problem.code, problem.message) }
        var st = stat()
        if stat(item.path, &st) == 0, st.st_mode & S_IFMT == S_IFDIR {
            return failure("empty_folder", "'\(item.source)' holds no file pp-ingest reads (\(InputStream.supportedKinds))")
        }
        // Only a regular file: a FIFO, a device or a socket (also behind a link) is an error record, not a hang;
        // missing, a symlink loop, no permission in the OS's words, as in every tool (InputFileProblem).
        let file: RegularFile
        switch RegularFile.open(item.path, name: item.source) {
        case .success(let opened): file = opened
        case .failure(let problem): return failure(problem.code, problem.message)
        }
        let doc: String
        switch SHA256.file(descriptor: file.descriptor) {
        case .success(let found): doc = "sha256:" + found.hex
        case .failure(let fault):
            return failure("cannot_read", "cannot read '\(item.source)': \(systemErrorText(fault.errno))")
        }
        switch sniff(path: item.path) {
        case .pdf:
            return planPDF(item, doc: doc, failure: failure)
        case .image:
            if let kind = ImageCompleteness.kind(path: item.path), !ImageCompleteness.isComplete(path: item.path, kind: kind) {
                return failure(
                    "image_damaged",
                    "'\(item.source)' is cut short (the \(kind == .jpeg ? "JPEG" : "PNG") data ends before the image does): copy or export it again",
                    doc: doc)
            }
            guard let header = ImageHeader.read(path: item.path) else {
                return failure(
                    "image_unreadable", "'\(item.source)' is not an image leptonica can read (damaged or unsupported)", doc: doc)
            }
            let info = DocumentInfo(
                item: item, media: .image, doc: doc, pages: header.frames, attachments: nil, header: header, warnings: [])
            return (0..<header.frames).map { .page(info, index: $0) }
        case .xml:
            return planXML(item, doc: doc, failure: failure)
        case .mail(let mbox):
            let (first, more) = planMail(item, doc: doc, mbox: mbox, insideArchive: insideArchive)
            rest = more
            return first
        case .zip:
            return planZip(item, doc: doc, insideArchive: insideArchive)
        case .office:
            return planOffice(item, doc: doc, failure: failure)
        case .empty:
            return failure("empty_file", "'\(item.source)' is empty", doc: doc)
        case .unknown:
            return failure(
                "unsupported_format",
                "'\(item.source)' is none of the files pp-ingest reads (\(InputStream.supportedKinds))",
                doc: doc)
        }
    }

    func planPDF(_ item: InputItem, doc: String, failure: (String, String, String?) -> [PageTask]) -> [PageTask] {
        let pdf: PDFDocument
        do throws(PDFOpenFailure) {
            pdf = try PDFDocument.open(path: item.path, password: options.password)
        } catch {
            guard case .damaged(let reason) = error else {
                let how =
                    options.password == nil
                    ? "needs a password: give it with --password or the PP_PDF_PASSWORD environment variable"
                    : "did not open with the password given (wrong password)"
                return failure("pdf_encrypted", "'\(item.source)' is encrypted and \(how)", doc)
            }
            return failure(
                "pdf_damaged",
                "'\(item.source)' is damaged and cannot be repaired (poppler: \(reason)): get a fresh copy from its sender", doc)
        }
        let pages = pdf.pageCount
        guard pages > 0 else { return failure("pdf_damaged", "'\(item.source)' has no pages poppler can read", doc) }
        var warnings: [RecordWarning] = []
        if !CrossReference.isIntact(path: item.path) {
            warnings.append(
                RecordWarning(
                    code: "pdf_repaired",
                    message:
                        "'\(item.source)' is damaged (its cross-reference table is missing or broken); poppler rebuilt it: check the pages against the original"
                ))
        }
        let hex = String(doc.dropFirst(7))
        let folder =
            (options.workFolder.hasSuffix("/") ? options.workFolder : options.workFolder + "/") + hex.prefix(16) + "/attachments"
        var saveFailures: [String] = []
        var fileNames: [String] = []
        let attachments = pdf.attachments { index, attachment, save in
            // Two attachments may share a name: the later ones get their number in front.
            var name = Self.safeName(attachment.name, index: index)
            if fileNames.contains(name) { name = "\(index + 1)-" + name }
            fileNames.append(name)
            let target = folder + "/" + name
            if FileManager.default.fileExists(atPath: target) { return }
            do {
                try WorkFolder.make(folder)
                try AtomicFile.write(to: target, through: save)
            } catch {
                saveFailures.append(attachment.name)
            }
        }
        let saved: [Attachment]? =
            attachments.isEmpty
            ? nil
            : attachments.enumerated().map { index, a in
                let path = folder + "/" + fileNames[index]
                var entry = Self.einvoice(path: path)
                entry.name = a.name
                entry.path = path
                entry.size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? a.size
                entry.mime = Self.mime(name: a.name, path: path)
                entry.description = a.description
                return entry
            }
        for name in saveFailures {
            warnings.append(
                RecordWarning(code: "attachment_not_saved", message: "cannot save attachment '\(name)' of '\(item.source)'"))
        }
        let info = DocumentInfo(
            item: item, media: .pdf, doc: doc, pages: pages, attachments: saved, header: nil, warnings: warnings)
        return (0..<pages).map { .page(info, index: $0) }
    }

    /// An attachment's file name made safe for the work folder: no folders, no dot files.
    static func safeName(_ name: String, index: Int) -> String {
        var base = (name as NSString).lastPathComponent
        base = String(base.unicodeScalars.map { $0.value < 0x20 || $0 == "/" || $0 == "\\" ? "_" : Character($0) })
        while base.hasPrefix(".") { base.removeFirst() }
        return base.isEmpty ? "attachment-\(index + 1)" : base
    }

    static func mime(name: String, path: String) -> String {
        switch (name as NSString).pathExtension.lowercased() {
        case "xml": return "application/xml"
        case "pdf": return "application/pdf"
        case "json": return "application/json"
        case "txt": return "text/plain"
        case "csv": return "text/csv"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        default:
            if let head = FileManager.default.contents(atPath: path)?.prefix(5), head.elementsEqual("<?xml".utf8) {
                return "application/xml"
            }
            return "application/octet-stream"
        }
    }

    enum Sniffed {
        case pdf, image, xml
        case mail(mbox: Bool)
        case zip, office, empty, unknown
    }

    /// The kind of file from its first bytes (a PDF may have junk before "%PDF", poppler allows 1 KB).
    func sniff(path: String) -> Sniffed {
        guard let handle = FileHandle(forReadingAtPath: path) else { return .unknown }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 1024), !data.isEmpty else { return .empty }
        let b = [UInt8](data)
        // A mail first: its text may quote "%PDF-".
        let mail = Self.mailKind(b, path: path)
        if mail.isMail { return .mail(mbox: mail.mbox) }
        // A ZIP before a PDF: a stored (uncompressed) PDF in it shows "%PDF-" in the first bytes.
        if b.starts(with: [0x50, 0x4B, 0x03, 0x04]) || b.starts(with: [0x50, 0x4B, 0x05, 0x06]) {
            // .docx, .xlsx, .odt and .ods are ZIP packages: their name tells them apart.
            return OfficeDocument.extensions.contains((path as NSString).pathExtension.lowercased()) ? .office : .zip
        }
        if let range = data.range(of: Data("%PDF-".utf8)), range.lowerBound < 1024 { return .pdf }
        if b.count >= 4 {
            if b[0] == 0x89, b[1] == 0x50 { return .image }  // PNG
            if b[0] == 0xFF, b[1] == 0xD8 { return .image }  // JPEG
            if (b[0] == 0x49 && b[1] == 0x49) || (b[0] == 0x4D && b[1] == 0x4D) { return .image }  // TIFF
            if b[0] == 0x42, b[1] == 0x4D { return .image }  // BMP
            if b[0] == 0x50, (0x31...0x37).contains(b[1]) { return .image }  // PNM
            if b.count >= 12, b[0] == 0x52, b[1] == 0x49, b[8] == 0x57, b[9] == 0x45 { return .image }  // RIFF WEBP
            if b[0] == 0x47, b[1] == 0x49, b[2] == 0x46 { return .image }  // GIF
        }
        if Self.looksLikeXML(b, path: path) { return .xml }
        if (path as NSString).pathExtension.lowercased() == "pdf" { return .pdf }  // let poppler name the fault
        return .unknown
    }
}
