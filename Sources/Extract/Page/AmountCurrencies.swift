import Lexicons

/// The currency printed beside an amount.
extension Amounts {
    /// Currency tokens (folded or as printed) → ISO 4217.
    public static let currencyTokens: [(String, String)] = [
        ("EUR", "EUR"), ("€", "EUR"), ("Euro", "EUR"), ("RSD", "RSD"), ("din.", "RSD"), ("din", "RSD"), ("dinara", "RSD"),
        ("дин.", "RSD"), ("дин", "RSD"), ("динара", "RSD"), ("USD", "USD"), ("US$", "USD"), ("$", "USD"), ("GBP", "GBP"),
        ("£", "GBP"), ("CHF", "CHF"), ("Fr.", "CHF"), ("HRK", "HRK"), ("kn", "HRK"), ("BAM", "BAM"), ("KM", "BAM"),
        ("MKD", "MKD"), ("ден.", "MKD"), ("DEM", "DEM"), ("DM", "DEM"), ("HUF", "HUF"), ("CZK", "CZK"), ("PLN", "PLN"),
        ("RM", "MYR"), ("SEK", "SEK"), ("NOK", "NOK"), ("DKK", "DKK"), ("RON", "RON"), ("lei", "RON"), ("BGN", "BGN"),
        ("лв.", "BGN"), ("Ft", "HUF"), ("Kč", "CZK"), ("zł", "PLN"),
    ]

    /// The currency tokens lower-cased, as characters.
    static let loweredTokens: [([Character], String, Bool)] = currencyTokens.map { tok, iso in
        (Array(tok.lowercased()), iso, tok.last!.isLetter)
    }
    /// Each lowered token's length and the ASCII bytes of its first and last characters: plain values, so
    /// ruling a token out copies (and retains) none of its strings.
    static let tokenEdges: [(count: Int, first: UInt8?, last: UInt8?)] = loweredTokens.map { t, _, _ in
        (t.count, t.first!.singleByte, t.last!.singleByte)
    }

    /// The scalars beyond ASCII that equal an ASCII character as a Character (canonically: the Kelvin sign, the
    /// Greek question mark, the Greek varia) or lower-cased (the Kelvin sign): any other character beyond
    /// ASCII can only be a token's character beyond ASCII. Tests/ExtractTests/AmountCurrencyTests.swift checks
    /// the list against every scalar.
    static let asciiEquivalents: Set<UInt32> = [0x212A, 0x037E, 0x1FEF]

    /// The currency written next to a token (up to a few characters before or after it), if any.
    public static func currency(near range: Range<Int>, in chars: [Character]) -> String? {
        func same(_ a: Character, _ b: Character) -> Bool {
            if let x = a.singleByte, let y = b.singleByte { return x == y || (x &- 65 < 26 && x + 32 == y) }
            return a == b || (a.isUppercase && Character(a.lowercased()) == b)
        }
        func match(at start: Int, backwards: Bool) -> String? {
            // The character beside the amount, lower-cased when ASCII: its byte alone rules out most tokens.
            let next = backwards ? start - 1 : start
            let beside = next >= 0 && next < chars.count ? chars[next] : nil
            let probe = beside?.singleByte.map { $0 &- 65 < 26 ? $0 + 32 : $0 }
            // A character beyond ASCII beside the amount rules out the tokens whose character there is ASCII.
            let besideBeyondASCII = beside.map { probe == nil && !asciiEquivalents.contains($0.unicodeScalars.first!.value) }
            for (ti, edges) in tokenEdges.enumerated() {
                let s = backwards ? start - edges.count : start
                let e = s + edges.count
                guard s >= 0, e <= chars.count else { continue }
                let edge = backwards ? edges.last : edges.first
                if let probe, let edge, probe != edge { continue }
                if besideBeyondASCII == true, edge != nil { continue }
                let (t, iso, endsInLetter) = loweredTokens[ti]
                var k = 0
                while k < t.count, same(chars[s + k], t[k]) { k += 1 }
                guard k == t.count else { continue }
                if backwards, s > 0, chars[s - 1].fastIsLetter { continue }
                if !backwards, e < chars.count, chars[e].fastIsLetter, endsInLetter { continue }
                return iso
            }
            return nil
        }
        var a = range.upperBound
        while a < chars.count, chars[a] == " " || chars[a] == "\u{00A0}" { a += 1 }
        if let c = match(at: a, backwards: false) { return c }
        var b = range.lowerBound
        while b > 0, chars[b - 1] == " " || chars[b - 1] == "=" || chars[b - 1] == "\u{00A0}" || chars[b - 1] == "-" { b -= 1 }
        return match(at: b, backwards: true)
    }
}
