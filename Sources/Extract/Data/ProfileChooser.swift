import Foundation
import Lexicons

/// Chooses a profile for `--profile auto` from the document's words, currencies and account formats.
public enum ProfileChooser {
    /// What each kind of sign counts for a profile (`profile.*` in Model/weights.json).
    struct Choice {
        let marker, currency, domesticAccount, ibanCountry: Int
        init(_ w: (String) -> Int) {
            marker = w("profile.marker")
            currency = w("profile.currency")
            domesticAccount = w("profile.domestic_account")
            ibanCountry = w("profile.iban_country")
        }
    }

    static let accountShape = try! NSRegularExpression(pattern: #"(?<![\d-])\d{3}-\d{1,13}-\d{2}(?![\d-])"#)
    static let ibanShape = try! NSRegularExpression(
        pattern: #"(?<![A-Z0-9])[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?(?![A-Z0-9])"#)

    /// Whether `bytes` (a line's ASCII bytes, 0 for others) hold where `ibanShape` can start: two capitals and
    /// two digits after no capital or digit. Most lines with digits (amounts, dates) do not, and skip the
    /// regular expression.
    static func mayHoldIBAN(_ bytes: [UInt8]) -> Bool {
        func capital(_ b: UInt8) -> Bool { b >= 65 && b <= 90 }
        func digit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
        guard bytes.count >= 4 else { return false }
        for i in 0...(bytes.count - 4)
        where capital(bytes[i]) && capital(bytes[i + 1]) && digit(bytes[i + 2]) && digit(bytes[i + 3]) {
            if i == 0 || !(capital(bytes[i - 1]) || digit(bytes[i - 1])) { return true }
        }
        return false
    }

    /// Whether a line has a number at all: its ASCII bytes decide, the characters only when some are not ASCII.
    static func hasNumber(_ line: TextLine) -> Bool {
        var other = false
        for b in line.bytes {
            if b &- 48 < 10 { return true }
            if b == 0 { other = true }
        }
        return other && line.chars.contains(where: \.fastIsNumber)
    }

    public static func choose(_ profiles: [Profile], lines: [TextLine]) -> Profile? {
        guard !profiles.isEmpty else { return nil }
        let text = FoldedDocument(lines)
        var domestic = 0
        var ibanCountries: [String: Int] = [:]
        for line in lines where hasNumber(line) {
            let t = line.text
            let ns = t as NSString
            let all = NSRange(location: 0, length: ns.length)
            for m in line.bytes.contains(UInt8(ascii: "-")) ? accountShape.matches(in: t, range: all) : [] {
                if let a = Checksums.serbianAccount18(ns.substring(with: m.range)), Checksums.isValidSerbianAccount(a) {
                    domestic += 1
                }
            }
            for m in Self.mayHoldIBAN(line.bytes) ? ibanShape.matches(in: t, range: all) : [] {
                let iban = ns.substring(with: m.range)
                if Checksums.isValidIBAN(iban) { ibanCountries[String(iban.prefix(2)), default: 0] += 1 }
            }
        }
        var best: (Profile, Int)?
        let w = Choice(Scoring.weight)
        for p in profiles {
            var score = 0
            for m in p.markers
            where m.contains(" " as Character)
                ? Self.contains(" " + m, chars: text.chars, scalars: text.scalars) : text.words.contains(m)
            {
                score += w.marker
            }
            for c in p.currencies where text.words.contains(TextFold.fold(c)) { score += w.currency }
            // Account formats: a Serbian 3-13-2 account that passes its control, IBANs of the profile's countries.
            if p.accountFormats.contains(.rsDomestic) { score += w.domesticAccount * domestic }
            for (cc, n) in ibanCountries where p.ibanCountries.contains(cc) { score += w.ibanCountry * n }
            if best == nil || score > best!.1 || (score == best!.1 && p.name == "sepa") { best = (p, score) }
        }
        return best?.0
    }

    /// Whether `phrase` occurs in the text, given as characters and, when each is one scalar, as scalars.
    /// A phrase of ASCII letters, digits, spaces and plain punctuation compares scalars: no other scalar is
    /// canonically equivalent to one of those (the Kelvin sign is to "K", the Greek question mark to ";",
    /// the varia to "`": such phrases take the character comparison).
    static func contains(_ phrase: String, chars: [Character], scalars: [Unicode.Scalar]?) -> Bool {
        let needle = Array(phrase.unicodeScalars)
        guard let scalars, let first = needle.first,
            needle.allSatisfy({ $0.value < 128 && $0 != "K" && $0 != ";" && $0 != "`" })
        else { return CurrencyFinder.firstOffset(of: Array(phrase), in: chars) != nil }
        var i = 0
        while i + needle.count <= scalars.count {
            if scalars[i] == first {
                var k = 1
                while k < needle.count, scalars[i + k] == needle[k] { k += 1 }
                if k == needle.count { return true }
            }
            i += 1
        }
        return false
    }
}

/// A document's folded lines as the chooser reads them: one text, each line between spaces, and its words
/// (runs of letters, digits and dots), made from the lines' folded characters (not a joined string split again).
struct FoldedDocument {
    let chars: [Character]
    /// The same text as scalars when every character is one scalar (nil otherwise).
    let scalars: [Unicode.Scalar]?
    let words: Set<String>

    static func inWord(_ ch: Character) -> Bool { ch.fastIsLetter || ch.fastIsNumber || ch.singleByte == UInt8(ascii: ".") }

    init(_ lines: [TextLine]) {
        var chars: [Character] = [" "]
        var scalars: [Unicode.Scalar] = [" "]
        var oneScalarEach = true
        var words = Set<String>()
        let count = lines.reduce(1) { $0 + $1.folded.count + 1 }
        chars.reserveCapacity(count)
        scalars.reserveCapacity(count)
        for line in lines {
            chars.append(contentsOf: line.folded)
            chars.append(" ")
            for ch in line.folded {
                if let b = ch.singleByte {
                    scalars.append(Unicode.Scalar(b))
                } else if ch.unicodeScalars.count == 1 {
                    scalars.append(ch.unicodeScalars.first!)
                } else {
                    oneScalarEach = false
                }
            }
            scalars.append(" ")
            line.folded.forEachRun(where: Self.inWord) { words.insert($0) }
        }
        self.chars = chars
        self.scalars = oneScalarEach ? scalars : nil
        self.words = words
    }
}
