import Foundation
import Lexicons
import PPShared
import PixImage
import Testing

@testable import OCR

/// `--lang auto` on the samples' photos with the real tesseract: the script's language first, the detected
/// language's data second, --lang as given when named, and a quiet fallback when a pack is missing.
@Suite("--lang auto")
struct AutoLanguageTests {
    /// Collects the notes pp-ocr would write on stderr.
    final class NoteLog: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        var all: [String] {
            lock.lock()
            defer { lock.unlock() }
            return lines
        }
        func add(_ line: String) {
            lock.lock()
            lines.append(line)
            lock.unlock()
        }
    }

    static func lexicons() throws -> [Lexicon] {
        try LexiconStore(folders: [Fixture.path("Sources/Extract/Lexicons")]).loadAll()
    }

    /// Options for --lang auto; `without` hides installed languages, as if their packs were missing.
    static func auto(without missing: Set<String> = [], log: NoteLog = NoteLog()) throws -> OCROptions {
        let real = try Tessdata.locate()
        let tessdata = Tessdata(
            directory: real.directory, languages: real.languages.filter { !missing.contains($0) }, hasOSD: real.hasOSD)
        var options = OCROptions(tessdata: tessdata)
        options.languages = "auto"
        options.auto = AutoLanguages(tessdata: tessdata, lexicons: try lexicons(), notes: MissingPackNotes { log.add($0) })
        return options
    }

    static func read(_ photo: String, _ options: OCROptions) -> [String: JSON] {
        let out = PageOCR(options: options).process(Fixture.page(Fixture.path("samples/photos/\(photo)")))
        return out["ocr"]?.objectValue ?? [:]
    }

    @Test func englishPageIsReadOnceWithEnglish() throws {
        let ocr = Self.read("en-gb-supplies.jpg", try Self.auto())
        #expect(ocr["lang"] == "eng")
        #expect(ocr["detected"] == "en")
        #expect(ocr["script"] == "Latin")
        #expect(ocr["first_pass"] == nil)
        #expect(ocr["read_again"] == false)
    }

    @Test func germanPageIsReadOnceInGermanFromASample() throws {
        // A few of its lines read first tell German: the page is read once, with German alone.
        let ocr = Self.read("de-hosting-rechnung.png", try Self.auto())
        #expect(ocr["lang"] == "deu")
        #expect(ocr["detected"] == "de")
        #expect(ocr["detected_from"] == "sample")
        #expect(ocr["read_again"] == false)
        #expect(ocr["first_pass"] == nil)
        // OSD was not needed: the sample's confident Latin words told the script.
        #expect(ocr["script_conf"] == nil)
    }

    /// pp-ocr --force on a page that has text already: its words choose the reading's language.
    static func readWithTextLayer(_ photo: String, _ text: String) throws -> [String: JSON] {
        var options = try Self.auto()
        options.force = true
        let record = Fixture.page(
            Fixture.path("samples/photos/\(photo)"), extra: ["text_source": "pdf", "lines": [["text": .string(text)]]])
        return PageOCR(options: options).process(record)["ocr"]?.objectValue ?? [:]
    }

    @Test func aTextLayerTellsTheLanguageWithoutASample() throws {
        let ocr = try Self.readWithTextLayer(
            "de-hosting-rechnung.png", "Bitte überweisen Sie den Rechnungsbetrag bis zum Fälligkeitsdatum auf unser Konto.")
        #expect(ocr["lang"] == "deu")
        #expect(ocr["detected"] == "de")
        #expect(ocr["detected_from"] == "text_layer")
        #expect(ocr["read_again"] == false)
    }

    @Test func aReadingThatShowsAnotherLanguageIsReadAgainInIt() throws {
        // A German text layer on an English page: the reading in German shows English words, so the page
        // is read again in English, and that reading is kept.
        let ocr = try Self.readWithTextLayer(
            "en-gb-supplies.jpg", "Bitte überweisen Sie den Rechnungsbetrag bis zum Fälligkeitsdatum auf unser Konto.")
        #expect(ocr["first_pass"] == "deu")
        #expect(ocr["lang"] == "eng")
        #expect(ocr["detected"] == "en")
        #expect(ocr["detected_from"] == "reading")
        #expect(ocr["read_again"] == true)
    }

    @Test func serbianPagesGetSerbianInTheirScript() throws {
        let latin = Self.read("rs-struja-latin.jpg", try Self.auto())
        #expect(latin["lang"] == "srp_latn")
        #expect(latin["detected"] == "sr")
        let cyrillic = Self.read("rs-vodovod-cyr.jpg", try Self.auto())
        #expect(cyrillic["script"] == "Cyrillic")
        #expect(cyrillic["lang"] == "srp+eng")
        #expect(cyrillic["detected"] == "sr")
    }

    @Test func aCyrillicPageReadAsLatinWordsOfAnotherLanguageIsReadInCyrillic() throws {
        // A Hungarian text layer on a Serbian Cyrillic photo: the hun reading gives Latin-looking words
        // with Cyrillic's small capitals inside ("JlyHran"), which may tell a language of their own; the
        // page is read again in Cyrillic, and that reading is kept.
        let ocr = try Self.readWithTextLayer(
            "rs-vodovod-cyr.jpg", "Kérjük, a számla összegét a fizetési határidőig utalja át a bankszámlánkra.")
        #expect(ocr["first_pass"] == "hun")
        #expect(ocr["lang"] == "srp+eng")
        #expect(ocr["detected"] == "sr")
        #expect(ocr["script"] == "Cyrillic")
    }

    /// A Greek photo OSD takes for Cyrillic (Tests/Fixtures/stamps/make_stamps.py): read with Serbian, its words
    /// come out as Latin garbage of no language; of samples read in each script the Greek one tells Greek, so
    /// Greek reads the page (eng did before, into Latin garbage again).
    @Test func aGreekPageOSDTakesForCyrillicIsReadInGreek() throws {
        let photo = Fixture.path("Tests/Fixtures/stamps/stamp-photo-greek.jpg")
        let ocr = PageOCR(options: try Self.auto()).process(Fixture.page(photo))["ocr"]?.objectValue ?? [:]
        #expect(ocr["first_pass"] == "srp+eng")
        #expect(ocr["lang"] == "ell+eng")
        #expect(ocr["detected"] == "el")
        #expect(ocr["script"] == "Greek")
    }

    @Test(arguments: [
        ("Hopopa Warep EOON Nonyyaren Ha bakrypara OnucaHne KonnyecTBO CmerTka MexnyHHa cyMa", true),
        ("OcTaBa TeneuoM d.o.o. Ynvua BvanuH 43 HoBu Can Tekyhu pauyHw HuHa KoBau", true),
        ("O66c KaAxov 89 AeaAxov Tpade tiypoaAoytov AptOndc neAatn TlapayyeAta XovoAo", true),
        ("Rechnung ZUGFeRD MwSt GmbH Gesamtbetrag getLineTotal Bankverbindung Zahlungsziel", false),
        ("McDonald McChicken TakeOut Total Cash Change Thank you", false),
        ("Faktura VAT Sprzedawca Nabywca Do zapłaty razem", false),
        // A Bulgarian photo's sample read with slv, which tells Slovenian (`latinOnlySample` then tries Cyrillic),
        // and a Czech one read with ces.
        ("Konu4ecrgo 2 EAWHwYHa ueHa 473,05 CyMa 946,10 BaHKoBa KonuuecTBo 2 EAWHWYHA UeHa 419,49 VHcypaHue", true),
        ("Vltavská energie s.r.o. Číslo IČO 27184412, DIČ CZ27184412 Datum vystavení", false),
    ])
    func anotherScriptReadAsLatinShowsInItsCapitals(text: String, looksCyrillic: Bool) {
        #expect(AutoLanguages.looksLikeAnotherScriptReadAsLatin(text) == looksCyrillic)
    }

    @Test func anUpsideDownPageThatReadsAsNoLanguageIsTurned() throws {
        // Without --rotate-pages: the first reading of an upside-down photo tells no language, so the page is
        // read again turned as OSD suggests, and that reading is kept.
        let folder = try Fixture.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try PixImage.read(path: Fixture.path("samples/photos/de-hosting-rechnung.png"), frame: nil)
        let upsideDown = folder.appendingPathComponent("upside-down.png").path
        #expect(original.rotatedClockwise(quarterTurns: 2).write(path: upsideDown))
        let out = PageOCR(options: try Self.auto()).process(Fixture.page(upsideDown))
        #expect(out["ocr"]?["rotation"] == 180, "\(out["ocr"] ?? .null)")
        #expect(out["ocr"]?["detected"] == "de")
        #expect(Fixture.text(out).contains("Rechnung"))
    }

    @Test func aDoubtfulReadingIsTriedTurned() {
        // An upside-down photo read as garbage may still "detect" a language; its low confidence tells.
        #expect(PageOCR.worthTurning(detected: .some(nil), meanConf: 90))
        #expect(PageOCR.worthTurning(detected: "pl", meanConf: 52))
        #expect(!PageOCR.worthTurning(detected: "de", meanConf: 85))
    }

    @Test func namedLanguagesAreUsedAsGiven() throws {
        let ocr = Self.read("de-hosting-rechnung.png", try Fixture.options("deu+eng"))
        #expect(ocr["lang"] == "deu+eng")
        #expect(ocr["detected"] == nil && ocr["script"] == nil && ocr["first_pass"] == nil)
        #expect(ocr["detected_from"] == nil && ocr["read_again"] == nil)
    }

    @Test func missingPackFallsBackWithOneNote() throws {
        let log = NoteLog()
        let options = try Self.auto(without: ["deu"], log: log)
        for _ in 0..<2 {
            let ocr = Self.read("de-hosting-rechnung.png", options)
            #expect(ocr["lang"] == "eng")
            #expect(ocr["detected"] == "de")
        }
        #expect(log.all.count == 1)
        #expect(log.all.first?.contains("tesseract-ocr-deu") == true)
    }

    // The choice itself, without OCR.

    @Test func aDoubtfulLatinSampleThatTellsALanguageIsTriedInTheOtherScript() throws {
        let notes = MissingPackNotes { _ in }
        let tessdata = Tessdata(directory: "/", languages: ["eng", "pol", "srp", "srp_latn"], hasOSD: true)
        let auto = AutoLanguages(tessdata: tessdata, lexicons: try Self.lexicons(), notes: notes)
        // Serbian Cyrillic read with eng ("Рачун примаоца" as "PauyH npumaoua"): Serbian words among
        // garbage, so Serbian's other script; a Serbian Latin reading, the Cyrillic one.
        let serbian = "Tekući računi: 170-0000828752766-29 PauyH npumaoua Iznos za uplatu: 285.888,80 RSD poziv na broj"
        #expect(auto.otherScript(of: serbian, first: "eng") == "srp+eng")
        #expect(auto.otherScript(of: serbian, first: "srp_latn") == "srp+eng")
        // A language of the Latin script only (Polish, from Latin-looking garbage) leads to Serbian Cyrillic,
        // the profiles' Cyrillic language; from a Cyrillic reading, to nothing.
        let polish = "Faktura VAT nr 2026/04 Sprzedawca: Nabywca: Do zapłaty razem: 1 234,00 zł słownie: termin płatności"
        #expect(auto.otherScript(of: polish, first: "eng") == "srp+eng")
        #expect(auto.otherScript(of: polish, first: "srp+eng") == nil)
        // Words that tell no language lead nowhere.
        #expect(auto.otherScript(of: "xq zzv 0001 kkk", first: "eng") == nil)
        // Polish, of the Latin script alone, reads the sample with its own model before Cyrillic is tried;
        // Serbian, of two scripts, goes to its other script straight away.
        #expect(auto.latinOnlyLanguages(of: polish, first: "eng") == "pol")
        #expect(auto.latinOnlyLanguages(of: polish, first: "pol") == nil)
        #expect(auto.latinOnlyLanguages(of: serbian, first: "eng") == nil)
        #expect(auto.latinOnlyLanguages(of: "xq zzv 0001 kkk", first: "eng") == nil)
    }

    @Test func secondPassFollowsTheWordsAndTheirLetters() throws {
        let notes = MissingPackNotes { _ in }
        let tessdata = Tessdata(directory: "/", languages: ["eng", "fra", "srp", "srp_latn", "bul"], hasOSD: true)
        let auto = AutoLanguages(tessdata: tessdata, lexicons: try Self.lexicons(), notes: notes)
        let french = "Facture n° 2026-17. Montant à payer avant le 15 mars, merci de votre confiance. Le total de la facture"
        // A Latin-script language is read alone: its model has every Latin letter.
        #expect(auto.secondPass(text: french, script: "Latin", first: "eng", page: "p").again == "fra")
        let english = "Thank you for your order. The total amount is due on receipt of this invoice and payable to"
        #expect(auto.secondPass(text: english, script: "Latin", first: "eng", page: "p").again == nil)
        // OSD said Cyrillic, but eng read Latin English words: read again with eng alone.
        #expect(auto.secondPass(text: english, script: "Cyrillic", first: "srp+eng", page: "p").again == "eng")
        #expect(auto.firstPass(script: "Cyrillic", page: "p") == "srp+eng")
        #expect(auto.firstPass(script: "Han", page: "p") == "eng")
    }

    @Test func osdIsMadeOncePerPage() throws {
        var osd = PageOSD()
        var made = 0
        for _ in 0..<3 {
            _ = try osd.get { () throws(ToolError) -> PageOrientation? in
                made += 1
                return nil
            }
        }
        // Found nothing is an answer too: the page does not pay for OSD again.
        #expect(made == 1 && osd.done && osd.result == nil)
        var given = PageOSD(found: PageOrientation(clockwiseTurn: 90, confidence: 5, script: "Latin", scriptConfidence: 1))
        _ = try given.get { () throws(ToolError) -> PageOrientation? in
            made += 1
            return nil
        }
        #expect(made == 1 && given.result?.clockwiseTurn == 90)
    }

    @Test func debianPackageNames() {
        #expect(MissingPackNotes.package(for: "fra") == "tesseract-ocr-fra")
        #expect(MissingPackNotes.package(for: "srp_latn") == "tesseract-ocr-srp-latn")
    }
}
