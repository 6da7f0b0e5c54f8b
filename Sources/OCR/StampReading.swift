import CTesseract
import PPShared
import PixImage
import Records

extension PageOCR {
    /// The page's lines with the words of its coloured stamps (`ColourStamps`) added, each stamp as read
    /// upright by itself, its words' boxes turned back onto the page; in the languages the page was read in.
    /// A stamp whose words the page reading already holds where it lies (a coloured letterhead set straight)
    /// adds nothing.
    func readStamps(
        _ found: ColourStamps, over lines: [OCRLine], dpi: Int, what: String, ocr: inout OCRReading
    ) throws(ToolError) -> [OCRLine] {
        guard !found.stamps.isEmpty else { return lines }
        let engine = try options.engines.borrow(ocr.lang ?? options.languages, options: options)
        defer { options.engines.giveBack(engine) }
        var kept = lines
        var read = 0
        for (index, stamp) in found.stamps.enumerated() {
            let image = stamp.image
            let seen = try engine.recognize(
                image, in: [0, 0, image.width, image.height], mode: PSM_SINGLE_BLOCK, dpi: dpi, what: what,
                part: "stamp \(index + 1) of \(found.stamps.count)")
            let words = seen.flatMap(\.words).filter { Self.isWord($0.text) }.map {
                OCRWord(text: $0.text, box: stamp.pageBox($0.box), conf: $0.conf)
            }
            guard let line = Self.line(of: words), !Self.alreadyRead(line, in: kept, region: stamp.region) else { continue }
            // The page reading made words of a turned stamp's letters too ("Ta" for a turned "PAGATA"): in its
            // region and taller than its letters, as the slant spreads them. Beside the stamp's own line they would
            // make it no line of its own. Print under or beside the stamp is no taller than its letters.
            if abs(stamp.degrees) >= Self.turnedStamp {
                let heights = seen.flatMap(\.words).filter { Self.isWord($0.text) }.map { $0.box[3] - $0.box[1] }.sorted()
                let letter = heights.isEmpty ? Double.infinity : heights[heights.count / 2]
                kept = kept.compactMap { l in
                    let rest = l.words.filter {
                        !Self.centre(of: $0.box, isIn: stamp.region) || $0.box[3] - $0.box[1] < letter * Self.slantedWordHeight
                    }
                    return rest.count == l.words.count ? l : Self.line(of: rest)
                }
            }
            let at = kept.firstIndex { $0.box[1] > line.box[1] } ?? kept.endIndex
            kept.insert(line, at: at)
            read += 1
        }
        if read > 0 { ocr.stamps = read }
        return kept
    }

    /// A stamp turned this many degrees or more is one the page reading may have read askew, and a page word in
    /// its region this many times taller than the stamp's letters (upright) is such a reading.
    static let turnedStamp = 5.0
    static let slantedWordHeight = 1.3

    /// A stamp's word holds a letter or digit: the specks and rules of its frame read as "|" or "—" are not words.
    static func isWord(_ text: String) -> Bool { text.contains { $0.isLetter || $0.isNumber } }

    /// Whether every word of `line` is already a word of the page whose centre lies in `region`.
    static func alreadyRead(_ line: OCRLine, in lines: [OCRLine], region: [Int]) -> Bool {
        func folded(_ s: String) -> String { String(s.lowercased().filter { $0.isLetter || $0.isNumber }) }
        let there = Set(lines.flatMap(\.words).filter { centre(of: $0.box, isIn: region) }.map { folded($0.text) })
        return line.words.allSatisfy { there.contains(folded($0.text)) }
    }
}
