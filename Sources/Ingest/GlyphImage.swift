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
        let (width, height) = (self.width, self.height)
        var label = [Int32](repeating: -1, count: ink.count)
        var keep: [Bool] = []
        var sizes: [Int] = []
        ink.withUnsafeMutableBufferPointer { ink in
            label.withUnsafeMutableBufferPointer { label in
                Self.label(ink, width: width, height: height, into: label) { left, right, top, bottom, size in
                    keep.append(columns.contains((left + right + 1) / 2) && rows.contains((top + bottom + 1) / 2))
                    sizes.append(size)
                }
                var largest = 0
                for i in keep.indices where keep[i] { largest = max(largest, sizes[i]) }
                for i in keep.indices where keep[i] && sizes[i] * 4 < largest { keep[i] = false }
                keep.withUnsafeBufferPointer { keep in
                    func kept(_ i: Int) -> Bool { label[i] >= 0 && keep[Int(label[i])] }
                    for y in 0..<height {
                        for x in 0..<width {
                            let i = y * width + x
                            if label[i] >= 0 {
                                if !keep[Int(label[i])] { ink[i] = 0 }
                                continue
                            }
                            guard ink[i] > 0 else { continue }
                            var touches = false
                            for qy in max(0, y - 1)...min(height - 1, y + 1) where !touches {
                                let r = qy * width
                                for qx in max(0, x - 1)...min(width - 1, x + 1) where kept(r + qx) {
                                    touches = true
                                    break
                                }
                            }
                            if !touches { ink[i] = 0 }
                        }
                    }
                }
            }
        }
    }

    /// Labels the connected parts (8 neighbours) of the pixels with at least `DigitShapes.inkLevel` ink, in
    /// the order of their first pixel, and tells `part` each one's box (first and last column and row) and
    /// pixel count.
    private static func label(
        _ ink: UnsafeMutableBufferPointer<Float>, width: Int, height: Int, into label: UnsafeMutableBufferPointer<Int32>,
        part: (Int, Int, Int, Int, Int) -> Void
    ) {
        let level = DigitShapes.inkLevel
        // Pixels to visit as (row << 32 | column): no division to find them again.
        var stack: [Int] = []
        var id: Int32 = 0
        for start in 0..<ink.count where ink[start] >= level && label[start] < 0 {
            label[start] = id
            stack.append((start / width) << 32 | (start % width))
            var left = width
            var right = -1
            var top = height
            var bottom = -1
            var size = 0
            while let p = stack.popLast() {
                size += 1
                let py = p >> 32
                let px = p & 0xFFFF_FFFF
                left = min(left, px)
                right = max(right, px)
                top = min(top, py)
                bottom = max(bottom, py)
                for qy in max(0, py - 1)...min(height - 1, py + 1) {
                    for qx in max(0, px - 1)...min(width - 1, px + 1) {
                        let q = qy * width + qx
                        if label[q] < 0, ink[q] >= level {
                            label[q] = id
                            stack.append(qy << 32 | qx)
                        }
                    }
                }
            }
            part(left, right, top, bottom, size)
            id += 1
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
        ink.withUnsafeBufferPointer { ink in
            guard let base = ink.baseAddress else { return }
            for y in 0..<height {
                let row = base + y * width
                for x in 0..<width where row[x] >= level {
                    x0 = min(x0, x)
                    x1 = max(x1, x)
                    y0 = min(y0, y)
                    y1 = max(y1, y)
                }
            }
        }
        return x1 < 0 ? nil : (x0, y0, x1 + 1, y1 + 1)
    }
}
