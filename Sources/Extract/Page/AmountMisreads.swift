import Lexicons

/// Amounts as OCR misreads them: a decimal point split from its cents, a space before it, a point lost, cents
/// read as letters.
extension Amounts {
    /// Whether the point at `j` is a decimal point OCR split from its two cents ("65. 20"): plain digits
    /// before it, a space, two digits, then the end of the number (not "1. 12. 2023", not "3. 100"). A
    /// decimal comma split so ("2666, 70") counts only on an OCR'd line whose end the cents are: a comma and
    /// a space also part a list ("1, 20 und 30").
    static func splitDecimal(_ chars: [Character], start: Int, point j: Int, breaks: Set<Int>, ocr: Bool = false) -> Bool {
        let n = chars.count
        guard chars[j] == "." || (ocr && chars[j] == ","), j + 3 < n, chars[j + 1] == " ", !breaks.contains(j + 2)
        else { return false }
        guard chars[j + 2].isASCII, chars[j + 2].isNumber, chars[j + 3].isASCII, chars[j + 3].isNumber else { return false }
        if chars[j] == ",", !chars[(j + 4)...].allSatisfy({ $0 == " " }) { return false }
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

    /// Whether the space at `j` is one OCR put before a decimal mark ("BRUTTO 18415 ,50"): one to six plain
    /// digits before it, then "," or "." and exactly two digits, after which the line ends or a word begins (a
    /// currency). A text layer never prints this; a list ("12 ,34 ,56") or a date ("12 .05.2024") is not joined.
    static func spaceBeforePoint(_ chars: [Character], start: Int, at j: Int, breaks: Set<Int>) -> Bool {
        let n = chars.count
        guard chars[j] == " ", j + 3 < n, chars[j + 1] == "," || chars[j + 1] == ".", j - start >= 1, j - start <= 6,
            !breaks.contains(j + 1), !breaks.contains(j + 2)
        else { return false }
        guard chars[start..<j].allSatisfy(\.isASCIIDigit), chars[j + 2].isASCIIDigit, chars[j + 3].isASCIIDigit
        else { return false }
        if start > 0, chars[start - 1] == "." || chars[start - 1] == "," || chars[start - 1].isASCIIDigit { return false }
        var k = j + 4
        while k < n, chars[k] == " " { k += 1 }
        return k == n || (k > j + 4 && chars[k].fastIsLetter)
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

    /// "1018 515,23": OCR lost the space after the first digit group of 1 018 515,23. A first word of four to
    /// six plain digits before groups of three and the cents reads with that space put back, its digits unsure.
    static func lostGroupSpace(_ raw: String, range: Range<Int>) -> AmountToken? {
        let parts = raw.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count >= 2, let first = parts.first, (4...6).contains(first.count), first.allSatisfy(\.isASCIIDigit)
        else { return nil }
        let fixed = first.dropLast(3) + " " + first.suffix(3) + " " + parts.dropFirst().joined(separator: " ")
        guard var token = classify(String(fixed), range: range), token.decimalMark != nil else { return nil }
        token.ocrDigits = true
        return token
    }
}
