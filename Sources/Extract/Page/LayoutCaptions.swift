import Foundation
import Lexicons
import PPShared

/// Captions and their values: which cells are captions, and which value cell each one introduces.
extension Layout {
    /// Label categories that are words of a sentence more often than captions.
    static let weakCategories: Set<LabelCategory> = [
        .negation, .dueDateWeak, .referenceBefore, .notForPayment, .noPaymentDirectDebit, .noPaymentCreditNote,
        .noPaymentPaid, .caption,
    ]

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

    /// One caption, one value: every caption proposes the value right of it, the values under it and, ending
    /// a row of two, the value left of it,
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
                // Left: a row of just a value and its caption, the value free of labels (captions printed
                // right of their values).
                if row.count == 2, k == 1, isValue(row[0]), cells[row[0]].categories.isEmpty {
                    let dx = max(0, cb.x0 - cells[row[0]].box.x1) / unit
                    if dx <= params.leftReach {
                        proposals.append((c, row[0], .left, params.leftRank - dx / params.leftReach))
                    }
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
