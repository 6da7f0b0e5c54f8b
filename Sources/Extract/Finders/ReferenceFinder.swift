import Foundation
import Lexicons
import PPShared

/// Payment-reference candidates: RF references anywhere, values before their caption, and the text each
/// reference label introduces (with its payment model and checksum where it has one).
struct ReferenceFinder: FieldFinder {
    let field = Field.reference

    struct Weights: Sendable {
        let rf, label, labelled, model97, model97Bad, modelOther, freeText, sentence, invoiceNumber: Int
        let ocrRepaired, lookalikeCap, rfPayerCap, payerReference, otherLine, noDigits: Int
        /// A national reference whose check digits hold (`ReferenceScheme`); a value after a generic
        /// "Reference" label (the buyer's as often as the payee's).
        let national, generic: Int
        /// The longest text a label's value is taken to.
        let maxLength: Int
        init(_ w: (String) -> Int) {
            rf = w("reference.rf")
            label = w("reference.label")
            labelled = w("reference.labelled")
            model97 = w("reference.model97")
            model97Bad = w("reference.model97_bad")
            modelOther = w("reference.model_other")
            freeText = w("reference.free_text")
            sentence = w("reference.sentence")
            invoiceNumber = w("reference.invoice_number")
            ocrRepaired = w("reference.ocr_repaired")
            lookalikeCap = w("reference.lookalike_cap")
            rfPayerCap = w("reference.rf_payer_cap")
            payerReference = w("reference.payer")
            otherLine = w("reference.other_line")
            noDigits = w("reference.no_digits")
            maxLength = w("reference.max_length")
            national = w("reference.national")
            generic = w("reference.generic")
        }
    }

    let weights: Weights
    init(_ w: (String) -> Int) { weights = Weights(w) }

    static let labelCategories: [LabelCategory] = [
        .reference, .referenceFree, .invoiceNumber, .referencePayer, .referenceBefore, .referenceGeneric,
    ]

    func candidates(in view: DocumentView, found: Findings) -> [Candidate] {
        var out: [Candidate] = []
        let lines = view.lines
        let labels = view.labels
        // Where RF references were found, per line: a labelled value inside one is a piece of it.
        var rfSpans: [Int: [Range<Int>]] = [:]
        let countries = Self.payeeCountries(found)
        out += structuredCommunications(in: view)
        // RF creditor references anywhere.
        for (li, line) in lines.enumerated() {
            let stream = AccountMatches.alnumStream(line.conf != nil ? OCRRepair.latinCodes(line.chars) : line.chars)
            var k = 0
            while k + 4 < stream.count {
                // OCR may read the check digits as letters ("RFB3"); the repair below decides.
                // "T" and "A" for 7 and 4 only as capitals: "rfa" inside a word ("Förfallodag") is no reference.
                func digitish(_ ch: Character) -> Bool {
                    ch.isNumber
                        || (line.conf != nil
                            && (OCRRepair.digitFor[ch] != nil || (ch.isUppercase && OCRRepair.forcedDigitFor[ch] != nil)))
                }
                guard stream[k].0.uppercased() == "R", stream[k + 1].0.uppercased() == "F",
                    stream[k].2 || k == 0 || Self.gluedRFStart(stream, k),
                    digitish(stream[k + 2].0), digitish(stream[k + 3].0)
                else {
                    k += 1
                    continue
                }
                var best: (String, Int)?
                var e = k + 5
                let limit = Self.cellEnd(stream, from: k, line: li, in: view)
                while e <= min(limit, k + 25) {
                    let slice = stream[k..<e]
                    if !zip(slice.dropFirst(), slice).allSatisfy({ $0.1 - $1.1 <= 2 }) { break }
                    let text = String(slice.map(\.0)).uppercased()
                    let endsClean = e == limit || stream[e].2 || Self.gluedEnd(stream, e)
                    if endsClean, Checksums.isValidRF(text) { best = (text, e) }
                    e += 1
                }
                var repaired = false
                if best == nil, line.conf != nil, let fixed = Self.repairedRF(Array(stream[..<limit]), from: k) {
                    best = fixed
                    repaired = true
                }
                if let (text, e) = best {
                    let r = stream[k].1..<(stream[e - 1].1 + 1)
                    let box = line.box(of: r)
                    var c = Candidate(
                        .reference, value: text, display: Checksums.groupedByFour(text), points: weights.rf, page: line.page,
                        box: box, evidence: [.checksum(.rf)], facts: CandidateFacts(scheme: "rf"))
                    if repaired { c.credit(.ocrRepaired, -weights.ocrRepaired) }
                    if let (l, f) = view.nearestLabel(
                        [.reference, .referenceFree, .referencePayer], line: li, range: r, box: box)
                    {
                        if l.category == .referencePayer {
                            c.cap(at: weights.rfPayerCap, because: .payerLabel)
                        } else {
                            c.credit(.labelled(l.category), Scoring.scaled(weights.label, by: f))
                        }
                    }
                    view.applyOCRPenalty(to: &c, line, r, verified: true)
                    out.append(c)
                    rfSpans[li, default: []].append(r)
                    k = e
                } else {
                    k += 1
                }
            }
        }
        // "Please use OS-55812 as your payment reference": the value comes before the label.
        for l in labels where l.category == .referenceBefore {
            var line = lines[l.line]
            var before = String(line.chars[0..<l.range.lowerBound])
            // "Vertrag Nr: 00.123.456.7" over "(Bei Zahlung bitte angeben.)": an instruction that opens its
            // line points at the number on the line above.
            if !before.contains(where: \.isNumber),
                let (above, range) = view.valueAbove(l, accept: { $0.contains(where: \.isNumber) })
            {
                line = lines[above]
                before = String(line.chars[range])
            }
            if let tok = before.split(separator: " ").last(where: { $0.contains(where: \.isNumber) }),
                before.split(separator: " ").suffix(2).contains(tok)
            {
                let t = String(tok).trimmingCharacters(in: CharacterSet(charactersIn: ".,;:()\"'"))
                guard let r0 = before.range(of: t, options: .backwards) else { continue }
                let o = before.distance(from: before.startIndex, to: r0.lowerBound)
                let r = o..<(o + t.count)
                var c = Candidate(
                    .reference, value: t, points: weights.labelled, page: line.page, box: line.box(of: r),
                    evidence: [.labelled(.reference)], facts: CandidateFacts(scheme: "structured"))
                view.applyOCRPenalty(to: &c, line, r, verified: false)
                out.append(c)
            }
        }
        // Labelled references: the text each label introduces.
        for l in labels where Self.labelCategories.contains(l.category) {
            if let quoted = quotedText(after: l, in: view) {
                out.append(quoted)
                continue
            }
            let needsDigit = l.category != .referenceFree
            guard
                let (vli, vr) = Self.valueBefore(l, in: view)
                    ?? view.valueText(after: l, accept: { !needsDigit || $0.contains(where: \.isNumber) })
            else { continue }
            let line = lines[vli]
            if rfSpans[vli]?.contains(where: { $0.overlaps(vr) }) == true { continue }
            var text = Self.joinedComb(
                vli == l.line
                    ? String(line.chars[vr]).trimmingCharacters(in: .whitespaces)
                    : view.rowContinuation(vli, vr))
            guard text.contains(where: \.isNumber) || l.category == .referenceFree else { continue }
            // "Verwendungszweck: Rechnung 4711 vom März": the identifier inside the sentence is what payers type.
            if l.category == .referenceFree, let id = Self.identifierInSentence(text) {
                var whole = Candidate(
                    .reference, value: text, points: weights.freeText, page: line.page, box: line.box(of: vr),
                    evidence: [.labelled(.referenceFree)], facts: CandidateFacts(scheme: "free-text"))
                whole.credit(.sentence, -weights.sentence)
                view.applyOCRPenalty(to: &whole, line, vr, verified: false)
                out.append(whole)
                text = id
            }
            if text.count > weights.maxLength { text = String(text.prefix(weights.maxLength)) }
            // A photographed form: OCR reads the boxes' borders as "|", "[" or "]" between the values.
            if line.conf != nil { text = Self.withoutBoxBorders(text) }
            var model: String?
            var body = text
            // "97 12-345…", "(97) …": a two-digit model in front.
            let parts = text.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
            let head = parts.first.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "()[]")) } ?? ""
            if let (m, b) = Self.countryModel(text, ocr: line.conf != nil) {
                model = m
                body = b
            } else if view.profile.checksums.contains(.model97), parts.count == 2, head.count == 2, head.allSatisfy(\.isNumber),
                parts[1].first?.isNumber ?? false
            {
                model = head
                body = String(parts[1]).trimmingCharacters(in: .whitespaces)
            } else if let m = Self.modelNear(l, in: view) {
                model = m
            }
            if [.invoiceNumber, .reference, .referenceGeneric].contains(l.category) {
                // Identifiers are one token (or a few short groups); cut trailing words.
                // Skip a few words before the identifier ("die Rechnungsnummer 2024-001 an").
                let toks = body.split(separator: " ")
                var keep: [Substring] = []
                let first = toks.prefix(4).firstIndex(where: { $0.contains(where: \.isNumber) }) ?? 0
                // A token of another field's format after it (the BIC, an IBAN) is that field's value.
                for t in toks[first...] {
                    if keep.isEmpty || (t.contains(where: \.isNumber) && keep.count < 4 && !Self.isOtherField(t)) {
                        keep.append(t)
                    } else {
                        break
                    }
                }
                // "везз 8124 7650 6001": the word before the digits is an RF prefix OCR misread when the checksum says so.
                if first > 0, line.conf != nil, model == nil, toks[first - 1].count == 4,
                    Self.misreadRFPrefix(([toks[first - 1]] + keep).joined(separator: " ")) != nil
                {
                    keep.insert(toks[first - 1], at: 0)
                }
                body = keep.joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: ".,;:"))
                // More groups of digits than that are one reference when their check digits say so (a Swiss
                // QR reference's "21 00000 00003 13947 14300 09017").
                let groups = toks[first...].prefix { $0.allSatisfy { $0.isNumber || $0 == "-" } }.joined(separator: " ")
                if groups.count > body.count, Self.nationalScheme(of: groups, countries: countries) != nil { body = groups }
            }
            // After the words the cut dropped: OCR's noise before a slip's model box ("aay | 97 | | 2983…").
            if view.profile.checksums.contains(.model97), l.category == .reference, model == nil || model == "97",
                let rest = Self.gluedModel97(body)
            {
                model = "97"
                body = rest
            }
            if body.isEmpty { continue }
            if Checksums.isValidRF(body) { continue }  // found above
            var prefixRepaired = false
            if line.conf != nil, model == nil, let fixed = Self.misreadRFPrefix(body) {
                body = fixed
                prefixRepaired = true
            }
            // OCR's confidence in the value is that of its own words, not of noise or words after it ("» Uhraďte").
            let valueRange = Self.span(of: body, in: line, within: vr)
            var c = labelledCandidate(
                body, model: model, category: l.category, line: line, range: valueRange, ocr: line.conf != nil,
                countries: countries)
            // A value right of its label on the label's row is on its line, whatever text lines the layer cut.
            if vli != l.line, !view.onRow(of: lines[l.line], right: lines[vli]) {
                c.adjust(-weights.otherLine, .valueOnAnotherLine)
            }
            if prefixRepaired {
                c.display = Checksums.groupedByFour(body)
                c.rebase(weights.rf, because: .checksum(.rf))
                c.credit(.ocrRepaired, -weights.ocrRepaired)
                c.facts.scheme = "rf"
            }
            if Self.failedRF(body) {
                // "RF" and two check digits promise a checksum: one that fails is a misread, not the reference.
                c.cap(at: weights.model97Bad, because: .checksumFailed(.rf))
            }
            if model == nil, l.category != .referenceFree, let what = Self.notAReference(body, in: text) {
                c.cap(at: weights.lookalikeCap, because: .lookalike(what))
            }
            view.applyOCRPenalty(to: &c, line, valueRange, verified: c.evidence.contains(.checksum(.model97)))
            out.append(c)
        }
        return out
    }

    /// An RF reference starting at `k` of an OCR'd line that passes ISO 11649 only after undoing OCR confusions:
    /// the longest run that ends at a separator and repairs to exactly one valid reference.
    static func repairedRF(_ stream: [(Character, Int, Bool)], from k: Int) -> (String, Int)? {
        var end = k + 5
        while end < min(stream.count, k + 25), stream[end].1 - stream[end - 1].1 <= 2 { end += 1 }
        for e in stride(from: end, through: k + 5, by: -1) where e <= stream.count && (e == stream.count || stream[e].2) {
            let text = String(stream[k..<e].map(\.0)).uppercased()
            if let fixed = OCRRepair.rf(text) { return (fixed, e) }
        }
        return nil
    }

    /// A model printed in its own box near a reference label: Serbian two digits, or "HR01"/"SI12".
    /// Slips print one model box per reference (payer's and payee's): the closest caption speaks for this one.
    static func modelNear(_ label: LabelHit, in view: DocumentView) -> String? {
        func distance(_ b: Box) -> Double {
            let dx = (b.x0 + b.x1 - label.box.x0 - label.box.x1) / 2
            let dy = (b.y0 + b.y1 - label.box.y0 - label.box.y1) / 2
            return dx * dx + view.reach.modelRowWeight * dy * dy  // rows weigh more than columns
        }
        let models = view.labels.filter { $0.category == .model && $0.page == label.page }.sorted {
            distance($0.box) < distance($1.box)
        }
        for ml in models {
            guard let (vli, vr) = view.valueText(after: ml) else { continue }
            var t = String(view.lines[vli].chars[vr]).trimmingCharacters(in: .whitespaces)
            // A photographed model box: "[97" or "(97|" is the model read with its frame.
            if view.lines[vli].conf != nil {
                let parens = CharacterSet(charactersIn: "()")
                t = Self.withoutBoxBorders(t).split(separator: " ").map { $0.trimmingCharacters(in: parens) }.joined(
                    separator: " ")
            }
            let first = t.split(separator: " ").first.map(String.init) ?? ""
            if view.profile.checksums.contains(.model97), first.count == 2, first.allSatisfy(\.isNumber) { return first }
            if let (m, _) = Self.countryModel(first + " 0", ocr: view.lines[vli].conf != nil) { return m }
        }
        return nil
    }
}
