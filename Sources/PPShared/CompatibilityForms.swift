/// The characters that Unicode compatibility normalisation (NFKC) turns into one ASCII letter (lower-cased:
/// full-width, mathematical, circled, modifier and Roman-numeral letters, `Ｃ`, `𝐜`, `ⓒ`, `ᶜ`, `ⅽ`), or into
/// separators only, maybe with combining marks (`" "`: dot leaders and `…`, the full-width stop and solidus,
/// spacing accents such as `¨`, which NFKC writes as a space and a mark), or into combining marks only
/// (`"\0"`: the half-width voiced sound marks). Unicode properties give the rest
/// of what the card-text fold needs (`CardTextFold`); these forms only NFKC knows, and Foundation, which has
/// NFKC, is not linked into the tools for it. Generated from the toolchain's NFKC; the test
/// Tests/PPSharedTests/CardTextFoldTests.swift recomputes it over every scalar and prints the new table
/// when the Unicode data moves.
enum CompatibilityForms {
    /// Consecutive scalars that map to consecutive letters, or all to a separator (`" "`) or to marks (`"\0"`).
    struct Run {
        let first: UInt32
        let ascii: UInt8
        let count: UInt32
        init(_ first: UInt32, _ ascii: Unicode.Scalar, _ count: UInt32) {
            self.first = first
            self.ascii = UInt8(ascii.value)
            self.count = count
        }
    }

    /// The lower-case letter NFKC makes of `scalar`, `" "` (0x20) for separators, 0 for marks, or nil.
    static func ascii(_ scalar: Unicode.Scalar) -> UInt8? {
        let v = scalar.value
        guard v >= runs[0].first else { return nil }
        var low = 0
        var high = runs.count - 1
        while low < high {  // the last run starting at or before v
            let mid = (low + high + 1) / 2
            if runs[mid].first <= v { low = mid } else { high = mid - 1 }
        }
        let run = runs[low]
        guard v < run.first + run.count else { return nil }
        return run.ascii <= 0x20 ? run.ascii : run.ascii + UInt8(v - run.first)
    }

    static let runs: [Run] = [
        Run(0xA8, " ", 1), Run(0xAA, "a", 1), Run(0xAF, " ", 1), Run(0xB4, " ", 1), Run(0xB8, " ", 1), Run(0xBA, "o", 1),
        Run(0x17F, "s", 1), Run(0x2B0, "h", 1), Run(0x2B2, "j", 1), Run(0x2B3, "r", 1), Run(0x2B7, "w", 1),
        Run(0x2B8, "y", 1), Run(0x2D8, " ", 6), Run(0x2E1, "l", 1), Run(0x2E2, "s", 1), Run(0x2E3, "x", 1),
        Run(0x37A, " ", 1), Run(0x384, " ", 2), Run(0x1D2C, "a", 1), Run(0x1D2E, "b", 1), Run(0x1D30, "d", 2),
        Run(0x1D33, "g", 8), Run(0x1D3C, "o", 1), Run(0x1D3E, "p", 1), Run(0x1D3F, "r", 1), Run(0x1D40, "t", 2),
        Run(0x1D42, "w", 1), Run(0x1D43, "a", 1), Run(0x1D47, "b", 1), Run(0x1D48, "d", 2), Run(0x1D4D, "g", 1),
        Run(0x1D4F, "k", 1), Run(0x1D50, "m", 1), Run(0x1D52, "o", 1), Run(0x1D56, "p", 1), Run(0x1D57, "t", 2),
        Run(0x1D5B, "v", 1), Run(0x1D62, "i", 1), Run(0x1D63, "r", 1), Run(0x1D64, "u", 2), Run(0x1D9C, "c", 1),
        Run(0x1DA0, "f", 1), Run(0x1DBB, "z", 1), Run(0x1FBD, " ", 1), Run(0x1FBF, " ", 3), Run(0x1FCD, " ", 3),
        Run(0x1FDD, " ", 3), Run(0x1FED, " ", 2), Run(0x1FFD, " ", 2), Run(0x2017, " ", 1), Run(0x2024, " ", 3),
        Run(0x203E, " ", 1), Run(0x2071, "i", 1), Run(0x207F, "n", 1), Run(0x2090, "a", 1), Run(0x2091, "e", 1),
        Run(0x2092, "o", 1), Run(0x2093, "x", 1), Run(0x2095, "h", 1), Run(0x2096, "k", 4), Run(0x209A, "p", 1),
        Run(0x209B, "s", 2), Run(0x2102, "c", 1), Run(0x210A, "g", 2), Run(0x210C, "h", 1), Run(0x210D, "h", 1),
        Run(0x210E, "h", 1), Run(0x2110, "i", 1), Run(0x2111, "i", 1), Run(0x2112, "l", 1), Run(0x2113, "l", 1),
        Run(0x2115, "n", 1), Run(0x2119, "p", 3), Run(0x211C, "r", 1), Run(0x211D, "r", 1), Run(0x2124, "z", 1),
        Run(0x2128, "z", 1), Run(0x212A, "k", 1), Run(0x212C, "b", 2), Run(0x212F, "e", 1), Run(0x2130, "e", 2),
        Run(0x2133, "m", 1), Run(0x2134, "o", 1), Run(0x2139, "i", 1), Run(0x2145, "d", 1), Run(0x2146, "d", 2),
        Run(0x2148, "i", 2), Run(0x2160, "i", 1), Run(0x2164, "v", 1), Run(0x2169, "x", 1), Run(0x216C, "l", 1),
        Run(0x216D, "c", 2), Run(0x216F, "m", 1), Run(0x2170, "i", 1), Run(0x2174, "v", 1), Run(0x2179, "x", 1),
        Run(0x217C, "l", 1), Run(0x217D, "c", 2), Run(0x217F, "m", 1), Run(0x24B6, "a", 26), Run(0x24D0, "a", 26),
        Run(0x2C7C, "j", 1), Run(0x2C7D, "v", 1), Run(0x309B, " ", 2), Run(0xA7F2, "c", 1), Run(0xA7F3, "f", 1),
        Run(0xA7F4, "q", 1), Run(0xFC5E, " ", 6), Run(0xFE19, " ", 1), Run(0xFE30, " ", 1), Run(0xFE49, " ", 4),
        Run(0xFE52, " ", 1), Run(0xFE70, " ", 1), Run(0xFE72, " ", 1), Run(0xFE74, " ", 1), Run(0xFE76, " ", 1),
        Run(0xFE78, " ", 1), Run(0xFE7A, " ", 1), Run(0xFE7C, " ", 1), Run(0xFE7E, " ", 1), Run(0xFF0E, " ", 2),
        Run(0xFF21, "a", 26), Run(0xFF41, "a", 26), Run(0xFF9E, "\0", 2), Run(0xFFE3, " ", 1), Run(0x107A5, "q", 1),
        Run(0x1D400, "a", 26), Run(0x1D41A, "a", 26), Run(0x1D434, "a", 26), Run(0x1D44E, "a", 7), Run(0x1D456, "i", 18),
        Run(0x1D468, "a", 26), Run(0x1D482, "a", 26), Run(0x1D49C, "a", 1), Run(0x1D49E, "c", 2), Run(0x1D4A2, "g", 1),
        Run(0x1D4A5, "j", 2), Run(0x1D4A9, "n", 4), Run(0x1D4AE, "s", 8), Run(0x1D4B6, "a", 4), Run(0x1D4BB, "f", 1),
        Run(0x1D4BD, "h", 7), Run(0x1D4C5, "p", 11), Run(0x1D4D0, "a", 26), Run(0x1D4EA, "a", 26), Run(0x1D504, "a", 2),
        Run(0x1D507, "d", 4), Run(0x1D50D, "j", 8), Run(0x1D516, "s", 7), Run(0x1D51E, "a", 26), Run(0x1D538, "a", 2),
        Run(0x1D53B, "d", 4), Run(0x1D540, "i", 5), Run(0x1D546, "o", 1), Run(0x1D54A, "s", 7), Run(0x1D552, "a", 26),
        Run(0x1D56C, "a", 26), Run(0x1D586, "a", 26), Run(0x1D5A0, "a", 26), Run(0x1D5BA, "a", 26), Run(0x1D5D4, "a", 26),
        Run(0x1D5EE, "a", 26), Run(0x1D608, "a", 26), Run(0x1D622, "a", 26), Run(0x1D63C, "a", 26), Run(0x1D656, "a", 26),
        Run(0x1D670, "a", 26), Run(0x1D68A, "a", 26), Run(0x1F12B, "c", 1), Run(0x1F12C, "r", 1), Run(0x1F130, "a", 26),
    ]
}
