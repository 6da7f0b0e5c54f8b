import Lexicons

/// Checksum-guided repair of OCR confusions (O/0, I/1/l, S/5, B/8, Z/2, G/6, D/0, and Cyrillic and Greek
/// look-alikes such as о/0 and з/3) in payment identifiers.
///
/// A repair is kept only when the printed text fails its checksum and the repaired text passes it. Positions a
/// format says are digits (or letters) are fixed outright; positions that may hold either are tried both ways,
/// within a small budget, and a repair is kept only when exactly one variant passes: MOD 97 catches every
/// single substitution, but tried often enough it lets a wrong variant through (about 1 in 97 per try).
public enum OCRRepair {
    /// Letters OCR reads in place of a digit, and the digit meant.
    static let digitFor: [Character: Character] = [
        "O": "0", "o": "0", "Q": "0", "D": "0", "I": "1", "l": "1", "i": "1", "|": "1", "L": "1",
        "S": "5", "s": "5", "B": "8", "Z": "2", "z": "2", "G": "6",
    ]
    /// Cyrillic and Greek letters that print like a digit: OCR with several scripts loaded reads the "03" of a
    /// Serbian reference as "оз". Read as digits only where a format wants a digit (a model-97 reference, an
    /// account's or IBAN's digit positions), never in words: "з" and "б" are everyday Cyrillic letters.
    static let otherScriptDigitFor: [Character: Character] = [
        "о": "0", "О": "0", "ο": "0", "Ο": "0", "з": "3", "З": "3", "б": "6", "В": "8", "Β": "8",
        "Ѕ": "5", "ѕ": "5", "І": "1", "і": "1", "ӏ": "1", "Ι": "1",
    ]
    /// Where a format allows only a digit (check digits, a registry's digit positions), also letters OCR
    /// makes of digits in photos that are too unlike them to try where a letter may stand.
    static let forcedDigitFor: [Character: Character] = digitFor.merging(["T": "7", "A": "4"]) { a, _ in a }
        .merging(otherScriptDigitFor) { a, _ in a }
    /// Every letter of any script OCR reads in place of a digit.
    static let anyDigitFor: [Character: Character] = digitFor.merging(otherScriptDigitFor) { a, _ in a }

    /// Whether `text` holds a token of digits and digit look-alike letters only, with at least one of each,
    /// where a look-alike of another script than Latin stands anywhere ("оз585664744454") and a Latin one
    /// between two digits ("2O24"): a number OCR misread. A token with any other letter is a real alphanumeric
    /// identifier ("INV-2024-0815", "F2324-001"), and so is a Latin letter at a token's end ("12B", "O15"):
    /// only a letter glued inside a run of digits, or one of a script the identifier is not written in, says
    /// OCR misread a digit.
    public static func mixesDigitLookalikes(_ text: String) -> Bool {
        for token in text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }) {
            let t = Array(token)
            guard t.contains(where: { $0.isASCII && $0.isNumber }),
                t.allSatisfy({ ($0.isASCII && $0.isNumber) || ($0.isLetter && anyDigitFor[$0] != nil) })
            else { continue }
            for (i, ch) in t.enumerated() where ch.isLetter {
                if otherScriptDigitFor[ch] != nil { return true }
                if i > 0, i + 1 < t.count, t[i - 1].isNumber, t[i + 1].isNumber { return true }
            }
        }
        return false
    }
    /// Digits OCR reads in place of a capital letter, and the letter meant.
    static let letterFor: [Character: Character] = ["0": "O", "1": "I", "5": "S", "8": "B", "2": "Z", "6": "G"]

    /// Capitals OCR reads for one another in a country code.
    static let letterLookalikes: [Character: [Character]] = [
        "C": ["G"], "G": ["C"], "O": ["D", "Q"], "D": ["O"], "Q": ["O"], "E": ["F"], "F": ["E"], "P": ["R"],
        "R": ["P"], "I": ["L", "T"], "L": ["I"], "T": ["I"], "U": ["V"], "V": ["U"], "M": ["N"], "N": ["M"],
    ]

    /// What a position of a format holds.
    public enum Slot: Sendable { case digit, letter, either }

    /// At most this many positions of class `.either` are tried both ways (2^n variants).
    static let maxAmbiguous = 4

    /// The one repair of `text` that passes `valid`, or nil (also when `text` already passes, or when
    /// several repairs pass). `slots[i]` says what position `i` holds; positions beyond `slots` are `.either`.
    public static func repair(_ text: String, slots: [Slot], valid: (String) -> Bool) -> String? {
        guard !valid(text) else { return nil }
        var chars = Array(text)
        var ambiguous: [(Int, Character)] = []
        for (i, ch) in chars.enumerated() {
            switch i < slots.count ? slots[i] : .either {
            case .digit: if let d = forcedDigitFor[ch] { chars[i] = d }
            case .letter: if let l = letterFor[ch] { chars[i] = l }
            case .either:
                if let d = digitFor[ch], ch.isUppercase {
                    ambiguous.append((i, d))
                } else if let l = letterFor[ch] {
                    ambiguous.append((i, l))
                }
            }
        }
        guard ambiguous.count <= maxAmbiguous else {
            // Too many to try: only the forced positions.
            let s = String(chars)
            return s != text && valid(s) ? s : nil
        }
        var found: String?
        for mask in 0..<(1 << ambiguous.count) {
            var v = chars
            for (bit, (i, alt)) in ambiguous.enumerated() where mask & (1 << bit) != 0 { v[i] = alt }
            let s = String(v)
            guard s != text, valid(s) else { continue }
            if found != nil { return nil }  // two readings pass: the checksum cannot tell which is meant
            found = s
        }
        return found
    }

    /// An IBAN (compact, upper case) with digits where the registry puts digits and letters where it puts letters.
    /// Cyrillic and Greek capitals that print exactly like Latin ones: OCR with several scripts loaded
    /// reads "BE96" as "ВЕ96". Only codes (IBAN, BIC, RF) are read through this, never words.
    static let latinLookalikes: [Character: Character] = [
        "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C", "Т": "T",
        "Х": "X", "Ѕ": "S", "І": "I", "Ј": "J", "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I",
        "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
        // Not letters of another script, but OCR's usual readings of a printed S and 6 (a 6 or a G in a
        // country code, where `letterFor` takes it back).
        "$": "S", "б": "6",
    ]

    /// The characters of an OCR'd line with look-alike capitals read as Latin (one for one, so offsets hold).
    public static func latinCodes(_ chars: [Character]) -> [Character] {
        chars.map { latinLookalikes[$0] ?? $0 }
    }

    public static func iban(_ text: String) -> String? {
        let a = Array(text)
        guard a.count > 4, let classes = Checksums.ibanClasses[String(a[0..<2])] else { return nil }
        let slots: [Slot] =
            [.letter, .letter, .digit, .digit]
            + classes.map { $0 == "n" ? .digit : $0 == "a" ? .letter : .either }
        return repair(text, slots: slots, valid: Checksums.isValidIBAN)
    }

    /// An RF creditor reference (compact, upper case): "RF", two check digits, then letters or digits.
    public static func rf(_ text: String) -> String? {
        repair(text, slots: [.letter, .letter, .digit, .digit], valid: Checksums.isValidRF)
    }

    /// A Serbian model-97 reference: all digits (the model's references are numbers).
    public static func model97(_ text: String) -> String? {
        let slots = [Slot](repeating: .digit, count: text.count)
        return repair(text, slots: slots, valid: Checksums.isValidModel97)
    }

    /// Every confusable letter read as its digit, separators kept ("16O - OOO54" → "160 - 00054").
    public static func digits(_ text: String) -> String {
        String(text.map { anyDigitFor[$0] ?? $0 })
    }
}
