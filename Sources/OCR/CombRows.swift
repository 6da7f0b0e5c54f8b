import CTesseract
import PPShared
import PixImage
import Records

extension PageOCR {
    /// The page's lines with the slip around comb rows read again from the page without box rules (see
    /// `FormBoxes`): the captions between the rows as a block, each row alone as one line of text, in the
    /// languages the page was read in. Lines elsewhere on the page stay as they were read.
    func readCombRows(
        _ combs: FormBoxes, over lines: [OCRLine], dpi: Int, what: String, ocr: inout OCRReading
    ) throws(ToolError) -> [OCRLine] {
        let engine = try options.engines.borrow(ocr.lang ?? options.languages, options: options)
        defer { options.engines.giveBack(engine) }
        var read: [OCRLine] = []
        for (index, row) in combs.rows.enumerated() {
            guard let strip = CombStrip(row: row, ink: combs.ink) else { continue }
            let found = try engine.recognize(
                strip.image, in: [0, 0, strip.image.width, strip.image.height], mode: PSM_SINGLE_LINE, dpi: dpi,
                what: what, part: "comb row \(index + 1) of \(combs.rows.count)")
            let words = found.flatMap(\.words).map { w in OCRWord(text: w.text, box: strip.pageBox(w.box), conf: w.conf) }
            if let line = Self.line(of: words) { read.append(line) }
        }
        guard !read.isEmpty else { return lines }
        ocr.combRows = read.count
        // The slip: the rows and the captions above each (a few letter heights), as wide as the rows.
        let g = combs.glyph
        let slip = [
            max(0, combs.rows.map { $0.box[0] }.min()! - 3 * g), max(0, combs.rows[0].box[1] - 3 * g),
            min(combs.ink.width, combs.rows.map { $0.box[2] }.max()! + g),
            min(combs.ink.height, combs.rows.map { $0.box[3] }.max()! + g),
        ]
        let captions = try engine.recognize(
            combs.even, in: slip, mode: PSM_SINGLE_BLOCK, dpi: dpi, what: what, part: "captions of the comb rows"
        ).compactMap { line in
            Self.removingWords(of: line) { w in combs.rows.contains { Self.centre(of: w.box, isIn: $0.box) } }
        }
        var kept = lines.compactMap { line in Self.removingWords(of: line) { Self.centre(of: $0.box, isIn: slip) } }
        // In reading order: each line goes before the first that starts below its top.
        for line in (captions + read).sorted(by: { $0.box[1] < $1.box[1] }) {
            let at = kept.firstIndex { $0.box[1] > line.box[1] } ?? kept.endIndex
            kept.insert(line, at: at)
        }
        return kept
    }

    /// The line without the words `drop` picks (a caption read together with the boxes below it stays),
    /// nil when none is left.
    static func removingWords(of line: OCRLine, where drop: (OCRWord) -> Bool) -> OCRLine? {
        let words = line.words.filter { !drop($0) }
        if words.count == line.words.count { return line }
        return Self.line(of: words)
    }

    /// A line made of `words`: their text joined, their boxes' union, their mean confidence.
    static func line(of words: [OCRWord]) -> OCRLine? {
        guard !words.isEmpty else { return nil }
        let box = [
            words.map { $0.box[0] }.min()!, words.map { $0.box[1] }.min()!, words.map { $0.box[2] }.max()!,
            words.map { $0.box[3] }.max()!,
        ]
        let conf = words.map(\.conf).reduce(0, +) / Double(words.count)
        return OCRLine(text: words.map(\.text).joined(separator: " "), box: box, conf: conf, words: words)
    }

    static func centre(of box: [Double], isIn rect: [Int]) -> Bool {
        guard box.count == 4 else { return false }
        let (x, y) = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        return x >= Double(rect[0]) && x <= Double(rect[2]) && y >= Double(rect[1]) && y <= Double(rect[3])
    }
}
