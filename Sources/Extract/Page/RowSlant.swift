/// A photo read askew: pp-ocr straightens a page by the skew leptonica finds, and a photo taken in
/// perspective, or on a desk that hides the skew, keeps a slant its rows run along ("Variabilní symbol"
/// at the left edge and its "233" at the right a line lower). Tesseract follows a slanted line within one
/// reading, so the slant shows in each OCR'd line's words; rows of separate lines are compared along it.
struct RowSlant: Sendable {
    /// Per page, how far down a row runs per point to the right (0 for text layers and straight pages).
    private let perPage: [Int: Double]

    /// A line counts when its words' centres span this many of its heights; a page's slant is the median of at least
    /// `minimumLines` such lines, taken when it is at least `minimumSlope` (a row of 100 pt drifting 0.5 pt).
    struct Params: Sendable {
        let span: Double
        let minimumLines: Int
        let minimumSlope: Double
        init(_ w: (String) -> Int) {
            span = Double(w("slant.span")) / 100
            minimumLines = w("slant.minimum_lines")
            minimumSlope = Double(w("slant.minimum_slope")) / 10_000
        }
    }

    init(lines: [TextLine], params: Params) {
        var slopes: [Int: [Double]] = [:]
        for l in lines where l.conf != nil && l.words.count >= 2 && l.box.height > 0 {
            // The least-squares line through the words' centres: one tall or low word moves it little.
            let points = l.words.map { (x: ($0.box.x0 + $0.box.x1) / 2, y: ($0.box.y0 + $0.box.y1) / 2) }
            guard points[points.count - 1].x - points[0].x >= params.span * l.box.height else { continue }
            let n = Double(points.count)
            let (mx, my) = (points.map(\.x).reduce(0, +) / n, points.map(\.y).reduce(0, +) / n)
            let sxx = points.map { ($0.x - mx) * ($0.x - mx) }.reduce(0, +)
            let sxy = points.map { ($0.x - mx) * ($0.y - my) }.reduce(0, +)
            if sxx > 0 { slopes[l.page, default: []].append(sxy / sxx) }
        }
        perPage = slopes.compactMapValues { s in
            guard s.count >= params.minimumLines else { return nil }
            let median = s.sorted()[s.count / 2]
            return abs(median) >= params.minimumSlope ? median : nil
        }
    }

    /// The share of the smaller height `b` and `a` share as a row: `a` moved along its page's slant to
    /// `b`'s place (Box.verticalOverlap on a straight page).
    func rowOverlap(_ a: Box, _ b: Box, page: Int) -> Double {
        guard let s = perPage[page] else { return b.verticalOverlap(a) }
        let dy = s * (b.x0 + b.x1 - a.x0 - a.x1) / 2
        return b.verticalOverlap(Box(a.x0, a.y0 + dy, a.x1, a.y1 + dy))
    }

    /// A line's box along its page's slant: its words' span once each is moved up by the slant over its place
    /// (x as printed). A line read askew is as tall as its words, not as the drop from its first word to its
    /// last, and two such boxes share height only where their rows do.
    func box(of line: TextLine) -> Box {
        guard let s = perPage[line.page], !line.words.isEmpty else { return line.box }
        let shifted = line.words.map { w in
            let dy = s * (w.box.x0 + w.box.x1) / 2
            return (w.box.y0 - dy, w.box.y1 - dy)
        }
        return Box(line.box.x0, shifted.map(\.0).min()!, line.box.x1, shifted.map(\.1).max()!)
    }
}
