import PDFRender

extension GlyphInk {
    /// The pixels of one character's box with a margin, one byte each: whether its glyph has ink there
    /// (`core`), and whether any of that ink reaches within a few pixels (`near`). All a measure reads of
    /// the glyph canvas, which the page then overwrites.
    struct Patch {
        var box: PixelRect
        var flags: [UInt8]
        /// The pixels flagged `core`, counted once (every measure of the word needs the count).
        var coreCount = 0

        /// At least `GlyphInk.coreInk` of glyph ink.
        static let core: UInt8 = 1
        /// Any glyph ink (`GlyphInk.anyInk`) within reach.
        static let near: UInt8 = 2
        /// Any glyph ink within reach along the row (a step of the spread).
        fileprivate static let nearInRow: UInt8 = 4
    }

    /// Whether the four pixels from `pixels` on all have the colour `colour` (0xRRGGBB; the fourth byte of a
    /// pixel is not looked at), told by two loads.
    @inline(__always)
    static func allOf(_ pixels: UnsafePointer<UInt32>, are colour: UInt32) -> Bool {
        let mask: UInt64 = 0x00FF_FFFF_00FF_FFFF
        let pair = UInt64(colour) | UInt64(colour) << 32
        let raw = UnsafeRawPointer(pixels)
        let a = raw.loadUnaligned(as: UInt64.self) & mask
        let b = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self) & mask
        return (a ^ pair) | (b ^ pair) == 0
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
        var coreCount = 0
        flags.withUnsafeMutableBufferPointer { flags in
            let f = flags.baseAddress!
            for y in 0..<h {
                let g = glyphs.row(box.y0 + y) + box.x0
                let row = f + y * w
                // Pixels before `spreadTo` are marked as near the ink seen so far.
                var spreadTo = 0
                var x = 0
                while x < w {
                    // Paper (white) is no ink: most pixels of a patch, passed over four at a time.
                    if x &+ 4 <= w, GlyphInk.allOf(g + x, are: 0xFF_FFFF) {
                        x &+= 4
                        continue
                    }
                    defer { x &+= 1 }
                    guard g[x] & 0xFF_FFFF != 0xFF_FFFF else { continue }
                    let v = GlyphInk.ink(g[x])
                    if v >= GlyphInk.coreInk {
                        row[x] |= Patch.core
                        coreCount &+= 1
                    }
                    guard v >= GlyphInk.anyInk else { continue }
                    // Ink within reach on either side of x along the row.
                    let end = min(w, x &+ reach &+ 1)
                    for i in max(spreadTo, x &- reach)..<max(end, spreadTo) { row[i] |= Patch.nearInRow }
                    spreadTo = max(spreadTo, end)
                }
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
        return Patch(box: box, flags: flags, coreCount: coreCount)
    }
}
