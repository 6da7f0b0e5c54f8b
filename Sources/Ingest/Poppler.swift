import CCairo
import CPoppler
import Foundation
import PDFRender
import PPShared

// Poppler's text of a page (its documents and pages are owned by PDFRender). Every string poppler hands
// out (`g_free` kind) is copied into a Swift String at once and freed; GLists of text attributes are
// freed with their own free functions before returning.

extension PDFPage {
    /// The raw text layer: the page text (poppler_page_get_text), one rectangle per Unicode scalar of
    /// it (poppler_page_get_text_layout) and the font runs (poppler_page_get_text_attributes). Poppler
    /// extracts the text once per page object and serves all three from that.
    public func textLayer() -> RawTextLayer {
        // The page's own rectangle is a selection to poppler, which ends where the selection's corner falls: a
        // line that runs past the page's right edge ended the text there, and the lines under it were lost
        // ("BIC PKOPPLPWXXX" under a footer of three accounts). A rectangle a page wider on every side takes
        // all; PageText drops the characters whose centre is off the page.
        let (w, h) = size
        var area = PopplerRectangle(x1: -w, y1: -h, x2: 2 * w, y2: 2 * h)
        guard let cText = poppler_page_get_text_for_area(handle, &area) else {
            return RawTextLayer(scalars: [], rects: [], fonts: [])
        }
        let text = String(cString: cText)
        g_free(cText)
        var rects: UnsafeMutablePointer<PopplerRectangle>?
        var count: guint = 0
        var boxes: [RawTextLayer.Rect] = []
        if poppler_page_get_text_layout_for_area(handle, &area, &rects, &count) != 0, let rects {
            boxes.reserveCapacity(Int(count))
            for i in 0..<Int(count) {
                let r = rects[i]
                boxes.append(RawTextLayer.Rect(x0: r.x1, y0: r.y1, x1: r.x2, y1: r.y2))
            }
            g_free(rects)
        }
        var fonts: [RawTextLayer.FontRun] = []
        if let list = poppler_page_get_text_attributes_for_area(handle, &area) {
            var node: UnsafeMutablePointer<GList>? = list
            while let n = node {
                if let data = n.pointee.data {
                    let a = data.assumingMemoryBound(to: PopplerTextAttributes.self).pointee
                    let c = a.color
                    fonts.append(
                        RawTextLayer.FontRun(
                            start: Int(a.start_index), end: Int(a.end_index),
                            name: a.font_name.map { String(cString: $0) } ?? "", size: a.font_size,
                            color: UInt32(c.red >> 8) << 16 | UInt32(c.green >> 8) << 8 | UInt32(c.blue >> 8)))
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
                        size: $0.size, color: $0.color)
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
        /// The colour the text is filled with, 0xRRGGBB.
        public let color: UInt32

        public init(start: Int, end: Int, name: String, size: Double, color: UInt32 = 0) {
            self.start = start
            self.end = end
            self.name = name
            self.size = size
            self.color = color
        }
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
