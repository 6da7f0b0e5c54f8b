import Lexicons

/// OCR reading a Cyrillic page sometimes returns a short word in Latin letters that look the same
/// ("Сметка Ha наредителя" for "на"): folded, "ha" is no longer "na" and the label is missed. A word made
/// only of such look-alikes, next to a Cyrillic word and not next to a Latin one, is read as Cyrillic.
enum ScriptLookalikes {
    /// Latin letters and the Cyrillic letters printed alike.
    static let cyrillicFor: [Character: Character] = [
        "A": "А", "B": "В", "C": "С", "E": "Е", "H": "Н", "K": "К", "M": "М", "O": "О", "P": "Р", "T": "Т", "X": "Х",
        "a": "а", "c": "с", "e": "е", "o": "о", "p": "р", "x": "х", "y": "у",
    ]

    static func isCyrillic(_ ch: Character) -> Bool {
        ch.unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) }
    }

    static func isLatinLetter(_ ch: Character) -> Bool { ch.isASCII && ch.isLetter }

    /// `chars` with look-alike Latin words in a Cyrillic context turned Cyrillic (the same count of characters,
    /// so positions still map one to one); `chars` itself when there is nothing to turn.
    static func cyrillicWords(_ chars: [Character]) -> [Character] {
        guard chars.contains(where: isCyrillic) else { return chars }
        // Words: runs of letters and digits.
        var words: [Range<Int>] = []
        var i = 0
        while i < chars.count {
            guard chars[i].isLetter || chars[i].isNumber else {
                i += 1
                continue
            }
            var j = i
            while j < chars.count, chars[j].isLetter || chars[j].isNumber { j += 1 }
            words.append(i..<j)
            i = j
        }
        var out = chars
        for (k, w) in words.enumerated() where chars[w].allSatisfy({ cyrillicFor[$0] != nil }) {
            let neighbours = [k > 0 ? words[k - 1] : nil, k + 1 < words.count ? words[k + 1] : nil].compactMap { $0 }
            let cyrillic = neighbours.contains { chars[$0].contains(where: isCyrillic) }
            let latin = neighbours.contains { n in
                chars[n].contains(where: isLatinLetter) && !chars[n].allSatisfy({ cyrillicFor[$0] != nil })
            }
            guard cyrillic, !latin else { continue }
            for p in w { out[p] = cyrillicFor[chars[p]]! }
        }
        return out
    }
}
