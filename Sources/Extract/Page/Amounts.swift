import Lexicons

/// Amounts as values: cents and decimal text, a token's value once the document's decimal mark is decided.
/// Reading them from text is a stage of its own (AmountTokens.swift, AmountMisreads.swift), as is the
/// currency printed beside them (AmountCurrencies.swift).
public enum Amounts {
    /// The most digits an amount has before its decimal point: 999,999,999,999.99 is the largest amount
    /// read from text, payment codes and e-invoices. A longer number is no amount of a bill, and the
    /// cents of amounts this size stay far inside Int's range however many are added up.
    public static let maxWholeDigits = 12
    /// The largest amount in cents (12 nines and 99 cents).
    public static let maxCents = 99_999_999_999_999

    /// Cents of a decimal text ("1234.56", "-3.5"); nil when it is no number or beyond `maxCents`.
    public static func cents(_ text: String) -> Int? {
        guard let d = Double(text) else { return nil }
        return Int(checked: d * 100, limit: maxCents)
    }

    /// 1234.5 → "1234.50" (negative kept); nil when not finite or beyond `maxCents`.
    public static func decimalText(_ d: Double) -> String? {
        guard let cents = Int(checked: abs(d) * 100, limit: maxCents) else { return nil }
        let s = "\(cents / 100)." + (cents % 100 < 10 ? "0\(cents % 100)" : "\(cents % 100)")
        return d < 0 ? "-" + s : s
    }

    /// The value of a token in cents-precision decimal text ("1234.56"), given the document's decimal mark.
    public static func value(of token: AmountToken, documentMark: Character) -> String? {
        var intPart = ""
        var frac = ""
        let mark: Character? =
            token.decimalMark ?? (token.ambiguous ? (token.raw.contains(documentMark) ? documentMark : nil) : nil)
        if token.ambiguous, mark != nil { return nil }  // "1.234" read as 1.234: three decimals, no money amount
        var seenMark = false
        let lastMark = mark.flatMap { m in token.raw.lastIndex(of: m) }
        for i in token.raw.indices {
            let ch = token.raw[i]
            if ch.isNumber {
                if seenMark { frac.append(ch) } else { intPart.append(ch) }
            } else if let mark, ch == mark, !token.ocrMark || i == lastMark {
                seenMark = true
            }
        }
        while intPart.count > 1, intPart.hasPrefix("0") { intPart.removeFirst() }
        if intPart.isEmpty { intPart = "0" }
        guard intPart.count <= maxWholeDigits else { return nil }
        if frac.count == 1 { frac += "0" }
        let body = frac.isEmpty ? intPart + ".00" : intPart + "." + frac
        return token.negative ? "-" + body : body
    }

    /// The document's decimal mark: the one unambiguous tokens use most; the profile's when none say.
    public static func decideMark(_ tokens: [AmountToken], fallback: Character) -> Character {
        var comma = 0
        var point = 0
        for t in tokens {
            if t.decimalMark == "," { comma += 1 }
            if t.decimalMark == "." { point += 1 }
        }
        if comma == point { return fallback }
        return comma > point ? "," : "."
    }
}
