import CTesseract
import PPShared
import PixImage
import Records

/// Tesseract's orientation and script detection (OSD) of one page, made on first need and kept, found
/// or not: it costs about half a reading, and a page never pays for it twice.
struct PageOSD {
    private(set) var result: PageOrientation?
    private(set) var done: Bool

    /// Not made yet.
    init() { done = false }

    /// Made already (with --rotate-pages, or for a page turned as it suggested).
    init(found: PageOrientation?) {
        result = found
        done = true
    }

    mutating func get(_ detect: () throws(ToolError) -> PageOrientation?) throws(ToolError) -> PageOrientation? {
        if !done {
            result = try detect()
            done = true
        }
        return result
    }
}

extension PageOCR {
    /// `--lang auto`: the page's languages from what is cheap first — its own text, else a sample of its
    /// lines read with its script's first languages — then one reading with them. The page is read a second
    /// time only when that reading's words tell another language (or, telling none, are not in the script
    /// OSD saw); OSD runs only when the cheap evidence tells nothing. What was chosen, and from what, goes
    /// into `ocr` (lang, script, detected, detected_from, read_again, first_pass).
    func readAuto(
        _ pix: PixImage, auto: AutoLanguages, dpi: Int, osd: inout PageOSD, textLayer: String?, deadline: UInt64?,
        what: String, ocr: inout OCRReading
    ) throws(ToolError) -> RecognizedPage {
        var script = osd.result?.script
        var languages = auto.firstPass(script: script, page: what)
        var evidence: (text: String, from: OCRReading.LanguageEvidence, confident: Bool)?
        if let textLayer, !textLayer.isEmpty {
            evidence = (textLayer, .textLayer, true)
        } else if let sample = TextSample(page: pix, dpi: dpi) {
            var read = try readSample(
                sample, with: languages, auto: auto, script: script, dpi: dpi, deadline: deadline, what: what)
            // Cyrillic print read with a Latin model comes out as Latin-looking words ("PauyH" for "Рачун")
            // that may even tell a language (Serbian, or Polish): a doubtful sample that tells one is read
            // again in its language's other script, else in Cyrillic, and that reading decides when its
            // letters are in the other script and tesseract is sure of them, and surer than before. A language
            // of the Latin script alone (Czech: eng loses its letters' marks) reads the sample first, and when
            // that reading tells it outright no other script is tried.
            if read.meanConf < Self.confidentSample, let other = auto.otherScript(of: read.text, first: languages) {
                let own = try latinOnlySample(
                    sample, told: read, auto: auto, first: languages, script: script, dpi: dpi, deadline: deadline,
                    what: what)
                if let own {
                    (read, languages) = (own.read, own.languages)
                } else {
                    let again = try readSample(
                        sample, with: other, auto: auto, script: script, dpi: dpi, deadline: deadline, what: what)
                    let letters = AutoLanguages.letterScript(again.text)
                    if letters != AutoLanguages.letterScript(read.text), again.meanConf >= Self.confidentSample,
                        again.meanConf >= read.meanConf + Self.surerSample
                    {
                        (read, languages) = (again, other)
                    }
                }
            }
            evidence = (read.text, .sample, read.meanConf >= Self.confidentSample)
        }
        var detected: (language: String, from: OCRReading.LanguageEvidence)?
        if let evidence {
            let choice = auto.secondPass(text: evidence.text, script: script, first: languages, page: what)
            if let language = choice.detected { detected = (language, evidence.from) }
            if let again = choice.again { languages = again }
            // Words read with confidence tell their script even when they tell no language (a receipt).
            if script == nil, evidence.confident || choice.detected != nil || choice.again != nil {
                script = AutoLanguages.letterScript(evidence.text)
            }
        }
        if script == nil {
            // Nothing cheap told the script (no sample, or one read as garbage: another script, or a page
            // lying turned): OSD tells it, and its languages read the page first.
            let found = try osd.get { () throws(ToolError) in try detectScript(pix, dpi: dpi, notes: auto.notes) }
            script = found?.script
            languages = auto.firstPass(script: script, page: what)
        }
        if osd.done {
            ocr.script = .some(osd.result?.script)
            if let found = osd.result { ocr.scriptConfidence = found.scriptConfidence }
        } else {
            ocr.script = .some(script)
        }

        // Our reference stays for a possible second reading; tesseract copies the image either way.
        let firstPage = try recognize(pix, with: languages, dpi: dpi, deadline: deadline, what: what)
        let check = auto.secondPass(text: firstPage.text, script: script, first: languages, page: what)
        if let language = check.detected, language != detected?.language { detected = (language, .reading) }
        var kept = (page: firstPage, languages: languages)
        // Words of no language, or Latin words with the look of another script read as Latin ("OnucaHne",
        // which may even tell Hungarian or Dutch): read in the script a sample reads best in (else
        // Cyrillic), kept when tesseract is surer; when those words tell a language of their own
        // (Bulgarian), its model reads the page once more.
        let readAsLatin = languages.split(separator: "+").allSatisfy { AutoLanguages.script(ofCode: String($0)) == "Latin" }
        let lookAlike = readAsLatin && AutoLanguages.looksLikeAnotherScriptReadAsLatin(firstPage.text)
        var retried = false
        if check.again == nil && detected == nil || lookAlike,
            let other = try otherScriptReading(
                pix, auto: auto, lookAlike: lookAlike, first: languages, dpi: dpi, deadline: deadline, what: what)
        {
            let retry = try recognize(pix, with: other, dpi: dpi, deadline: deadline, what: what)
            if retry.meanConf > firstPage.meanConf {
                let choice = auto.secondPass(text: retry.text, script: script, first: other, page: what)
                kept = (retry, other)
                if let again = choice.again {
                    kept = (try recognize(pix, with: again, dpi: dpi, deadline: deadline, what: what), again)
                }
                detected = choice.detected.map { ($0, .reading) }
                ocr.script = .some(AutoLanguages.letterScript(kept.page.text))
                retried = true
            }
        }
        if !retried, let again = check.again {
            let chosen = try sampledScript(
                instead: again, told: check.detected ?? detected?.language, pix, auto: auto, first: languages, dpi: dpi,
                deadline: deadline, what: what)
            kept = (try recognize(pix, with: chosen, dpi: dpi, deadline: deadline, what: what), chosen)
            if chosen != again {
                // The script is the one of the words that told the language, as on the look-alike path above.
                ocr.script = .some(AutoLanguages.letterScript(kept.page.text))
                if let language = auto.secondPass(text: kept.page.text, script: nil, first: chosen, page: what).detected {
                    detected = (language, .reading)
                }
            }
        }
        ocr.detected = .some(detected?.language)
        ocr.detectedFrom = .some(detected?.from)
        ocr.lang = kept.languages
        let readAgain = kept.languages != languages
        ocr.readAgain = readAgain
        if readAgain { ocr.firstPass = languages }
        return kept.page
    }

    /// The languages of a reading in another script than `first`'s: for a reading with the look of one
    /// (Greek read as Latin looks much like Cyrillic read as Latin, and OSD calls some Greek photos Latin),
    /// those of the script whose model reads a sample of the page's lines into words of one of its
    /// languages (else the surer one); otherwise Serbian Cyrillic.
    func otherScriptReading(
        _ pix: PixImage, auto: AutoLanguages, lookAlike: Bool, first: String, dpi: Int, deadline: UInt64?, what: String
    ) throws(ToolError) -> String? {
        if lookAlike, let sample = TextSample(page: pix, dpi: dpi),
            let best = try scriptBySample(
                sample, scripts: AutoLanguages.otherScripts, auto: auto, first: first, dpi: dpi, deadline: deadline,
                what: what)
        {
            return best.languages
        }
        return auto.retryWhenNothingDetected(first: first)
    }

    /// The languages to read a page again with instead of `again`, the default of the script its letters are in
    /// when they tell no language (`told` nil): Greek print OSD took for Cyrillic, read with Serbian, comes out as
    /// Latin garbage. The script whose model reads a sample of the page into words of one of its languages reads
    /// it, rather than the script the letters look like; `again` when no script's sample tells a language.
    func sampledScript(
        instead again: String, told: String?, _ pix: PixImage, auto: AutoLanguages, first: String, dpi: Int,
        deadline: UInt64?, what: String
    ) throws(ToolError) -> String {
        guard told == nil, let sample = TextSample(page: pix, dpi: dpi) else { return again }
        let best = try scriptBySample(
            sample, scripts: ["Latin"] + AutoLanguages.otherScripts, auto: auto, first: first, dpi: dpi, deadline: deadline,
            what: what)
        guard let best, best.tells else { return again }
        return best.languages
    }

    /// Of `scripts`, the first languages of the one whose model reads `sample` into words of one of its
    /// languages, else the one read surest (a model of the wrong script reads some words surely, as garbage);
    /// `first`'s own languages are not tried again. Nil when none is installed.
    func scriptBySample(
        _ sample: TextSample, scripts: [String], auto: AutoLanguages, first: String, dpi: Int, deadline: UInt64?,
        what: String
    ) throws(ToolError) -> (languages: String, tells: Bool)? {
        var best: (languages: String, tells: Bool, meanConf: Int)?
        for script in scripts {
            let languages = auto.firstPass(script: script, page: what)
            guard languages != first,
                languages.split(separator: "+").contains(where: { AutoLanguages.script(ofCode: String($0)) == script })
            else { continue }
            let read = try readSample(
                sample, with: languages, auto: auto, script: script, dpi: dpi, deadline: deadline, what: what)
            let tells = auto.tellsLanguage(written: script, in: read.text)
            if best.map({ ($0.tells ? 1 : 0, $0.meanConf) < (tells ? 1 : 0, read.meanConf) }) ?? true {
                best = (languages, tells, read.meanConf)
            }
        }
        return best.map { ($0.languages, $0.tells) }
    }

    /// The sample read with the language of the Latin script alone that `told` (a doubtful sample's words, read
    /// with `first`) leans to, when that reading is as sure as the first and its words tell the language outright
    /// (with `secondPass`'s lead): that language's own model reads its words with their marks, which Cyrillic
    /// print read as Latin garbage lacks. Nil otherwise. Its engine reads the page next, while the Cyrillic try
    /// it saves costs an engine of two models (srp+eng) and a reading, which on the samples' photos and the
    /// OCR bench's scans never won (a Czech scan's eng sample at 69, ces 70, srp+eng 69 in Latin letters).
    func latinOnlySample(
        _ sample: TextSample, told: (text: String, meanConf: Int), auto: AutoLanguages, first: String, script: String?,
        dpi: Int, deadline: UInt64?, what: String
    ) throws(ToolError) -> (read: (text: String, meanConf: Int), languages: String)? {
        guard let own = auto.latinOnlyLanguages(of: told.text, first: first) else { return nil }
        let read = try readSample(sample, with: own, auto: auto, script: script, dpi: dpi, deadline: deadline, what: what)
        let choice = auto.secondPass(text: read.text, script: script, first: own, page: what)
        // Cyrillic print read with a Latin-only model may tell it too (a Bulgarian photo's words read as Slovenian
        // at 54 against eng's 52), but keeps the look of Cyrillic read as Latin ("KonuuecTBo"): Cyrillic is tried.
        guard read.meanConf >= told.meanConf, choice.detected != nil, choice.again == nil,
            !AutoLanguages.looksLikeAnotherScriptReadAsLatin(read.text)
        else { return nil }
        return (read, own)
    }

    /// A sample of the page's lines read with `languages` (PSM 6, one block), and the next one beside it
    /// while the words read so far tell no language: the text, and the mean confidence of its words.
    func readSample(
        _ lines: TextSample, with languages: String, auto: AutoLanguages, script: String?, dpi: Int, deadline: UInt64?,
        what: String
    ) throws(ToolError) -> (text: String, meanConf: Int) {
        var lines = lines
        var (text, confidence, words) = ("", 0, 0)
        for size in TextSample.Tuning.words {
            guard let sample = lines.next(words: size) else { break }
            let read = try recognize(
                sample.image, with: languages, dpi: dpi, deadline: deadline, what: what, mode: PSM_SINGLE_BLOCK,
                sample: true)
            let count = read.lines.reduce(0) { $0 + $1.words.count }
            text += (text.isEmpty ? "" : "\n") + read.text
            confidence += read.meanConf * count
            words += count
            let choice = auto.secondPass(text: text, script: script, first: languages, page: what)
            if choice.detected != nil || choice.again != nil { break }
        }
        return (text, words == 0 ? 0 : confidence / words)
    }

    /// A sample whose words tell no language but are read this surely is Latin text (a receipt's
    /// words are not in the lexicons); below, it may be another script read as Latin, or a page lying turned.
    static let confidentSample = 75
    /// A sample read in another script wins by this many points of mean word confidence.
    static let surerSample = 5

    /// The words a page record brings already (a PDF text layer, an earlier OCR), one line each; nil
    /// when it has none (a scan, a photo).
    static func textLayer(of record: PageRecord) -> String? {
        guard let source = record.textSource?.member ?? record.unread(\.textSource), !source.isNull,
            let lines = record.lines?.arrayValue
        else { return nil }
        let text = lines.compactMap { $0["text"]?.stringValue }.joined(separator: "\n")
        return text.isEmpty ? nil : text
    }
}

extension RecognizedPage {
    /// The lines' text, one per line.
    var text: String { lines.map(\.text).joined(separator: "\n") }
}
