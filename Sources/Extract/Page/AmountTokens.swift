import Lexicons

/// Amount tokens: locale formats (1.234,56 · 1,234.56 · 1 234,56 · 1'234.56), the "=" prefix of slips, and
/// the decimal mark a token itself shows.
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

extension Amounts {
    /// The characters that group digits or mark the decimals.
    static let groupChars: Set<Character> = [".", ",", "'", "’", " ", "\u{00A0}", "\u{202F}"]
    /// What OCR makes of the Swiss thousands apostrophe ("CHF 8°751.25", "8‘751.25"): a group mark in an OCR
    /// line when exactly three digits follow it.
    static let ocrApostrophes: Set<Character> = ["°", "‘", "`", "´", "′", "ʼ", "ʹ"]

    static func threeDigits(_ chars: [Character], after j: Int) -> Bool {
        var k = j + 1
        while k < chars.count, chars[k].isASCIIDigit { k += 1 }
        return k - (j + 1) == 3
    }

    /// Finds number tokens in a line of text; `breaks` are offsets where a new cell starts (a number never
    /// continues across one: "1 | 278.61" is a quantity and a price, not 1 278.61).
    /// `ocr`: the line was read by OCR, which also loses a decimal point now and then (`lostPoint`).
    /// `bytes`: the characters' ASCII bytes (`TextLine.bytes`), made here when not given.
    public static func tokens(in chars: [Character], bytes: [UInt8]? = nil, breaks: Set<Int> = [], ocr: Bool = false)
        -> [AmountToken]
    {
        var out: [AmountToken] = []
        var i = 0
        let n = chars.count
        let bytes = bytes ?? chars.map { $0.singleByte ?? 0 }
        while i < n {
            guard bytes[i] &- 48 < 10 else {
                i += 1
                continue
            }
            // A number glued to letters ("RE2020", "A4") is an identifier, not an amount; only a letter, "/" or
            // "_" before it can glue it, so the exceptions below are looked at only then.
            let joined = i > 0 && (chars[i - 1].fastIsLetter || chars[i - 1] == "/" || chars[i - 1] == "_")
            // "TOTAL /18.00", "CASH —/18.00": a stray stroke before an amount (OCR of a rule or a box edge), after
            // no letter or digit, is no identifier.
            if joined, !gluedCurrency(chars, at: i), !gluedLabel(chars, at: i),
                !(chars[i - 1] == "/" && (i == 1 || !(chars[i - 2].fastIsLetter || chars[i - 2].fastIsNumber))
                    && decimalAhead(chars, from: i))
            {
                // The identifier's own marks and digits after them ("A12.078,26") start no amount of their own.
                while i < n,
                    chars[i].fastIsLetter || chars[i].fastIsNumber
                        || ((chars[i] == "." || chars[i] == ",") && i + 1 < n && chars[i + 1].isASCIIDigit)
                {
                    i += 1
                }
                continue
            }
            let start = i
            var end = i
            var j = i
            var splitCents = false
            var letterRaw: String?
            while j < n {
                if chars[j].isASCIIDigit {
                    j += 1
                    end = j
                } else if splitDecimal(chars, start: start, point: j, breaks: breaks, ocr: ocr) {
                    // "65. 20", "2666, 70": OCR put a space after the decimal mark.
                    end = j + 4
                    splitCents = true
                    break
                } else if ocr, spaceBeforePoint(chars, start: start, at: j, breaks: breaks) {
                    // "18415 ,50": OCR put a space before the decimal mark.
                    letterRaw = String(chars[start..<j]) + String(chars[(j + 1)...(j + 3)])
                    end = j + 4
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
                } else if groupChars.contains(chars[j])
                    || (ocr && ocrApostrophes.contains(chars[j]) && threeDigits(chars, after: j)),
                    j + 1 < n, chars[j + 1].isASCIIDigit, !breaks.contains(j + 1) || zeroLedGroup(chars, at: j + 1)
                {
                    // A space only groups when exactly three digits follow it.
                    if chars[j] == " " || chars[j] == "\u{00A0}" || chars[j] == "\u{202F}" {
                        var k = j + 1
                        while k < n, chars[k].fastIsNumber { k += 1 }
                        if k - (j + 1) != 3 { break }
                    }
                    j += 1
                } else {
                    break
                }
            }
            i = max(end, start + 1)
            var raw = letterRaw ?? String(chars[start..<end].filter { !splitCents || $0 != " " })
            if ocr, raw.contains(where: ocrApostrophes.contains) {
                raw = String(raw.map { ocrApostrophes.contains($0) ? "'" : $0 })
            }
            // Trailing space-groups only count when a decimal part follows or a currency stands beside them
            // ("86 891 HUF", "12 500 Kč": whole amounts of currencies without cents); otherwise split them off.
            if raw.contains(where: { $0 == " " || $0 == "\u{00A0}" || $0 == "\u{202F}" }) {
                let lastSep = raw.lastIndex(where: { $0 == "," || $0 == "." })
                let hasDecimal = lastSep.map { raw.distance(from: $0, to: raw.endIndex) - 1 <= 2 } ?? false
                if !hasDecimal, currency(near: start..<end, in: chars) == nil,
                    let firstSpace = raw.firstIndex(where: { $0 == " " || $0 == "\u{00A0}" || $0 == "\u{202F}" })
                {
                    raw = String(raw[..<firstSpace])
                    end = start + raw.count
                    i = end
                }
            }
            // Glued to letters after ("12abc") or followed by '%': not an amount.
            if end < n, chars[end].fastIsLetter, !(chars[end] == "€") {
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
            guard var token = classify(raw, range: start..<end) ?? (ocr ? lostGroupSpace(raw, range: start..<end) : nil)
            else { continue }
            token.ocrDigits = token.ocrDigits || letterRaw != nil
            var b = start - 1
            while b >= 0, chars[b] == " " { b -= 1 }
            if b >= 0, chars[b] == "-" || chars[b] == "−" {
                // A leading minus, unless it joins two numbers ("10-20").
                let before = b - 1
                if before < 0 || !(chars[before].fastIsNumber) { token.negative = true }
            }
            if b >= 0, chars[b] == "=" { token.equalsPrefix = true }
            // "-EUR 1.975,73", "-€ 5.643,28": the minus stands before a currency written in front of the amount.
            if b >= 0, chars[b].fastIsLetter || chars[b].isCurrencySymbol, currency(near: start..<end, in: chars) != nil {
                var m = b  // back over the currency: an ISO code's three letters at most, or its sign
                while m >= 0, b - m < 3, chars[m].fastIsLetter || chars[m].isCurrencySymbol { m -= 1 }
                while m >= 0, chars[m] == " " { m -= 1 }
                let minus = m >= 0 && (chars[m] == "-" || chars[m] == "−")
                if minus, m == 0 || !(chars[m - 1].fastIsNumber || chars[m - 1].fastIsLetter) { token.negative = true }
            }
            // "120,-" and "1.234,--": whole units written with a dash for the cents.
            if end + 1 < n, chars[end] == "," || chars[end] == ".", chars[end + 1] == "-", token.decimalMark == nil,
                end + 2 == n || !chars[end + 2].fastIsNumber
            {
                let mark = chars[end]
                if !(token.ambiguous && token.raw.contains(mark)) {
                    token.decimalMark = mark
                    token.ambiguous = false
                }
            } else if end < n, chars[end] == "-", token.decimalMark != nil, end + 1 == n || !chars[end + 1].fastIsNumber {
                // "1.234,56-": a trailing minus is the accountant's negative.
                token.negative = true
            }
            out.append(token)
        }
        return out
    }

    /// "EUR12,50", "RM8.60": a currency code glued before the digits at `i`.
    static func gluedCurrency(_ chars: [Character], at i: Int) -> Bool {
        (i >= 3 && ["EUR", "RSD", "USD", "GBP", "CHF", "HRK"].contains(String(chars[(i - 3)..<i]))
            && (i == 3 || !chars[i - 4].fastIsLetter))
            || (i >= 2 && String(chars[(i - 2)..<i]) == "RM" && (i == 2 || !chars[i - 3].fastIsLetter))
    }

    /// Text layers sometimes glue a label to its value ("Gesamtbetrag678,30"): a long word with lower-case
    /// letters before the digits at `i` is a label, not part of an identifier; so is a long word in capitals
    /// before an amount with cents ("УКУПНО ЗАДУЖЕЊЕ13.078,26"), and any word before one with its thousands
    /// grouped ("PDV6.126,29"), which identifiers ("RE2020", "A4") are not.
    static func gluedLabel(_ chars: [Character], at i: Int) -> Bool {
        var run = 0
        var lower = false
        while i - run - 1 >= 0, chars[i - run - 1].fastIsLetter {
            if chars[i - run - 1].fastIsLowercase { lower = true }
            run += 1
        }
        if run >= 5, lower { return true }
        guard run >= 2, let grouped = centsAhead(chars, from: i) else { return false }
        return grouped || run >= 5
    }

    /// Whether digits from `i` form an amount with two decimals that ends the number (nil if not), and whether
    /// its thousands are grouped ("13.078,26", "1,234.50": true; "78.26": false; "2020", "12.5", "1.234": nil).
    static func centsAhead(_ chars: [Character], from i: Int) -> Bool? {
        var k = i
        while k < chars.count, chars[k].isASCIIDigit { k += 1 }
        let lead = k - i
        guard lead >= 1 else { return nil }
        var groups = 0
        while k + 3 < chars.count, chars[k] == "." || chars[k] == "," || chars[k] == "'",
            chars[(k + 1)...(k + 3)].allSatisfy(\.isASCIIDigit), k + 4 == chars.count || !chars[k + 4].isASCIIDigit
        {
            k += 4
            groups += 1
        }
        if groups == 0 { return decimalAhead(chars, from: i) ? false : nil }
        guard lead <= 3, decimalAhead(chars, from: k - 3), chars[k] != chars[k - 4] else { return nil }
        return true
    }

    /// Whether digits from `i` form an amount with two decimals that ends the number ("18.00", not "18.001").
    static func decimalAhead(_ chars: [Character], from i: Int) -> Bool {
        var k = i
        while k < chars.count, chars[k].isASCIIDigit { k += 1 }
        guard k > i, k + 2 < chars.count, chars[k] == "." || chars[k] == "," else { return false }
        guard chars[k + 1].isASCIIDigit, chars[k + 2].isASCIIDigit else { return false }
        return k + 3 == chars.count || !chars[k + 3].fastIsNumber
    }

    /// "3 012,35" with the words far apart: a group of three digits that starts with 0 and ends in cents
    /// is never an amount of its own, so it belongs to the digits before it whatever the gap.
    static func zeroLedGroup(_ chars: [Character], at k: Int) -> Bool {
        guard k + 6 <= chars.count, chars[k] == "0", chars[k - 1] == " " else { return false }
        let digits = chars[k..<k + 3].allSatisfy { $0.isASCIIDigit }
        let cents = (chars[k + 3] == "," || chars[k + 3] == ".") && chars[k + 4].fastIsNumber && chars[k + 5].fastIsNumber
        return digits && cents && (k + 6 == chars.count || !chars[k + 6].fastIsNumber)
    }

    /// Whether a number is a date ("01.03.18", "1/3/2018", "2018.03.01"), not an amount.
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
}
