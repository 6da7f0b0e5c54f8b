import CCairo
import CLeptonica
import Foundation
import Lexicons
import PDFRender
import PPShared
import PixImage
import Records

// Cairo surfaces, poppler documents and pages are owned by PDFRender; leptonica images by `PixImage`.
// None of these is Sendable: each is made, used and freed on one thread.

/// A page picture in memory: PDFRender's cairo RGB24 image.
typealias CairoPicture = CairoImage

extension CairoImage {
    /// Writes the picture as a PNG, whole or not at all: through leptonica at zlib level 1 (pixWrite),
    /// as pp-ingest writes its rasters. cairo_surface_write_to_png compresses at zlib's default level,
    /// which took four fifths of the time of a photo's page.
    func writePNG(to path: String) throws(ToolError) {
        let (width, height) = (self.width, self.height)
        guard let image = PixImage.make({ pixCreate(Int32(width), Int32(height), 32) }),
            let source = cairo_image_surface_get_data(surface)
        else { throw ToolError(.record, code: "write_failed", "cannot write '\(path)': out of memory") }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        image.withPix { pix in
            pixSetSpp(pix, 3)
            let target = pixGetData(pix)!
            let wordsPerLine = Int(pixGetWpl(pix))
            // cairo's RGB24 words are 0x00RRGGBB, leptonica's 0xRRGGBBAA.
            for y in 0..<height {
                let row = UnsafeRawPointer(source + y * stride).assumingMemoryBound(to: UInt32.self)
                let to = target + y * wordsPerLine
                for x in 0..<width { to[x] = row[x] << 8 }
            }
        }
        try image.writePNG(to: path)
    }
}

/// Where a page's picture comes from: pp-ingest's thumbnail or raster, the input image, or the PDF page.
enum PictureSource: Hashable, Sendable {
    case file(path: String, frame: Int)
    case pdfPage(path: String, page: Int)

    /// The best picture a page view names: the colour thumbnail, else the page image, else (a born-digital
    /// PDF page, which has neither) the page rendered from the source PDF.
    static func of(view: PageView, source: String?) -> PictureSource? {
        if let path = view.thumbnail?.path { return .file(path: path, frame: 0) }
        if let path = view.image?.path {
            return .file(path: path, frame: view.image?.frame.flatMap { (0...100_000).contains($0) ? $0 : nil } ?? 0)
        }
        if let source, source.lowercased().hasSuffix(".pdf"), let page = PageGeometry.page(view.page) {
            return .pdfPage(path: source, page: page)
        }
        return nil
    }

    var path: String {
        switch self {
        case .file(let path, _), .pdfPage(let path, _): return path
        }
    }

    /// Loads the picture from the file checked first (`PictureFile`); the error names the file and the fault.
    func load(renderWidth: Int = 1000) throws(ToolError) -> CairoPicture {
        switch self {
        case .file(let path, let frame):
            let file = try PictureFile(path: path)
            if frame == 0, file.header.isPNG,
                let picture = CairoPicture(taking: cairo_image_surface_create_from_png(file.openPath))
            {
                return picture
            }
            guard let picture = Self.loadWithLeptonica(file.openPath, frame: frame) else {
                throw ToolError(.record, code: "picture_unreadable", "cannot read its picture '\(path)'")
            }
            return picture
        case .pdfPage(let path, let page):
            let fd = try PictureFile.openRegular(path)
            defer { close(fd) }
            guard let picture = Self.renderPDFPage("/proc/self/fd/\(fd)", page: page, width: renderWidth) else {
                throw ToolError(.record, code: "picture_unreadable", "cannot render page \(page) of '\(path)'")
            }
            return picture
        }
    }

    /// JPEG, TIFF (a frame of it), BMP, … through leptonica (pixRead, pixReadTiff, pixConvertTo32).
    private static func loadWithLeptonica(_ path: String, frame: Int) -> CairoPicture? {
        guard let image = PixImage.make({ frame > 0 ? pixReadTiff(path, Int32(frame)) : pixRead(path) }),
            image.apply({ pixConvertTo32($0) }), let picture = CairoPicture(width: image.width, height: image.height),
            let target = cairo_image_surface_get_data(picture.surface)
        else { return nil }
        let stride = Int(cairo_image_surface_get_stride(picture.surface))
        let (width, height) = (image.width, image.height)
        let copied = image.withPix { pix -> Bool in
            guard let source = pixGetData(pix) else { return false }
            let wordsPerLine = Int(pixGetWpl(pix))
            // Leptonica keeps 0xRRGGBBAA words, cairo's RGB24 0x00RRGGBB words.
            for y in 0..<height {
                let row = UnsafeMutableRawPointer(target + y * stride).assumingMemoryBound(to: UInt32.self)
                let from = source + y * wordsPerLine
                for x in 0..<width { row[x] = (from[x] >> 8) & 0x00FF_FFFF }
            }
            return true
        }
        guard copied else { return nil }
        cairo_surface_mark_dirty(picture.surface)
        return picture
    }

    /// A born-digital page rendered `width` pixels wide on white (PDFRender, as pp-ingest renders); the
    /// password in PP_PDF_PASSWORD opens an encrypted PDF, as for pp-ingest.
    private static func renderPDFPage(_ path: String, page: Int, width: Int) -> CairoPicture? {
        let password = ProcessInfo.processInfo.environment["PP_PDF_PASSWORD"]
        guard let document = try? PDFDocument.open(path: path, password: password), page <= document.pageCount,
            let handle = document.page(page - 1)
        else { return nil }
        let (w, h) = handle.size
        guard w > 0, h > 0 else { return nil }
        let scale = Double(width) / w
        return handle.render(width: width, height: max(1, Int((h * scale).rounded(.up))), scale: scale)
    }
}
