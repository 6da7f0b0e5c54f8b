/// Characters of a text layer drawn over other characters of about their size: two texts in one place
/// (an invisible IBAN laid over a visible one). The glyph render shows both glyphs at once there, so
/// such a character cannot be measured against its own glyph: its digits are read from the page instead
/// (GlyphInk), the rest is left unjudged.
enum TextOverlap {
    /// A character is overlapped when other characters cover at least this share of its box: kerned
    /// neighbours of a word overlap by a tenth at most.
    static let minimumShare = 1.0 / 3
    /// Only characters within this factor of each other's height are compared: a watermark's huge letters
    /// or a speck over a digit are no second text.
    static let heightFactor = 2.0
    /// The grid cell of the lookup, in points, and the tallest or widest character (in cells) it indexes.
    static let cell = 16.0
    static let maxCells = 4

    /// Which of `characters` (raw indices) are overlapped by other characters of `raw`.
    static func overlapped(_ characters: [Int32], raw: RawTextLayer) -> Set<Int32> {
        guard !characters.isEmpty else { return [] }
        var grid: [Int: [Int32]] = [:]
        for i in characters { forEachKey(raw.rects[Int(i)]) { grid[$0, default: []].append(i) } }
        var covered: [Int32: Double] = [:]
        // The characters met so far for the current one (a few: a buffer kept, not a set made each time).
        var seen: [Int32] = []
        for (j, (scalar, r)) in zip(raw.scalars, raw.rects).enumerated() where !scalar.properties.isWhitespace {
            seen.removeAll(keepingCapacity: true)
            forEachKey(r) { key in
                for i in grid[key] ?? [] where i != Int32(j) && !seen.contains(i) {
                    seen.append(i)
                    let c = raw.rects[Int(i)]
                    guard similar(c, r) else { continue }
                    covered[i, default: 0] += intersection(c, r)
                }
            }
        }
        return Set(covered.compactMap { i, area in area >= minimumShare * self.area(raw.rects[Int(i)]) ? i : nil })
    }

    /// Calls `body` with each grid cell of `r`, row by row; none for a character too big to be indexed.
    private static func forEachKey(_ r: RawTextLayer.Rect, _ body: (Int) -> Void) {
        guard r.x1 > r.x0, r.y1 > r.y0, r.x1 - r.x0 < cell * Double(maxCells), r.y1 - r.y0 < cell * Double(maxCells)
        else { return }
        // Cells of coordinates within ±1,000,000 pt (the record's bound), each row 4,000,000 cells apart.
        func index(_ v: Double) -> Int { Int((min(max(v, -1e6), 1e6) / cell).rounded(.down)) }
        let (x0, x1) = (index(r.x0), index(r.x1))
        for y in index(r.y0)...index(r.y1) {
            for x in x0...x1 { body(y * 4_000_000 + x) }
        }
    }

    /// Sizes within `heightFactor` of each other (the larger side: a turned character's box lies across).
    private static func similar(_ a: RawTextLayer.Rect, _ b: RawTextLayer.Rect) -> Bool {
        let sa = max(a.x1 - a.x0, a.y1 - a.y0)
        let sb = max(b.x1 - b.x0, b.y1 - b.y0)
        return sa <= heightFactor * sb && sb <= heightFactor * sa
    }

    private static func intersection(_ a: RawTextLayer.Rect, _ b: RawTextLayer.Rect) -> Double {
        max(0, min(a.x1, b.x1) - max(a.x0, b.x0)) * max(0, min(a.y1, b.y1) - max(a.y0, b.y0))
    }

    private static func area(_ r: RawTextLayer.Rect) -> Double { (r.x1 - r.x0) * (r.y1 - r.y0) }
}
