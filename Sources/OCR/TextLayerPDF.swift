import CTesseract
import Foundation
import PPShared
import Records

#if canImport(Glibc)
    import Glibc
#endif

/// pp-ocr `--text-layer`: each reading also rendered by Tesseract's own PDF renderer in its text-only mode
/// (TessPDFRendererCreate with textonly), an invisible-text page that pp-pages `--searchable` puts under
/// the scanned page. The renderer writes only to files named from a prefix, so each page is written into
/// a private folder of its own (mkdtemp), read back and removed at once.
enum TextLayerPDF {
    /// The folder of tesseract's pdf.ttf (the glyphless font of its text layers): the language data's own,
    /// else the system's; nil when there is none.
    static func fontFolder(tessdata: Tessdata) -> String? {
        let folders = [tessdata.directory, "/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tessdata"]
        return folders.first { access($0 + "/pdf.ttf", R_OK) == 0 }
    }

    /// The engine's present result (set image, resolution and recognition) as a one-page PDF.
    static func render(_ engine: TesseractEngine, fonts: String, what: String) throws(ToolError) -> [UInt8] {
        func failed(_ why: String) -> ToolError {
            ToolError(.record, code: "text_layer_failed", "\(what): tesseract could not write the text layer: \(why)")
        }
        let base = FileManager.default.temporaryDirectory.path + "/pp-ocr-layer.XXXXXX"  // $TMPDIR's
        var template = Array(base.utf8CString)
        guard let made = mkdtemp(&template) else { throw failed("no temporary folder (\(systemErrorText(errno)))") }
        let folder = String(cString: made)
        let prefix = folder + "/page"
        let file = prefix + ".pdf"
        defer {
            unlink(file)
            rmdir(folder)
        }
        guard let renderer = TessPDFRendererCreate(prefix, fonts, 1) else { throw failed("no renderer") }
        let written =
            TessResultRendererBeginDocument(renderer, "") != 0 && TessResultRendererAddImage(renderer, engine.api) != 0
            && TessResultRendererEndDocument(renderer) != 0
        TessDeleteResultRenderer(renderer)  // closes the file
        guard written, let bytes = FileManager.default.contents(atPath: file), !bytes.isEmpty else {
            throw failed("the renderer wrote no page")
        }
        return [UInt8](bytes)
    }

    /// The record member for the kept reading: the layer, and where it lies on the page as pp-ingest gave
    /// it. The layer's page is the image tesseract read, `read` pixels at `dpi.tesseract` (the resolution
    /// tesseract was told), while the record's boxes use `dpi.boxes`; that image is the given page turned
    /// clockwise about its centre by `ocr.rotation` plus `ocr.deskew_degrees`, which the matrix undoes.
    /// "size" is the given record's page size (the image's own when it has none).
    static func member(
        _ layer: [UInt8]?, of record: PageRecord, read pixels: (Int, Int), dpi: (tesseract: Int, boxes: Int),
        _ ocr: OCRReading
    ) -> OCRTextLayer? {
        guard let layer else { return nil }
        let g = 72 / Double(dpi.boxes)
        let s = Double(dpi.tesseract) / 72 * g  // layer points -> record points
        let read = (w: Double(pixels.0) * g, h: Double(pixels.1) * g)
        let quarter = (ocr.rotation ?? 0) % 180 != 0
        let given = quarter ? (w: read.h, h: read.w) : read
        let angle = (Double(ocr.rotation ?? 0) + (ocr.deskewDegrees ?? 0)) * .pi / 180
        let (cosA, sinA) = (cos(angle), sin(angle))
        // Layer (x, y up) -> read page (s x, h - s y), y down -> turned back by -angle about the centres.
        let (cx, cy) = (read.w / 2, read.h / 2)
        let e = given.w / 2 - cosA * cx + sinA * (read.h - cy)
        let f = given.h / 2 + sinA * cx + cosA * (read.h - cy)
        var member = OCRTextLayer()
        member.pdf = Base64.encode(layer)
        member.setMatrix([cosA * s, -sinA * s, -sinA * s, -cosA * s, e, f])
        let size = record.size.flatMap { $0.count == 2 && $0.allSatisfy { $0 > 0 } ? $0 : nil }
        member.size = size ?? [given.w, given.h]
        return member
    }
}
