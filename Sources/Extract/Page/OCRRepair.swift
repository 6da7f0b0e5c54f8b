import Lexicons

/// Checksum-guided repair of OCR confusions (O/0, I/1/l, S/5, B/8, Z/2, G/6, D/0) in payment identifiers.
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
    /// Where a format allows only a digit (check digits, a registry's digit positions), also letters OCR
    /// makes of digits in photos that are too unlike them to try where a letter may stand.
    static let forcedDigitFor: [Character: Character] = digitFor.merging(["T": "7", "A": "4"]) { a, _ in a }
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
        String(text.map { digitFor[$0] ?? $0 })
    }
}
