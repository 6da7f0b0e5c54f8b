import CLeptonica
import PixImage

/// A few of a page's longest text lines set one under the other in a small image: what `--lang auto`
/// reads first to tell the page's language, at a small part of the cost of reading the whole page
/// (tesseract's time goes by the words it reads). The lines are found without tesseract, from the rows of
/// ink of the page in black and white at about 75 dpi: there letters merge into words and words stay
/// apart, so a line's runs of ink are its words. Lines of many words are sentences and labels, where a
/// language's small words are; short ones are names, numbers and amounts. When a sample tells too little,
/// the next one takes the next lines.
struct TextSample {
    /// The page in grey, where the lines are cut from.
    let gray: PixImage
    /// How many times smaller the ink was measured than `gray`.
    let scale: Int
    /// Lines not sampled yet, most words first.
    private(set) var lines: [Line]

    /// The tuned numbers, with why.
    enum Tuning {
        /// Words per sample: the first is enough for the lexicons to tell most pages' language from two or
        /// three sentences; the next ones, read only when it was not, take more lines.
        static let words = [16, 32]
        /// At most this many words of one line (its first), so that a sample holds more than one sentence
        /// or label, and at most this many lines, so that a page of fragments is not sampled whole.
        static let lineWords = 8
        static let lines = 6
        /// The resolution the ink is measured at: word gaps (a third of a letter's height) stay a pixel or
        /// more wide, letter gaps close.
        static let reducedDPI = 75
        /// A row is inked with at least this many pixels (a speck is not a line).
        static let rowInk = 2
        /// A line is at least this many rows high at the reduced scale, at most this many inches (a
        /// heading's 30 points with room), and at most this many times the median line: taller bands are
        /// pictures, logos, a photo's edge or several lines run together (or lines standing upright on a
        /// page lying sideways).
        static let minimumLineRows = 3
        static let tallestLineInches = 0.5
        static let tallestLine = 2.5
        /// A word narrower than this is a dot or a barcode bar, not a word.
        static let minimumWordColumns = 2
        /// Columns without ink that end a word: letter gaps close at the reduced scale, word gaps (a third
        /// of a letter's height, 3 to 4 pixels at 75 dpi) stay this wide or wider.
        static let wordGap = 2
    }

    /// One text line found on the reduced page: rows `top..<bottom` and its words' column ranges.
    struct Line {
        var top: Int
        var bottom: Int
        var words: [Range<Int>]
        var left: Int { words.first?.lowerBound ?? 0 }
        var right: Int { words.last?.upperBound ?? 0 }

        /// The line's first `count` words.
        func prefix(_ count: Int) -> Line { Line(top: top, bottom: bottom, words: Array(words.prefix(count))) }
    }

    /// The text lines of `page` (any depth, at `dpi`), or nil when none with words is found.
    init?(page: PixImage, dpi: Int) {
        let factor = Self.reduction(dpi: dpi)
        let tallest = max(Tuning.minimumLineRows, Int(Tuning.tallestLineInches * Double(dpi) / Double(factor)))
        guard let gray = page.derived({ pixConvertTo8($0, 0) }), let ink = Self.ink(gray, reduction: factor),
            let upright = ink.derived({ pixOpenBrick(nil, $0, 1, Int32(tallest)) }),
            let letters = ink.derived({ i in upright.withPix { pixSubtract(nil, i, $0) } }),
            let bits = letters.packedSamples()
        else { return nil }
        let found = Self.lines(bits: bits, width: letters.width, height: letters.height, tallest: tallest)
        guard !found.isEmpty else { return nil }
        if page.resolution > 0 { gray.setResolution(page.resolution) }
        self.gray = gray
        scale = factor
        lines = found.sorted { ($0.words.count, $1.top) > ($1.words.count, $0.top) }
    }

    /// The next sample, of about `words` words, as an image; nil when every line has been sampled.
    mutating func next(words: Int) -> (image: PixImage, words: Int)? {
        var chosen: [Line] = []
        var count = 0
        while count < words, chosen.count < Tuning.lines, !lines.isEmpty {
            let taken = lines.removeFirst().prefix(min(Tuning.lineWords, words - count))
            chosen.append(taken)
            count += taken.words.count
        }
        guard !chosen.isEmpty, let image = Self.stack(chosen.sorted { $0.top < $1.top }, scale: scale, from: gray)
        else { return nil }
        if gray.resolution > 0 { image.setResolution(gray.resolution) }
        return (image, count)
    }

    /// 1 (up to 112 dpi), 2 or 4: the reduction that brings `dpi` nearest to `Tuning.reducedDPI`.
    static func reduction(dpi: Int) -> Int {
        dpi >= Tuning.reducedDPI * 3 ? 4 : dpi >= Tuning.reducedDPI * 3 / 2 ? 2 : 1
    }

    /// The page's ink, `reduction` times smaller. A photo's light is uneven and its desk dark: the grey
    /// page is made even first (paper at 200, leptonica's background normalisation, at half size where
    /// the page is reduced anyway), then what is darker than `FormBoxes.inkThreshold` is ink; each further
    /// halving keeps a pixel inked when any of its four was. Strokes taller than a line (a photo's paper
    /// edge, a table's rules) are taken out by the caller, or every row would be inked.
    static func ink(_ gray: PixImage, reduction: Int) -> PixImage? {
        guard let small = reduction >= 2 ? gray.derived({ pixScaleAreaMap2($0) }) : gray,
            let even = small.derived({ pixBackgroundNormSimple($0, nil, nil) }),
            let ink = even.derived({ pixThresholdToBinary($0, FormBoxes.inkThreshold) })
        else { return nil }
        return reduction >= 4 ? ink.derived({ pixReduceRankBinaryCascade($0, 1, 0, 0, 0) }) : ink
    }

    /// The text lines of a binary image given as packed rows (1 = ink, `packedSamples`).
    static func lines(bits: [UInt8], width: Int, height: Int, tallest: Int) -> [Line] {
        let rowBytes = (width + 7) / 8
        func inked(_ x: Int, _ y: Int) -> Bool { bits[y * rowBytes + x / 8] & (0x80 >> UInt8(x % 8)) != 0 }
        var bands: [(top: Int, bottom: Int)] = []
        var start: Int?
        for y in 0...height {
            var count = 0
            if y < height { for x in 0..<width where inked(x, y) { count += 1 } }
            if count >= Tuning.rowInk {
                if start == nil { start = y }
            } else if let top = start {
                bands.append((top, y))
                start = nil
            }
        }
        let heights = bands.map { $0.bottom - $0.top }.filter { (Tuning.minimumLineRows...tallest).contains($0) }.sorted()
        guard !heights.isEmpty else { return [] }
        let usual = Double(heights[heights.count / 2]) * Tuning.tallestLine
        return bands.compactMap { band in
            let rows = band.bottom - band.top
            guard rows >= Tuning.minimumLineRows, rows <= tallest, Double(rows) <= usual else { return nil }
            // A word: inked columns with gaps narrower than `wordGap` between them.
            var words: [Range<Int>] = []
            var (start, run, gap) = (0, 0, 0)
            for x in 0...(width + Tuning.wordGap) {
                if x < width, (band.top..<band.bottom).contains(where: { inked(x, $0) }) {
                    if run == 0 { start = x }
                    run += gap + 1
                    gap = 0
                } else if run > 0 {
                    gap += 1
                    guard gap >= Tuning.wordGap else { continue }
                    if run >= Tuning.minimumWordColumns { words.append(start..<(start + run)) }
                    (run, gap) = (0, 0)
                }
            }
            return words.isEmpty ? nil : Line(top: band.top, bottom: band.bottom, words: words)
        }
    }

    /// The chosen lines cut from the grey page with a margin of a third of their height, one under the
    /// other on white paper with a line's height between them.
    static func stack(_ lines: [Line], scale: Int, from gray: PixImage) -> PixImage? {
        let (pageWidth, pageHeight) = (gray.width, gray.height)
        let pieces: [(x: Int, y: Int, width: Int, height: Int)] = lines.map { line in
            let margin = (line.bottom - line.top) * scale / 3 + 1
            let x = max(0, line.left * scale - margin)
            let y = max(0, line.top * scale - margin)
            return (x, y, min(pageWidth, line.right * scale + margin) - x, min(pageHeight, line.bottom * scale + margin) - y)
        }
        let gap = pieces.map(\.height).max() ?? 0
        let width = (pieces.map(\.width).max() ?? 0) + 2 * gap
        let height = pieces.reduce(gap) { $0 + $1.height + gap }
        guard width > 0, let sheet = PixImage.make({ pixCreate(Int32(width), Int32(height), 8) }) else { return nil }
        sheet.withPix { target in
            _ = pixSetAll(target)
            var y = gap
            gray.withPix { source in
                for piece in pieces {
                    _ = pixRasterop(
                        target, Int32(gap), Int32(y), Int32(piece.width), Int32(piece.height), PIX_SRC, source,
                        Int32(piece.x), Int32(piece.y))
                    y += piece.height + gap
                }
            }
        }
        return sheet
    }
}
