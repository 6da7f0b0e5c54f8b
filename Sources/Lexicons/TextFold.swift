/// Folding for label matching: lower case, diacritics removed, Cyrillic and Greek transliterated to
/// Latin, so one label list matches "Račun primaoca", "RACUN PRIMAOCA" and "Рачун примаоца".
///
/// The transliteration is ICU's, not a hand table: Serbian letters go through ICU's Serbian BGN rules first
/// so "љ", "њ", "џ" spell "lj", "nj", "dž" as Serbian Latin does, then anything else goes through Any-Latin
/// and Latin-ASCII (`icuTransform`). Folding works per character (so every folded character maps back to
/// one original character) from a table of ICU's results per scalar, shipped in FoldTableData.swift:
/// building it with ICU at start-up cost every process that folds text 80 million instructions
/// (more than a third of pp-extract's start-up). Tests/ExtractTests/FoldTableTests.swift checks the shipped
/// table against ICU and rewrites it.
public enum TextFold {
    /// ICU's transform the table holds the results of.
    public static let icuTransform = "Serbian-Latin/BGN; Any-Latin; Latin-ASCII"

    /// Scalar ranges worth transliterating: Latin-1 and Latin Extended, Greek, Cyrillic, Latin Extended Additional,
    /// Greek Extended. Everything else folds to its lower case.
    public static let ranges: [ClosedRange<UInt32>] = [
        0x00C0...0x024F, 0x0370...0x03FF, 0x0400...0x052F, 0x1E00...0x1EFF, 0x1F00...0x1FFF,
    ]

    /// Punctuation and spacing normalised for matching (not transliteration).
    static let spacing: [UInt32: String] = [0x00A0: " ", 0x202F: " ", 0x2009: " ", 0x0009: " ", 0x2019: "'"]

    /// Whether the table has an entry for `u`: a letter of `ranges` that is no combining mark.
    public static func isTransliterated(_ u: Unicode.Scalar) -> Bool {
        ranges.contains { $0.contains(u.value) } && u.properties.isAlphabetic && u.properties.generalCategory != .nonspacingMark
    }

    /// Folded form per scalar of `ranges`, read from `foldedScalars` ("c6=61.65": Æ is "ae").
    static let table = parseTable(foldedScalars)

    /// The table from its text, read byte by byte (splitting the text into Substrings cost 11 million
    /// instructions at every start).
    static func parseTable(_ text: String) -> [UInt32: [Character]] {
        var t: [UInt32: [Character]] = [:]
        t.reserveCapacity(1_400)
        var key: UInt32?
        var folded: [Character] = []
        var number: UInt32 = 0
        var digits = 0
        func endNumber() {
            if digits > 0, let u = Unicode.Scalar(number) { folded.append(Character(u)) }
            (number, digits) = (0, 0)
        }
        for b in text.utf8 + [UInt8(ascii: " ")] {
            switch b {
            case UInt8(ascii: "="):
                key = digits > 0 ? number : nil
                (number, digits, folded) = (0, 0, [])
            case UInt8(ascii: "."):
                endNumber()
            case UInt8(ascii: " "), UInt8(ascii: "\n"):
                endNumber()
                if let k = key { t[k] = folded }
                (key, folded) = (nil, [])
            default:
                let v = UInt32(b)
                let d = v &- 48 < 10 ? v &- 48 : (v | 0x20) &- 87
                number = number &* 16 &+ d
                digits += 1
            }
        }
        return t
    }

    /// The folded characters for one character (possibly none or several); each is a single scalar.
    public static func fold(_ ch: Character) -> [Character] {
        if let a = ch.asciiValue {
            if a >= 65 && a <= 90 { return [Character(Unicode.Scalar(a + 32))] }
            return a == 9 ? [" "] : [ch]
        }
        var out: [Character] = []
        // As `appendFolded`, into characters.
        for u in ch.unicodeScalars {
            if let s = spacing[u.value] {
                out.append(contentsOf: s)
            } else if ranges.contains(where: { $0.contains(u.value) }), let mapped = table[u.value] {
                out.append(contentsOf: mapped)
            } else if u.properties.generalCategory != .nonspacingMark {
                for l in u.properties.lowercaseMapping.unicodeScalars where l.properties.generalCategory != .nonspacingMark {
                    out.append(Character(l))
                }
            }
        }
        return out
    }

    /// Appends the folded scalars of `u` to `out` (UTF-8). Precomposed and decomposed spellings fold alike: combining
    /// marks are dropped. Neither `spacing` nor the table holds a combining mark, so their scalars skip the
    /// costly general category lookup.
    @inline(__always) static func appendFolded(_ u: Unicode.Scalar, to out: inout [UInt8]) {
        let v = u.value
        if v < 128 {
            out.append(UInt8(v &- 65 < 26 ? v + 32 : (v == 9 ? 32 : v)))
        } else if let s = spacing[v] {
            out.append(contentsOf: s.utf8)
        } else if ranges.contains(where: { $0.contains(v) }), let mapped = table[v] {
            for c in mapped { out.append(contentsOf: c.utf8) }
        } else if u.properties.generalCategory != .nonspacingMark {
            for l in u.properties.lowercaseMapping.unicodeScalars where l.properties.generalCategory != .nonspacingMark {
                UTF8.encode(l) { out.append($0) }
            }
        }
    }

    /// A whole string folded: scalar by scalar, as each character's scalars fold on their own.
    public static func fold(_ text: String) -> String {
        // Most phrases and lines are ASCII: lower-case them byte by byte (tabs become spaces, as above).
        if text.utf8.allSatisfy({ $0 < 128 }) {
            return String(decoding: text.utf8.map { b in b >= 65 && b <= 90 ? b + 32 : (b == 9 ? 32 : b) }, as: UTF8.self)
        }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for u in text.unicodeScalars { appendFolded(u, to: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    public static func isWordChar(_ ch: Character) -> Bool { ch.isLetter || ch.isNumber }
}
