import Lexicons

/// Geometry and text helpers shared by the finders: boxes in PDF points (origin top-left),
/// lines with their words, and folding of text for label matching.

/// An axis-aligned box `[x0, y0, x1, y1]` in PDF points, origin at the page's top-left.
public struct Box: Sendable, Equatable {
    public var x0, y0, x1, y1: Double
    public init(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
    }
    /// The largest magnitude a coordinate may have, in points (a page of 13.9 km): a box beyond it, or
    /// with a coordinate that is not finite, comes from a broken or hostile record and is rejected.
    public static let coordinateLimit = 1_000_000.0

    /// A box of four finite coordinates within `coordinateLimit`; nil otherwise.
    public init?(_ values: [Double]?) {
        guard let v = values, v.count == 4, v.allSatisfy({ $0.isFinite && abs($0) <= Self.coordinateLimit }) else {
            return nil
        }
        self.init(v[0], v[1], v[2], v[3])
    }
    public var width: Double { x1 - x0 }
    public var height: Double { y1 - y0 }
    public var array: [Double] { [x0, y0, x1, y1] }
    public func union(_ o: Box) -> Box { Box(min(x0, o.x0), min(y0, o.y0), max(x1, o.x1), max(y1, o.y1)) }
    /// Vertical overlap as a share of the smaller height.
    public func verticalOverlap(_ o: Box) -> Double {
        let overlap = min(y1, o.y1) - max(y0, o.y0)
        let h = max(1, min(height, o.height))
        return max(0, overlap) / h
    }
}

/// One word of a line, as pp-ingest or pp-ocr wrote it.
public struct Word: Sendable {
    public var text: String
    public var box: Box
    public var conf: Double?
}

/// One text line of a page, with its folded form for label matching.
public struct TextLine: Sendable {
    public let page: Int
    public let text: String
    public let chars: [Character]
    /// Per character its one ASCII byte, 0 where it is not one (a letter beyond ASCII, "\r\n", NUL): lets the
    /// finders' loops test classes and compare without Unicode tables or string comparisons.
    public let bytes: [UInt8]
    public let box: Box
    public let conf: Double?
    public let words: [Word]
    /// Folded text (lower case, no diacritics, Cyrillic transliterated) and, per folded character,
    /// the index of the original character it came from.
    public let folded: [Character]
    public let foldedScalars: [Unicode.Scalar]
    public let foldMap: [Int]
    /// Word index per original character (nil for separators), when the words spell the line.
    let wordAt: [Int?]?

    public init(page: Int, text: String, box: Box, conf: Double?, words: [Word]) {
        self.page = page
        self.text = text
        self.chars = Array(text)
        let bytes = chars.map { $0.singleByte ?? 0 }
        self.bytes = bytes
        self.box = box
        self.conf = conf
        self.words = words
        var f: [Character] = []
        var fs: [Unicode.Scalar] = []
        var m: [Int] = []
        f.reserveCapacity(chars.count)
        fs.reserveCapacity(chars.count)
        m.reserveCapacity(chars.count)
        // OCR lines only: a text layer spells its words as printed.
        let source = conf == nil ? chars : ScriptLookalikes.cyrillicWords(chars)
        let sameSource = conf == nil
        for (i, ch) in source.enumerated() {
            let b = sameSource ? bytes[i] : ch.singleByte ?? 0
            if b != 0 {
                // ASCII folds without a table or an array per character (as TextFold.fold does it).
                let out = b >= 65 && b <= 90 ? b + 32 : (b == 9 ? 32 : b)
                f.append(out == b ? ch : Character(Unicode.Scalar(out)))
                fs.append(Unicode.Scalar(out))
                m.append(i)
                continue
            }
            for out in TextFold.fold(ch) {
                f.append(out)
                fs.append(out.unicodeScalars.first!)
                m.append(i)
            }
        }
        self.folded = f
        self.foldedScalars = fs
        self.foldMap = m
        self.wordAt = Self.wordIndexes(chars: chars, bytes: bytes, text: text, words: words)
    }

    /// The word index of each character (nil for the spaces between) when the line text is the words joined by
    /// single spaces, else nil. Most lines are: the characters are walked beside the words' UTF-8, and only a
    /// line that does not match byte for byte takes the string comparison (which also admits canonically equal
    /// spellings).
    static func wordIndexes(chars: [Character], bytes: [UInt8], text: String, words: [Word]) -> [Int?]? {
        guard !words.isEmpty else { return nil }
        var map: [Int?] = []
        map.reserveCapacity(chars.count)
        var position = 0
        var textBytes = text.utf8.makeIterator()
        var walked = 0
        walk: for (wi, w) in words.enumerated() {
            if wi > 0 {
                guard position < chars.count, bytes[position] == 0x20, textBytes.next() == 0x20 else { break walk }
                map.append(nil)
                position += 1
            }
            var left = 0
            for b in w.text.utf8 {
                guard textBytes.next() == b else { break walk }
                if left == 0 {
                    guard position < chars.count else { break walk }
                    left = bytes[position] != 0 ? 1 : chars[position].utf8.count
                    map.append(wi)
                    position += 1
                }
                left -= 1
            }
            guard left == 0 else { break walk }
            walked += 1
        }
        if walked == words.count, position == chars.count, textBytes.next() == nil { return map }
        guard words.map(\.text).joined(separator: " ") == text else { return nil }
        map.removeAll(keepingCapacity: true)
        for (wi, w) in words.enumerated() {
            if wi > 0 { map.append(nil) }
            map.append(contentsOf: Array(repeating: wi, count: w.text.count))
        }
        return map
    }

    /// The box of the original characters `range`: the union of their words, or a proportional slice of the line.
    public func box(of range: Range<Int>) -> Box {
        guard !range.isEmpty else { return box }
        if let wordAt {
            var result: Box?
            for i in range where i < wordAt.count {
                if let wi = wordAt[i] { result = result.map { $0.union(words[wi].box) } ?? words[wi].box }
            }
            if let result { return result }
        }
        let n = Double(max(1, chars.count))
        let x0 = box.x0 + box.width * Double(range.lowerBound) / n
        let x1 = box.x0 + box.width * Double(range.upperBound) / n
        return Box(x0, box.y0, x1, box.y1)
    }

    /// The character offset of the first word that starts at or right of `x` (needs word boxes).
    public func offset(ofFirstWordFrom x: Double) -> Int? {
        guard let wordAt, let wi = words.firstIndex(where: { $0.box.x0 >= x }), wi > 0 else { return nil }
        return wordAt.firstIndex(where: { $0 == wi })
    }

    /// The lowest OCR confidence of the words under `range` (or the line's), nil for text layers.
    public func confidence(of range: Range<Int>) -> Double? {
        if let wordAt {
            var lowest: Double?
            for i in range where i < wordAt.count {
                if let wi = wordAt[i], let c = words[wi].conf { lowest = min(lowest ?? c, c) }
            }
            if lowest != nil { return lowest }
        }
        return conf
    }
}
