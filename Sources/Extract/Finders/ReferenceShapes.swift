import Foundation
import Lexicons

/// Token shapes of references that text layers and OCR glue to their neighbours, and model prefixes
/// printed in front of a reference ("HR01 12345-212-2", Serbian "97" run into its reference).
extension ReferenceFinder {
    /// A labelled value that is an RF reference whose "RF" OCR misread ("ВЕ68…", "BF68…", Cyrillic "везз"
    /// for "RF33"): two letters of any script and two digits, or look-alikes of them in another script than
    /// Latin, kept as RF only when "RF" with the rest passes the RF checksum.
    static func misreadRFPrefix(_ value: String) -> String? {
        var compact = Array(OCRRepair.latinCodes(Array(value.uppercased())).filter { $0.isLetter || $0.isNumber })
        guard compact.count >= 8, compact.count <= 25, compact[0].isLetter, compact[1].isLetter,
            !(compact[0] == "R" && compact[1] == "F")
        else { return nil }
        for i in 2...3 where !compact[i].isASCIIDigit {
            guard let d = OCRRepair.otherScriptDigitFor[compact[i]] else { return nil }
            compact[i] = d
        }
        guard compact.dropFirst(2).allSatisfy({ $0.isASCII }) else { return nil }
        let fixed = "RF" + String(compact.dropFirst(2))
        return Checksums.isValidRF(fixed) ? fixed : nil
    }

    /// A value printed as an RF creditor reference ("RF", two digits, more) whose checksum fails.
    static func failedRF(_ value: String) -> Bool {
        let compact = Array(value.uppercased().filter { $0.isLetter || $0.isNumber })
        guard compact.count >= 5, compact[0] == "R", compact[1] == "F", compact[2].isNumber, compact[3].isNumber else {
            return false
        }
        return !Checksums.isValidRF(String(compact))
    }

    /// "pagamentoRF60 …", "symbolRF84 …": an upper-case "RF" run into a lower-case word starts a reference.
    static func gluedRFStart(_ stream: [(Character, Int, Bool)], _ k: Int) -> Bool {
        guard k > 0, k + 1 < stream.count, stream[k].0 == "R", stream[k + 1].0 == "F" else { return false }
        return stream[k - 1].0.isLowercase
    }

    /// "…0549Entro", "…5958RZBABA2S": a digit run into a letter may end a reference; the checksum decides.
    static func gluedEnd(_ stream: [(Character, Int, Bool)], _ e: Int) -> Bool {
        e > 0 && e < stream.count && stream[e - 1].0.isNumber && stream[e].0.isLetter
    }

    /// Croatian and Slovenian payment models: "HR00"…"HR99", "SI00"…"SI99" in front of the reference.
    static let countryModelPrefixes: Set<String> = ["HR", "SI"]

    /// "HR01 12345-212-2" → ("HR01", "12345-212-2"). OCR may read the model's digits as letters ("HRO1"),
    /// repaired only there. Nil when the text is an IBAN or no reference follows the model.
    static func countryModel(_ text: String, ocr: Bool) -> (model: String, body: String)? {
        let parts = text.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].count == 4 else { return nil }
        let head = Array(parts[0].uppercased())
        guard countryModelPrefixes.contains(String(head[0..<2])) else { return nil }
        var digits = ""
        for ch in head[2...] {
            if ch.isASCII, ch.isNumber {
                digits.append(ch)
            } else if ocr, let d = OCRRepair.digitFor[ch] {
                digits.append(d)
            } else {
                return nil
            }
        }
        let body = parts[1].trimmingCharacters(in: .whitespaces)
        guard body.first?.isNumber ?? false, !Checksums.isValidIBAN(text) else { return nil }
        return (String(head[0..<2]) + digits, body)
    }

    /// A model-97 reference whose "97" was run into it ("9745170114415567"): the whole fails the check,
    /// the rest passes it.
    static func gluedModel97(_ body: String) -> String? {
        let c = Checksums.compact(body)
        guard c.hasPrefix("97"), c.count >= 5, c.allSatisfy(\.isNumber), !Checksums.isValidModel97(c) else { return nil }
        let rest = String(c.dropFirst(2))
        return Checksums.isValidModel97(rest) ? rest : nil
    }

    /// "5 2 3 1 9 5 6 8 0 6 2": a reference written one character per box (a comb). Runs of four or more
    /// single-character tokens are joined; other tokens stay as they are.
    static func joinedComb(_ text: String) -> String {
        let toks = text.split(separator: " ")
        func single(_ t: Substring) -> Bool {
            t.count == 1 && (t.first!.isLetter || t.first!.isNumber || "-/".contains(t.first!))
        }
        var out: [String] = []
        var i = 0
        while i < toks.count {
            var j = i
            while j < toks.count, single(toks[j]) { j += 1 }
            if j - i >= 4, toks[i..<j].filter({ $0.first!.isNumber }).count >= 3 {
                out.append(toks[i..<j].joined())
                i = j
            } else {
                out.append(String(toks[i]))
                i += 1
            }
        }
        return out.joined(separator: " ")
    }

    /// The identifier inside a free-text reference that reads as a sentence ("Rechnung 4711 vom März"):
    /// one token with a digit and at least three characters, not a date or an amount, among words. Nil when
    /// the text is an identifier itself ("RE 2019/05/445 744507") or holds several candidates.
    static func identifierInSentence(_ text: String) -> String? {
        let toks = text.split(separator: " ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ".,;:()\"'")) }
        // A word: at least three letters, lower case after the first ("Rechnung", "for"), not an abbreviation.
        let words = toks.filter { t in t.count >= 3 && t.allSatisfy(\.isLetter) && t.dropFirst().allSatisfy(\.isLowercase) }
        guard !words.isEmpty else { return nil }
        let ids = toks.filter { t in
            t.count >= 3 && t.contains(where: \.isNumber) && t.allSatisfy({ $0.isLetter || $0.isNumber || "-/._".contains($0) })
                && notAReference(t, in: text) == nil
        }
        return ids.count == 1 ? ids[0] : nil
    }

    /// Captions printed right of their values ("940425668 Referencia de pago" with nothing after it): the one
    /// token before a reference caption that ends its line is the value.
    static func valueBefore(_ label: LabelHit, in view: DocumentView) -> (line: Int, range: Range<Int>)? {
        guard [.reference, .referenceGeneric, .invoiceNumber].contains(label.category) else { return nil }
        let lines = view.lines
        let chars = lines[label.line].chars
        let skip: Set<Character> = [":", " ", ".", "\u{00A0}", "\t", ")"]
        guard chars[label.range.upperBound...].allSatisfy({ skip.contains($0) }) else { return nil }
        // A colon after the caption introduces what follows it ("BT-83 Remittance information: | 608562").
        guard !chars[label.range.upperBound...].contains(":") else { return nil }
        var e = label.range.lowerBound
        while e > 0, chars[e - 1] == " " || chars[e - 1] == "\u{00A0}" { e -= 1 }
        // The caption alone on its line (OCR splits a row at a wide gap): the token ending just left of it.
        if e == 0 { return tokenLeft(of: label, in: view) }
        let token = chars[0..<e]
        guard Self.isLoneToken(token) else { return nil }
        return (label.line, 0..<e)
    }

    static func isLoneToken(_ token: ArraySlice<Character>) -> Bool {
        token.count >= 4 && !token.contains(" ") && !token.contains("\u{00A0}") && token.contains(where: \.isNumber)
    }

    /// The line on the caption's row that ends within two line heights left of it, when it is one token.
    static func tokenLeft(of label: LabelHit, in view: DocumentView) -> (line: Int, range: Range<Int>)? {
        let lines = view.lines
        let lb = label.box
        let h = max(view.reach.minHeight, lb.height)
        let left = lines.indices.filter { i in
            let l = lines[i]
            return i != label.line && l.page == label.page && l.box.verticalOverlap(lb) >= view.reach.rowShare
                && l.box.x1 <= lb.x0 + 1 && lb.x0 - l.box.x1 <= view.reach.valueLeft * h
        }
        guard let i = left.max(by: { lines[$0].box.x1 < lines[$1].box.x1 }), Self.isLoneToken(lines[i].chars[...]) else {
            return nil
        }
        return (i, 0..<lines[i].chars.count)
    }

    /// The text without stray box borders: tokens made only of "|[]" go, and those characters are
    /// trimmed from the ends of the other tokens ("[97 | | 4529…" → "97 4529…").
    static func withoutBoxBorders(_ text: String) -> String {
        let borders = CharacterSet(charactersIn: "|[]")
        return text.split(separator: " ").map { $0.trimmingCharacters(in: borders) }.filter { !$0.isEmpty }
            .joined(separator: " ")
    }

    /// Where `value` stands in `line` within `range`: from its first token's first occurrence to its last
    /// token's next one. The whole `range` when a token is not printed so (a comb joined, a model split off
    /// and repaired, a prefix repaired).
    static func span(of value: String, in line: TextLine, within range: Range<Int>) -> Range<Int> {
        let toks = value.split(separator: " ").map(Array.init)
        guard let first = toks.first, let last = toks.last else { return range }
        let chars = line.chars
        func find(_ t: [Character], from: Int) -> Int? {
            guard !t.isEmpty, from + t.count <= range.upperBound else { return nil }
            return (from...(range.upperBound - t.count)).first { Array(chars[$0..<($0 + t.count)]) == t }
        }
        guard let s = find(first, from: range.lowerBound), let e = find(last, from: s) else { return range }
        return s..<(e + last.count)
    }

    /// The end (a stream index) of the cell the RF reference starting at stream index `k` of line `li` is in:
    /// a reference ends where the next cell of its line starts ("RF87…0125   TATRSKBX": the BIC under the
    /// next caption), however its check digits read with the cell's text.
    static func cellEnd(_ stream: [(Character, Int, Bool)], from k: Int, line li: Int, in view: DocumentView) -> Int {
        let cut = view.layout.cellStarts(line: li).filter { $0 > stream[k].1 }.min() ?? view.lines[li].chars.count
        return stream.indices.first { $0 > k && stream[$0].1 >= cut } ?? stream.count
    }

    /// Whether a token passes the format of another payment field: a BIC or a compact IBAN.
    static func isOtherField(_ token: Substring) -> Bool { Checksums.isValidBIC(token) || Checksums.isValidIBAN(token) }
}
