import PPShared

/// A word of the text layer that the rendered page does not show as the text says, and why.
struct HiddenWord {
    enum Reason: Equatable {
        /// Lower than the legibility floor (its box, or its digits' ink), in points.
        case tiny(height: Double)
        /// Squeezed: its characters on average this wide, in points.
        case squeezed(width: Double)
        /// Nothing of it shows where it stands: drawn in the colour behind it (`sameColour`), or not drawn at
        /// all (an invisible render mode, clipped away, a font that draws nothing).
        case invisible(sameColour: Bool)
        /// Drawn, then painted over.
        case covered
        /// Laid over other text of the layer, whose shapes are what the page shows there.
        case overdrawn
        /// A digit whose glyph shows another digit.
        case mismapped(claimed: Int, shown: Int)
    }

    var word: TextWord
    var reason: Reason

    /// The warning code of the page record.
    var code: String {
        switch reason {
        case .tiny, .squeezed: "tiny_text"
        case .invisible, .overdrawn: "invisible_text"
        case .covered: "covered_text"
        case .mismapped: "mismapped_text"
        }
    }

    /// Why, in words, after "is left out: ".
    var why: String {
        switch reason {
        case .tiny(let height):
            "it is \(JSON.rounded(height).encoded()) pt high, below the \(JSON.rounded(VisibleText.minimumTextHeight).encoded()) pt a person reads"
        case .squeezed(let width):
            "its characters are squeezed to \(JSON.rounded(width).encoded()) pt wide, too narrow to read"
        case .invisible(true): "it is drawn in the colour behind it"
        case .invisible(false): "it is not drawn (an invisible render mode, clipped away, or a font that draws nothing)"
        case .covered: "it is painted over"
        case .overdrawn: "other text is drawn in its place and the page shows that"
        case .mismapped(let claimed, let shown): "its glyph of \(claimed) shows \(shown)"
        }
    }
}

extension HiddenWord {
    /// The page record's warnings for `hidden` (one per code, in the order of `codes`), each naming the
    /// words with their boxes in the frame of the record's lines (`frame` quarter turns of the `width` x
    /// `height` page as displayed, as PageText turns them).
    static func warnings(
        _ hidden: [HiddenWord], raw: RawTextLayer, frame: Int, width: Double, height: Double, page: Int, source: String
    ) -> [JSON] {
        ["invisible_text", "covered_text", "tiny_text", "mismapped_text"].compactMap { code in
            let words = hidden.filter { $0.code == code }
            guard !words.isEmpty else { return nil }
            let list = words.map { w -> JSON in
                [
                    "text": .string(w.word.text), "box": box(w.word, raw: raw, frame: frame, width: width, height: height),
                    "why": .string(w.why),
                ]
            }
            let named = words.prefix(5).map { "'\($0.word.text)' (\($0.why))" }.joined(separator: ", ")
            let more = words.count > 5 ? " and \(words.count - 5) more" : ""
            let count = words.count == 1 ? "a word" : "\(words.count) words"
            return [
                "code": .string(code),
                "message": .string(
                    "page \(page) of '\(source)': \(count) of the text layer not shown as written on the rendered page, left out: \(named)\(more)"
                ),
                "words": .array(list),
            ]
        }
    }

    /// The word's box from its characters' rectangles, turned into the frame of the record's lines.
    private static func box(_ word: TextWord, raw: RawTextLayer, frame: Int, width: Double, height: Double) -> JSON {
        var r = raw.rects[Int(word.characters[0])]
        for i in word.characters.dropFirst() {
            let c = raw.rects[Int(i)]
            r = RawTextLayer.Rect(x0: min(r.x0, c.x0), y0: min(r.y0, c.y0), x1: max(r.x1, c.x1), y1: max(r.y1, c.y1))
        }
        if frame != 0 { r = TextDirection.turned(r, quarters: frame, width: width, height: height) }
        return .array([r.x0, r.y0, r.x1, r.y1].map { PageText.coordinate($0) })
    }
}

extension PageText {
    /// The text without the words that hold any of `characters` (raw indices): lines left empty go, the
    /// others get the box of their remaining words; the counts of the usable-text rule lose those characters.
    func removing(_ characters: Set<Int32>) -> PageText {
        guard !characters.isEmpty else { return self }
        var out = self
        var removed = 0
        out.lines = lines.compactMap { line in
            var kept = line
            kept.words = line.words.filter { word in
                guard word.characters.contains(where: characters.contains) else { return true }
                removed += word.text.unicodeScalars.count
                return false
            }
            guard let first = kept.words.first else { return nil }
            guard kept.words.count != line.words.count else { return line }
            var box = first.box
            for w in kept.words.dropFirst() {
                box = [min(box[0], w.box[0]), min(box[1], w.box[1]), max(box[2], w.box[2]), max(box[3], w.box[3])]
            }
            kept.box = box
            return kept
        }
        out.goodCharacters = max(0, goodCharacters - removed)
        out.allCharacters = max(0, allCharacters - removed)
        return out
    }
}
