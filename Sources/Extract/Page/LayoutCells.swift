import Foundation
import Lexicons
import PPShared

/// Cells and rows: a line split into cells at wide gaps, and lines of a page that share a baseline joined
/// into rows.
extension Layout {
    /// The cells of a line: its words split where the boxes show a gap wider than `gap`, where the text
    /// has two or more spaces, or where the next word jumps back left of the one before (OCR joining two
    /// columns).
    static func cellRanges(_ line: TextLine, gap: Double) -> [(Range<Int>, Box)] {
        var tokens: [Range<Int>] = []
        var i = 0
        let n = line.chars.count
        while i < n {
            while i < n, line.chars[i].fastIsWhitespace { i += 1 }
            let s = i
            while i < n, !line.chars[i].fastIsWhitespace { i += 1 }
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
        let wordGap = Self.wordGapFloor(wordBoxes).map { max(gap, $0) } ?? gap
        // A decimal number: a digit, a point or comma, a digit ("15,00", "1.256,70"; not an IBAN's "4321").
        func isDecimal(_ r: Range<Int>) -> Bool {
            r.count >= 3
                && (r.lowerBound + 1..<r.upperBound - 1).contains { i in
                    (line.chars[i] == "," || line.chars[i] == ".") && line.chars[i - 1].isASCII && line.chars[i - 1].isNumber
                        && line.chars[i + 1].isASCII && line.chars[i + 1].isNumber
                }
        }
        for k in 1..<max(1, tokens.count) {
            let wide = tokens[k].lowerBound - tokens[k - 1].upperBound >= 2
            var split = wide
            if let wb = wordBoxes {
                // Decimal numbers side by side are a row's cells however evenly they are spaced ("15,00  -21,55
                // 1056,05  200,65  1256,70" under a totals header): the wide spacing's floor keeps words together.
                let g = isDecimal(tokens[k - 1]) && isDecimal(tokens[k]) ? gap : wordGap
                // A jump back starts left of the word before; a word that starts inside it is an OCR box
                // drawn too wide ("Позив" over "на број"), not another column.
                let dx = wb[k].x0 - wb[k - 1].x1
                split = split || dx > g || wb[k].x0 < wb[k - 1].x0 - g
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
    /// than text lines (several rows glued by a text layer) stays a row of its own. `boxes`: the lines' boxes
    /// along their page's slant.
    mutating func buildRows(_ boxes: [Box], pages: [Int], tallLine: Double) {
        lineRow = Array(repeating: 0, count: boxes.count)
        let order = boxes.indices.sorted {
            let a = boxes[$0]
            let b = boxes[$1]
            if pages[$0] != pages[$1] { return pages[$0] < pages[$1] }
            let ya = (a.y0 + a.y1) / 2
            let yb = (b.y0 + b.y1) / 2
            return ya != yb ? ya < yb : a.x0 < b.x0
        }
        var rowLines: [[Int]] = []
        var reference: Box?
        var refPage = -1
        var refTall = false
        for li in order {
            let b = boxes[li]
            let tall = b.height > tallLine
            if let ref = reference, refPage == pages[li], !tall, !refTall, ref.verticalOverlap(b) >= params.rowShare {
                rowLines[rowLines.count - 1].append(li)
            } else {
                rowLines.append([li])
                reference = b
                refPage = pages[li]
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

    /// The labels again, where a label spans a cell gap: such lines are matched cell by cell with `find`.
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
}
