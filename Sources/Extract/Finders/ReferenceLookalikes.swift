import Foundation
import Lexicons

/// Values under a reference label that are something else: a date ("Bestellung vom 01.03.2018"), a phone
/// number, a postcode before its town, an amount. Told apart by their shape, in any language.
extension ReferenceFinder {
    /// Why `body` (the identifier taken from `text`, the label's value text) is not a reference, or nil.
    static func notAReference(_ body: String, in text: String) -> Evidence.Lookalike? {
        let digits = body.filter { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return nil }
        if isBusinessTerm(body) { return .term }
        // A date that holds every digit of the value.
        for d in Dates.find(in: body) where body[d.range].filter({ $0.isASCII && $0.isNumber }).count == digits.count {
            return .date
        }
        if isPhoneNumber(body) { return .phone }
        // "80331 München": a 4–5 digit number followed by a capitalised word and nothing numeric.
        if body.count == digits.count, (4...5).contains(digits.count), let r = text.range(of: body) {
            let rest = text[r.upperBound...].trimmingCharacters(in: .whitespaces)
            let word = rest.prefix { $0.isLetter || $0 == "-" }
            if word.count >= 3, word.first!.isUppercase, !rest.contains(where: \.isNumber) { return .postcode }
        }
        // "1.234,56": an amount with two decimals and nothing else.
        let toks = Amounts.tokens(in: Array(body))
        if toks.count == 1, toks[0].decimalMark != nil, toks[0].raw.filter(\.isNumber).count == digits.count,
            body.split(separator: toks[0].decimalMark!).last?.filter(\.isNumber).count == 2
        {
            return .amount
        }
        return nil
    }

    /// "BT-83", "BG-16": the identifier of an EN 16931 business term or group of terms, not a value.
    static func isBusinessTerm(_ text: String) -> Bool {
        let t = Array(text.trimmingCharacters(in: .whitespaces).uppercased())
        guard (4...6).contains(t.count), t[0] == "B", t[1] == "T" || t[1] == "G", t[2] == "-" else { return false }
        return t[3...].allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// "+49 89 1234567", "(030) 123 45 67", "030/1234567": an international or trunk prefix with 7–15 digits.
    /// A bare "0123 4567 89" is left alone: grouped references look the same.
    static func isPhoneNumber(_ text: String) -> Bool {
        let t = text.trimmingCharacters(in: .whitespaces)
        let digits = t.filter { $0.isASCII && $0.isNumber }
        guard (7...15).contains(digits.count),
            t.allSatisfy({ ($0.isASCII && $0.isNumber) || " +-/().".contains($0) })
        else { return false }
        // An international prefix, then a country code and a separator ("+49 89 …", "0049-89-…").
        if t.hasPrefix("+") || t.hasPrefix("00"), let sep = t.dropFirst().firstIndex(where: { " -/(".contains($0) }),
            t.distance(from: t.startIndex, to: sep) <= 5
        {
            return true
        }
        // A trunk "0" and an area code in brackets or before a slash: "(030) 123 45 67", "030/1234567".
        if t.hasPrefix("(0") { return true }
        if t.hasPrefix("0"), let slash = t.firstIndex(of: "/"), (3...6).contains(t.distance(from: t.startIndex, to: slash)),
            t[t.index(after: slash)...].filter(\.isNumber).count >= 4
        {
            return true
        }
        return false
    }
}
