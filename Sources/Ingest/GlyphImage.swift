/// Small images of ink (0...1, row by row) cut from a render: one glyph, turned upright, alone.
struct GlyphImage {
    var ink: [Float]
    var width: Int
    var height: Int

    /// The image turned a quarter clockwise: the pixel at (x, y) comes from (y, height - 1 - x).
    func turnedClockwise() -> GlyphImage {
        var out = [Float](repeating: 0, count: ink.count)
        for y in 0..<width {
            for x in 0..<height { out[y * height + x] = ink[(height - 1 - x) * width + y] }
        }
        return GlyphImage(ink: out, width: height, height: width)
    }

    /// Keeps the glyph whose box spans `columns` and `rows`: connected ink (8 neighbours, at least
    /// `DigitShapes.inkLevel`) whose middle lies in the box, of at least
    /// a quarter of the largest such part's pixels, and the faint edge pixels touching it; the rest (parts
    /// of neighbouring glyphs that reach into the box, specks, lines) is cleared.
    mutating func keepGlyph(columns: Range<Int>, rows: Range<Int>) {
        let level = DigitShapes.inkLevel
        var label = [Int32](repeating: -1, count: ink.count)
        var keep: [Bool] = []
        var sizes: [Int] = []
        var stack: [Int] = []
        for start in ink.indices where ink[start] >= level && label[start] < 0 {
            let id = Int32(keep.count)
            label[start] = id
            stack.append(start)
            var left = width
            var right = -1
            var top = height
            var bottom = -1
            var size = 0
            while let p = stack.popLast() {
                size += 1
                let px = p % width
                let py = p / width
                left = min(left, px)
                right = max(right, px)
                top = min(top, py)
                bottom = max(bottom, py)
                for qy in max(0, py - 1)...min(height - 1, py + 1) {
                    for qx in max(0, px - 1)...min(width - 1, px + 1) {
                        let q = qy * width + qx
                        if label[q] < 0, ink[q] >= level {
                            label[q] = id
                            stack.append(q)
                        }
                    }
                }
            }
            let middle = (left + right + 1) / 2
            keep.append(columns.contains(middle) && rows.contains((top + bottom + 1) / 2))
            sizes.append(size)
        }
        let largest = zip(keep, sizes).filter(\.0).map(\.1).max() ?? 0
        for i in keep.indices where keep[i] && sizes[i] * 4 < largest { keep[i] = false }
        var kept = [Bool](repeating: false, count: ink.count)
        for i in ink.indices where label[i] >= 0 { kept[i] = keep[Int(label[i])] }
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x
                if label[i] >= 0 {
                    if !kept[i] { ink[i] = 0 }
                    continue
                }
                guard ink[i] > 0 else { continue }
                var touches = false
                for qy in max(0, y - 1)...min(height - 1, y + 1) where !touches {
                    for qx in max(0, x - 1)...min(width - 1, x + 1) where kept[qy * width + qx] {
                        touches = true
                        break
                    }
                }
                if !touches { ink[i] = 0 }
            }
        }
    }

    /// Whether a stroke of the upright glyph meets its first or last column (the ends of its box along the
    /// line) in full ink: the glyph goes on past its box. A glyph's side bearings keep its ink off them;
    /// an edge pixel of a stroke has part ink.
    func runsPastSides() -> Bool {
        (0..<height).contains { y in ink[y * width] >= GlyphImage.strokeInk || ink[y * width + width - 1] >= GlyphImage.strokeInk
        }
    }

    /// Ink of a pixel inside a stroke.
    static let strokeInk: Float = 0.75

    /// The box of the pixels with at least `level` ink, nil when there are none.
    func inkBox(level: Float) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        var x0 = width
        var y0 = height
        var x1 = -1
        var y1 = -1
        for y in 0..<height {
            for x in 0..<width where ink[y * width + x] >= level {
                x0 = min(x0, x)
                x1 = max(x1, x)
                y0 = min(y0, y)
                y1 = max(y1, y)
            }
        }
        return x1 < 0 ? nil : (x0, y0, x1 + 1, y1 + 1)
    }
}
