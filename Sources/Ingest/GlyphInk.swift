import PDFRender

/// What the rendered page shows at the place of one word, measured against the word's own glyphs.
/// `page` is the page as displayed; a word's glyphs are cut before from the text layer's glyphs alone
/// (black on white), rendered into the same canvas at the same scale (VisibleText renders them).
struct GlyphInk {
    /// One character of a word: its box on the canvases (pixels), its height across the line in pixels,
    /// the clockwise quarter turns that make it upright, its value when it is a digit, and whether other
    /// text of the layer is drawn in its place (TextOverlap).
    struct Character {
        var box: PixelRect
        var height: Double
        var quarter: Int
        var digit: Int?
        var overlapped = false
    }

    /// A word's characters and their glyphs, cut once from the glyph canvas (the same canvas then shows the
    /// page, which may change between measures: PDFPage.render(into:…afterEach:)).
    struct Word {
        let characters: [Character]
        let patches: [Patch]
        /// Each digit's glyph alone and upright (`upright`), nil for the other characters.
        let digitGlyphs: [DigitGlyph?]
    }

    /// What was measured of a word.
    struct Measure {
        /// The share of its glyph's ink that the page shows, for the character that shows least (1 when no
        /// character has a glyph).
        var leastCoverage = 1.0
        /// Characters whose font draws nothing.
        var glyphless = 0
        /// Characters whose font draws nothing and where the page shows no ink either.
        var glyphlessUnseen = 0
        /// The colour behind the word on the page, 0xRRGGBB.
        var background: UInt32 = 0xFF_FFFF
        /// The tallest digit glyph, in pixels across the line (0 without digits).
        var digitHeight = 0.0
        /// A digit whose glyph is another digit's: what the text says, what the glyph shows, by how much.
        var mismatch: (claimed: Int, shown: Int, margin: Float)?
        /// Digits drawn where other text of the layer is, whose place on the page shows another shape.
        var overdrawn = 0
    }

    /// A glyph pixel counts as shown where the page differs from the colour behind the word by this much
    /// in some channel (0...255; 31 is 12% of full scale). White on white (0) or a shade off the
    /// background (0.97 grey on white: 8) is not seen; light grey that reads (0.75: 64), or yellow on white
    /// (255 in blue), is.
    static let contrastLevel: UInt32 = 31
    /// A glyph pixel: at least this much ink (0...255) on the glyph canvas.
    static let coreInk: UInt32 = 128
    /// Any ink of a glyph, edges included.
    static let anyInk: UInt32 = 26
    /// A page pixel that differs from the colour behind the word by this much (0...255) is full ink when the
    /// page's own shapes are read: 0.6 grey on white (102) is ink 0.64, black (255) is 1.
    static let fullInk: Float = 160

    let page: PageCanvas
    let judgements: DigitShapes.Judgements

    /// Measures on `page`, judging digit shapes with `judgements` (a worker's, kept from page to page).
    init(page: PageCanvas, judgements: DigitShapes.Judgements = DigitShapes.Judgements()) {
        self.page = page
        self.judgements = judgements
    }

    /// The word of `characters`, its glyphs cut from `glyphs` (the glyph canvas, of the page canvas's size);
    /// its digits' glyphs made by `digits` (one for the canvas).
    static func word(_ characters: [Character], glyphs: PageCanvas, digits: DigitGlyphs) -> Word {
        Word(
            characters: characters, patches: characters.map { patch($0, glyphs: glyphs) },
            digitGlyphs: characters.map { c in c.digit == nil ? nil : digits.glyph(c, glyphs: glyphs) })
    }

    /// Measures `word` on the page; with `shapes` its digits' glyphs are compared with DigitShapes, and
    /// its overlapped digits are read from the page.
    func measure(_ word: Word, shapes: Bool) -> Measure {
        var result = Measure()
        let background = background(word.patches)
        result.background = background
        // Digits whose glyph runs past their box along the line (into the next word's letters, which poppler
        // joined to it and cut its box at): one such in a word is not judged, more are.
        var cut: (count: Int, mismatch: (claimed: Int, shown: Int, margin: Float)?) = (0, nil)
        for (k, (c, patch)) in zip(word.characters, word.patches).enumerated() where !patch.box.isEmpty {
            let count = counts(patch, background: background)
            let coverage = count.core > 0 ? Double(count.shown) / Double(count.core) : 0
            if c.overlapped {
                // The glyph canvas holds this glyph and the other text's at once. Both shown: the character is.
                // Else a digit is read from the page, whose shapes are the text drawn there; a letter is left.
                if coverage >= VisibleText.overlapCoverage { continue }
                guard let digit = c.digit else { continue }
                if shapes, c.height >= VisibleText.shapePixels,
                    let seen = GlyphInk.upright(
                        c, from: page, ink: { Float(GlyphInk.difference($0, background)) / GlyphInk.fullInk }),
                    let (margin, _) = judgements.judge(seen, claimed: digit, fromPage: true)
                {
                    if margin >= 0 { result.overdrawn += 1 }
                    continue
                }
            }
            guard count.core > 0 else {
                result.glyphless += 1
                if count.pageInk == 0 { result.glyphlessUnseen += 1 }
                continue
            }
            result.leastCoverage = min(result.leastCoverage, coverage)
            guard let digit = c.digit, let glyph = word.digitGlyphs[k] else { continue }
            guard let inkBox = glyph.inkBox else { continue }
            result.digitHeight = max(result.digitHeight, Double(inkBox.y1 - inkBox.y0))
            let isCut = glyph.runsPastSides
            if isCut { cut.count += 1 }
            guard shapes, c.height >= VisibleText.shapePixels,
                Double(inkBox.x1 - inkBox.x0) <= DigitShapes.maxUprightAspect * Double(inkBox.y1 - inkBox.y0),
                let (margin, best) = glyph.judge(digit, by: judgements), margin > DigitShapes.mismatchMargin
            else { continue }
            if isCut {
                if margin > cut.mismatch?.margin ?? -1 { cut.mismatch = (digit, best, margin) }
            } else if margin > result.mismatch?.margin ?? -1 {
                result.mismatch = (digit, best, margin)
            }
        }
        if cut.count > 1, let m = cut.mismatch, m.margin > result.mismatch?.margin ?? -1 { result.mismatch = m }
        return result
    }

    /// The share of its glyph's ink the page shows now, for the character of `word` that shows least
    /// (characters without a glyph, or overlapped, left out; 1 when none is left).
    func leastCoverage(_ word: Word) -> Double {
        let background = background(word.patches)
        var least = 1.0
        for (c, patch) in zip(word.characters, word.patches) where !c.overlapped && !patch.box.isEmpty {
            let count = counts(patch, background: background)
            if count.core > 0 { least = min(least, Double(count.shown) / Double(count.core)) }
        }
        return least
    }

    /// In one character's patch: its glyph pixels, those the page shows against `background`, and the page's
    /// pixels that differ from it.
    private func counts(_ patch: Patch, background: UInt32) -> (core: Int, shown: Int, pageInk: Int) {
        let box = patch.box
        let w = box.x1 - box.x0
        var shown = 0
        var pageInk = 0
        patch.flags.withUnsafeBufferPointer { flags in
            for y in box.y0..<box.y1 {
                let p = page.row(y) + box.x0
                let f = flags.baseAddress! + (y - box.y0) * w
                var x = 0
                while x < w {
                    // Mostly the background itself, passed over four pixels at a time.
                    if x &+ 4 <= w, GlyphInk.allOf(p + x, are: background) {
                        x &+= 4
                        continue
                    }
                    defer { x &+= 1 }
                    let v = p[x] & 0xFF_FFFF
                    guard v != background, GlyphInk.difference(v, background) >= GlyphInk.contrastLevel else { continue }
                    pageInk &+= 1
                    shown &+= Int(f[x] & Patch.core)
                }
            }
        }
        return (patch.coreCount, shown, pageInk)
    }

    /// The median colour, channel by channel, of the page in the word's boxes away from any glyph ink.
    private func background(_ patches: [Patch]) -> UInt32 {
        // Mostly one colour (paper, a box's fill): that colour is the median, found without counting.
        // `none` (no pixel seen yet) is no colour a pixel has.
        let none = UInt32.max
        var first = none
        var uniform = true
        scan: for patch in patches where !patch.box.isEmpty {
            let box = patch.box
            let w = box.x1 - box.x0
            patch.flags.withUnsafeBufferPointer { flags in
                for y in box.y0..<box.y1 where uniform {
                    let p = page.row(y) + box.x0
                    let f = flags.baseAddress! + (y - box.y0) * w
                    for x in 0..<w where f[x] & Patch.near == 0 {
                        let v = p[x] & 0xFF_FFFF
                        if v != first {
                            if first != none {
                                uniform = false
                                break
                            }
                            first = v
                        }
                    }
                }
            }
            if !uniform { break scan }
        }
        if uniform { return first == none ? 0xFF_FFFF : first }
        var histogram = [Int](repeating: 0, count: 3 * 256)
        var count = 0
        histogram.withUnsafeMutableBufferPointer { histogram in
            for patch in patches where !patch.box.isEmpty {
                let box = patch.box
                let w = box.x1 - box.x0
                patch.flags.withUnsafeBufferPointer { flags in
                    for y in box.y0..<box.y1 {
                        let p = page.row(y) + box.x0
                        let f = flags.baseAddress! + (y - box.y0) * w
                        for x in 0..<w where f[x] & Patch.near == 0 {
                            let v = p[x]
                            histogram[Int((v >> 16) & 0xFF)] += 1
                            histogram[256 + Int((v >> 8) & 0xFF)] += 1
                            histogram[512 + Int(v & 0xFF)] += 1
                            count += 1
                        }
                    }
                }
            }
        }
        guard count > 0 else { return 0xFF_FFFF }
        var colour: UInt32 = 0
        for channel in 0..<3 {
            var seen = 0
            var value = 0
            while value < 255 {
                seen += histogram[channel * 256 + value]
                if seen * 2 > count { break }
                value += 1
            }
            colour = colour << 8 | UInt32(value)
        }
        return colour
    }

    /// The glyph of `c` alone and upright: `canvas` (the glyph canvas, or the page) over its box and a margin
    /// across the line as `ink` (0...1) of each pixel, turned by its quarter turns, without the parts of
    /// neighbouring glyphs.
    static func upright(_ c: Character, from canvas: PageCanvas, ink: (UInt32) -> Float) -> GlyphImage? {
        guard let region = uprightRegion(c, canvas: canvas) else { return nil }
        let w = region.x1 - region.x0
        let h = region.y1 - region.y0
        var image = GlyphImage(ink: [Float](repeating: 0, count: w * h), width: w, height: h)
        image.ink.withUnsafeMutableBufferPointer { out in
            for y in 0..<h {
                let g = canvas.row(region.y0 + y) + region.x0
                let row = out.baseAddress! + y * w
                for x in 0..<w { row[x] = min(1, ink(g[x])) }
            }
        }
        return alone(image, c, region: region)
    }

    /// The pixels `upright` reads of `c` on `canvas`: its box and a margin across the line; nil when none.
    static func uprightRegion(_ c: Character, canvas: PageCanvas) -> PixelRect? {
        let m = max(1, Int((c.height * 0.25).rounded()))
        // Along the line the box ends where the neighbours begin: the margin goes across it only.
        let acrossIsVertical = c.quarter & 1 == 0
        let region = clipped(
            canvas,
            PixelRect(
                x0: c.box.x0 - (acrossIsVertical ? 0 : m), y0: c.box.y0 - (acrossIsVertical ? m : 0),
                x1: c.box.x1 + (acrossIsVertical ? 0 : m), y1: c.box.y1 + (acrossIsVertical ? m : 0)))
        return region.isEmpty ? nil : region
    }

    /// `image` (of `c`'s `region`) turned upright, without the parts of neighbouring glyphs.
    static func alone(_ image: GlyphImage, _ c: Character, region: PixelRect) -> GlyphImage {
        var image = image
        // The box's columns and rows once upright (a clockwise quarter turn takes (x, y) to (h - 1 - y, x)).
        let xs = (c.box.x0 - region.x0)..<(c.box.x1 - region.x0)
        let ys = (c.box.y0 - region.y0)..<(c.box.y1 - region.y0)
        let flippedXs = (region.x1 - c.box.x1)..<(region.x1 - c.box.x0)
        let flippedYs = (region.y1 - c.box.y1)..<(region.y1 - c.box.y0)
        let (columns, rows) = [(xs, ys), (flippedYs, xs), (flippedXs, flippedYs), (ys, flippedXs)][c.quarter & 3]
        for _ in 0..<(c.quarter & 3) { image = image.turnedClockwise() }
        image.keepGlyph(columns: columns, rows: rows)
        return image
    }

    static func clipped(_ canvas: PageCanvas, _ r: PixelRect) -> PixelRect {
        PixelRect(x0: max(0, r.x0), y0: max(0, r.y0), x1: min(canvas.width, r.x1), y1: min(canvas.height, r.y1))
    }

    /// The pixels a measure of `word` reads: its patches.
    static func reads(_ word: Word) -> [PixelRect] { word.patches.map(\.box) }

    /// Ink of a pixel of the glyph canvas (black on white): 0 white ... 255 black.
    static func ink(_ pixel: UInt32) -> UInt32 {
        let r = (pixel >> 16) & 0xFF
        let g = (pixel >> 8) & 0xFF
        let b = pixel & 0xFF
        return 255 - (r * 77 + g * 150 + b * 29) >> 8
    }

    /// The largest difference of two colours in one channel.
    static func difference(_ a: UInt32, _ b: UInt32) -> UInt32 {
        func d(_ shift: UInt32) -> UInt32 {
            let x = (a >> shift) & 0xFF
            let y = (b >> shift) & 0xFF
            return x > y ? x - y : y - x
        }
        return max(d(16), d(8), d(0))
    }
}
