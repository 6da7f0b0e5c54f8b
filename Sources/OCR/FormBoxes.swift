import CLeptonica
import PixImage

/// Payment slips print the fields a person fills in by hand as rows of boxes, one character each (the
/// "comb" of UPN, HUB-3 and many bank forms). Tesseract reads the box edges as letters ("[s|r[2jej…") and
/// its page layout splits the widely spaced characters into columns it then drops. So such rows are found
/// from their rules, and read again one by one, as single lines, from a copy of the page without rules.
struct FormBoxes {
    /// One row of boxes: its inside and each box's (left, top, right, bottom), in pixels.
    struct CombRow {
        var box: [Int]
        var cells: [[Int]]
    }

    /// The page's ink (1 bit per pixel) with every box rule taken out.
    var ink: PixImage
    /// The page in grey, its background made even and the rules painted over: captions in a light grey
    /// print are read from this.
    var even: PixImage
    /// The page's letter height in pixels.
    var glyph: Int
    /// The comb rows, top to bottom.
    var rows: [CombRow]
    /// Vertical box edges found (about one per character box).
    var edges: Int

    /// A comb has at least this many box edges standing on a horizontal rule, and a row at least this many
    /// (five boxes).
    static let minimumEdges = 10
    static let minimumRowEdges = 6
    /// A slip has several comb rows; a single row of boxes alike is more likely a picture or a table.
    static let minimumRows = 2
    /// Once leptonica's background normalisation has brought the paper to 200, letters are darker than
    /// `inkThreshold`, and box rules, often printed in a light grey, darker than `ruleThreshold`.
    static let inkThreshold: Int32 = 140
    static let ruleThreshold: Int32 = 170
    static let paper = 200

    /// The page's comb rows, or nil when it has none. `even`: the page's `evenGray()` when made already
    /// (painted over where rows are found).
    static func find(on page: PixImage, even given: PixImage? = nil) -> FormBoxes? {
        // Slips print their boxes in thin grey on a tinted ground, which a photo's light makes uneven: the
        // page is made even first (paper at 200), then rules and letters are told from it.
        guard page.width >= 200, page.height >= 200,
            let even = given ?? page.evenGray(),
            let bin = even.derived({ pixThresholdToBinary($0, ruleThreshold) }),
            let glyph = medianComponentHeight(bin), glyph >= 4
        else { return nil }
        // Rules: horizontal runs far longer than any glyph; vertical runs taller than two glyphs (a comb
        // box holds one capital with room around it) that stand on such a rule. The structuring elements
        // are short and long rules are picked by their extent after, so that a photo's slant (a few
        // degrees) still leaves them whole.
        let ruleLength = Int32(max(30, glyph * 3))
        let edgeLength = Int32(glyph * 2)
        var changed: Int32 = 0
        guard let runs = bin.derived({ pixOpenBrick(nil, $0, ruleLength, 1) }),
            let horizontal = runs.derived({
                pixSelectBySize($0, ruleLength * 2, 0, 8, Int32(L_SELECT_WIDTH), Int32(L_SELECT_IF_GTE), &changed)
            }),
            let vertical = bin.derived({ pixOpenBrick(nil, $0, 1, edgeLength) }),
            let near = horizontal.derived({ pixDilateBrick(nil, $0, 3, 3) }),
            let seed = vertical.derived({ v in near.withPix { pixAnd(nil, v, $0) } }),
            let edgeImage = seed.derived({ s in vertical.withPix { pixSeedfillBinary(nil, s, $0, 8) } })
        else { return nil }
        let edges = boxes(of: edgeImage)
        guard edges.count >= minimumEdges else { return nil }
        let rows = combRows(edges)
        guard rows.count >= minimumRows else { return nil }
        // Tesseract's global threshold may take the tinted ground for ink, and the rules' anti-aliased
        // borders would stay as faint boxes: the even page in black and white, less the rules (a pixel
        // wider each way), is what the rows are read from.
        guard let rules = horizontal.derived({ h in edgeImage.withPix { pixOr(nil, h, $0) } }),
            let mask = rules.derived({ pixDilateBrick(nil, $0, 3, 3) }),
            let ink = even.derived({ pixThresholdToBinary($0, inkThreshold) }),
            let letters = ink.derived({ i in mask.withPix { pixSubtract(nil, i, $0) } }),
            even.withPix({ e in mask.withPix { pixSetMasked(e, $0, UInt32(paper)) } }) == 0
        else { return nil }
        return FormBoxes(ink: letters, even: even, glyph: glyph, rows: rows, edges: edges.count)
    }

    /// Edges of about the same height side by side, boxes no wider than one and a half times their
    /// height, make a row (a table's column rules stand farther apart). Each edge is compared with the
    /// last of a row, so a row that slants in a photo stays one row.
    static func combRows(_ edges: [[Int]]) -> [CombRow] {
        var runs: [[[Int]]] = []
        for e in edges.sorted(by: { $0[0] < $1[0] }) {
            let next = runs.firstIndex { run in
                let last = run[run.count - 1]
                let height = last[3] - last[1]
                let tolerance = max(2, height / 4)
                return e[0] > last[2] && e[0] - last[2] <= height * 3 / 2 && abs(last[1] - e[1]) <= tolerance
                    && abs(last[3] - e[3]) <= tolerance
            }
            if let next { runs[next].append(e) } else { runs.append([e]) }
        }
        return runs.flatMap(regularStretches).filter { $0.count >= minimumRowEdges }.map { run in
            let cells = zip(run, run.dropFirst()).map { a, b in [a[2], min(a[1], b[1]), b[0], max(a[3], b[3])] }
            return CombRow(
                box: [run[0][2], run.map { $0[1] }.min()!, run[run.count - 1][0], run.map { $0[3] }.max()!], cells: cells)
        }.sorted { $0.box[1] < $1.box[1] }
    }

    /// A comb's boxes are all alike: the run of edges cut wherever a box is much narrower or wider than
    /// the one before it, or too narrow to hold a letter (the modules of a QR code, a table's rules).
    static func regularStretches(_ run: [[Int]]) -> [[[Int]]] {
        var out: [[[Int]]] = []
        var current: [[Int]] = [run[0]]
        var lastWidth: Int?
        for e in run.dropFirst() {
            let previous = current[current.count - 1]
            let width = e[0] - previous[2]
            let fits = width * 5 >= (previous[3] - previous[1]) * 2 && lastWidth.map { abs(width - $0) * 4 <= $0 } ?? true
            if fits {
                current.append(e)
                lastWidth = width
            } else {
                out.append(current)
                // The edge closing a box too narrow or wide may still open the next good one.
                current = [e]
                lastWidth = nil
            }
        }
        out.append(current)
        return out
    }

    /// Bounding boxes (left, top, right, bottom) of a binary image's connected components.
    static func boxes(of image: PixImage) -> [[Int]] {
        image.componentBoxes().map { [$0.x, $0.y, $0.x + $0.width, $0.y + $0.height] }
    }

    /// The median height of a binary image's connected components of glyph size: the page's letter height.
    static func medianComponentHeight(_ image: PixImage) -> Int? {
        // Specks and dots, and rules or pictures, say nothing about the letters.
        let limit = image.height / 10
        let heights = boxes(of: image).compactMap { b -> Int? in
            let (w, h) = (b[2] - b[0], b[3] - b[1])
            return h >= 4 && h <= limit && w <= h * 3 ? h : nil
        }.sorted()
        return heights.count >= 20 ? heights[heights.count / 2] : nil
    }
}
