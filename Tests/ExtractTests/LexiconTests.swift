import Foundation
import Lexicons
import PPShared
import Testing

@testable import Extract

let lexiconStore = ProfileStore(folders: [profileFolder]).lexicons

@Suite struct LexiconTests {
    @Test func everyLexiconLoadsWithEveryCategoryFilled() throws {
        let all = try lexiconStore.loadAll()
        #expect(all.count >= 23)
        for lex in all {
            for c in LabelCategory.required { #expect(!(lex.labels[c] ?? []).isEmpty, "\(lex.language): \(c) is empty") }
            for (c, list) in lex.labels {
                #expect(!list.isEmpty, "\(lex.language): \(c) is empty")
            }
            #expect(lex.words.count >= 25, "\(lex.language): too few words")
            #expect(!lex.ocr.isEmpty && !lex.scripts.isEmpty)
        }
    }

    @Test func foldingIsUnicodeBased() {
        #expect(TextFold.fold("Račun PRIMAOCA") == TextFold.fold("рачун примаоца"))
        #expect(TextFold.fold("Плаћања ЉУБАВ џеп") == TextFold.fold("plaćanja LJUBAV džep"))
        #expect(TextFold.fold("Ελληνικά").allSatisfy { $0.isASCII && $0.isLetter })
        #expect(TextFold.fold("ΦΠΑ") == TextFold.fold("φπα"))
        #expect(TextFold.fold("Zahlungsempfänger Straße") == "zahlungsempfanger strasse")
        // Decomposed spelling (e + combining acute) folds like the precomposed one.
        #expect(TextFold.fold("e\u{301}che\u{301}ance") == TextFold.fold("échéance"))
    }

    /// A whole string folds as its characters do one by one (the string is folded scalar by scalar).
    @Test func stringFoldsAsItsCharacters() {
        let texts = [
            "Račun\tPRIMAOCA\r\nЉУБАВ", "e\u{301}che\u{301}ance É\u{327}", "ΦΠΑ Σύνολο ẞ İ ǅ", "1\u{A0}234,50\u{202F}€ l’été",
            "Ａｍｏｕｎｔ ﬁn 𝐀𝟏", "Kelvin \u{212A} Å\u{30A}", "",
        ]
        for text in texts {
            #expect(TextFold.fold(text) == String(text.flatMap { TextFold.fold($0) }), "\(text)")
        }
    }

    @Test func foldMapPointsBackToTheOriginalCharacters() {
        let line = TextLine(page: 1, text: "Σύνολο: Straße ДЉ", box: Box(0, 0, 100, 10), conf: nil, words: [])
        #expect(line.folded.count == line.foldMap.count)
        for (i, f) in line.folded.enumerated() {
            let original = line.chars[line.foldMap[i]]
            #expect(TextFold.fold(original).contains(f))
        }
        // "ß" → "ss" and "Љ" → "lj": two folded characters, one original each.
        let ss = String(line.folded).range(of: "strasse")!
        let start = String(line.folded).distance(from: String(line.folded).startIndex, to: ss.lowerBound)
        #expect(line.foldMap[start + 4] == line.foldMap[start + 5])
    }

    @Test func languagesAreDetectedFromShortTexts() throws {
        let detector = LanguageDetector(lexicons: try lexiconStore.loadAll())
        let texts: [(String, String)] = [
            ("en", "Thank you for your order. The amount due is payable within 14 days of the invoice date."),
            ("de", "Vielen Dank für Ihren Auftrag. Bitte überweisen Sie den Rechnungsbetrag bis zum Fälligkeitsdatum."),
            ("fr", "Merci de votre confiance. Le montant total est à payer avant la date d'échéance de la facture."),
            (
                "nl",
                "Wij verzoeken u het totaal te betalen bedrag binnen 14 dagen over te maken onder vermelding van het kenmerk."
            ),
            ("it", "Vi ringraziamo per l'ordine. L'importo da pagare della fattura è dovuto entro la data di scadenza."),
            ("es", "Gracias por su pedido. El importe total de la factura se debe pagar antes de la fecha de vencimiento."),
            ("pl", "Dziękujemy za zamówienie. Kwota do zapłaty na fakturze jest płatna w terminie płatności."),
            ("cs", "Děkujeme za objednávku. Částka k úhradě je splatná do data splatnosti, uveďte variabilní symbol."),
            ("hu", "Köszönjük a megrendelést. A fizetendő összeg a számla szerint a fizetési határidő napon belül esedékes."),
            (
                "sv",
                "Tack för din beställning. Summa att betala ska vara oss till handa senast på förfallodatum, ange OCR-nummer."
            ),
            ("fi", "Kiitos tilauksesta. Maksettava yhteensä laskun mukaan eräpäivä viimeistään, käytä viitenumeroa."),
            (
                "el",
                "Σας ευχαριστούμε για την παραγγελία. Το πληρωτέο ποσό του τιμολογίου είναι για πληρωμή έως την ημερομηνία λήξης."
            ),
            ("sr", "Рачун за услуге: укупно за уплату по рачуну примаоца, позив на број и рок плаћања."),
            ("bg", "Благодарим за поръчката. Сума за плащане по фактура, срок за плащане и банкова сметка на получателя."),
        ]
        var right = 0
        for (expected, text) in texts {
            let top = detector.detect(text: text).first?.language
            #expect(top == expected, "\(text) → \(top ?? "none")")
            if top == expected { right += 1 }
        }
        #expect(right == texts.count)
    }

    @Test func aShortLabelTakesNoVowelForAnother() {
        // A long label takes one vowel for another (Cases/labels.cases); shorter phrases do not: a vowel
        // swapped in six or seven letters makes another word too often.
        var p = Profile(name: "test", description: "")
        p.labels = [.amountDue: ["betrag"]]
        let read = Array("betrug".unicodeScalars)
        let (sk, pieces) = LabelMatcher.skeleton(read)
        var found = 0
        LabelMatcher(p).tolerant(read, skeleton: sk, pieces: pieces) { _, _ in found += 1 }
        #expect(found == 0)
    }

    @Test func unknownProfileKeysAndCategoriesAreRefused() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pp-lexicon-tests-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = dir.appendingPathComponent("bad.json")
        try #"{"name": "bad", "include": ["sepa"], "lables": {}}"#.write(to: bad, atomically: true, encoding: .utf8)
        let store = ProfileStore(folders: [profileFolder])
        #expect {
            try store.load(bad.path)
        } throws: { error in
            let e = error as? ToolError
            return e?.code == "bad_profile" && e!.message.contains("\"lables\"") && e!.message.contains("bad.json")
        }
        try #"{"name": "bad", "labels": {"amount_dew": ["x"]}}"#.write(to: bad, atomically: true, encoding: .utf8)
        #expect { try store.load(bad.path) } throws: { ($0 as? ToolError)?.message.contains("amount_dew") == true }
        // Account formats and checksums are words the tool knows: a misspelt one is an error, not a no-op.
        for (key, word) in [("account_formats", "rs-domestik"), ("checksums", "modell97")] {
            try #"{"name": "bad", "\#(key)": ["\#(word)"]}"#.write(to: bad, atomically: true, encoding: .utf8)
            #expect { try store.load(bad.path) } throws: { ($0 as? ToolError)?.message.contains(word) == true }
        }
        let lex = try JSON.parse(#"{"language": "xx", "labels": {"amount_dew": ["x"]}}"#)
        #expect { try Lexicon.decode(lex, source: "xx.json") } throws: {
            ($0 as? ToolError)?.message.contains("amount_dew") == true
        }
    }

    @Test func profilesGetTheirLanguagesPhrasesAndOCRCodes() throws {
        let rs = try profile("rs")
        #expect(rs.labels[.amountDue]?.contains("ukupno za uplatu") == true)
        #expect(rs.labels[.paymentCode]?.contains("sifra placanja") == true)
        #expect(lexiconStore.ocrLanguages(for: ["sr-Latn", "en"]) == ["srp_latn", "srp", "eng"])
    }
}
