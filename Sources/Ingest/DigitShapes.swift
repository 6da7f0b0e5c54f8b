/// Which digit a glyph looks like: its ink scaled into 16 x 16 cells and compared with the shapes of
/// the ten digits in 145 free fonts (DigitTemplates, made by bench/ingest/digit_templates.py the same
/// way). It tells a text layer's "1" that is drawn as a "5" (a font whose ToUnicode map lies) from a
/// "1" of an unusual font: only a digit whose glyph fits another digit clearly better is refused.
enum DigitShapes {
    /// Cells a side of a glyph's shape.
    static let cells = 16
    /// A pixel with at least this much ink (0...1) belongs to the glyph's box.
    static let inkLevel: Float = 0.3
    /// A digit is taken as drawn as another when that digit's shapes fit its glyph better than its own by more
    /// than this (a difference of correlations). Over 22,959 digits of real invoices in fonts none of the
    /// templates come from, the largest such margin of a true digit was 0.16 for a turned "3" (turned glyphs are
    /// not judged, see `isUpright`) and below 0 for all others; 97% of wrong claims exceed it.
    static let mismatchMargin: Float = 0.15
    /// A glyph wider than tall by more than this is no upright digit (a digit of a line written up the
    /// margin that poppler's boxes do not show as turned): its shape is not judged.
    static let maxUprightAspect = 1.15

    /// The templates as centred unit vectors, made once: their digits, and their cells in blocks of 16
    /// (`blocks` a template, one after the other) for dot products 16 lanes at a time.
    static let templateDigits: [Int] = DigitTemplates.shapes.map(\.digit)
    static let templateBlocks: [SIMD16<Float>] = DigitTemplates.shapes.flatMap { shape in
        blocks(unit(shape.cells.utf8.map { Float($0 <= 57 ? $0 - 48 : $0 - 87) }))
    }
    private static let blocksPerShape = cells * cells / 16

    /// How much better than `claimed` another digit fits the glyph whose ink (0...1, row by row,
    /// `width` x `height`, upright) is given, and which digit fits best; nil without ink.
    static func judge(ink: [Float], width: Int, height: Int, claimed: Int) -> (margin: Float, best: Int)? {
        guard let shape = self.cells(of: ink, width: width, height: height) else { return nil }
        let glyph = blocks(unit(blurred(shape)))
        var best = [Float](repeating: -2, count: 10)
        templateBlocks.withUnsafeBufferPointer { t in
            for (k, digit) in templateDigits.enumerated() {
                var sum = SIMD16<Float>()
                for b in 0..<blocksPerShape { sum += glyph[b] * t[k * blocksPerShape + b] }
                let dot = sum.sum()
                if dot > best[digit] { best[digit] = dot }
            }
        }
        var other: Float = -2
        var top = claimed
        for d in 0..<10 where d != claimed && best[d] > other {
            other = best[d]
            if other > best[top] { top = d }
        }
        return (other - best[claimed], top)
    }

    /// The ink box of the glyph scaled into `cells` x `cells` (aspect kept, centred): each cell the mean
    /// ink of the quarter-pixel samples (4 x 4 a pixel) that fall in it.
    static func cells(of ink: [Float], width: Int, height: Int) -> [Float]? {
        var x0 = width
        var y0 = height
        var x1 = -1
        var y1 = -1
        for y in 0..<height {
            for x in 0..<width where ink[y * width + x] > inkLevel {
                x0 = min(x0, x)
                x1 = max(x1, x)
                y0 = min(y0, y)
                y1 = max(y1, y)
            }
        }
        guard x1 >= x0 else { return nil }
        let w = x1 - x0 + 1
        let h = y1 - y0 + 1
        let scale = Float(cells) / Float(max(w, h))
        let ox = (Float(cells) - Float(w) * scale) / 2
        let oy = (Float(cells) - Float(h) * scale) / 2
        var total = [Float](repeating: 0, count: cells * cells)
        let sub = 4
        // The cell of each sample column and row (-1 outside the grid), worked out once.
        func cellOf(_ i: Int, _ offset: Float) -> Int {
            let c = Int(((Float(i) + 0.5) / Float(sub) * scale + offset).rounded(.down))
            return c >= 0 && c < cells ? c : -1
        }
        let gxs = (0..<(w * sub)).map { cellOf($0, ox) }
        // Samples a cell counts are whole numbers (exact as floats too): counted as integers.
        var counts = [Int](repeating: 0, count: cells * cells)
        ink.withUnsafeBufferPointer { ink in
            total.withUnsafeMutableBufferPointer { total in
                counts.withUnsafeMutableBufferPointer { counts in
                    gxs.withUnsafeBufferPointer { gxs in
                        for y in 0..<(h * sub) {
                            let gy = cellOf(y, oy)
                            guard gy >= 0 else { continue }
                            let row = (y0 + y / sub) * width + x0
                            let cellRow = gy * cells
                            for x in 0..<gxs.count where gxs[x] >= 0 {
                                total[cellRow + gxs[x]] += ink[row + x / sub]
                                counts[cellRow + gxs[x]] += 1
                            }
                        }
                    }
                }
            }
        }
        return zip(total, counts).map { $1 > 0 ? $0 / Float($1) : 0 }
    }

    /// A 3 x 3 binomial blur; weights of cells outside the grid are left out.
    static func blurred(_ grid: [Float]) -> [Float] {
        let k: [Float] = [1, 2, 1]
        var out = [Float](repeating: 0, count: grid.count)
        for y in 0..<cells {
            for x in 0..<cells {
                var sum: Float = 0
                var weight: Float = 0
                for dy in -1...1 {
                    for dx in -1...1 {
                        let yy = y + dy
                        let xx = x + dx
                        guard yy >= 0, yy < cells, xx >= 0, xx < cells else { continue }
                        let w = k[dy + 1] * k[dx + 1]
                        sum += w * grid[yy * cells + xx]
                        weight += w
                    }
                }
                out[y * cells + x] = sum / weight
            }
        }
        return out
    }

    /// `v` (a multiple of 16 long) in blocks of 16.
    static func blocks(_ v: [Float]) -> [SIMD16<Float>] {
        stride(from: 0, to: v.count, by: 16).map { SIMD16(v[$0..<($0 + 16)]) }
    }

    /// `v` less its mean, scaled to length 1 (a correlation is then a dot product).
    static func unit(_ v: [Float]) -> [Float] {
        let mean = v.reduce(0, +) / Float(v.count)
        let centred = v.map { $0 - mean }
        let length = centred.reduce(0) { $0 + $1 * $1 }.squareRoot()
        return length > 0 ? centred.map { $0 / length } : centred
    }
}

extension DigitShapes {
    /// Judgements of glyphs, each distinct glyph judged once (InkMemo). A glyph is known by its ink within its
    /// ink box, which is all `cells(of:)` looks at, and by where its ink came from (`fromPage`: the page's
    /// pixels, in steps of 1/160, or the glyph canvas's, in steps of 1/255), so a byte of the key is one value
    /// of ink and a judgement remembered is the one `judge` makes. Not Sendable: one per worker thread.
    final class Judgements {
        /// Judgements kept: a page holds a few dozen distinct digit glyphs, a batch of one generator's
        /// documents some hundreds; each costs its ink box's bytes (a digit 40 pixels high: 1 KB).
        static let maxKnown = 4096

        /// What a judgement is made from besides the ink: the digit claimed, where the ink came from, its width.
        private struct Header: Hashable {
            let claimed: Int
            let fromPage: Bool
            let width: Int
        }
        private var known = InkMemo<Header, (margin: Float, best: Int)?>(maxKnown: maxKnown)

        /// DigitShapes.judge of the upright glyph `image`, read from the page (`fromPage`) or from the glyph
        /// canvas.
        func judge(_ image: GlyphImage, claimed: Int, fromPage: Bool) -> (margin: Float, best: Int)? {
            guard let box = image.inkBox(level: DigitShapes.inkLevel.nextUp) else { return nil }
            var ink: [UInt8] = []
            ink.reserveCapacity((box.x1 - box.x0) * (box.y1 - box.y0))
            for y in box.y0..<box.y1 {
                for x in box.x0..<box.x1 { ink.append(UInt8((image.ink[y * image.width + x] * 255).rounded())) }
            }
            return known.value(Header(claimed: claimed, fromPage: fromPage, width: box.x1 - box.x0), ink: ink) {
                DigitShapes.judge(ink: image.ink, width: image.width, height: image.height, claimed: claimed)
            }
        }
    }
}
