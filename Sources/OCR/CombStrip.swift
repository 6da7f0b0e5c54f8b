import CLeptonica
import PixImage

/// A comb row's characters set side by side as ordinary text: each box's ink, a narrow gap between
/// boxes, a word space for an empty box. Tesseract reads such a strip far better than the row as printed,
/// where every character stands a character's width apart from the next.
struct CombStrip {
    var image: PixImage
    /// Where each box's ink went: x range in the strip, x range on the page, the box's top on the page.
    var pieces: [(strip: ClosedRange<Int>, page: ClosedRange<Int>, top: Int)]
    /// Space around the characters, in pixels.
    var pad: Int

    init?(row: FormBoxes.CombRow, ink: PixImage) {
        // A box holds one capital with room around it: about half its height is a letter's.
        let glyph = max(4, (row.box[3] - row.box[1]) / 2)
        pad = glyph
        var placed: [(source: [Int], cellTop: Int, x: Int)] = []
        var x = pad
        var pendingSpace = false
        for cell in row.cells {
            guard let found = Self.inkBox(in: cell, of: ink) else {
                pendingSpace = !placed.isEmpty
                continue
            }
            if pendingSpace { x += glyph }
            pendingSpace = false
            placed.append((found, cell[1], x))
            x += found[2] - found[0] + max(2, glyph / 4)
        }
        // Each box's ink keeps its place within its box: a slanting row comes out level.
        let height = row.cells.map { $0[3] - $0[1] }.max() ?? 0
        let size = (width: Int32(x + pad), height: Int32(height + 2 * pad))
        guard !placed.isEmpty, height > 0, let strip = PixImage.make({ pixCreate(size.width, size.height, 1) })
        else { return nil }
        pieces = []
        for (source, cellTop, at) in placed {
            let w = source[2] - source[0]
            let top = Int32(pad + source[1] - cellTop)
            strip.withPix { target in
                ink.withPix {
                    _ = pixRasterop(
                        target, Int32(at), top, Int32(w), Int32(source[3] - source[1]), PIX_SRC, $0, Int32(source[0]),
                        Int32(source[1]))
                }
            }
            pieces.append((at...(at + w), source[0]...source[2], cellTop))
        }
        if ink.resolution > 0 { strip.setResolution(ink.resolution) }
        image = strip
    }

    /// The page box of a box given in the strip's pixels.
    func pageBox(_ box: [Double]) -> [Double] {
        let (x0, x1) = (Int(box[0]), Int(box[2]))
        let covered = pieces.filter { $0.strip.upperBound >= x0 && $0.strip.lowerBound <= x1 }
        let left = covered.map(\.page.lowerBound).min() ?? x0
        let right = covered.map(\.page.upperBound).max() ?? x1
        let top = Double((covered.first?.top ?? 0) - pad)
        return [Double(left), box[1] + top, Double(right), box[3] + top]
    }

    /// The bounding box of the ink inside a box (left, top, right, bottom), nil when the box is empty.
    static func inkBox(in cell: [Int], of ink: PixImage) -> [Int]? {
        // A pixel's margin inside the box: what is left of the rules' anti-aliasing is not a character.
        guard cell[2] - cell[0] > 2, cell[3] - cell[1] > 2 else { return nil }
        let inside = PixBox(x: cell[0] + 1, y: cell[1] + 1, width: cell[2] - cell[0] - 2, height: cell[3] - cell[1] - 2)
        guard let found = ink.foregroundBox(in: inside), found.width > 0, found.height > 1 else { return nil }
        return [found.x, found.y, found.x + found.width, found.y + found.height]
    }
}
