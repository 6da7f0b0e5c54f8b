import PPShared

/// A word of the text layer: its text and box in PDF points, origin top-left.
public struct TextWord: Sendable, Equatable {
    public var text: String
    public var box: [Double]
    public var font: String?
    public var size: Double?
    /// Where each of its characters is in the raw layer (`RawTextLayer.scalars`), in text order: their
    /// rectangles are what the page is checked against (VisibleText).
    var characters: [Int32] = []
}

/// A line of the text layer: its words in reading order and their union box.
public struct TextLine: Sendable, Equatable {
    public var words: [TextWord]
    public var box: [Double]
    public var font: String?
    public var size: Double?
    /// For a line written another way than most of the page's text (a note up the margin): the
    /// clockwise quarter turn, in degrees, that makes it upright in the page's reading frame.
    public var rotation: Int? = nil

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
    /// The clockwise quarter turn, in degrees, that makes most of the text upright; boxes are in
    /// the frame of the page turned that way (0: the page as displayed).
    public var rotation = 0
    /// The page size in that frame (width and height swap for 90 and 270).
    public var frameSize: (width: Double, height: Double)

    /// The usable-text rule, after OCRmyPDF's: text that extracts, inside the page. A page with a
    /// few stray characters (a page number, a stamp) or whose fonts map to no Unicode (garbage,
    /// private-use glyphs, U+FFFD) has no usable text and goes to OCR.
    public var isUsable: Bool {
        goodCharacters >= PageText.minimumCharacters && goodCharacters * 10 >= allCharacters * 7
    }

    /// Whether the usable text is an invisible OCR layer from an earlier run rather than digital text.
    public var isPriorOCR: Bool { isUsable && ocrFontCharacters * 2 > allCharacters }

    public static let minimumCharacters = 3
    /// A horizontal gap between two glyphs wider than this share of their height splits a word.
    static let wordGap = 0.5
    /// Below this many characters, a page mostly covered by images counts as a scan.
    public static let scanOverlayCharacters = 50

    /// Groups poppler's per-character layout into lines and words. Characters whose centre lies
    /// outside the page (`width` x `height` points) are dropped: they are not visible.
    /// Text written another way than left to right is laid out from its boxes (GlyphLayout); when
    /// most of the page is turned and `turn` allows it, the page's frame turns with it.
    public init(raw: RawTextLayer, width: Double, height: Double, turn: Bool = true) {
        var lines: [TextLine] = []
        var good = 0
        var all = 0
        var ocrFont = 0
        let scalars = raw.scalars
        let rects = raw.rects
        let haveRects = rects.count == scalars.count
        let fonts = raw.fonts
        let ocrFonts = fonts.map { PageText.isOCRFont($0.name) }
        let fontNames = fonts.map { PageText.fontName($0.name) }
        var fontIndex = 0
        // Upright pages (nearly all) have no directions and keep poppler's lines untouched.
        let directions = TextDirection.detect(raw, width: width, height: height)
        let frame = turn ? directions?.dominant ?? 0 : 0
        var turned: [[GlyphLayout.Glyph]] = [[], [], [], []]
        // A stamp set at a slant: its letters are taken out of the rows they cross and make lines of their own.
        let slanted = SlantedText.lines(raw, width: width, height: height)
        var inSlantedLine = [Bool](repeating: false, count: slanted == nil ? 0 : scalars.count)
        for line in slanted ?? [] { for word in line { for i in word { inSlantedLine[i] = true } } }

        func fontAt(_ i: Int) -> Int {
            while fontIndex < fonts.count, fonts[fontIndex].end < i { fontIndex += 1 }
            if fontIndex < fonts.count, fonts[fontIndex].start <= i, i <= fonts[fontIndex].end { return fontIndex }
            return -1
        }

        var words: [TextWord] = []
        var wordScalars = String.UnicodeScalarView()
        var wordCharacters: [Int32] = []
        var wordBox = RawTextLayer.Rect(x0: 0, y0: 0, x1: 0, y1: 0)
        var wordFont = -1  // index into fonts, -1 for none
        var wordFonts: [Int] = []
        var lastRect = RawTextLayer.Rect(x0: 0, y0: 0, x1: 0, y1: 0)

        func endWord() {
            guard !wordScalars.isEmpty else { return }
            words.append(
                TextWord(
                    text: String(wordScalars), box: [wordBox.x0, wordBox.y0, wordBox.x1, wordBox.y1],
                    font: wordFont >= 0 ? fontNames[wordFont] : nil, size: wordFont >= 0 ? fonts[wordFont].size : nil,
                    characters: wordCharacters))
            wordFonts.append(wordFont)
            wordScalars = String.UnicodeScalarView()
            wordCharacters = []
            wordFont = -1
        }
        func endLine() {
            endWord()
            guard !words.isEmpty else { return }
            lines.append(PageText.line(words: words, fonts: wordFonts, names: fontNames, runs: fonts))
            words = []
            wordFonts = []
        }

        for i in 0..<scalars.count {
            let c = scalars[i]
            if c == "\n" {
                endLine()
                continue
            }
            if c.value < 0x80 ? (c == " " || c == "\t" || c == "\r" || c.value == 0x0C) : c.properties.isWhitespace {
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
            if font >= 0, ocrFonts[font] { ocrFont += 1 }
            if !inSlantedLine.isEmpty, inSlantedLine[i] {
                endWord()
                continue
            }
            if let directions, frame != 0 || directions.quarters[i] != 0 {
                endWord()
                turned[Int(directions.quarters[i])].append(.init(scalar: c, rect: r, font: font, order: i))
                continue
            }
            // Poppler sometimes joins a glyph of another row to the line ("Bruttosumme" and the "624,90"
            // two rows above it came out as one word): a glyph that shares no height with the one before
            // starts a new line.
            if !wordScalars.isEmpty, PageText.onAnotherRow(r, after: lastRect) {
                endLine()
            }
            // Poppler sometimes omits the space before a right-aligned number ("TOTAL" … "9 346,30"
            // came out as one word "TOTAL9"): a gap wider than half the glyph height ends the word.
            if !wordScalars.isEmpty, r.x0 - wordBox.x1 > PageText.wordGap * max(r.y1 - r.y0, 1),
                min(r.y1, wordBox.y1) > max(r.y0, wordBox.y0)
            {
                endWord()
            }
            lastRect = r
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
            wordCharacters.append(Int32(i))
        }
        endLine()
        // Turned text: the page's own direction first (its lines are the page's in that frame), then the others.
        for q in [frame, (frame + 1) & 3, (frame + 2) & 3, (frame + 3) & 3] where !turned[q].isEmpty {
            var extra = GlyphLayout.lines(
                turned[q], quarter: q, frame: frame, width: width, height: height,
                word: { text, box, f, characters in
                    TextWord(
                        text: text, box: box, font: f >= 0 ? fontNames[f] : nil, size: f >= 0 ? fonts[f].size : nil,
                        characters: characters)
                },
                line: { PageText.line(words: $0, fonts: $1, names: fontNames, runs: fonts) })
            if q != frame { for k in extra.indices { extra[k].rotation = ((q - frame) & 3) * 90 } }
            lines += extra
        }
        if let slanted {
            lines += PageText.slantedLines(slanted, raw: raw, frame: frame, width: width, height: height, fontNames: fontNames)
        }
        self.rotation = frame * 90
        self.frameSize = frame & 1 == 1 ? (height, width) : (width, height)
        self.lines = lines
        self.goodCharacters = good
        self.allCharacters = all
        self.ocrFontCharacters = ocrFont
    }

    /// Whether glyph `r` lies wholly above or below `last` (both with a height): a row of its own.
    static func onAnotherRow(_ r: RawTextLayer.Rect, after last: RawTextLayer.Rect) -> Bool {
        guard r.y1 > r.y0, last.y1 > last.y0 else { return false }
        return r.y0 >= last.y1 || r.y1 <= last.y0
    }

    /// A line of `words` (their font indexes in `fonts`, -1 for none): its box is their union; its
    /// font is the one most of its characters use, and words state theirs only when different.
    static func line(words: [TextWord], fonts wordFonts: [Int], names fontNames: [String], runs fonts: [RawTextLayer.FontRun])
        -> TextLine
    {
        var box = words[0].box
        for w in words.dropFirst() {
            box[0] = min(box[0], w.box[0])
            box[1] = min(box[1], w.box[1])
            box[2] = max(box[2], w.box[2])
            box[3] = max(box[3], w.box[3])
        }
        var dominant = wordFonts[0]
        if wordFonts.contains(where: { $0 != dominant }) {
            var weight: [Int: Int] = [:]
            for (w, f) in zip(words, wordFonts) { weight[f, default: 0] += w.text.unicodeScalars.count }
            dominant = weight.max { a, b in a.value < b.value || (a.value == b.value && a.key > b.key) }!.key
        }
        var line = TextLine(
            words: words, box: box, font: dominant >= 0 ? fontNames[dominant] : nil,
            size: dominant >= 0 ? fonts[dominant].size : nil)
        for i in line.words.indices where line.words[i].font == line.font && line.words[i].size == line.size {
            line.words[i].font = nil
            line.words[i].size = nil
        }
        return line
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

    /// A number rounded to 2 decimals as JSON, printed without trailing zeros (same text as
    /// `JSON.rounded`, without going through Double's description: the text layer has many).
    static func coordinate(_ value: Double) -> JSON {
        guard value.isFinite, abs(value) < 1e13 else { return .rounded(value) }
        let cents = Int((value * 100).rounded())
        var magnitude = cents.magnitude
        let whole = magnitude / 100
        let fraction = magnitude % 100
        magnitude = 0
        var text = cents < 0 ? "-" : ""
        text += String(whole)
        if fraction != 0 {
            text += fraction % 10 == 0 ? "." + String(fraction / 10) : (fraction < 10 ? ".0" : ".") + String(fraction)
        }
        if text == "-0" { text = "0" }
        return .number(text)
    }

    /// A font name without its subset tag ("ABCDEF+DejaVuSans" becomes "DejaVuSans").
    static func fontName(_ name: String) -> String {
        let u = Array(name.utf8)
        if u.count > 7, u[6] == UInt8(ascii: "+"), u[0..<6].allSatisfy({ $0 >= 65 && $0 <= 90 }) {
            return String(decoding: u[7...], as: UTF8.self)
        }
        return name
    }

    /// The "lines" value encoded straight to JSON text, byte for byte what `json.encoded()` gives
    /// (keys sorted, 2 decimals). A book page holds thousands of words: building and freeing a JSON
    /// tree for them cost more than poppler's text extraction itself.
    public func encodedJSON(into out: inout [UInt8]) {
        func box(_ b: [Double]) {
            out.append(contentsOf: #""box":["#.utf8)
            for (i, v) in b.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                PageText.appendCoordinate(v, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        func fontAndSize(_ font: String?, _ size: Double?, rotation: Int? = nil) {
            if let font {
                out.append(contentsOf: #","font":"#.utf8)
                PageText.appendString(font, into: &out)
            }
            if let rotation {
                out.append(contentsOf: #","rotation":"#.utf8)
                out.append(contentsOf: String(rotation).utf8)
            }
            if let size {
                out.append(contentsOf: #","size":"#.utf8)
                PageText.appendCoordinate(size, into: &out)
            }
        }
        out.append(UInt8(ascii: "["))
        for (i, line) in lines.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "{"))
            box(line.box)
            fontAndSize(line.font, line.size, rotation: line.rotation)
            out.append(contentsOf: #","text":"#.utf8)
            PageText.appendString(line.text, into: &out)
            out.append(contentsOf: #","words":["#.utf8)
            for (j, w) in line.words.enumerated() {
                if j > 0 { out.append(UInt8(ascii: ",")) }
                out.append(UInt8(ascii: "{"))
                box(w.box)
                fontAndSize(w.font, w.size)
                out.append(contentsOf: #","text":"#.utf8)
                PageText.appendString(w.text, into: &out)
                out.append(UInt8(ascii: "}"))
            }
            out.append(contentsOf: "]}".utf8)
        }
        out.append(UInt8(ascii: "]"))
    }

    /// A JSON string, escaped exactly as PPShared's encoder does (it is that encoder).
    static func appendString(_ s: String, into out: inout [UInt8]) {
        JSON.encodeString(s, into: &out)
    }

    /// Appends a number rounded to 2 decimals, printed as `JSON.rounded` prints it.
    static func appendCoordinate(_ value: Double, into out: inout [UInt8]) {
        guard value.isFinite, abs(value) < 1e13 else {
            JSON.rounded(value).encode(into: &out)
            return
        }
        let cents = Int((value * 100).rounded())
        if cents < 0 { out.append(UInt8(ascii: "-")) }
        let magnitude = cents.magnitude
        appendDigits(magnitude / 100, into: &out)
        let fraction = magnitude % 100
        if fraction != 0 {
            out.append(UInt8(ascii: "."))
            out.append(UInt8(ascii: "0") + UInt8(fraction / 10))
            if fraction % 10 != 0 { out.append(UInt8(ascii: "0") + UInt8(fraction % 10)) }
        }
    }

    private static func appendDigits(_ n: UInt, into out: inout [UInt8]) {
        if n >= 10 { appendDigits(n / 10, into: &out) }
        out.append(UInt8(ascii: "0") + UInt8(n % 10))
    }

    /// The "lines" value of a page record.
    public var json: JSON {
        func box(_ b: [Double]) -> JSON { .array(b.map { PageText.coordinate($0) }) }
        return .array(
            lines.map { line -> JSON in
                var o: [String: JSON] = [
                    "text": .string(line.text), "box": box(line.box),
                    "words": .array(
                        line.words.map { w -> JSON in
                            var wo: [String: JSON] = ["text": .string(w.text), "box": box(w.box)]
                            if let f = w.font { wo["font"] = .string(f) }
                            if let s = w.size { wo["size"] = .rounded(s) }
                            return .object(wo)
                        }),
                ]
                if let f = line.font { o["font"] = .string(f) }
                if let s = line.size { o["size"] = .rounded(s) }
                if let r = line.rotation { o["rotation"] = .int(r) }
                return .object(o)
            })
    }
}
