import CCairo
import Foundation
import Lexicons
import PPShared
import Records

/// `--png DIR`: one PNG per page with the top candidates' boxes drawn (cairo), for a terminal user or a
/// CI artifact. Named `<N>-<file name>-p<page>.png`, N the document's place in the results.
public struct BoxedPages: Sendable {
    public struct Report: Sendable {
        public var written: [String] = []
        /// Pages without a picture, each naming the file and the fault.
        public var missing: [String] = []
    }

    /// The widest PNG written, in pixels: enough to read the values, small enough for an artifact.
    static let maxWidth = 1240.0

    let folder: String

    public init(folder: String) { self.folder = folder }

    public func write(_ entries: [ReviewEntry]) throws(ToolError) -> Report {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw ToolError(.fatal, code: "cannot_write", "cannot make the folder '\(folder)': \(error.localizedDescription)")
        }
        let pages = entries.flatMap { entry in entry.pageViews.map { (entry, $0) } }
        let results = Results<Result<String, ToolError>>(count: pages.count, empty: .failure(ToolError.usage("")))
        concurrentForEach(pages.count) { i in
            results.set(i, Result { () throws(ToolError) -> String in try page(pages[i].0, view: pages[i].1) })
        }
        var report = Report()
        for result in results.values {
            switch result {
            case .success(let name): report.written.append(name)
            case .failure(let error): report.missing.append(error.message)
            }
        }
        return report
    }

    /// Draws one page into its PNG; its file name.
    private func page(_ entry: ReviewEntry, view: PageView) throws(ToolError) -> String {
        let page = view.page ?? 1
        let name = "\(entry.number)-\(Self.safeName(entry.source ?? "document"))-p\(page).png"
        guard let from = PictureSource.of(view: view, source: entry.source) else {
            throw ToolError(.record, code: "no_picture", "\(entry.describe(page: view)): nothing to draw on")
        }
        let picture: CairoPicture
        do throws(ToolError) {
            picture = try from.load(renderWidth: Int(Self.maxWidth))
        } catch {
            throw ToolError(.record, code: error.code, "\(entry.describe(page: view)): \(error.message)")
        }
        let drawn = try draw(entry, view: view, on: picture)
        try drawn.writePNG(to: folder + "/" + name)
        return name
    }

    /// The file name of a source, reduced to letters, digits, `.`, `-` and `_` (no folders, nothing to escape).
    static func safeName(_ source: String) -> String {
        let base = (source as NSString).lastPathComponent
        let kept = base.unicodeScalars.map { s -> Character in
            s.isASCII && (CharacterSet.alphanumerics.contains(s) || "._-".unicodeScalars.contains(s)) ? Character(s) : "_"
        }
        let name = String(kept.prefix(80))
        return name.isEmpty || name.hasPrefix(".") ? "_" + name : name
    }

    /// The page upright in its boxes' frame (the picture turned by `rotation` and `deskew_degrees` about its
    /// centre), then every top candidate's box on it, coloured by confidence, with the field's name.
    func draw(_ entry: ReviewEntry, view: PageView, on picture: CairoPicture) throws(ToolError) -> CairoPicture {
        let size = PageGeometry.size(view) ?? []
        let rotation = PageGeometry.rotation(view)
        let turned = rotation == 90 || rotation == 270
        let (w, h) =
            size.count == 2
            ? (size[0], size[1])
            : turned
                ? (Double(picture.height), Double(picture.width)) : (Double(picture.width), Double(picture.height))
        let pictureScale = Double(picture.width) / (turned ? h : w)  // pixels per point of the picture
        let scale = min(pictureScale, Self.maxWidth / w)
        guard let out = CairoPicture(width: max(1, Int((w * scale).rounded())), height: max(1, Int((h * scale).rounded())))
        else { throw ToolError(.record, code: "picture_unreadable", "cannot make a \(Int(w * scale)) pixel wide picture") }
        let cr = cairo_create(out.surface)
        defer { cairo_destroy(cr) }
        cairo_save(cr)
        cairo_translate(cr, w * scale / 2, h * scale / 2)
        cairo_rotate(cr, (Double(rotation) + PageGeometry.deskew(view)) * .pi / 180)
        cairo_scale(cr, scale / pictureScale, scale / pictureScale)
        cairo_set_source_surface(cr, picture.surface, -Double(picture.width) / 2, -Double(picture.height) / 2)
        // Bilinear: cairo's default filter costs about a second per photo turned by a skew; this, a tenth.
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
        cairo_paint(cr)
        cairo_restore(cr)
        cairo_scale(cr, scale, scale)
        cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        cairo_set_font_size(cr, 7)
        let page = view.page ?? 1
        // A box two fields share (an amount and its currency) is drawn once, named for both.
        var drawn: [(box: [Double], confidence: Int, names: [String])] = []
        for field in entry.candidateFields {
            guard let top = entry.record.candidates(field).first, PageGeometry.page(top.page) == page,
                let box = PageGeometry.box(top)
            else { continue }
            if let same = drawn.firstIndex(where: { $0.box == box }) {
                drawn[same].names.append(field)
            } else {
                drawn.append((box, top.confidence ?? 0, [field]))
            }
        }
        for (box, confidence, names) in drawn {
            let (r, g, b) = Self.colour(confidence: confidence)
            cairo_set_source_rgb(cr, r, g, b)
            cairo_set_line_width(cr, 1.2)
            cairo_rectangle(cr, box[0] - 1, box[1] - 1, box[2] - box[0] + 2, box[3] - box[1] + 2)
            cairo_stroke(cr)
            cairo_move_to(cr, box[0], box[1] - 2)
            cairo_show_text(cr, names.joined(separator: " · "))
        }
        cairo_surface_flush(out.surface)
        return out
    }

    /// The site's colours: green at 1500 and above ("use it"), amber from 1000, red below.
    static func colour(confidence: Int) -> (Double, Double, Double) {
        confidence >= 1500 ? (0.10, 0.50, 0.22) : confidence >= 1000 ? (0.72, 0.47, 0.12) : (0.77, 0.19, 0.19)
    }
}
