import Extract
import Foundation
import PPShared

/// `--lang auto`: which tesseract languages read a page. A first reading uses one small set for the
/// page's script (OSD); pp-extract's lexicons then tell the language from that reading's words, and a page
/// in another language is read again with that language's data. One model reads better than four at once.
public struct AutoLanguages: Sendable {
    /// Installed recognition languages.
    let installed: Set<String>
    /// Ranks languages from words; nil when no lexicon was found (then the first reading is kept).
    let detector: LanguageDetector?
    /// Lexicon language tag → its tesseract codes ("sr" → srp_latn, srp).
    let codes: [String: [String]]
    let notes: MissingPackNotes
    /// Share of the detector's votes the leading language needs before the page is read again, and its
    /// lead over the next one. Neighbours share words (Serbian leads Bosnian about 35 to 25 on a bill).
    var minimumScore = 0.25
    var minimumLead = 1.2

    public init(tessdata: Tessdata, lexicons: [Lexicon], notes: MissingPackNotes) {
        installed = Set(tessdata.languages)
        detector = lexicons.isEmpty ? nil : LanguageDetector(lexicons: lexicons)
        codes = Dictionary(lexicons.map { ($0.language, $0.ocr) }, uniquingKeysWith: { a, _ in a })
        self.notes = notes
    }

    /// The first reading's languages per OSD script. Cyrillic starts with Serbian alone (the profiles' main
    /// Cyrillic language); Bulgarian and Macedonian come from the second pass once their words are seen.
    static let scriptDefaults: [String: String] = ["Latin": "eng", "Cyrillic": "srp", "Greek": "ell"]

    /// Tesseract codes written in a script other than Latin (for picking "srp" or "srp_latn" of Serbian).
    static let codeScripts: [String: String] = [
        "srp": "Cyrillic", "bul": "Cyrillic", "mkd": "Cyrillic", "rus": "Cyrillic", "ukr": "Cyrillic", "bel": "Cyrillic",
        "ell": "Greek",
    ]

    static func script(ofCode code: String) -> String { codeScripts[code] ?? "Latin" }

    /// The first reading's languages for a page in `script` (nil: unknown, read as Latin).
    func firstPass(script: String?, page: String) -> String {
        let wanted = Self.scriptDefaults[script ?? "Latin"] ?? "eng"
        if installed.contains(wanted) { return wanted }
        notes.missing(wanted, why: "\(script ?? "Latin") script on \(page)", fallback: "eng")
        return "eng"
    }

    /// What the first reading's words say: the detected language tag, and the languages to read the page
    /// with again (nil when the first reading stands).
    func secondPass(text: String, script: String?, first: String, page: String) -> (detected: String?, again: String?) {
        guard let detector else { return (nil, nil) }
        let ranked = detector.detect(text: text)
        guard let best = ranked.first, best.score >= minimumScore,
            ranked.count < 2 || best.score >= ranked[1].score * minimumLead
        else { return (nil, nil) }
        let pageScript = script ?? "Latin"
        let wanted = (codes[best.language] ?? []).filter { Self.script(ofCode: $0) == pageScript }
        let used = Set(first.split(separator: "+").map(String.init))
        guard !wanted.isEmpty, !wanted.allSatisfy(used.contains) else { return (best.language, nil) }
        let present = wanted.filter(installed.contains)
        for code in wanted where !installed.contains(code) {
            notes.missing(code, why: "\(best.language) text on \(page)", fallback: first)
        }
        guard !present.isEmpty, !present.allSatisfy(used.contains) else { return (best.language, nil) }
        var again = present
        if installed.contains("eng"), !again.contains("eng") { again.append("eng") }
        return (best.language, again.joined(separator: "+"))
    }
}

/// One note per missing language pack on stderr, naming the Debian package that brings it.
public final class MissingPackNotes: @unchecked Sendable {
    private let lock = NSLock()
    private var named: Set<String> = []
    private let emit: @Sendable (String) -> Void

    public init(emit: @escaping @Sendable (String) -> Void) { self.emit = emit }

    /// Debian's package for a tesseract code: srp_latn → tesseract-ocr-srp-latn.
    public static func package(for code: String) -> String {
        "tesseract-ocr-" + code.lowercased().replacingOccurrences(of: "_", with: "-")
    }

    /// The codes noted so far.
    var noted: Set<String> {
        lock.lock()
        defer { lock.unlock() }
        return named
    }

    func missing(_ code: String, why: String, fallback: String) {
        lock.lock()
        let first = named.insert(code).inserted
        lock.unlock()
        guard first else { return }
        emit(
            "note: \(why) wants tesseract language '\(code)', which is not installed; reading with \(fallback) "
                + "(Debian: apt-get install \(Self.package(for: code)))")
    }
}
