import Foundation

/// Text set at a slant (a "PAID" stamp turned 20 degrees over the totals). Poppler's page text has no
/// order for it: its letters come out one or two at a time, glued into the rows they cross ("Brutto:
/// 1 2. 6.378,30 EUR" from a stamp's date over a total). Runs of characters of one size that follow
/// each other at one slant are found from their rectangles and made lines of their own.
enum SlantedText {
    /// A character follows another when its centre is at most this many font sizes away.
    static let maxStep = 1.2
    /// Slants, in degrees either way from the horizontal, that poppler does not lay out itself: below the
    /// smallest it keeps a row, from the largest on its turned-text order takes over (TextDirection).
    static let minSlant = 6.0, maxSlant = 45.0
    /// A step from one letter to the next is at most this steep: the level pieces poppler cuts a slanted
    /// word into make single steps steeper than the word, but a step to the row below is steeper still.
    static let maxStepSlant = 62.0
    /// Two runs of one line keep their slant within this many degrees.
    static let slantTolerance = 8.0
    /// A run needs this many characters (a lone pair is a superscript or the end of one row next to the next).
    static let minCharacters = 3
    /// Two runs on one slanted baseline, this many font sizes apart at most, are words of one line.
    static let lineGap = 2.5
    /// Across the baseline, the letters of a run and the runs of one line are this many font sizes apart at
    /// most (poppler's level pieces put a letter's centre off the slanted baseline by up to half a size).
    static let baselineTolerance = 0.5
    /// Two characters are of one size when their sizes differ by at most this share.
    static let sizeTolerance = 0.1
    /// Within a run, a horizontal gap between two letters' boxes of this many font sizes is a space.
    static let wordGap = 0.15

    /// The slanted lines of `raw`, each a list of words, each word its characters' indexes in `raw` in
    /// reading order; nil when there are none (nearly every page).
    static func lines(_ raw: RawTextLayer, width: Double, height: Double) -> [[[Int]]]? {
        let points = characters(raw, width: width, height: height)
        guard points.count >= minCharacters else { return nil }
        let runs = self.runs(points)
        guard !runs.isEmpty else { return nil }
        return joined(runs, points: points)
    }

    struct Point {
        let index: Int
        let x, y, size: Double
        /// The left and right edges of its box.
        let x0, x1: Double
    }

    struct Run {
        var members: [Int]  // indexes into the points
        var slant: Double  // radians, y down
    }

    /// The characters that can carry a direction, with their centres and font sizes.
    static func characters(_ raw: RawTextLayer, width: Double, height: Double) -> [Point] {
        guard raw.rects.count == raw.scalars.count else { return [] }
        var points: [Point] = []
        var run = 0
        for (i, c) in raw.scalars.enumerated() where TextDirection.isDirected(c) && !PageText.isGarbage(c) {
            let r = raw.rects[i]
            guard r.x1 > r.x0, r.y1 > r.y0, TextDirection.isInside(r, width: width, height: height) else { continue }
            while run < raw.fonts.count, raw.fonts[run].end < i { run += 1 }
            let fontSize = run < raw.fonts.count && raw.fonts[run].start <= i ? raw.fonts[run].size : 0
            let size = fontSize > 0 ? fontSize : min(r.x1 - r.x0, r.y1 - r.y0)
            // A hostile font size (infinite, not a number, larger than the page) is no letter to follow.
            guard size.isFinite, size > 0, size <= max(width, height) else { continue }
            points.append(Point(index: i, x: (r.x0 + r.x1) / 2, y: (r.y0 + r.y1) / 2, size: size, x0: r.x0, x1: r.x1))
        }
        return points
    }

    /// Runs of points that follow each other at one slant. Every point's next is its nearest neighbour of
    /// its size to the right. Poppler gives a slanted word's letters the boxes of level pieces of two or
    /// three letters, so steps alternate between level and steep: a run goes on while its steps keep one
    /// vertical sense, and counts when the line from its first to its last centre is slanted and every
    /// centre lies near that line.
    static func runs(_ points: [Point]) -> [Run] {
        let grid = Grid(points)
        var next = [Int?](repeating: nil, count: points.count)
        var sense = [Int](repeating: 0, count: points.count)  // -1 up, 0 level, 1 down the page
        var hasPrevious = [Bool](repeating: false, count: points.count)
        for i in points.indices {
            guard let j = grid.nearestRight(of: i, in: points) else { continue }
            let (p, q) = (points[i], points[j])
            let degrees = atan2(q.y - p.y, q.x - p.x) * 180 / Double.pi
            guard abs(degrees) <= maxStepSlant else { continue }
            next[i] = j
            sense[i] = abs(degrees) < minSlant ? 0 : degrees < 0 ? -1 : 1
            hasPrevious[j] = true
        }
        var runs: [Run] = []
        var used = [Bool](repeating: false, count: points.count)
        // Steps go rightwards, so every run starts at a point that follows none.
        for start in points.indices where next[start] != nil && !hasPrevious[start] {
            var members = [start]
            var way = 0
            var i = start
            while let j = next[i], !used[j] {
                if sense[i] != 0, way != 0, sense[i] != way { break }
                if sense[i] != 0 { way = sense[i] }
                members.append(j)
                i = j
            }
            guard way != 0, members.count >= minCharacters, let run = slantedRun(members, points: points) else { continue }
            for m in members { used[m] = true }
            runs.append(run)
        }
        return runs
    }

    /// The run of `members` when the line through its first and last centres has a slant poppler does not lay
    /// out and every centre lies within `baselineTolerance` sizes of it.
    static func slantedRun(_ members: [Int], points: [Point]) -> Run? {
        let (a, b) = (points[members[0]], points[members[members.count - 1]])
        let slant = atan2(b.y - a.y, b.x - a.x)
        let degrees = abs(slant) * 180 / Double.pi
        guard degrees >= minSlant, degrees <= maxSlant else { return nil }
        for m in members {
            let p = points[m]
            let across = -(p.x - a.x) * sin(slant) + (p.y - a.y) * cos(slant)
            if abs(across) > baselineTolerance * a.size { return nil }
        }
        return Run(members: members, slant: slant)
    }

    /// Runs on one baseline joined into lines of words, left to right; lines top to bottom.
    static func joined(_ runs: [Run], points: [Point]) -> [[[Int]]] {
        var order = runs.indices.sorted { points[runs[$0].members[0]].x < points[runs[$1].members[0]].x }
        var lines: [[Run]] = []
        while let first = order.first {
            order.removeFirst()
            var line = [runs[first]]
            var k = 0
            while k < order.count {
                let last = line[line.count - 1]
                let candidate = runs[order[k]]
                if follows(candidate, after: last, points: points) {
                    line.append(candidate)
                    order.remove(at: k)
                } else {
                    k += 1
                }
            }
            lines.append(line)
        }
        lines.sort { points[$0[0].members[0]].y < points[$1[0].members[0]].y }
        return lines.map { $0.flatMap { words(of: $0, points: points) } }
    }

    /// A run cut into words where the boxes of two letters leave a space between them ("BEZAHLT AM").
    static func words(of run: Run, points: [Point]) -> [[Int]] {
        let m = run.members.map { points[$0] }
        var words: [[Int]] = [[m[0].index]]
        for (a, b) in zip(m, m.dropFirst()) {
            if b.x0 - a.x1 > wordGap * a.size { words.append([]) }
            words[words.count - 1].append(b.index)
        }
        return words
    }

    /// Whether `b` goes on `a`'s line: the same slant, on its baseline, a word gap after it.
    static func follows(_ b: Run, after a: Run, points: [Point]) -> Bool {
        let end = points[a.members[a.members.count - 1]]
        let start = points[b.members[0]]
        guard abs(a.slant - b.slant) <= slantTolerance * Double.pi / 180,
            abs(start.size - end.size) <= sizeTolerance * end.size
        else { return false }
        let dx = start.x - end.x
        let dy = start.y - end.y
        let along = dx * cos(a.slant) + dy * sin(a.slant)
        let across = -dx * sin(a.slant) + dy * cos(a.slant)
        return along > 0 && along <= lineGap * end.size && abs(across) <= baselineTolerance * end.size
    }

    /// Points in square cells, to find neighbours without comparing every pair.
    struct Grid {
        /// A letter this many cells larger than the common one searches no further (bounded work a page).
        static let maxSpan = 4
        let cell: Double
        var cells: [Int64: [Int]] = [:]

        init(_ points: [Point]) {
            // Cells of the common size: one large letter widens its own search, not every other one's.
            let sizes = points.map(\.size).sorted()
            cell = max(sizes.isEmpty ? 1 : sizes[sizes.count / 2], 1) * SlantedText.maxStep
            for (i, p) in points.enumerated() { cells[key(Int(p.x / cell), Int(p.y / cell)), default: []].append(i) }
        }

        func key(_ x: Int, _ y: Int) -> Int64 { Int64(x) << 32 | Int64(UInt32(bitPattern: Int32(truncatingIfNeeded: y))) }

        /// The nearest point of `i`'s size to its right, within `maxStep` sizes.
        func nearestRight(of i: Int, in points: [Point]) -> Int? {
            let p = points[i]
            let reach = SlantedText.maxStep * p.size
            let cx = Int(p.x / cell)
            let cy = Int(p.y / cell)
            var best: (Int, Double)? = nil
            let span = min(max(1, Int((reach / cell).rounded(.up))), Self.maxSpan)
            for gx in cx...(cx + span) {
                for gy in (cy - span)...(cy + span) {
                    for j in cells[key(gx, gy)] ?? [] where j != i {
                        let q = points[j]
                        let dx = q.x - p.x
                        let dy = q.y - p.y
                        guard dx > 0, abs(q.size - p.size) <= SlantedText.sizeTolerance * p.size else { continue }
                        let d = dx * dx + dy * dy
                        if d <= reach * reach, best.map({ d < $0.1 }) ?? true { best = (j, d) }
                    }
                }
            }
            return best?.0
        }
    }
}

extension PageText {
    /// The text lines of slanted `groups` (SlantedText.lines), boxes in the frame of the page turned by `frame`
    /// quarters: each word's box bounds its characters' rectangles, so a stamp's line is as tall as it stands.
    static func slantedLines(
        _ groups: [[[Int]]], raw: RawTextLayer, frame: Int, width: Double, height: Double, fontNames: [String]
    ) -> [TextLine] {
        func run(of i: Int) -> Int { raw.fonts.firstIndex { $0.start <= i && i <= $0.end } ?? -1 }
        return groups.map { group in
            var fonts: [Int] = []
            let words = group.map { members -> TextWord in
                var box = raw.rects[members[0]]
                for m in members.dropFirst() {
                    let r = raw.rects[m]
                    box = .init(x0: min(box.x0, r.x0), y0: min(box.y0, r.y0), x1: max(box.x1, r.x1), y1: max(box.y1, r.y1))
                }
                box = TextDirection.turned(box, quarters: frame, width: width, height: height)
                let f = run(of: members[0])
                fonts.append(f)
                var text = String.UnicodeScalarView()
                for m in members { text.append(raw.scalars[m]) }
                return TextWord(
                    text: String(text), box: [box.x0, box.y0, box.x1, box.y1], font: f >= 0 ? fontNames[f] : nil,
                    size: f >= 0 ? raw.fonts[f].size : nil, characters: members.map { Int32($0) })
            }
            return PageText.line(words: words, fonts: fonts, names: fontNames, runs: raw.fonts)
        }
    }
}
