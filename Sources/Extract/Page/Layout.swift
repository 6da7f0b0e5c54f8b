import Foundation
import Lexicons
import PPShared

/// The layout of a document's pages read from the word boxes, built once per document: rows (words
/// sharing a baseline, across separate text lines), cells (runs of words split at wide gaps), and which
/// value cell each caption cell introduces — the cell right of it, the cell under it, or the column it
/// heads. Distances are in line heights (the median word height), so they hold at any font size.
/// Built in stages, a file each: cells and rows (LayoutCells.swift), captions and the values they introduce
/// (LayoutCaptions.swift), tables and what the finders ask (LayoutTables.swift).
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

    enum LinkKind: Sendable { case right, below, column, left }

    struct Link: Sendable {
        let caption: Int
        let kind: LinkKind
    }

    /// The tunable distances and factors (named weights in Model/weights.json).
    struct Params: Sendable {
        let cellGap, belowGap, rightFactor, belowFactor, columnFactor, leftFactor, claimed: Double
        /// A line this many median line heights tall holds several rows; a row shares this much height.
        let tallLine, rowShare: Double
        /// The unit when no word or line has a height.
        let defaultUnit: Double
        /// How a caption's proposals rank: a value right of it starts at `rightRank`, less by up to one over
        /// `rightFade` units of distance; one below starts at `belowRank`, less by `belowStep` per unit of
        /// misalignment (at most `misalignMax` units) and per unit of distance.
        let rightRank, rightFade, belowRank, belowStep, misalignMax: Double
        /// A caption that ends a row of two cells captions the value left of it ("41657,00 NOK | TIL BETALING")
        /// within `leftReach` units, ranked at `leftRank`.
        let leftRank, leftReach: Double
        /// A caption cell is at most this many characters; a table header's words at most `headerWord`.
        let captionLength, headerWord: Int
        init(_ w: (String) -> Int) {
            cellGap = Double(w("layout.cell_gap")) / 100
            belowGap = Double(w("layout.below_gap")) / 100
            rightFactor = Double(w("layout.link_right")) / 100
            belowFactor = Double(w("layout.link_below")) / 100
            columnFactor = Double(w("layout.link_column")) / 100
            leftFactor = Double(w("layout.link_left")) / 100
            claimed = Double(w("layout.claimed")) / 100
            tallLine = Double(w("reach.tall_line")) / 100
            rowShare = Double(w("reach.row_share")) / 100
            defaultUnit = Double(w("reach.default_height")) / 100
            rightRank = Double(w("layout.right_rank")) / 100
            rightFade = Double(w("layout.right_fade")) / 100
            belowRank = Double(w("layout.below_rank")) / 100
            belowStep = Double(w("layout.below_step")) / 100
            misalignMax = Double(w("layout.misalign_max")) / 100
            leftRank = Double(w("layout.left_rank")) / 100
            leftReach = Double(w("layout.left_reach")) / 100
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

    /// `relabel` finds labels in lines of text; lines where a label spans a cell gap ("Ukupno | Za uplatu"
    /// read as "ukupno za uplatu") are matched again cell by cell. `rowBoxes`: the lines' boxes along their
    /// page's slant (a photo read askew), which rows are made of; the lines' own boxes without them.
    init(
        lines: [TextLine], labels: [LabelHit], params: Params, rowBoxes: [Box]? = nil,
        relabel: (([TextLine]) -> [LabelHit])? = nil
    ) {
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
                        line: li, range: r, box: b, page: line.page, hasDigit: text.contains(where: \.fastIsNumber),
                        hasLetter: text.contains(where: \.fastIsLetter)))
            }
            lineCells.append(ids)
        }
        if let relabel {
            self.labels = Self.labelsWithinCells(labels, lines, cells, lineCells, relabel)
        } else {
            self.labels = labels
        }
        buildRows(rowBoxes ?? lines.map(\.box), pages: lines.map(\.page), tallLine: tallLine)
        markCaptions(lines)
        linkCaptions()
        findTables()
    }

    /// The cell of `line` holding character `offset` (or the first cell starting after it).
    func cell(line: Int, at offset: Int) -> Int? {
        guard line < lineCells.count else { return nil }
        for c in lineCells[line] where offset < cells[c].range.upperBound { return c }
        return nil
    }
}
