import Foundation
import PPShared

/// Payment-reference candidates: RF references, models and labelled identifiers.
extension Extractor {
    func findReferences(_ lines: [TextLine], _ labels: [LabelHit]) -> [Candidate] {
        var out: [Candidate] = []
        // Where RF references were found, per line: a labelled value inside one is a piece of it.
        var rfSpans: [Int: [Range<Int>]] = [:]
        // RF creditor references anywhere.
        for (li, line) in lines.enumerated() {
            let stream = alnumStream(line.conf != nil ? OCRRepair.latinCodes(line.chars) : line.chars)
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
                while e <= min(stream.count, k + 25) {
                    let slice = stream[k..<e]
                    if !zip(slice.dropFirst(), slice).allSatisfy({ $0.1 - $1.1 <= 2 }) { break }
                    let text = String(slice.map(\.0)).uppercased()
                    let endsClean = e == stream.count || stream[e].2 || Self.gluedEnd(stream, e)
                    if endsClean, Checksums.isValidRF(text) { best = (text, e) }
                    e += 1
                }
                var repaired = false
                if best == nil, line.conf != nil, let fixed = repairedRF(stream, from: k) {
                    best = fixed
                    repaired = true
                }
                if let (text, e) = best {
                    let r = stream[k].1..<(stream[e - 1].1 + 1)
                    let box = line.box(of: r)
                    var c = Candidate(
                        field: "reference", value: text, display: Checksums.groupedByFour(text), score: w("reference.rf"),
                        page: line.page, box: box, evidence: ["rf-checksum"])
                    c.extra["kind"] = "rf"
                    if repaired {
                        c.score -= w("reference.ocr_repaired")
                        c.evidence.append("ocr-repaired")
                    }
                    if let (l, f) = nearestLabel(
                        labels, categories: ["reference", "reference_free", "reference_payer"], line: li, range: r, box: box,
                        lines: lines)
                    {
                        if l.category == "reference_payer" {
                            c.score = min(c.score, 400)
                            c.evidence.append("payer-label")
                        } else {
                            c.score += Scoring.scaled(w("reference.label"), by: f)
                            c.evidence.append("label:\(l.category)")
                        }
                    }
                    applyOCRPenalty(to: &c, line, r, verified: true)
                    out.append(c)
                    rfSpans[li, default: []].append(r)
                    k = e
                } else {
                    k += 1
                }
            }
        }
        // "Please use OS-55812 as your payment reference": the value comes before the label.
        for l in labels where l.category == "reference_before" {
            var line = lines[l.line]
            var before = String(line.chars[0..<l.range.lowerBound])
            // "Vertrag Nr: 00.123.456.7" over "(Bei Zahlung bitte angeben.)": an instruction that opens its
            // line points at the number on the line above.
            if !before.contains(where: \.isNumber),
                let (above, range) = valueAbove(l, labels: labels, lines: lines, accept: { $0.contains(where: \.isNumber) })
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
                    field: "reference", value: t, display: t, score: w("reference.labelled"), page: line.page,
                    box: line.box(of: r), evidence: ["label:reference"])
                c.extra["kind"] = "structured"
                applyOCRPenalty(to: &c, line, r, verified: false)
                out.append(c)
            }
        }
        // Labelled references: the text each label introduces.
        for l in labels
        where ["reference", "reference_free", "invoice_number", "reference_payer", "reference_before"].contains(l.category) {
            let needsDigit = l.category != "reference_free"
            guard
                let (vli, vr) = valueBefore(l, lines: lines)
                    ?? valueText(
                        after: l, labels: labels, lines: lines, accept: { !needsDigit || $0.contains(where: \.isNumber) })
            else { continue }
            let line = lines[vli]
            if rfSpans[vli]?.contains(where: { $0.overlaps(vr) }) == true { continue }
            var text = Self.joinedComb(
                vli == l.line
                    ? String(line.chars[vr]).trimmingCharacters(in: .whitespaces)
                    : rowContinuation(vli, vr, lines: lines, labels: labels))
            guard text.contains(where: \.isNumber) || l.category == "reference_free" else { continue }
            // "Verwendungszweck: Rechnung 4711 vom März": the identifier inside the sentence is what payers type.
            if l.category == "reference_free", let id = Self.identifierInSentence(text) {
                var whole = Candidate(
                    field: "reference", value: text, display: text, score: w("reference.free_text") - w("reference.sentence"),
                    page: line.page, box: line.box(of: vr), evidence: ["label:reference_free", "sentence"])
                whole.extra["kind"] = "free-text"
                applyOCRPenalty(to: &whole, line, vr, verified: false)
                out.append(whole)
                text = id
            }
            if text.count > 140 { text = String(text.prefix(140)) }
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
            } else if profile.checksums.contains("model97"), parts.count == 2, head.count == 2, head.allSatisfy(\.isNumber),
                parts[1].first?.isNumber ?? false
            {
                model = head
                body = String(parts[1]).trimmingCharacters(in: .whitespaces)
            } else if let m = modelNear(l, labels: labels, lines: lines) {
                model = m
            }
            if profile.checksums.contains("model97"), l.category == "reference", model == nil || model == "97",
                let rest = Self.gluedModel97(body)
            {
                model = "97"
                body = rest
            }
            if l.category == "invoice_number" || l.category == "reference" {
                // Identifiers are one token (or a few short groups); cut trailing words.
                // Skip a few words before the identifier ("die Rechnungsnummer 2024-001 an").
                let toks = body.split(separator: " ")
                var keep: [Substring] = []
                let first = toks.prefix(4).firstIndex(where: { $0.contains(where: \.isNumber) }) ?? 0
                for t in toks[first...] {
                    if keep.isEmpty || (t.contains(where: \.isNumber) && keep.count < 4) { keep.append(t) } else { break }
                }
                body = keep.joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: ".,;:"))
            }
            if body.isEmpty { continue }
            if Checksums.isValidRF(body) { continue }  // found above
            var prefixRepaired = false
            if line.conf != nil, model == nil, let fixed = Self.misreadRFPrefix(body) {
                body = fixed
                prefixRepaired = true
            }
            let box = line.box(of: vr)
            var c = Candidate(
                field: "reference", value: body, display: model.map { "\($0) \(body)" } ?? body, score: 0,
                page: line.page, box: box, evidence: ["label:\(l.category)"])
            switch l.category {
            case "reference", "reference_before":
                c.score = w("reference.labelled")
                if let model {
                    c.extra["model"] = .string(model)
                    if model == "97" {
                        if Checksums.isValidModel97(body) {
                            c.score = w("reference.model97")
                            c.evidence.append("model97-checksum")
                        } else if line.conf != nil, let fixed = OCRRepair.model97(body) {
                            c.value = fixed
                            c.display = "97 \(fixed)"
                            c.score = w("reference.model97") - w("reference.ocr_repaired")
                            c.evidence += ["model97-checksum", "ocr-repaired"]
                        } else {
                            c.score = w("reference.model97_bad")
                            c.evidence.append("model97-checksum-failed")
                        }
                    } else {
                        c.score = w("reference.model_other")
                        c.evidence.append("model:\(model)")
                    }
                }
                c.extra["kind"] = model != nil ? "model" : "structured"
            case "reference_free":
                c.score = w("reference.free_text") - (body.contains(where: \.isNumber) ? 0 : 350)
                c.extra["kind"] = "free-text"
            case "invoice_number":
                c.score = w("reference.invoice_number")
                c.extra["kind"] = "invoice-number"
            default:
                c.score = 300
                c.evidence.append("payer-label")
                c.extra["kind"] = "payer-reference"
            }
            if vli != l.line { c.score -= 50 }
            if prefixRepaired {
                c.display = Checksums.groupedByFour(body)
                c.score = w("reference.rf") - w("reference.ocr_repaired")
                c.evidence += ["rf-checksum", "ocr-repaired"]
                c.extra["kind"] = "rf"
            }
            if Self.failedRF(body) {
                // "RF" and two check digits promise a checksum: one that fails is a misread, not the reference.
                c.score = min(c.score, w("reference.model97_bad"))
                c.evidence.append("rf-checksum-failed")
            }
            if model == nil, l.category != "reference_free", let what = Self.notAReference(body, in: text) {
                c.score = min(c.score, w("reference.lookalike_cap"))
                c.evidence.append(what)
            }
            applyOCRPenalty(to: &c, line, vr, verified: c.evidence.contains("model97-checksum"))
            out.append(c)
        }
        return out
    }

    /// An RF reference starting at `k` of an OCR'd line that passes ISO 11649 only after undoing OCR confusions:
    /// the longest run that ends at a separator and repairs to exactly one valid reference.
    func repairedRF(_ stream: [(Character, Int, Bool)], from k: Int) -> (String, Int)? {
        var end = k + 5
        while end < min(stream.count, k + 25), stream[end].1 - stream[end - 1].1 <= 2 { end += 1 }
        for e in stride(from: end, through: k + 5, by: -1) where e == stream.count || stream[e].2 {
            let text = String(stream[k..<e].map(\.0)).uppercased()
            if let fixed = OCRRepair.rf(text) { return (fixed, e) }
        }
        return nil
    }

    /// A model printed in its own box near a reference label: Serbian two digits, or "HR01"/"SI12".
    /// Slips print one model box per reference (payer's and payee's): the closest caption speaks for this one.
    func modelNear(_ label: LabelHit, labels: [LabelHit], lines: [TextLine]) -> String? {
        func distance(_ b: Box) -> Double {
            let dx = (b.x0 + b.x1 - label.box.x0 - label.box.x1) / 2
            let dy = (b.y0 + b.y1 - label.box.y0 - label.box.y1) / 2
            return dx * dx + 4 * dy * dy  // rows weigh more than columns
        }
        let models = labels.filter { $0.category == "model" && $0.page == label.page }.sorted {
            distance($0.box) < distance($1.box)
        }
        for ml in models {
            guard let (vli, vr) = valueText(after: ml, labels: labels, lines: lines) else { continue }
            let t = String(lines[vli].chars[vr]).trimmingCharacters(in: .whitespaces)
            let first = t.split(separator: " ").first.map(String.init) ?? ""
            if profile.checksums.contains("model97"), first.count == 2, first.allSatisfy(\.isNumber) { return first }
            if let (m, _) = Self.countryModel(first + " 0", ocr: lines[vli].conf != nil) { return m }
        }
        return nil
    }

    /// The text without stray box borders: tokens made only of "|[]" go, and those characters are
    /// trimmed from the ends of the other tokens ("[97 | | 4529…" → "97 4529…").
    static func withoutBoxBorders(_ text: String) -> String {
        let borders = CharacterSet(charactersIn: "|[]")
        return text.split(separator: " ").map { $0.trimmingCharacters(in: borders) }.filter { !$0.isEmpty }
            .joined(separator: " ")
    }
}
