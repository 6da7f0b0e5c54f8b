import Foundation

/// Words printed at a slant (a "PAID" stamp at 20°, a watermark across the page) reach pp-extract as one line
/// per letter or per few letters: a text layer orders text along horizontal baselines. Pieces of one size
/// that follow one slanted straight line, each touching the next, are one line again, read along the slant.
struct RotatedWords: Sendable {
    /// The slant a run of letters must have (degrees from the horizontal, either way), so that ordinary
    /// lines of one character each (a column of digits, a comb form) stay as they are.
    static let slant = 8.0...82.0
    /// How far apart two pieces stand at most (the gap between their boxes, in piece heights), how much their
    /// heights and the angle from one to the next may differ; a wider gap than `wordGap` is a space.
    let spacing, wordGap: Double
    /// A piece is at most this many characters, none a space, and this many times taller than the page's
    /// median line: slanted or stamped print, not the cells of a table.
    static let pieceLength = 6
    let pieceHeight, heightRatio, angleTolerance: Double
    /// How far the centres of a steep stamp's letters may stray from their common line, in letter sizes.
    let lineSpread: Double
    /// A word (of two pieces or more) has at least this many letters; a page of more one-letter lines than `maxLetters` (a comb form,
    /// a broken text layer) is left as it is: the search would cost the cube of their number.
    static let minLetters = 3
    static let maxLetters = 400

    /// The factors of Model/weights.json (`rotated.*`, in hundredths; the angle in hundredths of a degree).
    init(_ w: (String) -> Int) {
        func r(_ name: String) -> Double { Double(w("rotated." + name)) / 100 }
        spacing = r("spacing")
        wordGap = r("word_gap")
        pieceHeight = r("piece_height")
        heightRatio = r("height_ratio")
        angleTolerance = r("angle_tolerance")
        lineSpread = r("line_spread")
    }

    /// The lines with every slanted run of one-letter lines replaced by one line holding the word.
    func joined(_ lines: [TextLine]) -> [TextLine] {
        // The body's line height: of the lines that are no pieces (they hold a space or are long).
        let body = lines.filter { $0.chars.count > Self.pieceLength || $0.chars.contains(" ") }
        let heights = (body.isEmpty ? lines : body).map(\.box.height).filter { $0 > 0 }.sorted()
        guard !heights.isEmpty else { return lines }
        let tall = pieceHeight * heights[heights.count / 2]
        let letters = lines.indices.filter { i in
            let l = lines[i]
            return l.chars.count <= Self.pieceLength && l.box.height >= tall
                && l.chars.contains(where: { $0.isLetter || $0.isNumber })
                && !l.chars.contains(" ") && l.box.height > 0
        }
        let steep = lines.indices.filter { i in
            let l = lines[i]
            return l.chars.count <= Self.pieceLength && steepSize(l) >= tall
                && l.chars.contains(where: { $0.isLetter || $0.isNumber }) && !l.chars.contains(" ")
        }
        guard max(letters.count, steep.count) >= 2, max(letters.count, steep.count) <= Self.maxLetters else { return lines }
        var used: Set<Int> = []
        var words: [(members: [Int], line: TextLine)] = []
        for start in letters where !used.contains(start) {
            guard let run = run(from: start, among: letters.filter { !used.contains($0) }, lines) else { continue }
            used.formUnion(run)
            words.append((run, word(run.map { lines[$0] })))
        }
        for run in steepRuns(among: steep.filter { !used.contains($0) }, lines) {
            used.formUnion(run)
            words.append((run, word(run.map { lines[$0] })))
        }
        guard !words.isEmpty else { return lines }
        var out: [TextLine] = []
        var placed: Set<Int> = []
        for (i, line) in lines.enumerated() {
            if let w = words.firstIndex(where: { $0.members.contains(i) }) {
                if placed.insert(w).inserted { out.append(words[w].line) }
            } else {
                out.append(line)
            }
        }
        return out
    }

    /// Whether two pieces of sizes `a` and `b` are letters of one print: a piece of several letters is as
    /// tall as its slant makes it, so only single letters are compared.
    func oneSize(_ p: TextLine, _ q: TextLine, _ a: Double, _ b: Double) -> Bool {
        p.chars.count > 1 || q.chars.count > 1 || max(a, b) <= heightRatio * min(a, b)
    }

    /// The characters of pieces `run`.
    func letterCount(_ run: [Int], _ lines: [TextLine]) -> Int { run.reduce(0) { $0 + lines[$1].chars.count } }

    func centre(_ b: Box) -> (Double, Double) { ((b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2) }

    /// The letters of one slanted word through `start`, in reading order (left to right), or nil.
    func run(from start: Int, among letters: [Int], _ lines: [TextLine]) -> [Int]? {
        let s = lines[start]
        func near(_ a: Int, _ b: Int) -> Bool {
            let (ha, hb) = (lines[a].box.height, lines[b].box.height)
            guard lines[a].page == lines[b].page, oneSize(lines[a], lines[b], ha, hb) else { return false }
            return gap(lines[a].box, lines[b].box) <= spacing * max(ha, hb)
        }
        guard
            let second = letters.filter({ $0 != start && near(start, $0) }).min(by: {
                distance(lines[$0].box, s.box) < distance(lines[$1].box, s.box)
            })
        else { return nil }
        let angle = direction(s.box, lines[second].box)
        let tilt = abs(angle.truncatingRemainder(dividingBy: 180))
        let fromHorizontal = min(tilt, 180 - tilt)
        guard Self.slant.contains(fromHorizontal) else { return nil }
        // Grow both ways along the angle.
        var run = [start, second]
        var grew = true
        while grew {
            grew = false
            for end in [run.last!, run.first!] {
                let towards = end == run.last! ? angle : angle + 180
                if let next = letters.first(where: { c in
                    !run.contains(c) && near(end, c)
                        && angleDiff(direction(lines[end].box, lines[c].box), towards) <= angleTolerance
                }) {
                    if end == run.last! { run.append(next) } else { run.insert(next, at: 0) }
                    grew = true
                }
            }
        }
        guard letterCount(run, lines) >= Self.minLetters else { return nil }
        // Reading order: left to right along the slant.
        return centre(lines[run.first!].box).0 <= centre(lines[run.last!].box).0 ? run : run.reversed()
    }

    /// The distance between two boxes' edges (0 where they overlap).
    func gap(_ a: Box, _ b: Box) -> Double {
        hypot(max(0, a.x0 - b.x1, b.x0 - a.x1), max(0, a.y0 - b.y1, b.y0 - a.y1))
    }

    func distance(_ a: Box, _ b: Box) -> Double {
        let (xa, ya) = centre(a)
        let (xb, yb) = centre(b)
        return hypot(xb - xa, yb - ya)
    }

    /// Degrees from `a`'s centre to `b`'s.
    func direction(_ a: Box, _ b: Box) -> Double {
        let (xa, ya) = centre(a)
        let (xb, yb) = centre(b)
        return atan2(yb - ya, xb - xa) * 180 / .pi
    }

    func angleDiff(_ a: Double, _ b: Double) -> Double {
        let d = abs((a - b).truncatingRemainder(dividingBy: 360))
        return min(d, 360 - d)
    }

    /// One line for the pieces of a slanted line: their text in order (a space where the gap is a word's),
    /// their boxes' union.
    func word(_ letters: [TextLine]) -> TextLine {
        var text = letters[0].text
        for (a, b) in zip(letters, letters.dropFirst()) {
            if gap(a.box, b.box) > wordGap * max(a.box.height, b.box.height) { text += " " }
            text += b.text
        }
        let box = letters.dropFirst().reduce(letters[0].box) { $0.union($1.box) }
        let conf = letters.compactMap(\.conf).min()
        return TextLine(page: letters[0].page, text: text, box: box, conf: conf, words: [Word(text: text, box: box, conf: conf)])
    }
}
