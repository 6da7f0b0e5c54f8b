/// How the card-data redaction reads one character: the fold of docs/records.md (pp-cardcheck,
/// Redaction), from Unicode properties, so no list of look-alikes can fall behind.
///
/// - A digit is any decimal digit of any script (`Nd`: ASCII, full-width, Arabic-Indic, Devanagari,
///   mathematical, …) or a numbered form (`No` with a whole value under 100: superscripts, subscripts,
///   circled, parenthesized and dingbat digits); `⑩` stands for "10", as NFKC writes it.
/// - A separator is white space (the `White_Space` property: spaces, tabs, line breaks, NBSP, U+3000),
///   a dash or minus (the `Dash` property: `-`, en and em dashes, U+2212, U+FE63, …), a connector (`Pc`:
///   `_`), `.` or `/`, or what NFKC turns into those (`…`, `．`, `／`, `¨` as a space and a mark).
/// - Invisible characters are dropped: format characters (`Cf`: zero-width space, soft hyphen, word
///   joiner, byte-order mark), other controls (`Cc`), combining marks (`Mn`, `Mc`, `Me`, so a digit with
///   marks is still the digit), what NFKC turns into marks, and the rest of `Default_Ignorable_Code_Point`
///   (Hangul fillers, …).
enum CardTextFold {
    enum Role: Equatable {
        /// A digit-like character standing for a number from 0 to 99 (two digits from 10 on).
        case number(UInt8)
        case separator
        /// Dropped: it neither parts nor joins digits.
        case invisible
        case other
    }

    static func role(_ scalar: Unicode.Scalar) -> Role {
        let v = scalar.value
        if v < 0x80 {
            switch v {
            case 0x30...0x39: return .number(UInt8(v - 0x30))
            case 0x09...0x0D, 0x20, 0x2D, 0x2E, 0x2F, 0x5F: return .separator
            case 0x00...0x1F, 0x7F: return .invisible
            default: return .other
            }
        }
        // The rule above, ordered so most characters cost one look-up (White_Space is Zs, Zl, Zp and some
        // Cc; Tests/PPSharedTests/CardTextFoldTests.swift checks this against the rule for every scalar).
        let p = scalar.properties
        switch p.generalCategory {
        case .decimalNumber, .otherNumber: return numberValue(p).map(Role.number) ?? .other
        case .spaceSeparator, .lineSeparator, .paragraphSeparator, .dashPunctuation, .connectorPunctuation: return .separator
        case .control: return p.isWhitespace ? .separator : .invisible
        case .format, .nonspacingMark, .spacingMark, .enclosingMark: return .invisible
        case .otherPunctuation, .modifierSymbol, .otherLetter, .modifierLetter:
            // A dash (U+2053), what NFKC makes separators (`…`, `．`, `¨`) or marks, or a letter.
            if p.isDash { return .separator }
            switch CompatibilityForms.ascii(scalar) {
            case 0x20: return .separator
            case 0: return .invisible
            default: return p.isDefaultIgnorableCodePoint ? .invisible : .other  // Hangul fillers
            }
        default:
            if p.isDash { return .separator }  // U+2212 and the other minus signs
            return p.isDefaultIgnorableCodePoint ? .invisible : .other
        }
    }

    /// The whole number 0–99 a decimal digit or a numbered form (`Nd`, `No`; not Roman numerals, not
    /// Han) stands for; nil for ½ and the like.
    private static func numberValue(_ p: Unicode.Scalar.Properties) -> UInt8? {
        guard let value = p.numericValue, value >= 0, value < 100, value == value.rounded(.towardZero) else { return nil }
        return UInt8(value)
    }

    /// How a key's character counts for the security-code name rule (`SecurityCodeName`).
    enum NameRole: Equatable {
        /// A Latin letter, as its lower-case ASCII code, and whether it was written in upper case.
        case letter(UInt8, upper: Bool)
        /// A letter of another script: part of a word, never of a code name.
        case otherLetter
        /// Parts words: digits, spaces, punctuation.
        case separator
        case invisible
    }

    static func nameRole(_ scalar: Unicode.Scalar) -> NameRole {
        let v = scalar.value
        if v < 0x80 {
            switch v {
            case 0x41...0x5A: return .letter(UInt8(v + 0x20), upper: true)
            case 0x61...0x7A: return .letter(UInt8(v), upper: false)
            case 0x00...0x08, 0x0E...0x1F, 0x7F: return .invisible
            default: return .separator
            }
        }
        let p = scalar.properties
        if let ascii = CompatibilityForms.ascii(scalar), ascii >= 0x61 { return .letter(ascii, upper: p.isUppercase) }
        if role(scalar) == .invisible { return .invisible }
        guard p.isAlphabetic else { return .separator }
        // A letter whose lower case is a Latin letter with marks (İ): that letter.
        let lower = p.lowercaseMapping.unicodeScalars.filter { role($0) != .invisible }
        if lower.count == 1, let l = lower.first, l.value >= 0x61, l.value <= 0x7A { return .letter(UInt8(l.value), upper: true) }
        return .otherLetter
    }
}
