import PDFRender

/// What is seen is what is read: a word of a PDF's text layer counts only where the rendered page shows
/// it. A text layer can hold what nobody sees — white on white, an invisible render mode (3 Tr), clipped
/// away, painted over, a speck of a font, or a font whose ToUnicode map names other digits than its
/// glyphs draw — and a forged invoice pays with it. Words that hold a digit (what gets paid: accounts,
/// amounts, references) are checked; the page is rendered as its text layer's glyphs alone, then, into the
/// same canvas, as displayed, and each glyph must show on the page in its own shape.
enum VisibleText {
    /// Text whose characters' boxes are lower than this (points; a 3 pt font, half the smallest fine print)
    /// is not read by a person on paper: it is left out without rendering.
    static let minimumTextHeight = 3.0
    /// A word whose tallest digit has less ink height than this (points; the digits of a 3 pt font) is a
    /// speck, whatever its box says.
    static let minimumDigitHeight = 2.0
    /// A word whose characters are on average narrower than this share of their height is squeezed out of
    /// reading (a horizontal scaling, `Tz`, of a few percent): a digit is about half as wide as high, in
    /// the narrowest fonts a third. Not for an earlier run's OCR layer, which scales its words to fit the
    /// scan's.
    static let minimumWidthShare = 0.15
    /// A character shows when the page shows at least this share of its glyph's ink.
    static let minimumCoverage = 0.6
    /// A character drawn where other text is (TextOverlap) shows with that text when the page shows this
    /// share of both glyphs' ink (text that is seen shows nearly all of it); else its digits are read
    /// from the page.
    static let overlapCoverage = 0.9
    /// The page is rendered so that the smallest checked text is this many pixels high...
    static let targetPixels = 24.0
    /// ... within these resolutions (pixels per inch) ...
    static let resolutions = 72.0...600.0
    /// ... and this many pixels of canvas (the boxes of the checked words and what lies between them).
    static let maxCanvasPixels = 40_000_000
    /// Digits rendered lower than this (pixels) are not compared with the digits' shapes.
    static let shapePixels = 16.0

    /// What a worker keeps from one page's check to the next: the canvas's memory, and the digit glyphs made
    /// and judged (pure functions of their pixels, so a glyph seen before is not made again).
    final class Memory {
        let canvas = CanvasMemory()
        let digits = GlyphInk.DigitGlyphs()
        let judgements = DigitShapes.Judgements()
    }

    /// The check of one page: what its text layer keeps, and what it leaves out.
    struct Result {
        var hidden: [HiddenWord] = []
        /// Raw characters of the hidden words.
        var hiddenCharacters: Set<Int32> = []
        /// Words are hidden on a page that is mostly a picture: the picture is what a person reads, so the
        /// page is read as a scan.
        var overPicture = false
    }

    /// Checks the words of `text` (the text layer of `page`, made from `raw`; `width` x `height` points
    /// as displayed). `priorOCR`: the layer is an earlier run's invisible OCR text, whose glyphs are empty by
    /// design; its words count where the page shows ink. The canvas and the digit glyphs' memos are
    /// `memory`'s (a worker keeps one for all its pages).
    static func check(
        _ text: PageText, page: PDFPage, raw: RawTextLayer, width: Double, height: Double, priorOCR: Bool,
        memory: Memory = Memory()
    ) -> Result {
        var result = Result()
        let quarters = TextDirection.detect(raw, width: width, height: height)?.quarters
        var checked: [(word: TextWord, height: Double)] = []
        for line in text.lines {
            for word in line.words where word.text.unicodeScalars.contains(where: { $0.properties.numericType == .decimal }) {
                guard !word.characters.isEmpty else { continue }
                let h = word.characters.map { textHeight(raw.rects[Int($0)], quarter: quarter(quarters, $0)) }.max() ?? 0
                let along = word.characters.map { i -> Double in
                    let r = raw.rects[Int(i)]
                    return quarter(quarters, i) & 1 == 1 ? r.y1 - r.y0 : r.x1 - r.x0
                }
                let width = along.reduce(0, +) / Double(along.count)
                if h < minimumTextHeight {
                    result.add(HiddenWord(word: word, reason: .tiny(height: h)))
                } else if !priorOCR, width < minimumWidthShare * h {
                    result.add(HiddenWord(word: word, reason: .squeezed(width: width)))
                } else {
                    checked.append((word, h))
                }
            }
        }
        guard let smallest = checked.map(\.height).min() else { return result }
        var scale = min(max(targetPixels / smallest, resolutions.lowerBound / 72), resolutions.upperBound / 72)
        func clipRects() -> [PixelRect] {
            checked.map { clipRect($0.word, raw: raw, scale: scale, height: $0.height * scale) }
        }
        var clip = clipRects()
        var canvas = bounds(clip, scale: scale, width: width, height: height)
        let area = Double(canvas.x1 - canvas.x0) * Double(canvas.y1 - canvas.y0)
        let side = Double(max(canvas.x1 - canvas.x0, canvas.y1 - canvas.y0))
        if area > Double(maxCanvasPixels) || side > Double(PageCanvas.maxSide) {
            scale *= min((Double(maxCanvasPixels) / area).squareRoot(), Double(PageCanvas.maxSide) / side) * 0.99
            clip = clipRects()
            canvas = bounds(clip, scale: scale, width: width, height: height)
        }
        let origin = (x: canvas.x0, y: canvas.y0)
        guard !canvas.isEmpty,
            let shown = PageCanvas(width: canvas.x1 - canvas.x0, height: canvas.y1 - canvas.y0, memory: memory.canvas)
        else { return result }
        // Every pixel read lies in `clip` (a character's patch and glyph margins are within its word's),
        // which each render paints white first: the canvas needs no clearing between them.
        page.renderGlyphs(into: shown, scale: scale, origin: origin, clip: clip)
        let overlapped = TextOverlap.overlapped(checked.flatMap(\.word.characters), raw: raw)
        let digits = memory.digits
        let words = checked.map { word, _ in
            let characters = self.characters(
                of: word, raw: raw, quarters: quarters, scale: scale, origin: origin, overlapped: overlapped)
            return (characters, GlyphInk.word(characters, glyphs: shown, digits: digits))
        }
        page.render(into: shown, scale: scale, origin: origin, clip: clip)
        let ink = GlyphInk(page: shown, judgements: memory.judgements)
        var unseen: [HiddenWord] = []
        var followed: [(index: Int, word: GlyphInk.Word)] = []
        for ((word, _), (characters, glyphWord)) in zip(checked, words) {
            let measure = ink.measure(glyphWord, shapes: !priorOCR)
            if measure.glyphless > 0, !priorOCR || measure.glyphlessUnseen > 0 {
                unseen.append(HiddenWord(word: word, reason: .invisible(sameColour: false)))
            } else if measure.overdrawn > 0 {
                unseen.append(HiddenWord(word: word, reason: .overdrawn))
            } else if measure.leastCoverage < minimumCoverage {
                let colour = textColour(raw, word.characters[0])
                let sameColour = GlyphInk.difference(colour, measure.background) < GlyphInk.contrastLevel
                // Painted over later? Only a word with no overlapped character can tell (PaintedOver).
                if !sameColour, followed.count < maxFollowed, !characters.contains(where: \.overlapped) {
                    followed.append((unseen.count, glyphWord))
                }
                unseen.append(HiddenWord(word: word, reason: .invisible(sameColour: sameColour)))
            } else if measure.digitHeight > 0, measure.digitHeight / scale < minimumDigitHeight {
                result.add(HiddenWord(word: word, reason: .tiny(height: measure.digitHeight / scale)))
            } else if let mismatch = measure.mismatch {
                result.add(HiddenWord(word: word, reason: .mismapped(claimed: mismatch.claimed, shown: mismatch.shown)))
            }
        }
        let covered = paintedOver(
            followed.map(\.word), page: page, canvas: shown, scale: scale, origin: origin,
            clip: followed.map { clipRect(unseen[$0.index].word, raw: raw, scale: scale, height: $0.word.characters[0].height) })
        for (f, wasShown) in zip(followed, covered) where wasShown { unseen[f.index].reason = .covered }
        for word in unseen { result.add(word) }
        if !unseen.isEmpty, page.imageCoverage() >= 0.5 { result.overPicture = true }
        return result
    }

    /// The characters of `word` on canvases whose (0, 0) is the page's pixel `origin` at `scale`.
    private static func characters(
        of word: TextWord, raw: RawTextLayer, quarters: [UInt8]?, scale: Double, origin: (x: Int, y: Int),
        overlapped: Set<Int32>
    ) -> [GlyphInk.Character] {
        zip(word.characters, word.text.unicodeScalars).map { index, scalar in
            let q = quarter(quarters, index)
            let r = raw.rects[Int(index)]
            return GlyphInk.Character(
                box: PixelRect(
                    x0: Int((r.x0 * scale).rounded(.down)) - origin.x, y0: Int((r.y0 * scale).rounded(.down)) - origin.y,
                    x1: Int((r.x1 * scale).rounded(.up)) - origin.x, y1: Int((r.y1 * scale).rounded(.up)) - origin.y),
                height: textHeight(r, quarter: q) * scale, quarter: q,
                digit: scalar.properties.numericType == .decimal ? scalar.properties.numericValue.map { Int($0) } : nil,
                overlapped: overlapped.contains(index))
        }
    }

    /// The clockwise quarter turns that make raw character `index` upright.
    private static func quarter(_ quarters: [UInt8]?, _ index: Int32) -> Int {
        guard let quarters, Int(index) < quarters.count else { return 0 }
        return Int(quarters[Int(index)])
    }

    /// A character's height across its line, in points.
    static func textHeight(_ r: RawTextLayer.Rect, quarter: Int) -> Double {
        quarter & 1 == 1 ? r.x1 - r.x0 : r.y1 - r.y0
    }

    /// The colour the raw character at `index` is filled with (poppler's text attributes), 0xRRGGBB.
    private static func textColour(_ raw: RawTextLayer, _ index: Int32) -> UInt32 {
        raw.fonts.first { $0.start <= Int(index) && Int(index) <= $0.end }?.color ?? 0
    }

    /// The pixels (at `scale`) a word is rendered in: its characters' boxes and a margin of a third of its height.
    private static func clipRect(_ word: TextWord, raw: RawTextLayer, scale: Double, height: Double) -> PixelRect {
        var r = raw.rects[Int(word.characters[0])]
        for i in word.characters.dropFirst() {
            let c = raw.rects[Int(i)]
            r = RawTextLayer.Rect(x0: min(r.x0, c.x0), y0: min(r.y0, c.y0), x1: max(r.x1, c.x1), y1: max(r.y1, c.y1))
        }
        let m = Int((height / 3).rounded(.up)) + 2
        return PixelRect(
            x0: Int((r.x0 * scale).rounded(.down)) - m, y0: Int((r.y0 * scale).rounded(.down)) - m,
            x1: Int((r.x1 * scale).rounded(.up)) + m, y1: Int((r.y1 * scale).rounded(.up)) + m)
    }

    /// The page pixels (at `scale`) that hold all of `rects`, within the page.
    private static func bounds(_ rects: [PixelRect], scale: Double, width: Double, height: Double) -> PixelRect {
        var b = PixelRect(x0: Int.max, y0: Int.max, x1: Int.min, y1: Int.min)
        for r in rects { b = PixelRect(x0: min(b.x0, r.x0), y0: min(b.y0, r.y0), x1: max(b.x1, r.x1), y1: max(b.y1, r.y1)) }
        return PixelRect(
            x0: max(0, b.x0), y0: max(0, b.y0), x1: min(Int((width * scale).rounded(.up)), b.x1),
            y1: min(Int((height * scale).rounded(.up)), b.y1))
    }
}

extension VisibleText.Result {
    mutating func add(_ word: HiddenWord) {
        hidden.append(word)
        hiddenCharacters.formUnion(word.word.characters)
    }
}
