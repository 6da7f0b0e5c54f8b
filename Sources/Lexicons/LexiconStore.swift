import Foundation
import PPShared

/// Finds and loads lexicons: `Lexicons` beside a profile folder (`lexicons` in an installed share/pp).
public struct LexiconStore: Sendable {
    public let folders: [String]
    public init(folders: [String]) { self.folders = folders }

    /// The lexicons of pp's shipped data: beside the standard profile folders (`ShippedData.profileFolders`).
    public static func standard() -> LexiconStore { LexiconStore(profileFolders: ShippedData.profileFolders()) }

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
    public func path(for language: String) -> String? {
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
