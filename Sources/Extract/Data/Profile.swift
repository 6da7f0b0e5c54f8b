import Foundation
import Lexicons
import PPShared

/// A country or language profile: which labels to look for, which account formats and checksums
/// apply, the default currency and decimal mark, the OCR languages, and weights that override the
/// scoring defaults. Profiles are JSON files (Sources/Extract/Profiles/*.json, installed beside the
/// tool); a user can add one without recompiling and pass it with `--profile FILE`.
public struct Profile: Sendable {
    public var name: String
    public var description: String
    public var languages: [String] = []
    public var ocrLanguages: [String] = []
    public var currencies: [String] = []
    public var defaultCurrency: String?
    /// "," or "." — used only when a document gives no evidence of its own decimal mark.
    public var decimalMark: Character = ","
    public var accountFormats: Set<AccountFormat> = [.iban]
    public var checksums: Set<ProfileChecksum> = []
    public var ibanCountries: Set<String> = []
    /// Words whose presence makes this profile a better choice for `--profile auto`.
    public var markers: [String] = []
    /// Label phrases per category, already folded.
    public var labels: [LabelCategory: [String]] = [:]
    public var weights: [String: Int] = [:]

    /// A scoring weight: the profile's value or the documented default (docs/scoring.md).
    public func weight(_ key: String) -> Int { weights[key] ?? Scoring.defaults[key] ?? 0 }

    static let keys: Set<String> = [
        "name", "description", "include", "languages", "ocr_languages", "currencies", "default_currency", "decimal_mark",
        "account_formats", "checksums", "iban_countries", "markers", "labels", "weights",
    ]

    /// Reads one profile file's JSON, merging profiles it includes (looked up with `resolve`) and the
    /// lexicons of its languages (looked up with `lexicon`; nil leaves the profile's own labels only).
    public static func decode(
        _ json: JSON, source: String, resolve: (String) throws(ToolError) -> Profile,
        lexicon: ((String) throws(ToolError) -> Lexicon)? = nil
    ) throws(ToolError) -> Profile {
        func bad(_ what: String) -> ToolError {
            ToolError(.usage, code: "bad_profile", "profile '\(source)': \(what)")
        }
        guard case .object(let o) = json else { throw bad("not a JSON object") }
        // A misspelt key would otherwise be ignored without a word.
        if let key = o.keys.sorted().first(where: { !keys.contains($0) }) { throw bad("unknown key \"\(key)\"") }
        guard let name = o["name"]?.stringValue, !name.isEmpty else { throw bad("missing \"name\"") }
        var p = Profile(name: name, description: o["description"]?.stringValue ?? "")
        for included in o["include"]?.arrayValue ?? [] {
            guard let n = included.stringValue else { throw bad("\"include\" must list profile names") }
            let base = try resolve(n)
            p.merge(base)
        }
        p.name = name
        p.description = o["description"]?.stringValue ?? ""
        func strings(_ key: String) throws(ToolError) -> [String]? {
            guard let v = o[key] else { return nil }
            guard let a = v.arrayValue else { throw bad("\"\(key)\" must be a list of strings") }
            var out: [String] = []
            for item in a {
                guard let s = item.stringValue else { throw bad("\"\(key)\" must be a list of strings") }
                out.append(s)
            }
            return out
        }
        if let v = try strings("languages") { p.languages = v + p.languages.filter { !v.contains($0) } }
        if let v = try strings("ocr_languages") { p.ocrLanguages = v }
        if let v = try strings("currencies") { p.currencies = v + p.currencies.filter { !v.contains($0) } }
        if let v = o["default_currency"]?.stringValue { p.defaultCurrency = v }
        if let v = o["decimal_mark"]?.stringValue {
            guard v == "," || v == "." else { throw bad("\"decimal_mark\" must be \",\" or \".\"") }
            p.decimalMark = Character(v)
        }
        if let v = try strings("account_formats") {
            for name in v {
                guard let f = AccountFormat(rawValue: name) else { throw bad("unknown account format \"\(name)\"") }
                p.accountFormats.insert(f)
            }
        }
        if let v = try strings("checksums") {
            for name in v {
                guard let c = ProfileChecksum(rawValue: name) else { throw bad("unknown checksum \"\(name)\"") }
                p.checksums.insert(c)
            }
        }
        if let v = try strings("iban_countries") { p.ibanCountries.formUnion(v) }
        if let v = try strings("markers") { p.markers += v.map(TextFold.fold) }
        if let labels = o["labels"] {
            guard case .object(let lo) = labels else { throw bad("\"labels\" must be an object of lists") }
            for (name, list) in lo {
                guard let category = LabelCategory(rawValue: name) else { throw bad("unknown label category \"\(name)\"") }
                guard let items = list.arrayValue else { throw bad("labels.\(name) must be a list") }
                var phrases: [String] = []
                for item in items {
                    guard let s = item.stringValue else { throw bad("labels.\(name) must list strings") }
                    phrases.append(s)
                }
                LabelSet.merge([category: LabelSet.folded(phrases)], into: &p.labels)
            }
        }
        if let lexicon, let own = try strings("languages") {
            for l in own { p.add(try lexicon(l)) }
        }
        if let weights = o["weights"] {
            guard case .object(let wo) = weights else { throw bad("\"weights\" must be an object of integers") }
            for (k, v) in wo {
                guard let i = Scoring.weight(v) else { throw bad("weights.\(k) must be an integer from -1000000 to 1000000") }
                p.weights[k] = i
            }
        }
        return p
    }

    /// Adds a language's phrases to the label set (what `languages` and language detection do).
    public mutating func add(_ lexicon: Lexicon) {
        LabelSet.merge(lexicon.labels, into: &labels)
        if !languages.contains(lexicon.language) { languages.append(lexicon.language) }
    }

    /// This profile with the phrases of further languages (those it has already are skipped).
    public func adding(_ lexicons: [Lexicon]) -> Profile {
        var p = self
        for l in lexicons where !p.languages.contains(l.language) { p.add(l) }
        return p
    }

    mutating func merge(_ base: Profile) {
        languages += base.languages.filter { !languages.contains($0) }
        ocrLanguages += base.ocrLanguages.filter { !ocrLanguages.contains($0) }
        currencies += base.currencies.filter { !currencies.contains($0) }
        if defaultCurrency == nil { defaultCurrency = base.defaultCurrency }
        decimalMark = base.decimalMark
        accountFormats.formUnion(base.accountFormats)
        checksums.formUnion(base.checksums)
        ibanCountries.formUnion(base.ibanCountries)
        markers += base.markers
        LabelSet.merge(base.labels, into: &labels)
        for (k, v) in base.weights where weights[k] == nil { weights[k] = v }
    }
}

/// Finds and loads profiles: the shipped ones by name, or a user's file by path.
public struct ProfileStore: Sendable {
    /// Folders searched for `NAME.json`, first match wins.
    public let folders: [String]
    /// Where the lexicons named by profiles' `languages` are found.
    public let lexicons: LexiconStore

    public init(folders: [String], lexicons: LexiconStore? = nil) {
        self.folders = folders
        self.lexicons = lexicons ?? LexiconStore(profileFolders: folders)
    }

    /// The shipped-profile folders (`ShippedData.profileFolders`) with their lexicons.
    public static func standard(executable: String? = nil) -> ProfileStore {
        ProfileStore(folders: ShippedData.profileFolders(executable: executable))
    }

    /// Names of the shipped profiles found, sorted.
    public func names() -> [String] { ShippedData.jsonNames(in: folders) }

    /// Loads a profile by name (shipped) or by path (anything with a '/' or ending in .json).
    public func load(_ nameOrPath: String, depth: Int = 0) throws(ToolError) -> Profile {
        guard depth < 8 else { throw ToolError(.usage, code: "bad_profile", "profile '\(nameOrPath)': includes loop") }
        let path: String
        if nameOrPath.contains("/") || nameOrPath.hasSuffix(".json") {
            path = nameOrPath
        } else if let found = folders.map({ "\($0)/\(nameOrPath).json" }).first(where: {
            FileManager.default.fileExists(atPath: $0)
        }) {
            path = found
        } else {
            let known = names()
            throw ToolError(
                .usage, code: "unknown_profile",
                "no profile named '\(nameOrPath)'"
                    + (known.isEmpty
                        ? " (no profile folder found; set PP_PROFILES)"
                        : " (known: \(known.joined(separator: ", ")), or give a file path)"))
        }
        let json = try ShippedData.readJSON(path, kind: "profile")
        return try Profile.decode(
            json, source: path,
            resolve: { (name: String) throws(ToolError) -> Profile in try self.load(name, depth: depth + 1) },
            lexicon: { (language: String) throws(ToolError) -> Lexicon in try self.lexicons.load(language) })
    }

    /// All shipped profiles, loaded.
    public func loadAll() throws(ToolError) -> [Profile] {
        var out: [Profile] = []
        for n in names() { out.append(try load(n)) }
        return out
    }
}
