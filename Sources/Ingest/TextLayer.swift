import PPShared

/// A word of the text layer: its text and box in PDF points, origin top-left.
public struct TextWord: Sendable, Equatable {
    public var text: String
    public var box: [Double]
    public var font: String?
    public var size: Double?
}

/// A line of the text layer: its words in reading order and their union box.
public struct TextLine: Sendable, Equatable {
    public var words: [TextWord]
    public var box: [Double]
    public var font: String?
    public var size: Double?

    public var text: String { words.map(\.text).joined(separator: " ") }
}

/// What the text layer of a page amounts to.
public struct PageText: Sendable {
    public var lines: [TextLine]
    /// Characters (not spaces) inside the page that map to real Unicode text.
    public var goodCharacters: Int
    /// Characters (not spaces) inside the page in all, garbage included.
    public var allCharacters: Int
    /// Share of characters drawn in an invisible OCR font (Tesseract's GlyphLessFont and kin).
    public var ocrFontCharacters: Int

    /// The usable-text rule, after OCRmyPDF's: text that extracts, inside the page. A page with a
    /// few stray characters (a page number, a stamp) or whose fonts map to no Unicode (garbage,
    /// private-use glyphs, U+FFFD) has no usable text and goes to OCR.
    public var isUsable: Bool {
        goodCharacters >= PageText.minimumCharacters && goodCharacters * 10 >= allCharacters * 7
    }

    /// Whether the usable text is an invisible OCR layer from an earlier run rather than digital text.
    public var isPriorOCR: Bool { isUsable && ocrFontCharacters * 2 > allCharacters }

    public static let minimumCharacters = 3
    /// Below this many characters, a page mostly covered by images counts as a scan.
    public static let scanOverlayCharacters = 50

    /// Groups poppler's per-character layout into lines and words. Characters whose centre lies
    /// outside the page (`width` x `height` points) are dropped: they are not visible.
    public init(raw: RawTextLayer, width: Double, height: Double) {
        var lines: [TextLine] = []
        var good = 0
        var all = 0
        var ocrFont = 0
        let scalars = raw.scalars
        let rects = raw.rects
        let haveRects = rects.count == scalars.count
        let fonts = raw.fonts
        let ocrFonts = fonts.map { PageText.isOCRFont($0.name) }
        var fontIndex = 0

        func fontAt(_ i: Int) -> RawTextLayer.FontRun? {
            while fontIndex < fonts.count, fonts[fontIndex].end < i { fontIndex += 1 }
            if fontIndex < fonts.count, fonts[fontIndex].start <= i, i <= fonts[fontIndex].end { return fonts[fontIndex] }
            return nil
        }

        var words: [TextWord] = []
        var wordScalars = String.UnicodeScalarView()
        var wordBox = RawTextLayer.Rect(x0: 0, y0: 0, x1: 0, y1: 0)
        var wordFont: RawTextLayer.FontRun?

        func endWord() {
            guard !wordScalars.isEmpty else { return }
            words.append(
                TextWord(
                    text: String(wordScalars), box: [wordBox.x0, wordBox.y0, wordBox.x1, wordBox.y1],
                    font: wordFont.map { PageText.fontName($0.name) }, size: wordFont?.size))
            wordScalars = String.UnicodeScalarView()
            wordFont = nil
        }
        func endLine() {
            endWord()
            guard !words.isEmpty else { return }
            var box = words[0].box
            for w in words.dropFirst() {
                box[0] = min(box[0], w.box[0])
                box[1] = min(box[1], w.box[1])
                box[2] = max(box[2], w.box[2])
                box[3] = max(box[3], w.box[3])
            }
            // The line's font is the one most of its characters use; words state theirs only when different.
            var weight: [String: Int] = [:]
            var sizeOf: [String: Double] = [:]
            for w in words {
                let key = "\(w.font ?? "")|\(w.size ?? 0)"
                weight[key, default: 0] += w.text.unicodeScalars.count
                sizeOf[key] = w.size
            }
            let dominant = weight.max { a, b in a.value < b.value || (a.value == b.value && a.key > b.key) }!.key
            let lineFont = dominant.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
            let lineSize = sizeOf[dominant] ?? nil
            var line = TextLine(
                words: words, box: box, font: lineFont?.isEmpty == false ? lineFont : nil, size: lineSize)
            for i in line.words.indices {
                if line.words[i].font == line.font, line.words[i].size == line.size {
                    line.words[i].font = nil
                    line.words[i].size = nil
                }
            }
            lines.append(line)
            words = []
        }

        for i in 0..<scalars.count {
            let c = scalars[i]
            if c == "\n" {
                endLine()
                continue
            }
            if c.properties.isWhitespace {
                endWord()
                continue
            }
            guard haveRects else { continue }
            let r = rects[i]
            let cx = (r.x0 + r.x1) / 2
            let cy = (r.y0 + r.y1) / 2
            guard cx >= 0, cy >= 0, cx <= width, cy <= height else {
                endWord()
                continue
            }
            all += 1
            let font = fontAt(i)
            if PageText.isGarbage(c) {
                endWord()
                continue
            }
            good += 1
            if font != nil, ocrFonts[fontIndex] { ocrFont += 1 }
            if wordScalars.isEmpty {
                wordBox = r
                wordFont = font
            } else {
                wordBox.x0 = min(wordBox.x0, r.x0)
                wordBox.y0 = min(wordBox.y0, r.y0)
                wordBox.x1 = max(wordBox.x1, r.x1)
                wordBox.y1 = max(wordBox.y1, r.y1)
            }
            wordScalars.append(c)
        }
        endLine()
        self.lines = lines
        self.goodCharacters = good
        self.allCharacters = all
        self.ocrFontCharacters = ocrFont
    }

    /// A character that did not extract to text: replacement, private use, controls.
    static func isGarbage(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0xFFFD, 0xE000...0xF8FF, 0xF0000...0x10FFFF, 0..<0x20, 0x7F...0x9F: return true
        default: return false
        }
    }

    /// Fonts that OCR programs use for an invisible text layer.
    static func isOCRFont(_ name: String) -> Bool {
        name.contains("GlyphLessFont") || name.contains("GlyphlessFont") || name.hasSuffix("OCRText")
    }

    /// A font name without its subset tag ("ABCDEF+DejaVuSans" becomes "DejaVuSans").
    static func fontName(_ name: String) -> String {
        let u = Array(name.utf8)
        if u.count > 7, u[6] == UInt8(ascii: "+"), u[0..<6].allSatisfy({ $0 >= 65 && $0 <= 90 }) {
            return String(decoding: u[7...], as: UTF8.self)
        }
        return name
    }

    /// The "lines" value of a page record.
    public var json: JSON {
        .array(
            lines.map { line in
                var o: [String: JSON] = [
                    "text": .string(line.text), "box": .box(line.box),
                    "words": .array(
                        line.words.map { w in
                            var wo: [String: JSON] = ["text": .string(w.text), "box": .box(w.box)]
                            if let f = w.font { wo["font"] = .string(f) }
                            if let s = w.size { wo["size"] = .rounded(s) }
                            return .object(wo)
                        }),
                ]
                if let f = line.font { o["font"] = .string(f) }
                if let s = line.size { o["size"] = .rounded(s) }
                return .object(o)
            })
    }
}
