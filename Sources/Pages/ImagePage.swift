import CQPDF
import JPEGMarkers
import PPShared

#if canImport(Glibc)
    import Glibc
#endif

// Leptonica ownership (see Leptonica.swift for how it is loaded): pixRead returns a Pix the caller
// destroys with pixDestroy; conversions (pixRemoveColormap, pixConvertTo8) return new Pix objects,
// also destroyed here. Pixel data is copied out into Swift arrays before the Pix goes. Only
// accessor functions are used.

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
    /// multi-page TIFF); nil when the file is a PDF.
    static func load(path: String, name: String) throws(ToolError) -> [PageImage]? {
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
        guard let lept = Leptonica.load() else {
            throw ToolError(
                .record, code: "image_unsupported",
                "'\(name)' is not a PDF or a JPEG, and leptonica (liblept) is not installed to read other images")
        }
        _ = lept.setMsgSeverity(Leptonica.severityNone)
        let isTIFF = head.starts(with: [0x49, 0x49, 0x2A, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2A])
        var count: Int32 = 1
        if isTIFF, let file = fopen(path, "rb") {
            if lept.tiffGetCount(file, &count) != 0 || count < 1 { count = 1 }
            fclose(file)
        }
        var pages: [PageImage] = []
        for n in 0..<count {
            guard let pix = isTIFF ? lept.pixReadTiff(path, n) : lept.pixRead(path) else {
                throw ToolError(
                    .record, code: "file_unsupported",
                    n == 0
                        ? "'\(name)' is neither a PDF nor an image leptonica can read"
                        : "page \(n + 1) of the TIFF '\(name)' cannot be read")
            }
            pages.append(try convert(pix, lept: lept, name: name))
        }
        return pages
    }

    /// Copies a Pix's pixels out as PDF samples (gray, RGB or 1-bit); destroys the Pix.
    private static func convert(_ read: Leptonica.Pix, lept: Leptonica, name: String) throws(ToolError) -> PageImage {
        var owned: [Leptonica.Pix] = [read]
        defer {
            for p in owned {
                var q: Leptonica.Pix? = p
                lept.pixDestroy(&q)
            }
        }
        var work = read
        if lept.pixGetColormap(work) != nil, let p = lept.pixRemoveColormap(work, Leptonica.removeColormapBasedOnSource) {
            owned.append(p)
            work = p
        }
        var depth = Int(lept.pixGetDepth(work))
        if depth != 1, depth != 8, depth != 32, let p = lept.pixConvertTo8(work, 0) {
            owned.append(p)
            work = p
            depth = 8
        }
        guard depth == 1 || depth == 8 || depth == 32 else {
            throw ToolError(.record, code: "image_unsupported", "'\(name)' has \(depth)-bit pixels that cannot be converted")
        }
        let w = Int(lept.pixGetWidth(work))
        let h = Int(lept.pixGetHeight(work))
        let wpl = Int(lept.pixGetWpl(work))
        let hasAlpha = depth == 32 && lept.pixGetSpp(work) == 4
        guard let data = lept.pixGetData(work) else {
            throw ToolError(.record, code: "image_unreadable", "'\(name)' has no pixel data")
        }
        var samples: [UInt8] = []
        if depth == 32 {
            samples.reserveCapacity(w * h * 3)
            for y in 0..<h {
                let row = data + y * wpl
                for x in 0..<w {
                    let p = row[x]
                    var r = (p >> 24) & 0xFF
                    var g = (p >> 16) & 0xFF
                    var b = (p >> 8) & 0xFF
                    if hasAlpha {
                        // Composite over white paper.
                        let a = p & 0xFF
                        r = (r * a + 255 * (255 - a) + 127) / 255
                        g = (g * a + 255 * (255 - a) + 127) / 255
                        b = (b * a + 255 * (255 - a) + 127) / 255
                    }
                    samples.append(UInt8(r))
                    samples.append(UInt8(g))
                    samples.append(UInt8(b))
                }
            }
        } else {
            // Leptonica keeps pixels big-endian inside 32-bit words: byte k of a row is word k/4, from the top.
            let rowBytes = (w * depth + 7) / 8
            samples.reserveCapacity(rowBytes * h)
            for y in 0..<h {
                let row = data + y * wpl
                for k in 0..<rowBytes {
                    samples.append(UInt8((row[k >> 2] >> UInt32(24 - 8 * (k & 3))) & 0xFF))
                }
            }
        }
        let xres = Double(lept.pixGetXRes(work))
        let yres = Double(lept.pixGetYRes(work))
        return PageImage(
            width: w, height: h, components: depth == 32 ? 3 : 1, bitsPerComponent: depth == 1 ? 1 : 8,
            dpi: xres > 0 && yres > 0 ? (xres, yres) : nil, rotation: 0, samples: .raw(samples), invert: depth == 1)
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
func pdfNumber(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let whole = hundredths / 100
    let frac = abs(hundredths % 100)
    let sign = hundredths < 0 && whole == 0 ? "-" : ""
    if frac == 0 { return "\(sign)\(whole)" }
    return frac % 10 == 0 ? "\(sign)\(whole).\(frac / 10)" : "\(sign)\(whole).\(frac < 10 ? "0" : "")\(frac)"
}
