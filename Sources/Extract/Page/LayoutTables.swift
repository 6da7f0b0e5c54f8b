import Foundation
import Lexicons

/// Tables (headers and their line items) and what the finders ask the layout.
extension Layout {
    /// Headers over the totals block end a table's body.
    static let totalsCategories: Set<LabelCategory> = [
        .amountDue, .amountTotal, .amountSubtotal, .amountVAT, .amountPaid, .amountPrevious,
    ]

    /// A table header is a row of three or more short cells without digits, at least one of them a
    /// caption, over rows with two or more numbers each; the numbers under its captions are line items
    /// until the first row that holds a totals label or fewer than two numbers.
    mutating func findTables() {
        var ri = 0
        while ri < rows.count {
            let header = rows[ri]
            let words = header.filter { !cells[$0].hasDigit && cells[$0].hasLetter && cells[$0].range.count <= params.headerWord }
            guard header.count >= 3, words.count >= header.count - 1, words.contains(where: { cells[$0].caption }) else {
                ri += 1
                continue
            }
            var r = ri + 1
            var bodyRows = 0
            while r < rows.count, let first = rows[r].first, cells[first].page == cells[header[0]].page {
                let row = rows[r]
                let numbers = row.filter { cells[$0].hasDigit }
                if numbers.count < 2 || row.contains(where: { !cells[$0].categories.isDisjoint(with: Self.totalsCategories) }) {
                    break
                }
                for v in numbers {
                    guard
                        let h = header.min(by: { alignment(cells[v].box, cells[$0].box) < alignment(cells[v].box, cells[$1].box) }
                        ),
                        overlapsColumn(cells[v].box, cells[h].box)
                    else { continue }
                    lineItems.insert(v)
                    if cells[h].caption, linkOf[v] == nil || linkOf[v]?.kind == .below {
                        if let old = linkOf[v] { linked[old.caption]?.removeAll { $0 == v } }
                        linkOf[v] = Link(caption: h, kind: .column)
                        linked[h, default: []].append(v)
                    }
                }
                bodyRows += 1
                r += 1
            }
            ri = bodyRows > 0 ? r : ri + 1
        }
    }

    // MARK: - Use by the finders

    /// The factor a label points at a value with, given the point-distance factor `near`: a linked
    /// caption at least its link's factor, a caption whose value cell belongs to another caption less.
    func adjust(_ near: Double, label: LabelHit, line: Int, range: Range<Int>) -> Double {
        guard let lc = cell(line: label.line, at: label.range.lowerBound),
            let vc = cell(line: line, at: range.lowerBound), lc != vc
        else { return near }
        if let link = linkOf[vc] {
            if link.caption == lc {
                switch link.kind {
                case .right: return max(near, params.rightFactor)
                case .below: return max(near, params.belowFactor)
                case .column: return params.columnFactor
                case .left: return max(near, params.leftFactor)
                }
            }
            return near * params.claimed
        }
        return near
    }

    /// The value cell a caption label introduces, if the layout linked one.
    func linkedValue(of label: LabelHit) -> Cell? {
        guard let lc = cell(line: label.line, at: label.range.lowerBound), cells[lc].caption,
            var v = linked[lc]?.first
        else { return nil }
        // Under a wide caption the value may span several boxes ("97 | 12-345"): start at the leftmost one.
        if linkOf[v]?.kind == .below {
            let row = rows[cells[v].row]
            var k = row.firstIndex(of: v)!
            while k > 0, isValue(row[k - 1]), cells[row[k - 1]].box.x1 > cells[lc].box.x0 - unit { k -= 1 }
            v = row[k]
        }
        return cells[v]
    }

    /// Whether the characters `range` of `line` are a number inside a table's body.
    func isLineItem(line: Int, range: Range<Int>) -> Bool {
        guard let c = cell(line: line, at: range.lowerBound) else { return false }
        return lineItems.contains(c)
    }

    /// Character offsets where a new cell starts on `line` (digits never join across them).
    func cellStarts(line: Int) -> Set<Int> {
        guard line < lineCells.count else { return [] }
        return Set(lineCells[line].dropFirst().map { cells[$0].range.lowerBound })
    }

    /// The lines sharing a row with `line`.
    func rowLines(of line: Int) -> [Int] { rowMembers[lineRow[line]] }
}
