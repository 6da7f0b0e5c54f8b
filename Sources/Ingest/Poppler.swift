import CCairo
import CPoppler
import Foundation
import PPShared

// Ownership rules for this file, written once:
// - `PDFDocument` owns one PopplerDocument reference and `PDFPage` one PopplerPage reference; each
//   `deinit` calls g_object_unref. Neither is Sendable: poppler documents are not thread-safe, so a
//   worker thread opens its own document and never shares it.
// - Every string poppler hands out (`g_free` kind) is copied into a Swift String at once and freed.
// - GLists of attachments / text attributes are freed with their own free functions before returning.

/// Why a PDF could not be opened.
public enum PDFOpenFailure: Error, Sendable, Equatable {
    /// The document needs a password and none, or a wrong one, was given.
    case encrypted
    /// Poppler could not make sense of the file, even after trying to repair it.
    case damaged(String)
}

/// An open PDF (poppler_document_new_from_file).
public final class PDFDocument {
    let handle: OpaquePointer

    /// Opens the file at `path` (relative paths are fine); an empty user password opens silently.
    public init(path: String, password: String?) throws(PDFOpenFailure) {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        var error: UnsafeMutablePointer<GError>?
        guard let cURI = g_filename_to_uri(absolute, nil, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "not a usable file name"
            if error != nil { g_error_free(error) }
            throw .damaged(message)
        }
        defer { g_free(cURI) }
        guard let doc = poppler_document_new_from_file(cURI, password, &error) else {
            defer { if error != nil { g_error_free(error) } }
            if let error, error.pointee.domain == poppler_error_quark(),
                error.pointee.code == Int32(POPPLER_ERROR_ENCRYPTED.rawValue)
            {
                throw .encrypted
            }
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown fault"
            throw .damaged(message)
        }
        handle = doc
    }

    deinit { g_object_unref(gpointer(handle)) }

    /// Opens `path` as a reader would: with the empty user password first (which opens most
    /// "encrypted" PDFs silently), then with `password` when one is given.
    public static func open(path: String, password: String?) throws(PDFOpenFailure) -> PDFDocument {
        do {
            return try PDFDocument(path: path, password: nil)
        } catch .encrypted where password != nil {
            return try PDFDocument(path: path, password: password)
        }
    }

    /// poppler_document_get_n_pages.
    public var pageCount: Int { Int(poppler_document_get_n_pages(handle)) }

    /// The page at 0-based `index` (poppler_document_get_page), nil when poppler cannot load it.
    public func page(_ index: Int) -> PDFPage? {
        guard let page = poppler_document_get_page(handle, Int32(index)) else { return nil }
        return PDFPage(handle: page)
    }

    /// One embedded file of the document.
    public struct Attachment: Sendable {
        public let name: String
        public let description: String?
        public let size: Int
    }

    /// The embedded files (poppler_document_get_attachments); `save` is called with each attachment's
    /// index and a file path to write to while the poppler objects are still alive.
    public func attachments(save: (Int, Attachment, (String) -> Bool) -> Void) -> [Attachment] {
        guard poppler_document_has_attachments(handle) != 0 else { return [] }
        guard let list = poppler_document_get_attachments(handle) else { return [] }
        defer {
            var node: UnsafeMutablePointer<GList>? = list
            while let n = node {
                if let data = n.pointee.data { g_object_unref(data) }
                node = n.pointee.next
            }
            g_list_free(list)
        }
        var result: [Attachment] = []
        var node: UnsafeMutablePointer<GList>? = list
        var index = 0
        while let n = node {
            node = n.pointee.next
            guard let data = n.pointee.data else { continue }
            let att = data.assumingMemoryBound(to: PopplerAttachment.self)
            let name = att.pointee.name.map { String(cString: $0) } ?? "attachment-\(index + 1)"
            let desc = att.pointee.description.map { String(cString: $0) }
            let item = Attachment(
                name: name, description: desc?.isEmpty == true ? nil : desc, size: Int(truncatingIfNeeded: att.pointee.size))
            save(index, item) { target in
                var error: UnsafeMutablePointer<GError>?
                let ok = poppler_attachment_save(att, target, &error) != 0
                if error != nil { g_error_free(error) }
                return ok
            }
            result.append(item)
            index += 1
        }
        return result
    }
}

/// One page of an open PDF (PopplerPage).
public final class PDFPage {
    let handle: OpaquePointer

    init(handle: OpaquePointer) { self.handle = handle }
    deinit { g_object_unref(gpointer(handle)) }

    /// The page size in points as displayed, /Rotate applied (poppler_page_get_size swaps for 90/270).
    public var size: (width: Double, height: Double) {
        var w = 0.0
        var h = 0.0
        poppler_page_get_size(handle, &w, &h)
        return (w, h)
    }

    /// The raw text layer: the page text (poppler_page_get_text), one rectangle per Unicode scalar of
    /// it (poppler_page_get_text_layout) and the font runs (poppler_page_get_text_attributes). Poppler
    /// extracts the text once per page object and serves all three from that.
    public func textLayer() -> RawTextLayer {
        guard let cText = poppler_page_get_text(handle) else { return RawTextLayer(scalars: [], rects: [], fonts: []) }
        let text = String(cString: cText)
        g_free(cText)
        var rects: UnsafeMutablePointer<PopplerRectangle>?
        var count: guint = 0
        var boxes: [RawTextLayer.Rect] = []
        if poppler_page_get_text_layout(handle, &rects, &count) != 0, let rects {
            boxes.reserveCapacity(Int(count))
            for i in 0..<Int(count) {
                let r = rects[i]
                boxes.append(RawTextLayer.Rect(x0: r.x1, y0: r.y1, x1: r.x2, y1: r.y2))
            }
            g_free(rects)
        }
        var fonts: [RawTextLayer.FontRun] = []
        if let list = poppler_page_get_text_attributes(handle) {
            var node: UnsafeMutablePointer<GList>? = list
            while let n = node {
                if let data = n.pointee.data {
                    let a = data.assumingMemoryBound(to: PopplerTextAttributes.self).pointee
                    fonts.append(
                        RawTextLayer.FontRun(
                            start: Int(a.start_index), end: Int(a.end_index),
                            name: a.font_name.map { String(cString: $0) } ?? "", size: a.font_size))
                }
                node = n.pointee.next
            }
            poppler_page_free_text_attributes(list)
        }
        var scalars = Array(text.unicodeScalars)
        if scalars.count != boxes.count {
            // Bidirectional text: get_text adds direction marks (U+202A...) that have no rectangle.
            let stripped = scalars.filter { !RawTextLayer.isDirectionMark($0) }
            if stripped.count == boxes.count {
                // Font runs index the original text; map them onto the stripped one.
                var map = [Int](repeating: 0, count: scalars.count + 1)
                var k = 0
                for (i, c) in scalars.enumerated() {
                    map[i] = k
                    if !RawTextLayer.isDirectionMark(c) { k += 1 }
                }
                map[scalars.count] = k
                fonts = fonts.map {
                    RawTextLayer.FontRun(
                        start: map[min($0.start, scalars.count)], end: map[min($0.end, scalars.count)], name: $0.name,
                        size: $0.size)
                }
                scalars = stripped
            }
        }
        return RawTextLayer(scalars: scalars, rects: boxes, fonts: fonts)
    }

    /// The page's text selected line by line (poppler_page_get_selected_text, LINE style). Poppler's
    /// glyph selection, which the layout needs, comes back empty on some rotated pages; this shows
    /// whether there was text all the same.
    public func lineText() -> String {
        let (w, h) = size
        var rect = PopplerRectangle(x1: 0, y1: 0, x2: w, y2: h)
        guard let c = poppler_page_get_selected_text(handle, POPPLER_SELECTION_LINE, &rect) else { return "" }
        defer { g_free(c) }
        return String(cString: c)
    }

    /// The share of the page area covered by images (poppler_page_get_image_mapping), 0...1.
    public func imageCoverage() -> Double {
        let (w, h) = size
        guard w > 0, h > 0, let list = poppler_page_get_image_mapping(handle) else { return 0 }
        defer { poppler_page_free_image_mapping(list) }
        var covered = 0.0
        var node: UnsafeMutablePointer<GList>? = list
        while let n = node {
            if let data = n.pointee.data {
                let a = data.assumingMemoryBound(to: PopplerImageMapping.self).pointee.area
                let x0 = max(0, min(a.x1, a.x2))
                let x1 = min(max(w, h), max(a.x1, a.x2))
                let y0 = max(0, min(a.y1, a.y2))
                let y1 = min(max(w, h), max(a.y1, a.y2))
                if x1 > x0, y1 > y0 { covered += (x1 - x0) * (y1 - y0) }
            }
            node = n.pointee.next
        }
        return min(1, covered / (w * h))
    }

    /// Renders the page into a white cairo RGB24 image `width` x `height` pixels at `scale` pixels per
    /// point (poppler_page_render). The caller owns the returned surface.
    /// `offsetY` renders the band of the page that starts that many pixels down, `offsetX` the part
    /// that starts that many pixels right (a crop).
    /// `reuse` is a surface of a previous render with the same size, painted over instead of
    /// allocating a fresh one (saves page faults on every page of a batch).
    func render(width: Int, height: Int, scale: Double, offsetX: Int = 0, offsetY: Int = 0, reuse: CairoImage? = nil)
        -> CairoImage?
    {
        let image: CairoImage
        if let reuse, reuse.width == width, reuse.height == height {
            image = reuse
            cairo_surface_mark_dirty(image.surface)
        } else {
            guard let fresh = CairoImage(width: width, height: height) else { return nil }
            image = fresh
        }
        let cr = cairo_create(image.surface)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        if offsetX != 0 || offsetY != 0 { cairo_translate(cr, -Double(offsetX), -Double(offsetY)) }
        cairo_scale(cr, scale, scale)
        poppler_page_render(handle, cr)
        cairo_destroy(cr)
        cairo_surface_flush(image.surface)
        return image
    }
}

/// A cairo RGB24 image surface (cairo_image_surface_create), destroyed in deinit.
final class CairoImage {
    let surface: OpaquePointer
    let width: Int
    let height: Int

    init?(width: Int, height: Int) {
        guard let s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)) else { return nil }
        guard cairo_surface_status(s) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(s)
            return nil
        }
        surface = s
        self.width = width
        self.height = height
    }

    deinit { cairo_surface_destroy(surface) }

    var stride: Int { Int(cairo_image_surface_get_stride(surface)) }
    var data: UnsafeMutablePointer<UInt8>? { cairo_image_surface_get_data(surface) }
}

/// The text layer of a page exactly as poppler gives it.
public struct RawTextLayer: Sendable {
    public struct Rect: Sendable, Equatable {
        public var x0, y0, x1, y1: Double
    }
    public struct FontRun: Sendable {
        public let start: Int
        public let end: Int
        public let name: String
        public let size: Double
    }
    /// Unicode directional formatting characters (LRE, RLE, PDF, LRO, RLO, LRM, RLM, isolates).
    static func isDirectionMark(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    public let scalars: [Unicode.Scalar]
    public let rects: [Rect]
    public let fonts: [FontRun]

    public init(scalars: [Unicode.Scalar], rects: [Rect], fonts: [FontRun]) {
        self.scalars = scalars
        self.rects = rects
        self.fonts = fonts
    }
}

/// Whether a PDF's cross-reference table is where its trailer says. Poppler silently rebuilds a
/// broken one by scanning the file; this tells the user that the file is damaged even so.
public enum CrossReference {
    public static func isIntact(path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let size = try? handle.seekToEnd(), size > 0 else { return false }
        let tailLength = min(size, 2048)
        try? handle.seek(toOffset: size - tailLength)
        guard let tail = try? handle.read(upToCount: Int(tailLength)) else { return false }
        guard let marker = tail.range(of: Data("startxref".utf8), options: .backwards) else { return false }
        let digits = tail[marker.upperBound...].drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D }.prefix {
            $0 >= 0x30 && $0 <= 0x39
        }
        guard let offset = UInt64(String(decoding: digits, as: UTF8.self)), offset < size else { return false }
        try? handle.seek(toOffset: offset)
        guard let head = try? handle.read(upToCount: 32) else { return false }
        if head.starts(with: Data("xref".utf8)) { return true }
        // A cross-reference stream: "<num> <gen> obj".
        let text = String(decoding: head, as: UTF8.self)
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\r" })
        return parts.count >= 3 && Int(parts[0]) != nil && Int(parts[1]) != nil && parts[2].hasPrefix("obj")
    }
}
