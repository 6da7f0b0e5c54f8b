import PDFRender

extension GlyphInk {
    /// The pixels of one character's box with a margin, one byte each: whether its glyph has ink there
    /// (`core`), and whether any of that ink reaches within a few pixels (`near`). All a measure reads of
    /// the glyph canvas, which the page then overwrites.
    struct Patch {
        var box: PixelRect
        var flags: [UInt8]

        /// At least `GlyphInk.coreInk` of glyph ink.
        static let core: UInt8 = 1
        /// Any glyph ink (`GlyphInk.anyInk`) within reach.
        static let near: UInt8 = 2
        /// Any glyph ink within reach along the row (a step of the spread).
        fileprivate static let nearInRow: UInt8 = 4
    }

    static func patch(_ c: Character, glyphs: PageCanvas) -> Patch {
        let m = max(2, Int((c.height * 0.15).rounded()))
        let box = clipped(glyphs, PixelRect(x0: c.box.x0 - m, y0: c.box.y0 - m, x1: c.box.x1 + m, y1: c.box.y1 + m))
        guard !box.isEmpty else { return Patch(box: box, flags: []) }
        let w = box.x1 - box.x0
        let h = box.y1 - box.y0
        var flags = [UInt8](repeating: 0, count: w * h)
        // Any glyph ink spread by `reach` pixels: along rows (the last ink seen), then across them.
        let reach = max(1, Int((c.height * 0.06).rounded()))
        flags.withUnsafeMutableBufferPointer { flags in
            let f = flags.baseAddress!
            for y in 0..<h {
                let g = glyphs.row(box.y0 + y) + box.x0
                let row = f + y * w
                var last = Int.min / 2
                for x in 0..<w {
                    // Paper (white) is no ink: most pixels of a patch, told at once.
                    if g[x] & 0xFF_FFFF != 0xFF_FFFF {
                        let v = GlyphInk.ink(g[x])
                        if v >= GlyphInk.coreInk { row[x] = Patch.core }
                        if v >= GlyphInk.anyInk { last = x }
                    }
                    // Ink within reach of x - reach on either side: the last ink at or before x is at most
                    // 2 reach back.
                    if x >= reach, x - last <= 2 * reach { row[x - reach] |= Patch.nearInRow }
                }
                for x in max(w, reach)..<(w + reach) where x - last <= 2 * reach { row[x - reach] |= Patch.nearInRow }
            }
            // Across rows, eight pixels at a time (`nearInRow` of each byte shifted into `near`).
            let words = w / 8
            let spread = UInt64(Patch.nearInRow) * 0x0101_0101_0101_0101
            for y in 0..<h {
                let row = f + y * w
                for k in max(0, y - reach)...min(h - 1, y + reach) {
                    let other = f + k * w
                    for i in 0..<words {
                        let o = UnsafeRawPointer(other + 8 * i).loadUnaligned(as: UInt64.self)
                        let r = UnsafeMutableRawPointer(row + 8 * i)
                        r.storeBytes(of: r.loadUnaligned(as: UInt64.self) | (o & spread) >> 1, as: UInt64.self)
                    }
                    for x in (8 * words)..<w { row[x] |= (other[x] & Patch.nearInRow) >> 1 }
                }
            }
        }
        return Patch(box: box, flags: flags)
    }
}
