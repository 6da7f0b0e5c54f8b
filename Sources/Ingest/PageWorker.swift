import CLeptonica
import Foundation
import PDFRender
import PPShared
import Records

/// One finished record, already encoded on the worker thread (compact JSON, no newline).
public struct PageOutput: Sendable {
    public let isError: Bool
    public let bytes: [UInt8]

    /// The record as a JSON value (for tests and in-process callers).
    public var json: JSON { (try? JSON.parse(bytes)) ?? .null }

    /// Encodes `record`; `lines` is the pre-encoded "lines" value, spliced in at its sorted place.
    static func encode(_ record: JSON, lines: [UInt8]? = nil) -> PageOutput {
        var out: [UInt8] = []
        guard let lines, case .object(let members) = record else {
            record.encode(into: &out)
            return PageOutput(isError: record.isErrorRecord, bytes: out)
        }
        out.reserveCapacity(lines.count + 1024)
        var keys = Array(members.keys)
        keys.append("lines")
        keys.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        out.append(UInt8(ascii: "{"))
        for (i, key) in keys.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            PageText.appendString(key, into: &out)
            out.append(UInt8(ascii: ":"))
            if key == "lines" {
                out.append(contentsOf: lines)
            } else {
                members[key]!.encode(into: &out)
            }
        }
        out.append(UInt8(ascii: "}"))
        return PageOutput(isError: record.isErrorRecord, bytes: out)
    }
}

/// Produces page records on one thread. It keeps the last PDF it opened (one poppler document per
/// worker thread), so consecutive pages of a document share it. Not Sendable: one per thread.
public final class PageWorker {
    let options: IngestOptions
    private var open: (path: String, document: PDFDocument)?
    /// The last raster band surface, reused by the next page of the same size.
    private let bands = BandCache()
    /// The survey surface of the code search (PDFCodes), kept for the next page of the same size.
    let codeBands = BandCache()
    /// The content scan (qpdf) of the last PDF whose codes were looked for; nil scan when qpdf cannot read it.
    var contentScan: (path: String, scan: ContentScan?)?
    /// The content measure (qpdf) of the last PDF, for --max-page-content; nil size when qpdf cannot read it.
    var contentSize: (path: String, size: PageContentSize?)?
    /// The memory of the visible-text check (its canvas, its digit glyphs), kept for the next page.
    private let visibleMemory = VisibleText.Memory()
    /// The encoded "lines" of the page being worked on.
    private var lines: [UInt8]?

    public init(options: IngestOptions) { self.options = options }

    /// The record for one task, encoded (never throws: a failure becomes an error record).
    public func run(_ task: PageTask) -> PageOutput {
        switch task {
        case .record(let record): return PageOutput.encode(record)
        case .page(let info, let index):
            lines = nil
            defer { lines = nil }
            var record = info.baseRecord(page: index + 1)
            if index == 0 {
                if let attachments = info.attachments { record.attachments = attachments }
                for warning in info.warnings { record.addWarning(warning) }
            }
            do {
                switch info.media {
                case .pdf: try pdfPage(info, index: index, into: &record)
                case .image: try imagePage(info, index: index, into: &record)
                }
                return PageOutput.encode(record.json, lines: lines)
            } catch {
                return PageOutput.encode(record.markedAsError(error, tool: InputStream.tool).json)
            }
        }
    }

    private func document(_ info: DocumentInfo) throws(ToolError) -> PDFDocument {
        if let open, open.path == info.item.path { return open.document }
        self.open = nil
        do {
            let document = try PDFDocument.open(path: info.item.path, password: options.password)
            open = (info.item.path, document)
            return document
        } catch {
            throw ToolError(
                .record, code: "pdf_damaged", "'\(info.item.source)' cannot be opened again: it changed or is damaged")
        }
    }

    // MARK: PDF pages

    private func pdfPage(_ info: DocumentInfo, index: Int, into record: inout PageRecord) throws(ToolError) {
        try checkContentSize(info, index: index)  // before poppler: its work grows with the page's content
        let pdf = try document(info)
        guard let page = pdf.page(index) else {
            throw ToolError(
                .record, code: "pdf_damaged",
                "page \(index + 1) of '\(info.item.source)' cannot be read: the page object is damaged")
        }
        let (w, h) = page.size
        guard w > 0, h > 0, w.isFinite, h.isFinite else {
            throw ToolError(.record, code: "pdf_damaged", "page \(index + 1) of '\(info.item.source)' has no usable page size")
        }
        record.size = [w, h]
        let raw = page.textLayer()
        var text = PageText(raw: raw, width: w, height: h)
        var usable = text.isUsable
        if usable, !text.isPriorOCR, text.goodCharacters < PageText.scanOverlayCharacters, page.imageCoverage() >= 0.5 {
            // A scan with a few characters of real text on top (a stamp, a page number, a file name):
            // the page's content is in the image, so it goes to OCR.
            usable = false
        }
        // A word counts only where the rendered page shows it (VisibleText); words hidden over a picture make
        // the page a scan with a text layer that is not what it shows: the picture is read instead.
        let visible = VisibleText.check(
            text, page: page, raw: raw, width: w, height: h, priorOCR: text.isPriorOCR, memory: visibleMemory)
        if visible.overPicture { usable = false }
        text = text.removing(visible.hiddenCharacters)
        if text.rotation != 0 {
            if usable {
                // Boxes are in the turned page's frame; pp-extract reads them as a reader would.
                record.size = [text.frameSize.width, text.frameSize.height]
                record.textRotation = text.rotation
            } else {
                // OCR reads the page image as displayed: its boxes and size stay in that frame.
                text = PageText(raw: raw, width: w, height: h, turn: false).removing(visible.hiddenCharacters)
            }
        }
        for warning in HiddenWord.warnings(
            visible.hidden, raw: raw, frame: text.rotation / 90, width: w, height: h, page: index + 1,
            source: info.item.source)
        {
            // The warning's own members (its `words`) pass through as the warning's unknown ones.
            if let warning = RecordWarning(member: warning) { record.addWarning(warning) }
        }
        if text.lines.isEmpty, text.allCharacters == 0 {
            let fallback = page.lineText().unicodeScalars.filter {
                !$0.properties.isWhitespace && !RawTextLayer.isDirectionMark($0)
            }
            if !fallback.isEmpty {
                record.addWarning(
                    RecordWarning(
                        code: "text_unplaced",
                        message:
                            "page \(index + 1) of '\(info.item.source)' has \(fallback.count) characters of text that poppler cannot place on the page; the page goes to OCR"
                    ))
            }
        }
        if !text.lines.isEmpty {
            var encoded: [UInt8] = []
            text.encodedJSON(into: &encoded)
            lines = encoded
        }
        if usable {
            record.textSource = .pdf
            record.textLayer = text.isPriorOCR ? .ocr : .digital
        } else {
            record.textSource = .awaitingOCR
        }
        if options.rasterAll || !usable {
            let (image, rendered) = try raster(page, info: info, index: index, width: w, height: h, record: &record)
            record.image = image
            if options.codes, !usable, let path = image.path, let dpi = image.dpi, let pixels = rendered ?? reread(path: path) {
                imageCodes(pixels, pointsPerPixel: 72 / Double(dpi), into: &record)
            }
        }
        if options.codes, usable {
            pdfCodes(page, info: info, index: index, width: w, height: h, raw: raw, rotation: text.rotation, into: &record)
        }
        if let thumbWidth = options.thumbnailWidth {
            let path = info.folder(options) + "/p\(index + 1)-thumb\(thumbWidth).png"
            let thumbHeight = max(1, Int((h * Double(thumbWidth) / w).rounded()))
            if pngSize(path: path) == nil {
                guard
                    let image = Image.render(
                        page, width: thumbWidth, height: thumbHeight, scale: Double(thumbWidth) / w, color: true,
                        dpi: max(1, Int((72 * Double(thumbWidth) / w).rounded())))
                else {
                    throw ToolError(
                        .record, code: "render_failed", "page \(index + 1) of '\(info.item.source)': cannot render the thumbnail")
                }
                try WorkFolder.write(image, to: path, compression: 6)
            }
            record.thumbnail = PageThumbnail(path: path, width: thumbWidth, height: thumbHeight)
        }
    }

    /// The resolution a page is rendered at: --dpi, lowered for huge pages to stay in the pixel
    /// budget and under cairo's size limit.
    static func effectiveDPI(width: Double, height: Double, dpi: Int, maxPixels: Int) -> Int {
        var d = dpi
        func pixels(_ d: Int) -> (Int, Int) {
            (Int((width * Double(d) / 72).rounded(.up)), Int((height * Double(d) / 72).rounded(.up)))
        }
        var (pw, ph) = pixels(d)
        if pw * ph > maxPixels || max(pw, ph) > IngestOptions.maxSide {
            let byArea = (Double(maxPixels) / (Double(pw) * Double(ph))).squareRoot()
            let bySide = Double(IngestOptions.maxSide) / Double(max(pw, ph))
            d = max(1, Int(Double(d) * min(byArea, bySide)))
            (pw, ph) = pixels(d)
            while d > 1, pw * ph > maxPixels || max(pw, ph) > IngestOptions.maxSide {
                d -= 1
                (pw, ph) = pixels(d)
            }
        }
        return d
    }

    /// The page's raster record value, and the image when it was rendered now (nil when reused).
    private func raster(
        _ page: PDFPage, info: DocumentInfo, index: Int, width w: Double, height h: Double, record: inout PageRecord
    ) throws(ToolError) -> (PageImage, Image?) {
        let dpi = Self.effectiveDPI(width: w, height: h, dpi: options.dpi, maxPixels: options.maxPixels)
        if dpi < options.dpi {
            record.addWarning(
                RecordWarning(
                    code: "dpi_lowered",
                    message:
                        "page \(index + 1) of '\(info.item.source)' is \(Int(w.rounded())) x \(Int(h.rounded())) pt: rendered at \(dpi) dpi instead of \(options.dpi) to stay within \(options.maxPixels / 1_000_000) megapixels"
                ))
        }
        let path = info.folder(options) + "/p\(index + 1)-\(dpi)dpi-\(options.color ? "color" : "gray").png"
        if let existing = pngSize(path: path) {
            return (PageImage(path: path, dpi: dpi, width: existing.width, height: existing.height), nil)
        }
        let pw = max(1, Int((w * Double(dpi) / 72).rounded(.up)))
        let ph = max(1, Int((h * Double(dpi) / 72).rounded(.up)))
        guard
            let image = Image.render(
                page, width: pw, height: ph, scale: Double(dpi) / 72, color: options.color, dpi: dpi, bands: bands)
        else {
            throw ToolError(
                .record, code: "render_failed",
                "page \(index + 1) of '\(info.item.source)': cannot render \(pw) x \(ph) pixels (out of memory?)")
        }
        try WorkFolder.write(image, to: path, compression: options.pngCompression)
        return (PageImage(path: path, dpi: dpi, width: pw, height: ph), image)
    }
}
