import CCairo
import CPoppler
import Foundation

// The one owner of poppler-glib and cairo objects (pp-ingest renders and reads pages with it, the review
// pictures of pp-extract render born-digital pages with it). Ownership rules, written once:
// - `PDFDocument` owns one PopplerDocument reference and `PDFPage` one PopplerPage reference; each
//   `deinit` calls g_object_unref. Neither is Sendable: poppler documents are not thread-safe, so a
//   worker thread opens its own document and never shares it.
// - `CairoImage` owns one cairo image surface (cairo_surface_destroy in deinit).
// - A GError goes through `GLibCall`, which copies its message and frees it exactly once.
// - Every string poppler hands out (`g_free` kind) is copied into a Swift String at once and freed.

/// Why a PDF could not be opened.
public enum PDFOpenFailure: Error, Sendable, Equatable {
    /// The document needs a password and none, or a wrong one, was given.
    case encrypted
    /// Poppler could not make sense of the file, even after trying to repair it.
    case damaged(String)
}

/// An open PDF (poppler_document_new_from_file).
public final class PDFDocument {
    public let handle: OpaquePointer

    /// Opens the file at `path` (relative paths are fine); an empty user password opens silently.
    public init(path: String, password: String?) throws(PDFOpenFailure) {
        PopplerGlobals.keep()
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let uri = GLibCall.run { g_filename_to_uri(absolute, nil, &$0) }
        guard case .success(let cURI) = uri else {
            throw .damaged(uri.fault?.message ?? "not a usable file name")
        }
        defer { g_free(cURI) }
        switch GLibCall.run({ poppler_document_new_from_file(cURI, password, &$0) }) {
        case .success(let doc): handle = doc
        case .failure(let fault):
            if fault.domain == poppler_error_quark(), fault.code == Int32(POPPLER_ERROR_ENCRYPTED.rawValue) {
                throw .encrypted
            }
            throw .damaged(fault.message ?? "unknown fault")
        }
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
                GLibCall.succeeded { poppler_attachment_save(att, target, &$0) }
            }
            result.append(item)
            index += 1
        }
        return result
    }
}

/// Poppler's global parameters (GlobalParams: its tables of encodings, CMaps and fonts) live while some
/// document is open: made anew for a document opened after the last one closed, and torn down when that
/// one closes. A run opens its PDFs one after the other (each twice: counted, then read), so they were
/// built 60 times for 30 PDFs (1.8 M instructions each, and as much again to free them). A one-page
/// document made from bytes and never closed keeps them for the process; they hold no document's state.
enum PopplerGlobals {
    /// The document kept open (nil when poppler refused it: then nothing is kept).
    private nonisolated(unsafe) static let keeper: OpaquePointer? = {
        var pdf = "%PDF-1.4\n"
        var offsets: [Int] = []
        for object in [
            "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 1 1] >>",
        ] {
            offsets.append(pdf.utf8.count)
            pdf += "\(offsets.count) 0 obj\n\(object)\nendobj\n"
        }
        let xref = pdf.utf8.count
        pdf += "xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n"
        for offset in offsets {
            let digits = String(offset)
            pdf += String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n"
        }
        pdf += "trailer\n<< /Size \(offsets.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        let bytes = Array(pdf.utf8)
        let data = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(data) }
        return poppler_document_new_from_bytes(data, nil, nil)
    }()

    /// Keeps poppler's global parameters from now on (cheap after the first call).
    static func keep() { _ = keeper }
}

/// One page of an open PDF (PopplerPage).
public final class PDFPage {
    public let handle: OpaquePointer

    init(handle: OpaquePointer) { self.handle = handle }
    deinit { g_object_unref(gpointer(handle)) }

    /// The page size in points as displayed, /Rotate applied (poppler_page_get_size swaps for 90/270).
    public var size: (width: Double, height: Double) {
        var w = 0.0
        var h = 0.0
        poppler_page_get_size(handle, &w, &h)
        return (w, h)
    }

    /// Renders the page into a white cairo RGB24 image `width` x `height` pixels at `scale` pixels per
    /// point (poppler_page_render). The caller owns the returned surface.
    /// `offsetY` renders the band of the page that starts that many pixels down, `offsetX` the part
    /// that starts that many pixels right (a crop).
    /// `reuse` is a surface of a previous render with the same size, painted over instead of
    /// allocating a fresh one (saves page faults on every page of a batch).
    public func render(width: Int, height: Int, scale: Double, offsetX: Int = 0, offsetY: Int = 0, reuse: CairoImage? = nil)
        -> CairoImage?
    {
        let image: CairoImage
        if let reuse, reuse.width == width, reuse.height == height {
            image = reuse
            cairo_surface_mark_dirty(image.surface)
        } else {
            guard let fresh = CairoImage(width: width, height: height, white: false) else { return nil }
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
public final class CairoImage {
    public let surface: OpaquePointer
    public let width: Int
    public let height: Int

    /// A new surface of `width` x `height` pixels, painted white unless the caller paints every pixel itself
    /// (`white: false`); nil when cairo cannot make it.
    public convenience init?(width: Int, height: Int, white: Bool = true) {
        self.init(taking: cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)))
        if white {
            let cr = cairo_create(surface)
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_paint(cr)
            cairo_destroy(cr)
        }
    }

    /// Takes ownership of `surface` (cairo_image_surface_create, …_create_from_png); nil, and the surface
    /// destroyed, when cairo reports a fault in it (cairo_surface_status: the checking funnel of cairo).
    public init?(taking surface: OpaquePointer?) {
        guard let surface else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        self.surface = surface
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
    }

    deinit { cairo_surface_destroy(surface) }

    public var stride: Int { Int(cairo_image_surface_get_stride(surface)) }
    public var data: UnsafeMutablePointer<UInt8>? { cairo_image_surface_get_data(surface) }
}

/// The one checking funnel for GLib-style calls (poppler-glib): runs `call` with a GError slot and gives
/// its result, or the fault it reported, the GError freed exactly once.
public enum GLibCall {
    /// A GError copied out: its domain, code and message (all empty when the call failed without one).
    public struct Fault: Error, Sendable {
        public let domain: GQuark
        public let code: Int32
        public let message: String?
    }

    public static func run<T>(_ call: (inout UnsafeMutablePointer<GError>?) -> T?) -> Result<T, Fault> {
        var error: UnsafeMutablePointer<GError>?
        let value = call(&error)
        let fault = error.map {
            Fault(domain: $0.pointee.domain, code: $0.pointee.code, message: $0.pointee.message.map { String(cString: $0) })
        }
        if error != nil { g_error_free(error) }
        if let value { return .success(value) }
        return .failure(fault ?? Fault(domain: 0, code: 0, message: nil))
    }

    /// For calls that answer with a gboolean: whether it succeeded.
    public static func succeeded(_ call: (inout UnsafeMutablePointer<GError>?) -> gboolean) -> Bool {
        if case .success = run({ call(&$0) != 0 ? true : nil }) { return true }
        return false
    }
}

extension Result where Failure == GLibCall.Fault {
    /// The fault, nil on success.
    public var fault: GLibCall.Fault? {
        if case .failure(let fault) = self { return fault }
        return nil
    }
}
