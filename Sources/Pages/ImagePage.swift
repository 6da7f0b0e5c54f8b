import CQPDF
import JPEGMarkers
import PPShared
import PixImage

#if canImport(Glibc)
    import Glibc
#endif

// Images other than JPEG are decoded by PixImage (leptonica, bound only when such an image is
// inserted, so an edit without one never maps it); their pixels are copied out before the image goes.

/// An image ready to become a PDF page: either JPEG bytes kept as they are, or raw samples.
struct PageImage {
    enum Samples {
        /// The JPEG file's bytes, embedded with /DCTDecode untouched.
        case jpeg([UInt8], adobe: Bool)
        /// Uncompressed samples, row by row; qpdf compresses them (Flate) when writing.
        case raw([UInt8])
    }

    var width: Int
    var height: Int
    /// 1 (gray), 3 (RGB) or 4 (CMYK).
    var components: Int
    var bitsPerComponent: Int
    /// Dots per inch, when the file says.
    var dpi: (x: Double, y: Double)?
    /// Clockwise turn needed to show the image upright (EXIF orientation): 0, 90, 180, 270.
    var rotation: Int
    var samples: Samples
    /// 1-bit leptonica images store 1 = black; PDF gray stores 0 = black.
    var invert = false

    /// Reads a JPEG (by its markers, no decoding) or any image leptonica reads (every page of a
    /// multi-page TIFF); nil when the file is a PDF. With `straighten`, a photo of a sheet on a desk
    /// becomes the sheet (PhotoPage.swift).
    static func load(path: String, name: String, straighten: Straightening? = nil) throws(ToolError) -> [PageImage]? {
        guard let head = readFile(path, limit: 1024) else {
            throw ToolError(.record, code: "file_missing", "'\(name)' cannot be read: \(systemErrorText(errno))")
        }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) {
            guard let bytes = readFile(path) else {
                throw ToolError(.record, code: "file_missing", "'\(name)' cannot be read: \(systemErrorText(errno))")
            }
            guard let info = JPEGHeader(bytes), let frame = info.frame else {
                throw ToolError(.record, code: "image_unreadable", "'\(name)' looks like a JPEG but its header is damaged")
            }
            guard frame.bitsPerComponent == 8, [1, 3, 4].contains(frame.components) else {
                throw ToolError(
                    .record, code: "image_unsupported",
                    "'\(name)' is a \(frame.bitsPerComponent)-bit JPEG with \(frame.components) components; PDF takes 8-bit gray, RGB or CMYK"
                )
            }
            if let straighten, let sheet = straightenedJPEG(path: path, header: info, frame: frame, straighten) {
                return [sheet]
            }
            return [
                PageImage(
                    width: frame.width, height: frame.height, components: frame.components, bitsPerComponent: 8,
                    dpi: info.dpi, rotation: info.clockwiseTurn, samples: .jpeg(bytes, adobe: info.adobe))
            ]
        }
        // A PDF's header may follow some bytes of junk; readers look in the first 1024.
        let pdfMagic = Array("%PDF-".utf8)
        if head.count >= pdfMagic.count,
            (0...(head.count - pdfMagic.count)).contains(where: { head[$0..<$0 + pdfMagic.count].elementsEqual(pdfMagic) })
        {
            return nil
        }
        guard PixImage.isAvailable else {
            throw ToolError(
                .record, code: "image_unsupported",
                "'\(name)' is not a PDF or a JPEG, and leptonica (liblept) is not installed to read other images")
        }
        let isTIFF = head.starts(with: [0x49, 0x49, 0x2A, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2A])
        var count = 1
        if isTIFF, let file = fopen(path, "rb") {
            if let frames = ImageHeader.probe(file)?.frames, frames > 1 { count = frames }
            fclose(file)
        }
        var pages: [PageImage] = []
        for n in 0..<count {
            guard let image = PixImage.decode(path: path, tiffFrame: isTIFF ? n : nil) else {
                throw ToolError(
                    .record, code: "file_unsupported",
                    n == 0
                        ? "'\(name)' is neither a PDF nor an image leptonica can read"
                        : "page \(n + 1) of the TIFF '\(name)' cannot be read")
            }
            pages.append(try convert(straighten.flatMap { straightenedSheet(image, $0) } ?? image, name: name))
        }
        return pages
    }

    /// The image's pixels as PDF samples: gray, RGB (alpha composited over white) or 1-bit.
    private static func convert(_ read: PixImage, name: String) throws(ToolError) -> PageImage {
        var image = read.withoutColormap() ?? read
        if ![1, 8, 32].contains(image.depth), let gray = image.convertedTo8() { image = gray }
        let depth = image.depth
        guard [1, 8, 32].contains(depth) else {
            throw ToolError(.record, code: "image_unsupported", "'\(name)' has \(depth)-bit pixels that cannot be converted")
        }
        guard let samples = image.packedSamples() else {
            throw ToolError(.record, code: "image_unreadable", "'\(name)' has no pixel data")
        }
        let (xres, yres) = (Double(image.resolution), Double(image.verticalResolution))
        return PageImage(
            width: image.width, height: image.height, components: depth == 32 ? 3 : 1,
            bitsPerComponent: depth == 1 ? 1 : 8, dpi: xres > 0 && yres > 0 ? (xres, yres) : nil, rotation: 0,
            samples: .raw(samples), invert: depth == 1)
    }

    /// Builds the page in `doc` (not yet in its page tree) and returns its indirect handle.
    ///
    /// Size: the image at its resolution, scaled down to fit `fit` (the first page of the document)
    /// when it is larger or has no resolution.
    func makePage(in doc: QPDFDocument, fit: (width: Double, height: Double)) throws(ToolError) -> qpdf_oh {
        let q = doc.handle
        var pw: Double
        var ph: Double
        if let dpi, dpi.x >= 10, dpi.y >= 10 {
            pw = Double(width) * 72 / dpi.x
            ph = Double(height) * 72 / dpi.y
        } else {
            pw = Double.infinity
            ph = Double.infinity
        }
        let turned = rotation == 90 || rotation == 270
        let (shownW, shownH) = turned ? (ph, pw) : (pw, ph)
        if !(shownW <= fit.width && shownH <= fit.height) {
            // Fit the upright image inside the reference page, keeping its aspect ratio.
            let aspect = Double(width) / Double(height)  // of the stored image
            let shownAspect = turned ? 1 / aspect : aspect
            var w = fit.width
            var hh = fit.width / shownAspect
            if hh > fit.height {
                hh = fit.height
                w = fit.height * shownAspect
            }
            (pw, ph) = turned ? (hh, w) : (w, hh)
        }
        let image = qpdf_oh_new_stream(q)
        switch samples {
        case .jpeg(let bytes, _):
            bytes.withUnsafeBytes { buf in
                qpdf_oh_replace_stream_data(
                    q, image, buf.baseAddress!.assumingMemoryBound(to: UInt8.self), buf.count, doc.newName("/DCTDecode"),
                    doc.newNull())
            }
        case .raw(let bytes):
            bytes.withUnsafeBytes { buf in
                qpdf_oh_replace_stream_data(
                    q, image, buf.baseAddress!.assumingMemoryBound(to: UInt8.self), buf.count, doc.newNull(),
                    doc.newNull())
            }
        }
        try doc.check("embed the image")
        let dict = qpdf_oh_get_dict(q, image)
        doc.set(dict, "/Type", doc.newName("/XObject"))
        doc.set(dict, "/Subtype", doc.newName("/Image"))
        doc.set(dict, "/Width", doc.newInteger(width))
        doc.set(dict, "/Height", doc.newInteger(height))
        doc.set(dict, "/BitsPerComponent", doc.newInteger(bitsPerComponent))
        let space = components == 1 ? "/DeviceGray" : components == 3 ? "/DeviceRGB" : "/DeviceCMYK"
        doc.set(dict, "/ColorSpace", doc.newName(space))
        if case .jpeg(_, let adobe) = samples, adobe, components == 4 {
            // Adobe's CMYK JPEGs store inverted values.
            doc.set(dict, "/Decode", try doc.parse("[1 0 1 0 1 0 1 0]"))
        }
        if invert { doc.set(dict, "/Decode", try doc.parse("[1 0]")) }

        let w = pdfNumber(pw)
        let h = pdfNumber(ph)
        let content = Array("q \(w) 0 0 \(h) 0 0 cm /Im0 Do Q\n".utf8)
        let stream = qpdf_oh_new_stream(q)
        content.withUnsafeBytes { buf in
            qpdf_oh_replace_stream_data(
                q, stream, buf.baseAddress!.assumingMemoryBound(to: UInt8.self), buf.count, doc.newNull(), doc.newNull())
        }
        let page = try doc.parse("<< /Type /Page /MediaBox [0 0 \(w) \(h)] /Resources << /XObject << >> >> >>")
        if let resources = doc.key(page, "/Resources"), let xobjects = doc.key(resources, "/XObject") {
            doc.set(xobjects, "/Im0", image)
        }
        doc.set(page, "/Contents", stream)
        if rotation != 0 { doc.set(page, "/Rotate", doc.newInteger(rotation)) }
        let indirect = qpdf_make_indirect_object(q, page)
        try doc.check("build the image page")
        return indirect
    }
}

/// A number for PDF syntax with at most 2 decimals, independent of the locale.
func pdfNumber(_ value: Double) -> String { PDFNumber.text(value, places: 2) }
