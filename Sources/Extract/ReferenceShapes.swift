import Foundation

/// Token shapes of references that text layers and OCR glue to their neighbours, and model prefixes
/// printed in front of a reference ("HR01 12345-212-2", Serbian "97" run into its reference).
extension Extractor {
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
}
