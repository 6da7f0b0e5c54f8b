/// Lines built from character boxes alone, for turned text: poppler's order for it glues rows
/// together, so rows, words and lines are found again in the frame where the text is upright.
enum GlyphLayout {
    struct Glyph {
        var scalar: Unicode.Scalar
        /// In the page frame as poppler gives it, then in the text's upright frame.
        var rect: RawTextLayer.Rect
        /// Index into the page's font runs, -1 for none.
        var font: Int
        /// Position in poppler's text, to keep its order where boxes tie.
        var order: Int
    }

    /// A gap wider than this many character heights starts a new word.
    static let wordGap = 0.15
    /// A gap wider than this many character heights starts a new line (a cell, a value column).
    static let lineGap = 2.0
    /// Characters whose centres differ by less than this many heights share a row.
    static let rowTolerance = 0.35

    /// The lines of `glyphs`, all written with turn `quarter`, in reading order; boxes are given in
    /// the frame of the `width` x `height` page turned by `frame` quarters. `line` builds a line
    /// from words and their font indexes, `word` a word from its text, box and font index.
    static func lines(
        _ glyphs: [Glyph], quarter: Int, frame: Int, width: Double, height: Double,
        word: (String, [Double], Int, [Int32]) -> TextWord, line: ([TextWord], [Int]) -> TextLine
    ) -> [TextLine] {
        let (fw, fh) = quarter & 1 == 1 ? (height, width) : (width, height)
        let toFrame = (frame - quarter) & 3
        var upright = glyphs.map { g -> Glyph in
            var u = g
            u.rect = TextDirection.turned(g.rect, quarters: quarter, width: width, height: height)
            return u
        }
        upright.sort { a, b in
            let ca = a.rect.y0 + a.rect.y1
            let cb = b.rect.y0 + b.rect.y1
            return ca != cb ? ca < cb : a.order < b.order
        }
        var result: [TextLine] = []
        var row: [Glyph] = []
        func endRow() {
            guard !row.isEmpty else { return }
            row.sort { a, b in a.rect.x0 != b.rect.x0 ? a.rect.x0 < b.rect.x0 : a.order < b.order }
            result += rowLines(row, word: word, line: line) { r in
                TextDirection.turned(r, quarters: toFrame, width: fw, height: fh)
            }
            row = []
        }
        for g in upright {
            if let first = row.first {
                let h = min(extent(of: first.rect), extent(of: g.rect))
                if (g.rect.y0 + g.rect.y1 - first.rect.y0 - first.rect.y1) / 2 > rowTolerance * h { endRow() }
            }
            row.append(g)
        }
        endRow()
        return result
    }

    /// Splits one row (sorted left to right, upright boxes) into lines and words at its gaps.
    private static func rowLines(
        _ row: [Glyph], word: (String, [Double], Int, [Int32]) -> TextWord, line: ([TextWord], [Int]) -> TextLine,
        place: (RawTextLayer.Rect) -> RawTextLayer.Rect
    ) -> [TextLine] {
        var lines: [TextLine] = []
        var words: [TextWord] = []
        var fonts: [Int] = []
        var text = String.UnicodeScalarView()
        var characters: [Int32] = []
        var box = row[0].rect
        var font = row[0].font
        var previousHeight = extent(of: row[0].rect)
        func endWord() {
            guard !text.isEmpty else { return }
            let r = place(box)
            words.append(word(String(text), [r.x0, r.y0, r.x1, r.y1], font, characters))
            fonts.append(font)
            text = String.UnicodeScalarView()
            characters = []
        }
        func endLine() {
            endWord()
            guard !words.isEmpty else { return }
            lines.append(line(words, fonts))
            words = []
            fonts = []
        }
        for g in row {
            let h = max(previousHeight, extent(of: g.rect))
            previousHeight = extent(of: g.rect)
            if !text.isEmpty {
                let gap = g.rect.x0 - box.x1
                if gap > lineGap * h {
                    endLine()
                } else if gap > wordGap * h {
                    endWord()
                }
            }
            if text.isEmpty {
                box = g.rect
                font = g.font
            } else {
                box.x0 = min(box.x0, g.rect.x0)
                box.y0 = min(box.y0, g.rect.y0)
                box.x1 = max(box.x1, g.rect.x1)
                box.y1 = max(box.y1, g.rect.y1)
            }
            text.append(g.scalar)
            characters.append(Int32(g.order))
        }
        endLine()
        return lines
    }

    private static func extent(of r: RawTextLayer.Rect) -> Double { max(r.y1 - r.y0, 0.01) }
}
