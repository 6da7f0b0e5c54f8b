import PDFRender

/// A digit's glyph alone and upright (GlyphInk.upright), with what a measure reads of it, worked out once.
final class DigitGlyph {
    let image: GlyphImage
    /// The box of its pixels with at least half ink, nil when there are none.
    let inkBox: (x0: Int, y0: Int, x1: Int, y1: Int)?
    /// GlyphImage.runsPastSides.
    let runsPastSides: Bool
    /// Judgements of it, by the digit claimed.
    private var judged: [Int: (margin: Float, best: Int)?] = [:]

    init(_ image: GlyphImage) {
        self.image = image
        inkBox = image.inkBox(level: 0.5)
        runsPastSides = image.runsPastSides()
    }

    /// DigitShapes.Judgements.judge of the glyph, claimed as `digit`.
    func judge(_ digit: Int, by judgements: DigitShapes.Judgements) -> (margin: Float, best: Int)? {
        if let known = judged[digit] { return known }
        let judgement = judgements.judge(image, claimed: digit, fromPage: false)
        judged[digit] = judgement
        return judgement
    }
}

extension GlyphInk {
    /// The digit glyphs of glyph canvases, each distinct one made once (InkMemo), on one page and on the next
    /// rendered at the same scale. A glyph is known by all `upright` reads: the ink of its region and where its
    /// box lies in it. Not Sendable: one per worker thread.
    final class DigitGlyphs {
        /// Glyphs kept: each costs its region's ink five times over (bytes of the key, floats of the
        /// image; a digit 40 pixels high: 10 KB), so at most about 5 MB. On samples/pdf (2,650 distinct
        /// glyphs in 7,005 digits) 512 gives nearly the hits of 1,024 (12 M instructions more of 4,260 M) at
        /// 2.6 MB less peak memory.
        static let maxKnown = 512

        /// What a glyph is made from besides its ink: its quarter turn, its box in the region, the region's width.
        private struct Header: Hashable {
            let quarter, x0, y0, x1, y1, width: Int
        }
        private var known = InkMemo<Header, DigitGlyph>(maxKnown: maxKnown)

        /// The glyph of digit `c` on `glyphs` (the glyph canvas), nil when its region is off the canvas.
        func glyph(_ c: Character, glyphs: PageCanvas) -> DigitGlyph? {
            guard let region = GlyphInk.uprightRegion(c, canvas: glyphs) else { return nil }
            let w = region.x1 - region.x0
            let h = region.y1 - region.y0
            var ink = [UInt8](repeating: 0, count: w * h)
            ink.withUnsafeMutableBufferPointer { out in
                for y in 0..<h {
                    let g = glyphs.row(region.y0 + y) + region.x0
                    let row = out.baseAddress! + y * w
                    for x in 0..<w where g[x] & 0xFF_FFFF != 0xFF_FFFF { row[x] = UInt8(GlyphInk.ink(g[x])) }
                }
            }
            let header = Header(
                quarter: c.quarter & 3, x0: c.box.x0 - region.x0, y0: c.box.y0 - region.y0, x1: c.box.x1 - region.x0,
                y1: c.box.y1 - region.y0, width: w)
            return known.value(header, ink: ink) {
                // As `upright` reads the glyph canvas: ink 0...255 as 0...1.
                let image = GlyphImage(ink: ink.map { min(1, Float($0) / 255) }, width: w, height: h)
                return DigitGlyph(GlyphInk.alone(image, c, region: region))
            }
        }
    }
}
