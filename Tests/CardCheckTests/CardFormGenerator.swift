@testable import CardCheck
@testable import PPShared

/// Characters drawn from the Unicode classes the redaction's rule names, found by property over every
/// scalar once, so the generator covers the class and not a sample someone typed.
enum UnicodeClasses {
    /// The planes that have such characters: the first two and the supplementary special-purpose plane.
    static let all: [Unicode.Scalar] = [0...0x1FFFF, 0xE0000...0xE0FFF].joined().compactMap { Unicode.Scalar(UInt32($0)) }
        .filter { $0.properties.generalCategory != .unassigned }
    static let whiteSpace = all.filter { $0.properties.isWhitespace && $0 != "\n" && $0 != "\r" }
    static let dashes = all.filter { $0.properties.isDash }
    static let connectors = all.filter { $0.properties.generalCategory == .connectorPunctuation }
    static let formats = all.filter { $0.properties.generalCategory == .format }
    static let marks = all.filter {
        [.nonspacingMark, .enclosingMark, .spacingMark].contains($0.properties.generalCategory)
            && $0.properties.numericType == nil
    }
    /// Zeros of the scripts whose ten decimal digits follow each other (all of `Nd`).
    static let zeros = all.filter { $0.properties.numericType == .decimal && $0.properties.numericValue == 0 }
}

/// Writes card numbers in the forms a hostile input may use: grouped by separators of every class,
/// invisible characters between digits, digits of any script, superscript, subscript, circled or with
/// combining marks, percent-, HTML- or backslash-encoded (nested too), and as arrays of groups.
struct CardFormGenerator {
    var random: SeededRandom

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(random.next() % UInt64(range.upperBound - range.lowerBound + 1))
    }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }
    mutating func chance(_ oneIn: Int) -> Bool { int(1...oneIn) == 1 }

    /// A 12–19 digit number, any prefix, Luhn-valid three times in four.
    mutating func pan() -> [UInt8] {
        var digits = (0..<(int(12...19) - 1)).map { _ in UInt8(int(0...9)) }
        let check = (0...9).first { CardNumber.luhn((digits + [UInt8($0)]).map { $0 + 48 }) } ?? 0
        digits.append(chance(4) ? UInt8(int(0...9)) : UInt8(check))
        return digits
    }

    /// One digit in one of its forms: ASCII, any script's, superscript, subscript, circled, negative
    /// circled, parenthesized, with a full stop, double circled, with a comma; a keycap or marks now and then.
    mutating func digit(_ d: UInt8) -> String {
        let v = UInt32(d)
        var scalar = 0x30 + v
        switch int(0...9) {
        case 1: scalar = pick(UnicodeClasses.zeros).value + v
        case 2: scalar = d == 1 ? 0xB9 : d == 2 ? 0xB2 : d == 3 ? 0xB3 : 0x2070 + v
        case 3: scalar = 0x2080 + v
        case 4: scalar = d == 0 ? 0x24EA : 0x245F + v
        case 5: scalar = d == 0 ? 0x24FF : 0x2775 + v
        case 6 where d > 0: scalar = 0x2473 + v
        case 7 where d > 0: scalar = 0x2487 + v
        case 8 where d > 0: scalar = 0x24F4 + v
        case 9: scalar = 0x1F101 + v
        default: break
        }
        var text = String.UnicodeScalarView([Unicode.Scalar(scalar)!])
        if chance(8) { text += "\u{FE0F}\u{20E3}".unicodeScalars }  // a keycap
        for _ in 0..<(chance(6) ? int(1...3) : 0) { text.append(pick(UnicodeClasses.marks)) }
        return String(text)
    }

    /// What stands between two groups: separators of every class (at most the finder's bound) and any
    /// number of invisible characters.
    mutating func gap() -> String {
        var text = ""
        let count = int(0...3) == 0 ? int(0...CardNumberFinder.maximumSeparatorRun) : int(0...2)
        for _ in 0..<count {
            let classes = [UnicodeClasses.whiteSpace, UnicodeClasses.dashes, UnicodeClasses.connectors, [".", "/", "\n", "\r"]]
            text.unicodeScalars.append(pick(pick(classes)))
        }
        for _ in 0..<(chance(3) ? int(1...3) : 0) {
            let at = text.unicodeScalars.index(text.unicodeScalars.startIndex, offsetBy: int(0...text.unicodeScalars.count))
            text.unicodeScalars.insert(pick(UnicodeClasses.formats), at: at)
        }
        return text
    }

    /// The number as groups of digits in their forms: the groups and the gaps between them.
    mutating func groups(_ pan: [UInt8]) -> [String] {
        var groups: [String] = []
        var i = 0
        let size = pick([4, 4, 3, 5, 6, 2, 1, 19])
        while i < pan.count {
            var group = ""
            var j = i
            while j < min(i + size, pan.count) {
                // Two digits as one circled number (⑩–⑳, ㉑–㉟, ㊱–㊿) now and then.
                let pair = j + 1 < pan.count ? Int(pan[j]) * 10 + Int(pan[j + 1]) : 0
                if j + 1 < min(i + size, pan.count), (10...50).contains(pair), chance(6) {
                    let base: UInt32 = pair <= 20 ? 0x2469 - 10 : pair <= 35 ? 0x3251 - 21 : 0x32B1 - 36
                    group.unicodeScalars.append(Unicode.Scalar(base + UInt32(pair))!)
                    j += 2
                    continue
                }
                group += digit(pan[j])
                j += 1
            }
            groups.append(group)
            i = j
        }
        return groups
    }

    /// The number written out, groups parted by gaps, maybe encoded.
    mutating func written(_ pan: [UInt8]) -> String {
        let parts = groups(pan)
        var text = parts[0]
        for part in parts.dropFirst() { text += gap() + part }
        return chance(5) ? encoded(text) : text
    }

    /// Some of the characters encoded, one way each: %HH of UTF-8, %uHHHH, &#D;, &#xH;, &#D without its
    /// `;`, \uHHHH (a surrogate pair beyond the first plane), \xHH; sometimes the encoding encoded again.
    mutating func encoded(_ text: String) -> String {
        var out = ""
        let scalars = Array(text.unicodeScalars)
        let style = int(0...6)
        for (i, s) in scalars.enumerated() {
            guard s.value < 0x80 ? chance(2) : chance(4) else {
                out.unicodeScalars.append(s)
                continue
            }
            let next = i + 1 < scalars.count ? scalars[i + 1] : " "
            var piece: String
            switch style {
            case 0: piece = String(s).utf8.map { "%" + hex($0, 2) }.joined()
            case 1 where s.value <= 0xFFFF: piece = "%u" + hex(s.value, 4)
            case 2: piece = "&#\(s.value);"
            case 3: piece = "&#x" + hex(s.value, 1) + ";"
            case 4 where !next.properties.isASCIIHexDigit && next != ";": piece = "&#\(s.value)"
            case 5:
                if s.value > 0xFFFF {
                    let v = s.value - 0x10000
                    piece = "\\u" + hex(0xD800 + (v >> 10), 4) + "\\u" + hex(0xDC00 + (v & 0x3FF), 4)
                } else {
                    piece = "\\u" + hex(s.value, 4)
                }
            case 6 where s.value < 0x80: piece = "\\x" + hex(s.value, 2)
            default: piece = String(s)
            }
            if chance(5), let first = piece.first, first == "%" || first == "&" {  // once more
                piece = (first == "%" ? "%25" : pick(["&amp;", "&#38;", "%26"])) + piece.dropFirst()
            }
            out += piece
        }
        return out
    }

    func hex(_ value: some BinaryInteger, _ width: Int) -> String {
        let text = String(value, radix: 16, uppercase: value % 2 == 0)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
