import Foundation
import PPShared

/// The label categories pp-extract knows. A lexicon must fill the `required` ones (the synthetic-bill
/// generator reads them too); profiles and lexicons may use any category, nothing else. The raw value is
/// the name in lexicon and profile files.
public enum LabelCategory: String, CaseIterable, Sendable, Comparable {
    case amountDue = "amount_due", amountTotal = "amount_total", amountSubtotal = "amount_subtotal"
    case amountVAT = "amount_vat", amountDiscount = "amount_discount", amountRounding = "amount_rounding"
    case amountPrevious = "amount_previous", amountPaid = "amount_paid", amountGeneric = "amount_generic"
    case amountTendered = "amount_tendered", amountChange = "amount_change"
    case account, accountPayer = "account_payer", bic, payee, payer
    case reference, referenceFree = "reference_free", referencePayer = "reference_payer"
    case referenceBefore = "reference_before", invoiceNumber = "invoice_number", model
    case dueDate = "due_date", dueDateWeak = "due_date_weak", paymentCode = "payment_code"
    case noPaymentCreditNote = "no_payment_credit_note", noPaymentDirectDebit = "no_payment_direct_debit"
    case noPaymentPaid = "no_payment_paid"
    case negation, notForPayment = "not_for_payment", caption, other

    public static let required: [LabelCategory] = [
        .amountDue, .amountTotal, .amountSubtotal, .amountVAT, .amountDiscount, .amountRounding, .amountPrevious,
        .amountPaid, .account, .accountPayer, .bic, .payee, .payer, .reference, .invoiceNumber, .dueDate,
        .noPaymentCreditNote, .noPaymentDirectDebit, .noPaymentPaid, .negation, .other,
    ]

    /// Categories are ordered by their file names: label matching breaks ties in that order.
    public static func < (a: LabelCategory, b: LabelCategory) -> Bool { a.rawValue < b.rawValue }

    /// The name evidence gives it: an amount's role without "amount_" ("label:due", "label:account").
    public var evidenceName: String { rawValue.hasPrefix("amount_") ? String(rawValue.dropFirst(7)) : rawValue }

    /// Whether the category says a document asks for no payment.
    public var saysNoPayment: Bool { [.noPaymentCreditNote, .noPaymentDirectDebit, .noPaymentPaid].contains(self) }
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
enum LabelSet {
    static func folded(_ phrases: [String]) -> [String] {
        var out: [String] = []
        for s in phrases {
            let f = TextFold.fold(s)
            if !f.isEmpty, !out.contains(f) { out.append(f) }
        }
        return out
    }

    static func merge(_ extra: [LabelCategory: [String]], into labels: inout [LabelCategory: [String]]) {
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
