import Foundation
import PPShared

/// One language's label phrases and frequent words, from `Lexicons/<language>.json`.
public struct Lexicon: Sendable {
    public var language: String
    public var name: String
    /// ISO 15924 codes: "Latn", "Cyrl", "Grek".
    public var scripts: [String]
    /// Tesseract language codes.
    public var ocr: [String]
    /// Phrases per category, folded.
    public var labels: [LabelCategory: [String]]
    /// Frequent function words, folded (language detection).
    public var words: [String]

    static let keys: Set<String> = ["language", "name", "scripts", "ocr", "labels", "words"]

    public static func decode(_ json: JSON, source: String) throws(ToolError) -> Lexicon {
        func bad(_ what: String) -> ToolError { ToolError(.usage, code: "bad_lexicon", "lexicon '\(source)': \(what)") }
        guard case .object(let o) = json else { throw bad("not a JSON object") }
        if let key = o.keys.sorted().first(where: { !keys.contains($0) }) { throw bad("unknown key \"\(key)\"") }
        guard let language = o["language"]?.stringValue, !language.isEmpty else { throw bad("missing \"language\"") }
        func strings(_ v: JSON?, _ what: String) throws(ToolError) -> [String] {
            guard let v else { return [] }
            guard let a = v.arrayValue else { throw bad("\(what) must be a list of strings") }
            var out: [String] = []
            for item in a {
                guard let s = item.stringValue else { throw bad("\(what) must be a list of strings") }
                out.append(s)
            }
            return out
        }
        var lex = Lexicon(
            language: language, name: o["name"]?.stringValue ?? language, scripts: try strings(o["scripts"], "\"scripts\""),
            ocr: try strings(o["ocr"], "\"ocr\""), labels: [:], words: try strings(o["words"], "\"words\"").map(TextFold.fold))
        guard case .object(let lo)? = o["labels"] else { throw bad("\"labels\" must be an object of lists") }
        for (name, list) in lo {
            guard let category = LabelCategory(rawValue: name) else { throw bad("unknown label category \"\(name)\"") }
            lex.labels[category] = LabelSet.folded(try strings(list, "labels.\(name)"))
        }
        return lex
    }
}

/// Folding and de-duplicating label lists, shared by profiles and lexicons.
public enum LabelSet {
    public static func folded(_ phrases: [String]) -> [String] {
        var out: [String] = []
        for s in phrases {
            let f = TextFold.fold(s)
            if !f.isEmpty, !out.contains(f) { out.append(f) }
        }
        return out
    }

    public static func merge(_ extra: [LabelCategory: [String]], into labels: inout [LabelCategory: [String]]) {
        for (k, v) in extra {
            for s in v where !(labels[k]?.contains(s) ?? false) { labels[k, default: []].append(s) }
        }
    }
}
