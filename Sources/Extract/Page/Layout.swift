import Foundation
import Lexicons
import PPShared

/// The layout of a document's pages read from the word boxes, built once per document: rows (words
/// sharing a baseline, across separate text lines), cells (runs of words split at wide gaps), and which
/// value cell each caption cell introduces — the cell right of it, the cell under it, or the column it
/// heads. Distances are in line heights (the median word height), so they hold at any font size.
struct Layout: Sendable {
    /// A run of words on one text line with no wide gap inside.
    struct Cell: Sendable {
        let line: Int
        let range: Range<Int>
        let box: Box
        let page: Int
        var row = 0
        /// Holds a label with no digits after it: it introduces a value in another cell.
        var caption = false
        /// The label categories in the cell.
        var categories: Set<LabelCategory> = []
        var hasDigit = false
        var hasLetter = false
    }

    enum LinkKind: Sendable { case right, below, column }

    struct Link: Sendable {
        let caption: Int
        let kind: LinkKind
    }

    /// The tunable distances and factors (named weights in Model/weights.json).
    struct Params: Sendable {
        let cellGap, belowGap, rightFactor, belowFactor, columnFactor, claimed: Double
        /// A line this many median line heights tall holds several rows; a row shares this much height.
        let tallLine, rowShare: Double
        /// The unit when no word or line has a height.
        let defaultUnit: Double
        /// How a caption's proposals rank: a value right of it starts at `rightRank`, less by up to one over
        /// `rightFade` units of distance; one below starts at `belowRank`, less by `belowStep` per unit of
        /// misalignment (at most `misalignMax` units) and per unit of distance.
        let rightRank, rightFade, belowRank, belowStep, misalignMax: Double
        /// A caption cell is at most this many characters; a table header's words at most `headerWord`.
        let captionLength, headerWord: Int
        init(_ w: (String) -> Int) {
            cellGap = Double(w("layout.cell_gap")) / 100
            belowGap = Double(w("layout.below_gap")) / 100
            rightFactor = Double(w("layout.link_right")) / 100
            belowFactor = Double(w("layout.link_below")) / 100
            columnFactor = Double(w("layout.link_column")) / 100
            claimed = Double(w("layout.claimed")) / 100
            tallLine = Double(w("reach.tall_line")) / 100
            rowShare = Double(w("reach.row_share")) / 100
            defaultUnit = Double(w("reach.default_height")) / 100
            rightRank = Double(w("layout.right_rank")) / 100
            rightFade = Double(w("layout.right_fade")) / 100
            belowRank = Double(w("layout.below_rank")) / 100
            belowStep = Double(w("layout.below_step")) / 100
            misalignMax = Double(w("layout.misalign_max")) / 100
            captionLength = w("layout.caption_length")
            headerWord = w("layout.header_word")
        }
    }

    let params: Params
    /// The median word height: the unit of every distance here.
    let unit: Double
    let labels: [LabelHit]
    var cells: [Cell] = []
    /// Per text line, its cells left to right.
    var lineCells: [[Int]] = []
    /// Rows in page and reading order, each its cells left to right.
    var rows: [[Int]] = []
    /// Per text line, its row; per row, its lines.
    var lineRow: [Int] = []
    var rowMembers: [[Int]] = []
    /// Per value cell, the caption cell that introduces it.
    var linkOf: [Int: Link] = [:]
    /// Per caption cell, the value cells it introduces (nearest first).
    var linked: [Int: [Int]] = [:]
    /// Numbers in the body of a table (under a header, above the totals block).
    var lineItems: Set<Int> = []

    /// Label categories that are words of a sentence more often than captions.
    static let weakCategories: Set<LabelCategory> = [
        .negation, .dueDateWeak, .referenceBefore, .notForPayment, .noPaymentDirectDebit, .noPaymentCreditNote,
        .noPaymentPaid, .caption,
    ]
    /// Headers over the totals block end a table's body.
    static let totalsCategories: Set<LabelCategory> = [
        .amountDue, .amountTotal, .amountSubtotal, .amountVAT, .amountPaid, .amountPrevious,
    ]

    /// `relabel` finds labels in lines of text; lines where a label spans a cell gap ("Ukupno | Za uplatu"
    /// read as "ukupno za uplatu") are matched again cell by cell.
    init(lines: [TextLine], labels: [LabelHit], params: Params, relabel: (([TextLine]) -> [LabelHit])? = nil) {
        self.params = params
        let heights = lines.flatMap { l in l.words.map(\.box.height) }.filter { $0 > 0 }.sorted()
        let lineHeights = lines.map(\.box.height).filter { $0 > 0 }.sorted()
        unit =
            heights.isEmpty
            ? (lineHeights.isEmpty ? params.defaultUnit : lineHeights[lineHeights.count / 2]) : heights[heights.count / 2]
        let tallLine = params.tallLine * (lineHeights.isEmpty ? unit : lineHeights[lineHeights.count / 2])
        for (li, line) in lines.enumerated() {
            var ids: [Int] = []
            for (r, b) in Self.cellRanges(line, gap: params.cellGap * unit) {
                let text = line.chars[r]
                ids.append(cells.count)
                cells.append(
                    Cell(
                        line: li, range: r, box: b, page: line.page, hasDigit: text.contains(where: \.isNumber),
                        hasLetter: text.contains(where: \.isLetter)))
            }
            lineCells.append(ids)
        }
        if let relabel {
            self.labels = Self.labelsWithinCells(labels, lines, cells, lineCells, relabel)
        } else {
            self.labels = labels
        }
        buildRows(lines, tallLine: tallLine)
        markCaptions(lines)
        linkCaptions()
        findTables()
    }

    // MARK: - Cells and rows

    /// The cells of a line: its words split where the boxes show a gap wider than `gap`, where the text
    /// has two or more spaces, or where the next word jumps back left (OCR joining two columns).
    static func cellRanges(_ line: TextLine, gap: Double) -> [(Range<Int>, Box)] {
        var tokens: [Range<Int>] = []
        var i = 0
        let n = line.chars.count
        while i < n {
            while i < n, line.chars[i].isWhitespace { i += 1 }
            let s = i
            while i < n, !line.chars[i].isWhitespace { i += 1 }
            if i > s { tokens.append(s..<i) }
        }
        guard !tokens.isEmpty else { return [] }
        // Word boxes are exact when the words spell the line; otherwise only the spacing of the text counts.
        let wordBoxes: [Box]?
        if line.wordAt != nil {
            wordBoxes = tokens.map { line.box(of: $0) }
        } else if line.words.count == tokens.count,
            zip(line.words, tokens).allSatisfy({ $0.text == String(line.chars[$1]) })
        {
            wordBoxes = line.words.map(\.box)
        } else {
            wordBoxes = nil
        }
        var out: [(Range<Int>, Box)] = []
        var start = 0
        func close(_ end: Int) {
            let r = tokens[start].lowerBound..<tokens[end].upperBound
            var b = wordBoxes?[start] ?? line.box(of: r)
            if let wb = wordBoxes { for k in start...end { b = b.union(wb[k]) } }
            out.append((r, b))
        }
        let gap = Self.wordGapFloor(wordBoxes).map { max(gap, $0) } ?? gap
        for k in 1..<max(1, tokens.count) {
            let wide = tokens[k].lowerBound - tokens[k - 1].upperBound >= 2
            var split = wide
            if let wb = wordBoxes {
                let dx = wb[k].x0 - wb[k - 1].x1
                split = split || dx > gap || dx < -gap
            }
            if split {
                close(k - 1)
                start = k
            }
        }
        close(tokens.count - 1)
        return out
    }

    /// A line printed with wide word spacing (a till receipt's monospace type: "Total RM Incl. of GST")
    /// keeps its words together: on a line of five words or more, a gap only splits cells when it is
    /// wider than twice the line's small gaps (the lower quarter), whatever the word height says.
    static func wordGapFloor(_ boxes: [Box]?) -> Double? {
        guard let boxes, boxes.count >= 5 else { return nil }
        let gaps = zip(boxes.dropFirst(), boxes).map { $0.x0 - $1.x1 }.filter { $0 > 0 }.sorted()
        guard gaps.count >= 4 else { return nil }
        return 2 * gaps[gaps.count / 4]
    }

    /// Rows: lines of a page whose boxes share most of their height, in reading order. A line far taller
    /// than text lines (several rows glued by a text layer) stays a row of its own.
    mutating func buildRows(_ lines: [TextLine], tallLine: Double) {
        lineRow = Array(repeating: 0, count: lines.count)
        let order = lines.indices.sorted {
            let a = lines[$0]
            let b = lines[$1]
            if a.page != b.page { return a.page < b.page }
            let ya = (a.box.y0 + a.box.y1) / 2
            let yb = (b.box.y0 + b.box.y1) / 2
            return ya != yb ? ya < yb : a.box.x0 < b.box.x0
        }
        var rowLines: [[Int]] = []
        var reference: Box?
        var refPage = -1
        var refTall = false
        for li in order {
            let l = lines[li]
            let tall = l.box.height > tallLine
            if let ref = reference, refPage == l.page, !tall, !refTall, ref.verticalOverlap(l.box) >= params.rowShare {
                rowLines[rowLines.count - 1].append(li)
            } else {
                rowLines.append([li])
                reference = l.box
                refPage = l.page
                refTall = tall
            }
        }
        rowMembers = rowLines
        for (ri, ls) in rowLines.enumerated() {
            var ids: [Int] = []
            for li in ls {
                lineRow[li] = ri
                ids += lineCells[li]
            }
            ids.sort { cells[$0].box.x0 < cells[$1].box.x0 }
            for c in ids { cells[c].row = ri }
            rows.append(ids)
        }
    }

    /// The cell of `line` holding character `offset` (or the first cell starting after it).
    func cell(line: Int, at offset: Int) -> Int? {
        guard line < lineCells.count else { return nil }
        for c in lineCells[line] where offset < cells[c].range.upperBound { return c }
        return nil
    }

    static func labelsWithinCells(
        _ labels: [LabelHit], _ lines: [TextLine], _ cells: [Cell], _ lineCells: [[Int]], _ find: ([TextLine]) -> [LabelHit]
    ) -> [LabelHit] {
        let crossing = Set(
            labels.filter { l in
                lineCells[l.line].dropFirst().contains { l.range.contains(cells[$0].range.lowerBound) }
            }.map(\.line))
        guard !crossing.isEmpty else { return labels }
        var sub: [TextLine] = []
        var origin: [Int] = []
        for li in crossing.sorted() {
            let line = lines[li]
            for c in lineCells[li] {
                sub.append(
                    TextLine(
                        page: line.page, text: String(line.chars[cells[c].range]), box: cells[c].box, conf: line.conf,
                        words: []))
                origin.append(c)
            }
        }
        var found: [Int: [LabelHit]] = [:]
        for h in find(sub) {
            let c = cells[origin[h.line]]
            let r = (h.range.lowerBound + c.range.lowerBound)..<(h.range.upperBound + c.range.lowerBound)
            found[c.line, default: []].append(
                LabelHit(category: h.category, line: c.line, range: r, box: lines[c.line].box(of: r), page: h.page))
        }
        // The order of `labels` stays (ties between labels go to the first): new hits replace their line's.
        var out: [LabelHit] = []
        for l in labels {
            if !crossing.contains(l.line) {
                out.append(l)
            } else if let hits = found.removeValue(forKey: l.line) {
                out += hits
            }
        }
        return out
    }

    // MARK: - Captions and links

    /// A cell is a caption when a label in it is followed by no digit: "IBAN:", "Betrag (EUR)", "iznos".
    mutating func markCaptions(_ lines: [TextLine]) {
        for l in labels {
            guard let c = cell(line: l.line, at: l.range.lowerBound), cells[c].range.contains(l.range.lowerBound) else {
                continue
            }
            cells[c].categories.insert(l.category)
            if Self.weakCategories.contains(l.category) { continue }
            let rest = lines[l.line].chars[l.range.upperBound..<max(l.range.upperBound, cells[c].range.upperBound)]
            if !rest.contains(where: \.isNumber), cells[c].range.count <= params.captionLength { cells[c].caption = true }
        }
        // A caption followed by a value in its own cell is not one ("Betrag 12,00"): drop the flag when a later
        // label of the cell has its value inline.
        for i in cells.indices where cells[i].caption {
            let line = lines[cells[i].line]
            let lastEnd =
                labels.filter { $0.line == cells[i].line && cells[i].range.contains($0.range.lowerBound) }
                .map(\.range.upperBound).max() ?? cells[i].range.lowerBound
            if line.chars[lastEnd..<max(lastEnd, cells[i].range.upperBound)].contains(where: \.isNumber) {
                cells[i].caption = false
            }
        }
    }

    /// Whether a cell can be the value of a caption: not a caption itself, not a lone currency or symbol.
    func isValue(_ c: Int) -> Bool {
        let cell = cells[c]
        guard !cell.caption, cell.hasDigit || cell.hasLetter else { return false }
        if !cell.hasDigit, cell.range.count <= 4 { return false }  // "EUR", "€", "RSD"
        return true
    }

    /// One caption, one value: every caption proposes the value right of it and the values under it,
    /// scored by kind, alignment and distance; the best pairs are taken first and each side only once.
    mutating func linkCaptions() {
        var proposals: [(caption: Int, value: Int, kind: LinkKind, score: Double)] = []
        for (ri, row) in rows.enumerated() {
            for (k, c) in row.enumerated() where cells[c].caption {
                let cb = cells[c].box
                // Right: the next cell on the row, unless it is another caption (a header row).
                var j = k + 1
                while j < row.count, !cells[row[j]].caption, !isValue(row[j]) { j += 1 }
                if j < row.count, isValue(row[j]) {
                    let dx = max(0, cells[row[j]].box.x0 - cb.x1) / unit
                    proposals.append((c, row[j], .right, params.rightRank - min(1, dx / params.rightFade)))
                }
                // Below: the first rows under it with a cell in its column.
                var r = ri + 1
                var bottom = cb.y1
                while r < rows.count, let first = rows[r].first, cells[first].page == cells[c].page {
                    let rb = rows[r].map { cells[$0].box }.reduce(cells[first].box) { $0.union($1) }
                    let dy = (rb.y0 - bottom) / unit
                    if dy > params.belowGap { break }
                    let under = rows[r].filter { overlapsColumn(cells[$0].box, cb) }
                    if under.contains(where: { cells[$0].caption }) { break }
                    for v in under where isValue(v) {
                        let misalign = alignment(cells[v].box, cb) / unit
                        let dyc = max(0, (cells[v].box.y0 - cb.y1) / unit)
                        let rank =
                            params.belowRank - params.belowStep * min(params.misalignMax, misalign) - params.belowStep * dyc
                        proposals.append((c, v, .below, rank))
                    }
                    if !under.isEmpty { break }
                    bottom = rb.y1
                    r += 1
                }
            }
        }
        proposals.sort { $0.score > $1.score }
        var captionTaken: Set<Int> = []
        for p in proposals where linkOf[p.value] == nil && !captionTaken.contains(p.caption) {
            linkOf[p.value] = Link(caption: p.caption, kind: p.kind)
            linked[p.caption, default: []].append(p.value)
            captionTaken.insert(p.caption)
        }
    }

    /// Whether `b` lies in the column of `a`: their spans overlap, or an edge or the centre lines up.
    func overlapsColumn(_ b: Box, _ a: Box) -> Bool {
        let overlap = min(a.x1, b.x1) - max(a.x0, b.x0)
        return overlap > 0 || alignment(b, a) <= unit
    }

    /// The smallest of the left, right and centre offsets between two boxes.
    func alignment(_ b: Box, _ a: Box) -> Double {
        min(abs(b.x0 - a.x0), abs(b.x1 - a.x1), abs((b.x0 + b.x1) - (a.x0 + a.x1)) / 2)
    }
}
