import Foundation
import Lexicons
import PPShared

/// `--lang auto`: which tesseract languages read a page. pp-extract's lexicons tell the language from words
/// read with one small set for the page's script (the page's own text, a sample of its lines, or the whole
/// page); the page is read with that language's data. One model reads better than four at once.
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

    /// The first reading's languages per OSD script. OSD takes some Latin photos (receipts) for Cyrillic or
    /// Greek, so those start with eng beside the script's language and the letters read decide; Cyrillic
    /// starts with Serbian (the profiles' Cyrillic language), Bulgarian and Macedonian come from the words.
    static let scriptDefaults: [String: [String]] = ["Latin": ["eng"], "Cyrillic": ["srp", "eng"], "Greek": ["ell", "eng"]]

    /// The scripts besides Latin that have a first reading of their own.
    static let otherScripts = ["Cyrillic", "Greek"]

    /// Tesseract codes written in a script other than Latin (for picking "srp" or "srp_latn" of Serbian).
    static let codeScripts: [String: String] = [
        "srp": "Cyrillic", "bul": "Cyrillic", "mkd": "Cyrillic", "rus": "Cyrillic", "ukr": "Cyrillic", "bel": "Cyrillic",
        "ell": "Greek",
    ]

    static func script(ofCode code: String) -> String { codeScripts[code] ?? "Latin" }

    /// The first reading's languages for a page in `script` (nil: unknown, read as Latin).
    func firstPass(script: String?, page: String) -> String {
        let wanted = Self.scriptDefaults[script ?? "Latin"] ?? ["eng"]
        return languages(wanted, why: "\(script ?? "Latin") script on \(page)", fallback: "eng") ?? "eng"
    }

    /// The installed ones of `codes` joined by "+"; missing ones are noted; nil when none is installed.
    private func languages(_ codes: [String], why: String, fallback: String) -> String? {
        for code in codes where !installed.contains(code) { notes.missing(code, why: why, fallback: fallback) }
        let present = codes.filter(installed.contains)
        return present.isEmpty ? nil : present.joined(separator: "+")
    }

    /// What the first reading's words say: the detected language tag, and the languages to read the page
    /// with again (nil when the first reading stands). The script is the one most letters read are in.
    func secondPass(text: String, script osdScript: String?, first: String, page: String) -> (detected: String?, again: String?) {
        let script = Self.letterScript(text) ?? osdScript ?? "Latin"
        var wanted: [String] = []
        var detected: String?
        if let detector {
            let ranked = detector.detect(text: text)
            if let best = ranked.first, best.score >= minimumScore,
                ranked.count < 2 || best.score >= ranked[1].score * minimumLead
            {
                detected = best.language
                wanted = (codes[best.language] ?? []).filter { Self.script(ofCode: $0) == script }
            }
        }
        if wanted.isEmpty {
            // No language found: the first reading stands, unless its letters are not in the script OSD
            // saw; then that script's default reads the page.
            guard script != (osdScript ?? "Latin") else { return (detected, nil) }
            wanted = Self.scriptDefaults[script] ?? ["eng"]
        }
        // A Latin-script language's model reads every Latin letter, and alone it reads its pages better and
        // at the cost of one model (with eng beside it each doubtful word is read twice). A page in another
        // script mixes in Latin words (IBAN, e-mail, names) that its model lacks: eng reads those.
        if script != "Latin", !wanted.contains("eng") { wanted.append("eng") }
        let why = "\(detected.map { "'\($0)' text" } ?? "\(script) script") on \(page)"
        guard let again = languages(wanted, why: why, fallback: first),
            Set(again.split(separator: "+")) != Set(first.split(separator: "+"))
        else { return (detected, nil) }
        return (detected, again)
    }

    /// The language the words of `text` lean to most, when they lean to one at all (a lead is not asked).
    private func leadingLanguage(in text: String) -> String? {
        guard let detector, let best = detector.detect(text: text).first, best.score >= minimumScore else { return nil }
        return best.language
    }

    /// Whether the words of `text` tell a language that is written in `script`.
    func tellsLanguage(written script: String, in text: String) -> Bool {
        guard let language = leadingLanguage(in: text) else { return false }
        return (codes[language] ?? []).contains { Self.script(ofCode: $0) == script }
    }

    /// The languages to read a doubtful `text` with in a script other than the one `first` reads, when it
    /// tells a language: that language's codes in another script (Serbian: srp beside srp_latn), else, from
    /// a Latin reading, Serbian Cyrillic (`retryWhenNothingDetected`); with eng for the Latin words among
    /// them. Nil when the text tells no language.
    func otherScript(of text: String, first: String) -> String? {
        guard let language = leadingLanguage(in: text) else { return nil }
        let scripts = Set(first.split(separator: "+").map { Self.script(ofCode: String($0)) })
        let other = (codes[language] ?? []).filter { !scripts.contains(Self.script(ofCode: $0)) }
        guard !other.isEmpty else { return retryWhenNothingDetected(first: first) }
        return languages(other + (other.contains("eng") ? [] : ["eng"]), why: "'\(language)' text", fallback: first)
    }

    /// The installed codes of the language `text` leans to when it is written in the Latin script alone (Czech,
    /// Polish; not Serbian), unless they are `first`'s; nil otherwise. Missing packs are noted as `secondPass` does.
    func latinOnlyLanguages(of text: String, first: String) -> String? {
        guard let language = leadingLanguage(in: text), let own = codes[language], !own.isEmpty,
            own.allSatisfy({ Self.script(ofCode: $0) == "Latin" }),
            let wanted = languages(own, why: "'\(language)' text", fallback: first), wanted != first
        else { return nil }
        return wanted
    }

    /// OSD reads some Cyrillic photos as Latin; an eng reading of them tells no language. Such a page gets
    /// one more reading with Serbian Cyrillic (the profiles' Cyrillic language), kept when tesseract is surer.
    func retryWhenNothingDetected(first: String) -> String? {
        let cyrillicOrGreek = first.split(separator: "+").contains { Self.script(ofCode: String($0)) != "Latin" }
        guard installed.contains("srp"), !cyrillicOrGreek else { return nil }
        return installed.contains("eng") ? "srp+eng" : "srp"
    }

    /// Whether a Latin reading looks like Cyrillic or Greek print read with a Latin model: the small-capital
    /// forms of Cyrillic н, т, м, в, к and of Greek κ, τ, λ come out as H, T, M, B, K, A inside lowercase
    /// words ("OnucaHne", "KonnyecTBO", "KaAxov"), in a sixth to a third of its words; Latin text has few
    /// such words ("getLineTotal", "DataAnalysis"), none in most pages.
    static func looksLikeAnotherScriptReadAsLatin(_ text: String) -> Bool {
        var (words, broken) = (0, 0)
        for word in text.split(whereSeparator: { !$0.isLetter }) where word.count >= LookAlike.shortestWord {
            words += 1
            let letters = Array(word)
            if letters.indices.dropLast().dropFirst().contains(where: {
                letters[$0 - 1].isLowercase && LookAlike.capitals.contains(letters[$0])
            }) {
                broken += 1
            }
        }
        return broken >= LookAlike.fewestWords && Double(broken) >= Double(words) * LookAlike.share
    }

    /// How `looksLikeAnotherScriptReadAsLatin` decides. Over the accuracy sets' OCR readings, Cyrillic and
    /// Greek pages read as Latin had 13–44% such words, Latin pages at most 6%.
    enum LookAlike {
        static let capitals: Set<Character> = ["H", "T", "M", "B", "K", "A"]
        static let shortestWord = 4
        static let fewestWords = 3
        static let share = 0.12
    }

    /// The script (OSD name) most of the letters of `text` are in; nil without letters.
    static func letterScript(_ text: String) -> String? {
        var counts: [String: Int] = [:]
        for u in text.unicodeScalars { if let s = LanguageDetector.script(u) { counts[s, default: 0] += 1 } }
        guard let top = counts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }) else { return nil }
        return ["Latn": "Latin", "Cyrl": "Cyrillic", "Grek": "Greek"][top.key]
    }
}

/// One note per missing language pack on stderr, naming the Debian package that brings it.
public final class MissingPackNotes: @unchecked Sendable {
    private let lock = Lock()
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
