import CLeptonica
import PixImage

#if canImport(Glibc)
    import Glibc
#endif

/// Stamps in coloured ink ("PAID" in red at 18° over the totals, a blue "RECEIVED"): a page reading
/// misses them, because tesseract reads lines near the horizontal and the stamp's letters cross the black
/// print below. Coloured ink is told from black print and paper by its chroma (the largest minus the
/// smallest of red, green, blue), so each stamp can be cut out alone, turned upright by its own skew, and
/// read by itself.
struct ColourStamps {
    /// One stamp: its ink as black on white, turned upright and padded, and where it lies on the page.
    struct Stamp {
        var image: PixImage
        /// The stamp's box on the page (left, top, right, bottom, pixels).
        var region: [Int]
        /// The clockwise turn (degrees) that made the ink upright, and the white margin added before it.
        var degrees: Double
        var pad: Int

        /// The page box (pixels) of a box found in `image`: its corners turned back, their bounding box,
        /// kept inside the stamp's region.
        func pageBox(_ box: [Double]) -> [Double] {
            let (cx, cy) = (Double(image.width) / 2, Double(image.height) / 2)
            let radians = -degrees * Double.pi / 180
            let (c, s) = (cos(radians), sin(radians))
            let corners: [(x: Double, y: Double)] = [(box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])]
                .map { x, y in
                    let (dx, dy) = (x - cx, y - cy)
                    return (
                        cx + c * dx - s * dy - Double(pad) + Double(region[0]),
                        cy + s * dx + c * dy - Double(pad) + Double(region[1])
                    )
                }
            func clamp(_ v: Double, _ lo: Int, _ hi: Int) -> Double { min(Double(hi), max(Double(lo), v)) }
            return [
                clamp(corners.map(\.x).min()!, region[0], region[2]), clamp(corners.map(\.y).min()!, region[1], region[3]),
                clamp(corners.map(\.x).max()!, region[0], region[2]), clamp(corners.map(\.y).max()!, region[1], region[3]),
            ]
        }
    }

    /// Chroma from which a pixel is coloured ink: faded red or blue ink in a photo stays above it, paper under
    /// warm light and grey print stay below.
    static let inkChroma: Int32 = 40
    /// The ink's chroma is multiplied by this before it becomes darkness: a stamp's ink in a photo reaches
    /// about half the chroma of the colour printed, and tesseract reads dark letters best.
    static let chromaGain: Float = 2
    /// The ink of one stamp is joined into one region across the gaps between its letters (pixels of the
    /// image reduced by `reduction`).
    static let reduction: Int32 = 4
    static let joinGap: Int32 = 5
    /// A stamp's region: at least this many reduced pixels across (letters of about 4 mm at 150 dpi), at most
    /// this share of the page's width and height, its ink this share of its box (not a filled logo, not a
    /// scattering of dots), and off the image's border (a coloured desk or table around the paper).
    static let minimumSide = 24
    static let maximumShare = 0.6
    static let inkShare = 0.04...0.5
    /// At most this many stamps a page are read (the largest), each read costs a small tesseract run.
    static let maximumStamps = 4
    /// Pieces of coloured ink smaller than this (reduced pixels) are specks; more pieces than this, a picture.
    static let minimumPiece = 4
    static let maximumPieces = 300
    /// A stamp's ink this many times longer than high has a long axis to turn it by.
    static let elongation = 2.0
    /// The rank of a region's chroma taken for its paper's (below `inkShare`'s upper end).
    static let paperRank: Float = 0.25
    /// How far either way a stamp may be turned (degrees) for the skew search; stamps are set at any slant.
    static let sweepDegrees: Float = 45

    var stamps: [Stamp] = []

    /// The coloured stamps of a 32-bit page image; none on a grey or 1-bit image.
    init(on page: PixImage) {
        guard page.depth == 32, let mask = page.derived({ pixMaskOverColorPixels($0, Self.inkChroma, 1) }) else {
            return
        }
        guard let reduced = mask.derived({ pixReduceRankBinaryCascade($0, 1, 1, 0, 0) }),
            let joined = reduced.derived({ pixCloseSafeBrick(nil, $0, Self.joinGap, Self.joinGap) })
        else { return }
        let scale = Int(Self.reduction)
        let (w, h) = (joined.width, joined.height)
        // A stamp's frame and its words can fall apart into pieces: pieces whose boxes, grown by the joining
        // gap, touch are one region.
        let grow = Int(Self.joinGap)
        // The desk or table around the paper touches the image's border; a coloured band or picture is too
        // large: both go before pieces are joined, so that they join nothing.
        func placed(_ b: PixBox) -> Bool {
            Double(b.width) <= Double(w) * Self.maximumShare && Double(b.height) <= Double(h) * Self.maximumShare
                && b.x > 0 && b.y > 0 && b.x + b.width < w && b.y + b.height < h
        }
        // Specks of colour (JPEG noise) join nothing; a page of more pieces than `maximumPieces` is a
        // picture, not print with a stamp, and the joining below would cost the cube of their number.
        let pieces = joined.componentBoxes().filter { placed($0) && $0.width * $0.height >= Self.minimumPiece }
        guard pieces.count <= Self.maximumPieces else { return }
        let regions = Self.merged(pieces, by: grow).filter { b in
            placed(b) && b.width >= Self.minimumSide && b.height >= Self.minimumSide / 3
                && Self.inkShare.contains(Double(reduced.countPixels(in: b)) / Double(b.width * b.height))
        }
        for b in regions.sorted(by: { $0.width * $0.height > $1.width * $1.height }).prefix(Self.maximumStamps) {
            let region = [
                max(0, (b.x - grow) * scale), max(0, (b.y - grow) * scale),
                min(mask.width, (b.x + b.width + grow) * scale), min(mask.height, (b.y + b.height + grow) * scale),
            ]
            if let stamp = Self.upright(mask, page: page, region: region) { stamps.append(stamp) }
        }
    }

    /// Boxes that touch or overlap once grown by `margin` on every side, joined into their bounding box until
    /// none touch.
    static func merged(_ boxes: [PixBox], by margin: Int) -> [PixBox] {
        var out = boxes
        var joined = true
        while joined {
            joined = false
            outer: for i in out.indices {
                for j in out.indices where j > i {
                    let (a, b) = (out[i], out[j])
                    guard a.x - margin <= b.x + b.width, b.x - margin <= a.x + a.width, a.y - margin <= b.y + b.height,
                        b.y - margin <= a.y + a.height
                    else { continue }
                    let x0 = min(a.x, b.x)
                    let y0 = min(a.y, b.y)
                    out[i] = PixBox(
                        x: x0, y: y0, width: max(a.x + a.width, b.x + b.width) - x0,
                        height: max(a.y + a.height, b.y + b.height) - y0)
                    out.remove(at: j)
                    joined = true
                    break outer
                }
            }
        }
        return out
    }

    /// The region's ink cut out as grey (dark where the ink's chroma is high), padded so that turning keeps
    /// every letter, and turned upright by the skew of its ink.
    static func upright(_ mask: PixImage, page: PixImage, region: [Int]) -> Stamp? {
        let box = PixBox(x: region[0], y: region[1], width: region[2] - region[0], height: region[3] - region[1])
        let pad = max(box.width, box.height) / 4
        guard let inkCut = mask.derived({ p in box.withBox { pixClipRectangle(p, $0, nil) } }),
            let ink = inkCut.derived({ pixAddBorder($0, Int32(pad), 0) }),
            let colourCut = page.derived({ p in box.withBox { pixClipRectangle(p, $0, nil) } }),
            let grey = chroma(of: colourCut)?.derived({ pixAddBorder($0, Int32(pad), 255) })
        else { return nil }
        var angle: Float = 0
        var confidence: Float = 0
        let found = ink.withPix { pixFindSkewSweepAndSearch($0, &angle, &confidence, 1, 1, Self.sweepDegrees, 1, 0.01) == 0 }
        // The skew search is made for lines of text; a short framed word ("PAYÉ") gives it too little to be
        // sure of, but its ink is clearly longer than high: then the ink's long axis tells the turn.
        let degrees = found && Double(confidence) >= minimumSkewConfidence ? Double(angle) : (longAxisDegrees(of: inkCut) ?? 0)
        let radians = Float(degrees * Double.pi / 180)
        guard let turned = grey.derived({ pixRotate($0, radians, Int32(L_ROTATE_AREA_MAP), Int32(L_BRING_IN_WHITE), 0, 0) })
        else { return nil }
        if page.resolution > 0 { turned.setResolution(page.resolution) }
        return Stamp(image: turned, region: region, degrees: degrees, pad: pad)
    }

    /// The clockwise turn (degrees) that lays the long axis of a 1-bit image's ink level (its second moments),
    /// when the ink is `elongation` times longer than it is high across that axis; nil for a round seal or a
    /// square block, whose axis says nothing.
    static func longAxisDegrees(of ink: PixImage) -> Double? {
        let (w, h) = (ink.width, ink.height)
        let (wpl, data) = ink.withPix { (Int(pixGetWpl($0)), pixGetData($0)) }
        guard ink.depth == 1, let data else { return nil }
        var (n, sx, sy, sxx, syy, sxy) = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
        for y in 0..<h {
            let row = data + y * wpl
            for x in 0..<w where (row[x >> 5] >> (31 - UInt32(x & 31))) & 1 == 1 {
                let (fx, fy) = (Double(x), Double(y))
                n += 1
                (sx, sy, sxx, syy, sxy) = (sx + fx, sy + fy, sxx + fx * fx, syy + fy * fy, sxy + fx * fy)
            }
        }
        guard n > 0 else { return nil }
        let (mx, my) = (sx / n, sy / n)
        let (a, b, c) = (sxx / n - mx * mx, sxy / n - mx * my, syy / n - my * my)
        // The two spreads (eigenvalues of the covariance) and the long axis's angle, y pointing down.
        let root = ((a - c) * (a - c) + 4 * b * b).squareRoot()
        let (long, short) = ((a + c + root) / 2, (a + c - root) / 2)
        guard short > 0, long >= short * Self.elongation * Self.elongation else { return nil }
        let degrees = -0.5 * atan2(2 * b, a - c) * 180 / Double.pi
        return abs(degrees) <= Double(Self.sweepDegrees) ? degrees : nil
    }

    /// 255 minus each pixel's chroma (largest minus smallest of red, green, blue) beyond the paper's, times
    /// `chromaGain`: coloured ink dark, black print and paper alike white.
    static func chroma(of colour: PixImage) -> PixImage? {
        guard let red = colour.derived({ pixGetRGBComponent($0, Int32(COLOR_RED)) }),
            let green = colour.derived({ pixGetRGBComponent($0, Int32(COLOR_GREEN)) }),
            let blue = colour.derived({ pixGetRGBComponent($0, Int32(COLOR_BLUE)) })
        else { return nil }
        func pick(_ a: PixImage, _ b: PixImage, _ type: Int32) -> PixImage? {
            a.derived { p in b.withPix { pixMinOrMax(nil, p, $0, type) } }
        }
        guard let high = pick(red, green, Int32(L_CHOOSE_MAX)).flatMap({ pick($0, blue, Int32(L_CHOOSE_MAX)) }),
            let low = pick(red, green, Int32(L_CHOOSE_MIN)).flatMap({ pick($0, blue, Int32(L_CHOOSE_MIN)) }),
            let spread = high.derived({ p in low.withPix { pixSubtractGray(nil, p, $0) } })
        else { return nil }
        // Paper under warm or tinted light has a chroma of its own (20-30 in a phone photo): taken off, the paper
        // is as white as the margin added around the stamp; else tesseract's threshold falls between the two
        // whites and reads nothing. Ink is at most half a region, so its lower quarter is paper.
        var paper: UInt32 = 0
        if spread.withPix({ pixGetRankValue($0, 1, Self.paperRank, &paper) }) == 0, paper > 0 {
            _ = spread.withPix { pixAddConstantGray($0, -Int32(paper)) }
        }
        return spread.derived { pixMultConstantGray($0, Self.chromaGain) == 0 ? pixInvert(nil, $0) : nil }
    }
}
