import Lexicons
import PPShared

/// Currency candidates: the currency printed with the best amount, the currencies the page names (codes,
/// symbols, "din."), else the profile's default.
struct CurrencyFinder: FieldFinder {
    let field = Field.currency
    /// One candidate per currency already: nothing to join.
    var mergesOccurrences: Bool { false }

    struct Weights: Sendable {
        let amount, confidentAmount, token, profileDefault: Int
        /// An amount's rule points from which its currency is a candidate, and from which it is a sure one.
        let amountFloor, amountSure: Int
        /// Points per further mention of a currency, at most `repeatedMax`; what other currencies lose.
        let repeated, repeatedMax, otherCurrency: Int
        init(_ w: (String) -> Int) {
            amount = w("currency.amount")
            confidentAmount = w("currency.confident_amount")
            token = w("currency.token")
            profileDefault = w("currency.default")
            amountFloor = w("currency.amount_floor")
            amountSure = w("currency.amount_sure")
            repeated = w("currency.repeated")
            repeatedMax = w("currency.repeated_max")
            otherCurrency = w("currency.other_currency")
        }
    }

    let weights: Weights
    init(_ w: (String) -> Int) { weights = Weights(w) }

    /// Currency names that stand for themselves on a line (codes, symbols, "din."), as characters.
    static let lineCurrencyTokens: [([Character], String, String)] = Amounts.currencyTokens.compactMap { tok, iso in
        tok.count >= 3 && tok.first!.isUppercase || ["€", "£", "din.", "дин."].contains(tok) ? (Array(tok), tok, iso) : nil
    }
    /// The same tokens as needles for `firstOffset(of:in:bytes:)`.
    static let lineCurrencyNeedles = lineCurrencyTokens.map { Needle($0.0) }

    /// A phrase to find in a line's characters, with each character's ASCII byte (0: none) and, for one that
    /// has none, whether some ASCII character is canonically equal to it (as the Kelvin sign is to "K").
    struct Needle {
        let chars: [Character]
        let bytes: [UInt8]
        let equalsSomeASCII: [Bool]
        init(_ chars: [Character]) {
            self.chars = chars
            bytes = chars.map { $0.singleByte ?? 0 }
            equalsSomeASCII = chars.map { c in
                c.singleByte == nil && (1..<UInt8(128)).contains { Character(Unicode.Scalar($0)) == c }
            }
        }
    }

    /// `firstOffset(of:in:)` over a line's characters and bytes (`TextLine.bytes`): the same answer, with
    /// ASCII characters compared by their byte.
    static func firstOffset(of needle: Needle, in chars: [Character], bytes: [UInt8]) -> Int? {
        let count = needle.chars.count
        guard count > 0, count <= chars.count else { return nil }
        func same(_ i: Int, _ k: Int) -> Bool {
            let (b, n) = (bytes[i], needle.bytes[k])
            if b != 0, n != 0 { return b == n }
            if b != 0, !needle.equalsSomeASCII[k] { return false }
            // A character beyond ASCII on the line equals an ASCII one of the needle only if it is one of a few.
            if n != 0, !Amounts.asciiEquivalents.contains(chars[i].unicodeScalars.first!.value) { return false }
            return chars[i] == needle.chars[k]
        }
        var i = 0
        while i + count <= chars.count {
            if same(i, 0) {
                var k = 1
                while k < count, same(i + k, k) { k += 1 }
                if k == count { return i }
            }
            i += 1
        }
        return nil
    }

    /// Where `needle` first occurs in `chars` (plain comparison; lines are short).
    static func firstOffset(of needle: [Character], in chars: [Character]) -> Int? {
        guard let first = needle.first, needle.count <= chars.count else { return nil }
        var i = 0
        while i + needle.count <= chars.count {
            if chars[i].fastEquals(first) {
                var k = 1
                while k < needle.count, chars[i + k].fastEquals(needle[k]) { k += 1 }
                if k == needle.count { return i }
            }
            i += 1
        }
        return nil
    }

    func candidates(in view: DocumentView, found: Findings) -> [Candidate] {
        var out: [Candidate] = []
        let amounts = found.merged[.amount] ?? []
        if let top = amounts.filter({ $0.facts.currency != nil }).max(by: { $0.points < $1.points }),
            let cur = top.facts.currency,
            top.points >= weights.amountFloor
        {
            // The currency printed with a confident amount is as sure as the amount.
            out.append(
                Candidate(
                    .currency, value: cur,
                    points: top.points >= weights.amountSure ? weights.confidentAmount : weights.amount, page: top.page,
                    box: top.box, evidence: [.amountCurrency]))
        }
        var counts: [String: (Int, Candidate)] = [:]
        var order: [String] = []  // the currencies in the order the page first names them
        for line in view.lines {
            // Only lines with a currency sign or an upper-case word of three letters can name a currency.
            guard
                line.bytes.indices.contains(where: { i in
                    let b = line.bytes[i]
                    if b != 0 { return b == 36 || b == 100 || b &- 65 < 26 }  // "$", "d", A-Z
                    let c = line.chars[i]
                    return c == "€" || c == "£" || c == "$" || c == "d" || c == "д" || c.fastIsUppercase
                })
            else { continue }
            let chars = line.chars
            for (ti, (t, tok, iso)) in Self.lineCurrencyTokens.enumerated() {
                if let s = Self.firstOffset(of: Self.lineCurrencyNeedles[ti], in: chars, bytes: line.bytes) {
                    let before: Character = s == 0 ? " " : chars[s - 1]
                    let after: Character = s + t.count == chars.count ? " " : chars[s + t.count]
                    if before.fastIsLetter || (after.fastIsLetter && tok.last!.fastIsLetter) { continue }
                    // An abbreviation hyphened to the word before it ends a range of days ("Mo.-Fr."), no price.
                    if before == "-", tok.last == ".", s >= 2, chars[s - 2] == "." || chars[s - 2].fastIsLetter { continue }
                    let c = Candidate(
                        .currency, value: iso, display: tok, points: weights.token, page: line.page, box: line.box,
                        evidence: [.currencyToken])
                    if counts[iso] == nil { order.append(iso) }
                    counts[iso] = (counts[iso]?.0 ?? 0) + 1 == 1 ? (1, c) : ((counts[iso]!.0) + 1, counts[iso]!.1)
                }
            }
        }
        if let (n, c) = crownCandidate(in: view, found: found), counts[c.value] == nil {
            order.append(c.value)
            counts[c.value] = (n, c)
        }
        // The most named currency first, then the first named: the lead (the others lose `otherCurrency`
        // below) is the page's, not a dictionary's order, which differs from run to run.
        let named = order.enumerated().compactMap { k, iso -> (Int, Candidate)? in
            guard let (n, c) = counts[iso], !out.contains(where: { $0.value == iso }) else { return nil }
            var named = c
            named.credit(.count(n), min(weights.repeatedMax, (n - 1) * weights.repeated))
            return (k, named)
        }
        out += named.sorted { a, b in a.1.points != b.1.points ? a.1.points > b.1.points : a.0 < b.0 }.map(\.1)
        if out.isEmpty, let d = view.profile.defaultCurrency {
            out.append(
                Candidate(.currency, value: d, points: weights.profileDefault, page: 1, box: nil, evidence: [.profileDefault]))
        }
        if out.count > 1 {
            // Several currencies on one page: the amount's currency leads, others are less sure.
            for i in out.indices.dropFirst() { out[i].adjust(-weights.otherCurrency, .otherCurrencies) }
        }
        return out
    }
}
