import Foundation
import PPShared

/// The label categories pp-extract knows. A lexicon must fill the `required` ones (the synthetic-bill
/// generator reads them too); profiles and lexicons may use any `known` one, nothing else.
public enum LabelCategory {
    public static let required = [
        "amount_due", "amount_total", "amount_subtotal", "amount_vat", "amount_discount", "amount_rounding",
        "amount_previous", "amount_paid", "account", "account_payer", "bic", "payee", "payer", "reference",
        "invoice_number", "due_date", "no_payment_credit_note", "no_payment_direct_debit", "no_payment_paid",
        "negation", "other",
    ]
    /// Categories a language may add, and country structure (slip captions, model, payment code) kept in profiles.
    public static let optional = [
        "amount_generic", "reference_free", "reference_payer", "reference_before", "due_date_weak", "not_for_payment",
        "caption", "model", "payment_code", "amount_tendered", "amount_change",
    ]
    public static let known = Set(required + optional)
}

/// One language's label phrases and frequent words, from `Lexicons/<language>.json`.
public struct Lexicon: Sendable {
    public var language: String
    public var name: String
    /// ISO 15924 codes: "Latn", "Cyrl", "Grek".
    public var scripts: [String]
    /// Tesseract language codes.
    public var ocr: [String]
    /// Phrases per category, folded.
    public var labels: [String: [String]]
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
        for (category, list) in lo {
            guard LabelCategory.known.contains(category) else { throw bad("unknown label category \"\(category)\"") }
            lex.labels[category] = LabelSet.folded(try strings(list, "labels.\(category)"))
        }
        return lex
    }
}

/// Folding and de-duplicating label lists, shared by profiles and lexicons.
enum LabelSet {
    static func folded(_ phrases: [String]) -> [String] {
        var out: [String] = []
        for s in phrases {
            let f = TextFold.fold(s)
            if !f.isEmpty, !out.contains(f) { out.append(f) }
        }
        return out
    }

    static func merge(_ extra: [String: [String]], into labels: inout [String: [String]]) {
        for (k, v) in extra {
            for s in v where !(labels[k]?.contains(s) ?? false) { labels[k, default: []].append(s) }
        }
    }
}

/// Finds and loads lexicons: `Lexicons` beside a profile folder (`lexicons` in an installed share/pp).
public struct LexiconStore: Sendable {
    public let folders: [String]
    public init(folders: [String]) { self.folders = folders }

    /// The lexicon folders that go with profile folders: $PP_LEXICONS, then each folder's sibling.
    public init(profileFolders: [String]) {
        var f: [String] = []
        if let env = ProcessInfo.processInfo.environment["PP_LEXICONS"], !env.isEmpty { f.append(env) }
        for p in profileFolders {
            let parent = (p as NSString).deletingLastPathComponent
            f.append(parent + "/Lexicons")
            f.append(parent + "/lexicons")
        }
        self.init(folders: f)
    }

    public func names() -> [String] { ShippedData.jsonNames(in: folders) }

    /// The file for a language tag: "sr-Latn" falls back to "sr".
    func path(for language: String) -> String? {
        var tags = [language]
        if let dash = language.firstIndex(of: "-") { tags.append(String(language[..<dash])) }
        for tag in tags {
            for f in folders where FileManager.default.fileExists(atPath: "\(f)/\(tag).json") { return "\(f)/\(tag).json" }
        }
        return nil
    }

    public func load(_ language: String) throws(ToolError) -> Lexicon {
        guard let path = path(for: language) else {
            throw ToolError(.usage, code: "unknown_language", "no lexicon for language '\(language)'")
        }
        // Every profile names its languages and detection loads them all: fold each file's phrases once.
        if let known = LexiconCache.shared.lexicon(for: path) { return known }
        let json = try ShippedData.readJSON(path, kind: "lexicon")
        let lexicon = try Lexicon.decode(json, source: path)
        LexiconCache.shared.store(lexicon, for: path)
        return lexicon
    }

    public func loadAll() throws(ToolError) -> [Lexicon] {
        var out: [Lexicon] = []
        for n in names() { out.append(try load(n)) }
        return out
    }

    /// Tesseract codes for languages, in order, without repeats ("sr" gives srp_latn+srp).
    public func ocrLanguages(for languages: [String]) -> [String] {
        var out: [String] = []
        for l in languages {
            for c in (try? load(l))?.ocr ?? [] where !out.contains(c) { out.append(c) }
        }
        return out
    }
}

/// Lexicons already read in this process, by file path (folding their phrases is most of start-up).
final class LexiconCache: @unchecked Sendable {
    static let shared = LexiconCache()
    private let lock = Lock()
    private var byPath: [String: Lexicon] = [:]

    func lexicon(for path: String) -> Lexicon? {
        lock.lock()
        defer { lock.unlock() }
        return byPath[path]
    }

    func store(_ lexicon: Lexicon, for path: String) {
        lock.lock()
        defer { lock.unlock() }
        byPath[path] = lexicon
    }
}
