/// "kr" is the crown of Norway, Sweden, Denmark and Iceland alike: which one the payee's accounts say (their
/// country), or else the document's language.
extension CurrencyFinder {
    static let crownOfCountry = ["NO": "NOK", "SE": "SEK", "DK": "DKK", "FO": "DKK", "GL": "DKK", "IS": "ISK"]
    static let crownOfLanguage = ["nb": "NOK", "nn": "NOK", "sv": "SEK", "da": "DKK", "is": "ISK"]

    /// The crown the document means, when its accounts name one crown country or else its language does.
    static func crown(in view: DocumentView, found: Findings) -> String? {
        let byAccount = Set(ReferenceFinder.payeeCountries(found).compactMap { crownOfCountry[$0] })
        if byAccount.count == 1 { return byAccount.first }
        return byAccount.isEmpty ? view.languages.lazy.compactMap { crownOfLanguage[$0] }.first : nil
    }

    /// The lines that print "kr" or "kr." as a word right beside an amount ("88 534,05 kr", "kr. 1.250,00").
    static func crownLines(in view: DocumentView) -> [Int] {
        view.lines.indices.filter { li in
            let chars = view.lines[li].chars
            return view.tokens[li].contains { t in
                var a = t.range.upperBound
                while a < chars.count, chars[a] == " " || chars[a] == "\u{00A0}" { a += 1 }
                var b = t.range.lowerBound
                while b > 0, chars[b - 1] == " " || chars[b - 1] == "\u{00A0}" { b -= 1 }
                return isCrown(chars, from: a) || isCrown(chars, endingAt: b)
            }
        }
    }

    /// "kr" (any case of its k) starting at `s`, not followed by a letter.
    static func isCrown(_ chars: [Character], from s: Int) -> Bool {
        guard s + 2 <= chars.count, chars[s] == "k" || chars[s] == "K", chars[s + 1] == "r" else { return false }
        return s + 2 == chars.count || !chars[s + 2].fastIsLetter
    }

    /// "kr" or "kr." ending at `e`, not preceded by a letter.
    static func isCrown(_ chars: [Character], endingAt e: Int) -> Bool {
        let end = e > 0 && chars[e - 1] == "." ? e - 1 : e
        guard end >= 2, isCrown(chars, from: end - 2) else { return false }
        return end == 2 || !chars[end - 3].fastIsLetter
    }

    /// The crown as a named currency, once per line that prints it beside an amount.
    func crownCandidate(in view: DocumentView, found: Findings) -> (Int, Candidate)? {
        let lines = Self.crownLines(in: view)
        guard let first = lines.first, let iso = Self.crown(in: view, found: found) else { return nil }
        let line = view.lines[first]
        let c = Candidate(
            .currency, value: iso, display: "kr", points: weights.token, page: line.page, box: line.box,
            evidence: [.currencyToken])
        return (lines.count, c)
    }
}
