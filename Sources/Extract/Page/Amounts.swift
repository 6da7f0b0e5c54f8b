import Lexicons

/// Amount tokens: locale formats (1.234,56 · 1,234.56 · 1 234,56 · 1'234.56), currencies,
/// the "=" prefix of slips, and the per-document decision of the decimal mark.
public struct AmountToken: Sendable, Equatable {
    /// Original character range in the line (the number only).
    public var range: Range<Int>
    public var raw: String
    /// The separator that is the decimal mark, or nil when the token has none or is ambiguous.
    public var decimalMark: Character?
    /// Whether the token is ambiguous (`1.234`): one separator followed by exactly three digits.
    public var ambiguous: Bool
    public var negative: Bool
    public var equalsPrefix: Bool
    /// The decimal mark was read from a malformed token ("7.650.55").
    public var ocrMark = false
    /// The cents were read from look-alike letters ("64. so" for 64.50).
    public var ocrDigits = false
}

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

    static let groupChars: Set<Character> = [".", ",", "'", "’", " ", "\u{00A0}", "\u{202F}"]

    /// Finds number tokens in a line of text; `breaks` are offsets where a new cell starts (a number never
    /// continues across one: "1 | 278.61" is a quantity and a price, not 1 278.61).
    /// `ocr`: the line was read by OCR, which also loses a decimal point now and then (`lostPoint`).
    public static func tokens(in chars: [Character], breaks: Set<Int> = [], ocr: Bool = false) -> [AmountToken] {
        var out: [AmountToken] = []
        var i = 0
        let n = chars.count
        while i < n {
            let ch = chars[i]
            guard ch.isASCII, ch.isNumber else {
                i += 1
                continue
            }
            // A number glued to letters ("RE2020", "A4") is an identifier, not an amount.
            let gluedCurrency =
                (i >= 3 && ["EUR", "RSD", "USD", "GBP", "CHF", "HRK"].contains(String(chars[(i - 3)..<i]))
                    && (i == 3 || !chars[i - 4].isLetter))
                || (i >= 2 && String(chars[(i - 2)..<i]) == "RM" && (i == 2 || !chars[i - 3].isLetter))
            // Text layers sometimes glue a label to its value ("Gesamtbetrag678,30"): a long word with
            // lower-case letters before the digits is a label, not part of an identifier.
            var run = 0
            var lower = false
            while i - run - 1 >= 0, chars[i - run - 1].isLetter {
                if chars[i - run - 1].isLowercase { lower = true }
                run += 1
            }
            let gluedLabel = run >= 5 && lower
            // "TOTAL /18.00": a stray stroke before an amount (OCR of a rule or a box edge) is no identifier.
            let strayStroke = i > 0 && chars[i - 1] == "/" && (i == 1 || chars[i - 2] == " ") && decimalAhead(chars, from: i)
            if i > 0, !gluedCurrency, !gluedLabel, !strayStroke,
                chars[i - 1].isLetter || chars[i - 1] == "/" || chars[i - 1] == "_"
            {
                while i < n, chars[i].isLetter || chars[i].isNumber { i += 1 }
                continue
            }
            let start = i
            var end = i
            var j = i
            var splitCents = false
            var letterRaw: String?
            while j < n {
                if chars[j].isASCII, chars[j].isNumber {
                    j += 1
                    end = j
                } else if splitDecimal(chars, start: start, point: j, breaks: breaks) {
                    // "65. 20": OCR put a space after the decimal point.
                    end = j + 4
                    splitCents = true
                    break
                } else if ocr, lostPoint(chars, start: start, at: j, breaks: breaks) {
                    // "RM 8 60" ending a line: OCR lost the point of 8.60.
                    letterRaw = String(chars[start..<j]) + "." + String(chars[(j + 1)...(j + 2)])
                    end = j + 3
                    break
                } else if let (cents, stop) = letterCents(chars, start: start, point: j) {
                    // "64. so": OCR read the digits of the cents as look-alike letters.
                    letterRaw = String(chars[start...j]) + cents
                    end = stop
                    break
                } else if groupChars.contains(chars[j]), j + 1 < n, chars[j + 1].isASCII, chars[j + 1].isNumber,
                    !breaks.contains(j + 1) || zeroLedGroup(chars, at: j + 1)
                {
                    // A space only groups when exactly three digits follow it.
                    if chars[j] == " " || chars[j] == "\u{00A0}" || chars[j] == "\u{202F}" {
                        var k = j + 1
                        while k < n, chars[k].isNumber { k += 1 }
                        if k - (j + 1) != 3 { break }
                    }
                    j += 1
                } else {
                    break
                }
            }
            i = max(end, start + 1)
            var raw = letterRaw ?? String(chars[start..<end].filter { !splitCents || $0 != " " })
            // Trailing space-groups only count when a decimal part follows; otherwise split them off.
            if raw.contains(" ") || raw.contains("\u{00A0}") || raw.contains("\u{202F}") {
                let lastSep = raw.lastIndex(where: { $0 == "," || $0 == "." })
                let hasDecimal = lastSep.map { raw.distance(from: $0, to: raw.endIndex) - 1 <= 2 } ?? false
                if !hasDecimal, let firstSpace = raw.firstIndex(where: { $0 == " " || $0 == "\u{00A0}" || $0 == "\u{202F}" }) {
                    raw = String(raw[..<firstSpace])
                    end = start + raw.count
                    i = end
                }
            }
            // Glued to letters after ("12abc") or followed by '%': not an amount.
            if end < n, chars[end].isLetter, !(chars[end] == "€") {
                let rest = String(chars[end..<min(n, end + 3)]).lowercased()
                if !(rest.hasPrefix("eur") || rest.hasPrefix("rsd") || rest.hasPrefix("din") || rest.hasPrefix("usd")
                    || rest.hasPrefix("chf") || rest.hasPrefix("gbp") || rest.hasPrefix("km"))
                {
                    continue
                }
            }
            var k = end
            while k < n, chars[k] == " " { k += 1 }
            if k < n, chars[k] == "%" { continue }
            if isDateLike(raw) { continue }
            guard var token = classify(raw, range: start..<end) else { continue }
            token.ocrDigits = letterRaw != nil
            var b = start - 1
            while b >= 0, chars[b] == " " { b -= 1 }
            if b >= 0, chars[b] == "-" || chars[b] == "−" {
                // A leading minus, unless it joins two numbers ("10-20").
                let before = b - 1
                if before < 0 || !(chars[before].isNumber) { token.negative = true }
            }
            if b >= 0, chars[b] == "=" { token.equalsPrefix = true }
            // "120,-" and "1.234,--": whole units written with a dash for the cents.
            if end + 1 < n, chars[end] == "," || chars[end] == ".", chars[end + 1] == "-", token.decimalMark == nil,
                end + 2 == n || !chars[end + 2].isNumber
            {
                let mark = chars[end]
                if !(token.ambiguous && token.raw.contains(mark)) {
                    token.decimalMark = mark
                    token.ambiguous = false
                }
            } else if end < n, chars[end] == "-", token.decimalMark != nil, end + 1 == n || !chars[end + 1].isNumber {
                // "1.234,56-": a trailing minus is the accountant's negative.
                token.negative = true
            }
            out.append(token)
        }
        return out
    }

    /// Whether digits from `i` form an amount with two decimals that ends the number ("18.00", not "18.001").
    static func decimalAhead(_ chars: [Character], from i: Int) -> Bool {
        var k = i
        while k < chars.count, chars[k].isASCII, chars[k].isNumber { k += 1 }
        guard k > i, k + 2 < chars.count, chars[k] == "." || chars[k] == "," else { return false }
        guard chars[k + 1].isASCII, chars[k + 1].isNumber, chars[k + 2].isASCII, chars[k + 2].isNumber else { return false }
        return k + 3 == chars.count || !chars[k + 3].isNumber
    }

    /// "3 012,35" with the words far apart: a group of three digits that starts with 0 and ends in cents
    /// is never an amount of its own, so it belongs to the digits before it whatever the gap.
    static func zeroLedGroup(_ chars: [Character], at k: Int) -> Bool {
        guard k + 6 <= chars.count, chars[k] == "0", chars[k - 1] == " " else { return false }
        let digits = chars[k..<k + 3].allSatisfy { $0.isASCII && $0.isNumber }
        let cents = (chars[k + 3] == "," || chars[k + 3] == ".") && chars[k + 4].isNumber && chars[k + 5].isNumber
        return digits && cents && (k + 6 == chars.count || !chars[k + 6].isNumber)
    }

    /// Whether the point at `j` is a decimal point OCR split from its two cents ("65. 20"): plain digits
    /// before it, a space, two digits, then the end of the number (not "1. 12. 2023", not "3. 100").
    static func splitDecimal(_ chars: [Character], start: Int, point j: Int, breaks: Set<Int>) -> Bool {
        let n = chars.count
        guard chars[j] == ".", j + 3 < n, chars[j + 1] == " ", !breaks.contains(j + 2) else { return false }
        guard chars[j + 2].isASCII, chars[j + 2].isNumber, chars[j + 3].isASCII, chars[j + 3].isNumber else { return false }
        if j + 4 < n, chars[j + 4] != " ", !chars[j + 4].isLetter { return false }
        if start > 0, chars[start - 1] == "." || chars[start - 1] == "," { return false }
        return j - start <= 6 && chars[start..<j].allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Whether the space at `j` stands for a decimal point OCR lost: one to four plain digits before it,
    /// exactly two digits after it, and nothing but spaces after those to the end of the line (a price
    /// ends its line; two digits after a space are never a thousands group).
    static func lostPoint(_ chars: [Character], start: Int, at j: Int, breaks: Set<Int>) -> Bool {
        let n = chars.count
        guard chars[j] == " ", j + 2 < n, !breaks.contains(j + 1), j - start >= 1, j - start <= 4 else { return false }
        guard chars[start..<j].allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        if start > 0, chars[start - 1] == "." || chars[start - 1] == "," || chars[start - 1].isNumber { return false }
        guard chars[j + 1].isASCII, chars[j + 1].isNumber, chars[j + 2].isASCII, chars[j + 2].isNumber else { return false }
        return chars[(j + 3)...].allSatisfy { $0 == " " }
    }

    /// The two cents after the point at `j` when OCR read one or both as look-alike letters ("64. so",
    /// "12.5O"): plain digits before the point, at most one space after it, then two digits or look-alikes
    /// with at least one letter, ending the word. Returns the cents as digits and where the token ends.
    static func letterCents(_ chars: [Character], start: Int, point j: Int) -> (String, Int)? {
        let n = chars.count
        guard chars[j] == "." || chars[j] == ",", j - start >= 1, j - start <= 6 else { return nil }
        guard chars[start..<j].allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        if start > 0, chars[start - 1] == "." || chars[start - 1] == "," { return nil }
        var k = j + 1
        if k < n, chars[k] == " " { k += 1 }
        guard k + 1 < n else { return nil }
        var cents = ""
        var letters = 0
        for ch in chars[k...(k + 1)] {
            if ch.isASCII, ch.isNumber {
                cents.append(ch)
            } else if let d = OCRRepair.digitFor[ch] {
                cents.append(d)
                letters += 1
            } else {
                return nil
            }
        }
        guard letters > 0, k + 2 == n || !(chars[k + 2].isLetter || chars[k + 2].isNumber) else { return nil }
        return (cents, k + 2)
    }

    static func isDateLike(_ raw: String) -> Bool {
        let parts = raw.split(whereSeparator: { $0 == "." || $0 == "/" || $0 == "-" })
        if parts.count == 3, raw.filter({ $0 == "." }).count == 2 || raw.filter({ $0 == "/" }).count == 2 {
            let lens = parts.map(\.count)
            if lens[0] <= 2, lens[1] <= 2, lens[2] == 2 || lens[2] == 4 { return true }
            if lens[0] == 4, lens[1] <= 2, lens[2] <= 2 { return true }
        }
        return false
    }

    /// Decides the decimal mark of one token where the token itself says it.
    static func classify(_ raw: String, range: Range<Int>) -> AmountToken? {
        let seps = raw.enumerated().filter { groupChars.contains($0.element) }
        var token = AmountToken(range: range, raw: raw, decimalMark: nil, ambiguous: false, negative: false, equalsPrefix: false)
        guard let last = seps.last else { return token }
        let chars = Array(raw)
        let tail = chars.count - last.offset - 1
        let lastChar = last.element
        let lastIsPoint = lastChar == "." || lastChar == ","
        let sameCount = seps.filter { $0.element == lastChar }.count
        // Groups before the last separator must be 3 digits (first group 1..3).
        let groups = raw.split(whereSeparator: { groupChars.contains($0) })
        if lastIsPoint, tail == 1 || tail == 2, sameCount == 1 {
            token.decimalMark = lastChar
            for (gi, g) in groups.dropLast().enumerated() where gi > 0 && g.count != 3 { return nil }
            if groups.count > 2, groups[0].count > 3 { return nil }
            return token
        }
        // "7.650.55": OCR read the decimal comma as a point; three-digit groups before two decimals.
        if lastIsPoint, tail == 2, sameCount == seps.count, seps.count >= 2, groups[0].count <= 3,
            groups.dropFirst().dropLast().allSatisfy({ $0.count == 3 })
        {
            token.decimalMark = lastChar
            token.ocrMark = true
            return token
        }
        if tail == 3 {
            for (gi, g) in groups.enumerated() where gi > 0 && g.count != 3 { return nil }
            if groups[0].count > 3 { return nil }
            if seps.count == 1, lastIsPoint { token.ambiguous = true }
            return token
        }
        return nil
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

    /// Currency tokens (folded or as printed) → ISO 4217.
    public static let currencyTokens: [(String, String)] = [
        ("EUR", "EUR"), ("€", "EUR"), ("Euro", "EUR"), ("RSD", "RSD"), ("din.", "RSD"), ("din", "RSD"), ("dinara", "RSD"),
        ("дин.", "RSD"), ("дин", "RSD"), ("динара", "RSD"), ("USD", "USD"), ("US$", "USD"), ("$", "USD"), ("GBP", "GBP"),
        ("£", "GBP"), ("CHF", "CHF"), ("Fr.", "CHF"), ("HRK", "HRK"), ("kn", "HRK"), ("BAM", "BAM"), ("KM", "BAM"),
        ("MKD", "MKD"), ("ден.", "MKD"), ("DEM", "DEM"), ("DM", "DEM"), ("HUF", "HUF"), ("CZK", "CZK"), ("PLN", "PLN"),
        ("RM", "MYR"),
    ]

    /// The currency written next to a token (up to a few characters before or after it), if any.
    /// The currency tokens lower-cased, as characters.
    static let loweredTokens: [([Character], String, Bool)] = currencyTokens.map { tok, iso in
        (Array(tok.lowercased()), iso, tok.last!.isLetter)
    }

    public static func currency(near range: Range<Int>, in chars: [Character]) -> String? {
        func same(_ a: Character, _ b: Character) -> Bool {
            a == b || (a.isUppercase && Character(a.lowercased()) == b)
        }
        func match(at start: Int, backwards: Bool) -> String? {
            for (t, iso, endsInLetter) in loweredTokens {
                let s = backwards ? start - t.count : start
                let e = s + t.count
                guard s >= 0, e <= chars.count else { continue }
                var k = 0
                while k < t.count, same(chars[s + k], t[k]) { k += 1 }
                guard k == t.count else { continue }
                if backwards, s > 0, chars[s - 1].isLetter { continue }
                if !backwards, e < chars.count, chars[e].isLetter, endsInLetter { continue }
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
