import CLeptonica
import CTesseract
import PPShared
import PixImage
import Records

/// Text tesseract's page layout left out. Beside ruled tables its automatic segmentation sometimes drops
/// whole blocks of plain lines ("Informacja o płatności: Zapłacono" under a totals table of a photographed
/// invoice), though the same lines read well once cut out. So the page's ink is kept before the reading;
/// after it, the ink no read word covers is grouped into lines of glyph-sized pieces, and each group of such
/// lines is read again as a block (PSM 6). Rules, pictures and specks are not glyph-sized and start nothing.
struct MissedText {
    /// The page in grey with an even background (paper at 200): its ink is what is darker than `inkLevel`,
    /// and the missed blocks are read from it.
    let even: PixImage

    static let inkLevel: Int32 = 165
    /// A read word's box is widened by this share of the letter height before its ink is cleared (the
    /// boxes hug the letters; a photo's blur spreads ink past them).
    static let wordMargin = 0.35
    /// A piece of ink is a glyph, or letters a photo's blur ran together, when its height is within these
    /// shares of the letter height (rules are thinner, table borders and pictures taller); it counts as
    /// one letter per `letterWidth` letter heights of its width.
    static let glyphHeights = 0.45...2.2
    static let letterWidth = 0.6
    /// Glyphs join one line when their middles are this many letter heights apart at most, vertically,
    /// and their boxes this far apart horizontally.
    static let lineRise = 0.6
    static let letterGap = 1.2
    /// A missed line has at least this many letters and is this many letter heights wide (a word, not a
    /// stray mark or a lone digit of a table).
    static let lineGlyphs = 4
    static let lineWidth = 2.0
    /// Missed lines this close (letter heights) one above the other are read as one block.
    static let blockGap = 1.2
    /// At most this many blocks a page, and at most this share of the page's area in all: a page of
    /// pictures or a desk's texture is not read piece by piece.
    static let maximumBlocks = 24
    static let maximumAreaShare = 0.15
    /// A word read again counts when tesseract's confidence in it is this high; a missed block is noise
    /// unless its words reach it.
    static let wordConfidence = 70.0

    /// The page's `evenGray()`, made before the page is read (the reading consumes the image).
    init?(even: PixImage) {
        guard even.width >= 200, even.height >= 200 else { return nil }
        self.even = even
    }

    /// Rectangles (left, top, right, bottom, pixels) of ink that no word of `lines` covers and that is laid
    /// out as lines of text; none when the reading gives no letter height or the missed ink is too much to be
    /// lines left out (a picture, a desk).
    func blocks(besides lines: [OCRLine]) -> [[Int]] {
        let words = lines.flatMap(\.words)
        let heights = words.map { $0.box[3] - $0.box[1] }.filter { $0 > 0 }.sorted()
        guard heights.count >= 5, let left = even.derived({ pixThresholdToBinary($0, Self.inkLevel) }) else { return [] }
        let letter = heights[heights.count / 2]
        let margin = Int(letter * Self.wordMargin)
        for w in words {
            let x0 = Int(w.box[0]) - margin
            let y0 = Int(w.box[1]) - margin
            left.clear(PixBox(x: x0, y: y0, width: Int(w.box[2]) - x0 + margin, height: Int(w.box[3]) - y0 + margin))
        }
        let glyphs = left.componentBoxes().filter { Self.glyphHeights.contains(Double($0.height) / letter) }
        let missed = Self.lines(of: glyphs, letter: letter).filter {
            $0.count >= Self.lineGlyphs && Double($0.box[2] - $0.box[0]) >= Self.lineWidth * letter
        }
        let blocks = Self.blocks(of: missed.map(\.box), gap: Int(Self.blockGap * letter))
        let area = blocks.reduce(0) { $0 + ($1[2] - $1[0]) * ($1[3] - $1[1]) }
        guard blocks.count <= Self.maximumBlocks, Double(area) <= Self.maximumAreaShare * Double(even.width * even.height)
        else { return [] }
        let pad = Int(letter / 2)
        return blocks.map {
            [max(0, $0[0] - pad), max(0, $0[1] - pad), min(even.width, $0[2] + pad), min(even.height, $0[3] + pad)]
        }
    }

    /// Glyph boxes joined into lines: left to right, a glyph joins the line whose last glyph is level with
    /// it and near enough. Each line: its bounding box and its number of letters.
    static func lines(of glyphs: [PixBox], letter: Double) -> [(box: [Int], count: Int)] {
        func letters(_ g: PixBox) -> Int { max(1, Int(Double(g.width) / (letterWidth * letter))) }
        var open: [(box: [Int], count: Int, lastRight: Int, middle: Double)] = []
        for g in glyphs.sorted(by: { $0.x < $1.x }) {
            let middle = Double(g.y) + Double(g.height) / 2
            let near = open.indices.filter {
                abs(open[$0].middle - middle) <= lineRise * letter && Double(g.x - open[$0].lastRight) <= letterGap * letter
            }
            if let k = near.min(by: { abs(open[$0].middle - middle) < abs(open[$1].middle - middle) }) {
                let b = open[k].box
                open[k].box = [min(b[0], g.x), min(b[1], g.y), max(b[2], g.x + g.width), max(b[3], g.y + g.height)]
                open[k].count += letters(g)
                open[k].lastRight = max(open[k].lastRight, g.x + g.width)
            } else {
                open.append(([g.x, g.y, g.x + g.width, g.y + g.height], letters(g), g.x + g.width, middle))
            }
        }
        return open.map { ($0.box, $0.count) }
    }

    /// Line boxes that overlap horizontally and lie within `gap` of each other vertically, merged.
    static func blocks(of boxes: [[Int]], gap: Int) -> [[Int]] {
        var out: [[Int]] = []
        for b in boxes.sorted(by: { $0[1] < $1[1] }) {
            if let k = out.firstIndex(where: { o in
                o[0] < b[2] && b[0] < o[2] && b[1] - o[3] <= gap && o[1] - b[3] <= gap
            }) {
                let o = out[k]
                out[k] = [min(o[0], b[0]), min(o[1], b[1]), max(o[2], b[2]), max(o[3], b[3])]
            } else {
                out.append(b)
            }
        }
        return out
    }
}

extension PageOCR {
    /// The page's lines with the lines of `missed`'s blocks added, each block read by itself in the page's
    /// languages; only words tesseract is sure of (`MissedText.wordConfidence`) that no read word holds
    /// where they lie.
    /// `deadline` (--page-timeout) is checked before each block.
    func readMissed(
        _ missed: MissedText, over lines: [OCRLine], dpi: Int, deadline: UInt64?, what: String, ocr: inout OCRReading
    ) throws(ToolError) -> [OCRLine] {
        let blocks = missed.blocks(besides: lines)
        guard !blocks.isEmpty else { return lines }
        let engine = try options.engines.borrow(ocr.lang ?? options.languages, options: options)
        defer { options.engines.giveBack(engine) }
        let read = lines.flatMap(\.words).map(\.box)
        var kept = lines
        var added = 0
        for (index, block) in blocks.enumerated() {
            try checkDeadline(deadline, what: what)
            let seen = try engine.recognize(
                missed.even, in: block, mode: PSM_SINGLE_BLOCK, dpi: dpi, what: what,
                part: "missed text \(index + 1) of \(blocks.count)")
            for line in seen {
                let words = line.words.filter { w in
                    w.conf >= MissedText.wordConfidence && Self.isWord(w.text)
                        && !read.contains { Self.centre(of: w.box, isIn: $0.map { Int($0) }) }
                }
                guard let new = Self.line(of: words) else { continue }
                let at = kept.firstIndex { $0.box[1] > new.box[1] } ?? kept.endIndex
                kept.insert(new, at: at)
                added += 1
            }
        }
        if added > 0 { ocr.missedLines = added }
        return kept
    }
}
