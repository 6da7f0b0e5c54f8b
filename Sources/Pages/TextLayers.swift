import CQPDF
import PPShared
import Records

/// One page's invisible text from pp-ocr `--text-layer` (its record's `ocr.text_layer`).
public struct PageTextLayer: Sendable, Equatable {
    /// The page of the input PDF, from 1.
    public var page: Int
    /// Tesseract's text-only one-page PDF.
    public var pdf: [UInt8]
    /// Layer user space -> the page as pp-ingest gave it (points from its top left, y down).
    public var matrix: [Double]
    /// That page's size in points.
    public var size: [Double]

    public init(page: Int, pdf: [UInt8], matrix: [Double], size: [Double]) {
        self.page = page
        self.pdf = pdf
        self.matrix = matrix
        self.size = size
    }
}

/// `pp-pages --searchable RECORDS`: pp-ocr's records of the input PDF, each OCR'd page's text layer put
/// under the page's own content (`TextLayerPlacement`).
public enum TextLayers {
    /// The layers of `input`'s pages in the records of `path` ('-': stdin): records of another file, and
    /// pages read without --text-layer, are passed over; a page named twice keeps its last record.
    /// Nothing to put on the input is a usage error (the records are the edit's configuration).
    public static func read(records path: String, for input: String) throws(ToolError) -> [PageTextLayer] {
        let lines: LineReader
        do throws(ToolError) {
            lines = path == "-" ? LineReader(standardInputNamed: "stdin") : try LineReader(path: path)
        } catch {
            throw .usage(error.message)
        }
        let reader = JSONLinesReader(lines, tool: pagesCommand.name)
        var byPage: [Int: PageTextLayer] = [:]
        var otherSources: Set<String> = []
        while true {
            guard let next = try nextLine(reader, path: path) else { break }
            guard case .record(let json, let line) = next, let record = PageRecord(json), record.isPage else { continue }
            guard let source = record.source, source == input || sameFile(source, input) else {
                if let source = record.source { otherSources.insert(source) }
                continue
            }
            guard let page = record.page, let layer = record.ocr?.textLayer else { continue }
            guard let text = layer.pdf, let bytes = Base64.decode(text), let matrix = layer.matrixValues,
                let size = layer.size, size.count == 2,
                size.allSatisfy({ $0.isFinite && $0 > 0 })
            else {
                throw .usage(
                    "\(reader.lines.name) line \(line): page \(page)'s \"ocr\".\"text_layer\" is not pp-ocr's (pdf, matrix, size)"
                )
            }
            byPage[page] = PageTextLayer(page: page, pdf: bytes, matrix: matrix, size: size)
        }
        guard !byPage.isEmpty else {
            let others = otherSources.isEmpty ? "" : " (they are of \(otherSources.sorted().prefix(3).joined(separator: ", ")))"
            throw .usage(
                "--searchable \(path): no page record of '\(input)' with a text layer\(others); run pp-ocr --text-layer on pp-ingest's records of it"
            )
        }
        return byPage.keys.sorted().map { byPage[$0]! }
    }
}

/// The document an edit starts from: the input PDF; for a photo or an image scan, a new PDF of its pages,
/// each as `--insert-at` makes an image page. With `--searchable` the image goes in as it is: pp-ocr's text
/// layers are of the image as pp-ingest gave it, not of the sheet a photo shows.
func openPrimary(_ job: EditJob) throws(ToolError) -> QPDFDocument {
    let straighten: Straightening? = job.textLayers.isEmpty && !job.asIs ? Straightening(whiten: job.whiten) : nil
    guard !job.textLayers.isEmpty || PageImage.startsLikeImage(path: job.input),
        let images = try PageImage.load(path: job.input, name: job.input, straighten: straighten)
    else {
        return try QPDFDocument(path: job.input, name: job.input, password: job.password)
    }
    if job.inPlace {
        throw ToolError(
            .record, code: "bad_request",
            "--in-place would replace the image '\(job.input)' with a PDF; write the PDF with -o OUT.pdf")
    }
    let doc = try QPDFDocument(emptyNamed: job.input)
    for image in images {
        let page = try image.makePage(in: doc, fit: imagePageFit)
        _ = qpdf_add_page(doc.handle, doc.handle, page, QPDF_FALSE)
        try doc.check("add the image's page")
    }
    return doc
}

/// The page an image without a resolution (or larger) is fitted into: A4, as for a PDF without pages.
let imagePageFit = (width: 595.28, height: 841.89)
