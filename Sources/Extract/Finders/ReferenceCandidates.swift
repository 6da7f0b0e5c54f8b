import Lexicons
import PPShared

/// The candidates a reference label's value, or a self-proving printed form, gives.
extension ReferenceFinder {
    /// The countries of the valid accounts found, and of the labelled national account numbers (a Swedish
    /// bankgiro, a Norwegian account): a national reference scheme is the payee's bank's.
    static func payeeCountries(_ found: Findings) -> Set<String> {
        Set(
            (found.merged[.account] ?? []).compactMap { c -> String? in
                if c.evidence.contains(where: \.isPassedChecksum) { return c.facts.country }
                for case .nationalAccount(let scheme) in c.evidence { return scheme.country }
                return nil
            })
    }

    /// The national scheme a reference printed as digits (with spaces or dashes between groups) follows.
    static func nationalScheme(of body: String, countries: Set<String>) -> ReferenceScheme? {
        guard body.contains(where: \.isNumber), body.allSatisfy({ $0.isNumber || $0 == " " || $0 == "-" }) else { return nil }
        let digits = String(body.filter(\.isNumber))
        // A Swiss QR reference shows itself (27 digits and their check): a payee's postal account or IBAN
        // need not be read for it to count.
        if ReferenceScheme.qrr.isValid(digits) { return .qrr }
        return ReferenceScheme.schemes(for: countries).first { $0.isValid(digits) }
    }

    /// Printed forms that prove themselves anywhere on the page: Belgian structured communications
    /// (`+++123/4567/89002+++`) and Danish FIK lines (`+71< 000000012345674 +12345678<`).
    func structuredCommunications(in view: DocumentView) -> [Candidate] {
        var out: [Candidate] = []
        // Bytes first: a substring search of every line's text cost more than the rest of this.
        let marks: Set<UInt8> = [UInt8(ascii: "+"), UInt8(ascii: "*"), UInt8(ascii: "<")]
        for line in view.lines where line.bytes.contains(where: marks.contains) {
            let found: (ReferenceScheme, String, String)
            if let digits = ReferenceScheme.ogm(in: line.text) {
                found = (.ogm, digits, "+++\(digits.prefix(3))/\(digits.dropFirst(3).prefix(4))/\(digits.suffix(5))+++")
            } else if let id = ReferenceScheme.fik(in: line.text) {
                found = (.fik, id, id)
            } else {
                continue
            }
            guard let check = Evidence.national(found.0) else { continue }
            var c = Candidate(
                .reference, value: found.1, display: found.2, points: weights.rf, page: line.page, box: line.box,
                evidence: [check], facts: CandidateFacts(scheme: found.0.rawValue))
            view.applyOCRPenalty(to: &c, line, 0..<line.chars.count, verified: true)
            out.append(c)
        }
        return out
    }

    /// Labels that may stand inside the text a payment-reference label asks to be quoted.
    static let quotable: Set<LabelCategory> = [.other, .invoiceNumber, .referenceGeneric, .referencePayer]

    /// "Payment reference: Kundennummer: 22334455 Rechnungsnummer: 6069999999": a payment-reference label
    /// followed at once by two or more other labels asks for the whole text to be quoted, to the end of its
    /// line (or a wide gap, or a label of another payment field). One label alone ("Verwendungszweck:
    /// Rechnung FA-2017-0008") only names what the reference is: its value is the reference.
    func quotedText(after label: LabelHit, in view: DocumentView) -> Candidate? {
        guard label.category == .reference || label.category == .referenceFree else { return nil }
        let line = view.lines[label.line]
        var s = label.range.upperBound
        while s < line.chars.count, line.chars[s] == ":" || line.chars[s] == " " || line.chars[s] == "\u{00A0}" { s += 1 }
        let onLine = view.labels.filter { $0.line == label.line && $0.range.lowerBound >= s }
        guard let next = onLine.min(by: { $0.range.lowerBound < $1.range.lowerBound }), next.range.lowerBound == s,
            Self.quotable.contains(next.category)
        else { return nil }
        var e = line.chars.count
        for other in onLine where !Self.quotable.contains(other.category) { e = min(e, other.range.lowerBound) }
        if let gap = (s..<e).first(where: { $0 + 1 < e && line.chars[$0] == " " && line.chars[$0 + 1] == " " }) { e = gap }
        while e > s, line.chars[e - 1] == " " || line.chars[e - 1] == "," || line.chars[e - 1] == ";" { e -= 1 }
        guard onLine.filter({ Self.quotable.contains($0.category) && $0.range.upperBound <= e }).count >= 2 else { return nil }
        let text = String(line.chars[s..<e])
        guard text.contains(where: \.isNumber), text.count <= weights.maxLength else { return nil }
        var c = Candidate(
            .reference, value: text, points: weights.freeText, page: line.page, box: line.box(of: s..<e),
            evidence: [.labelled(label.category)], facts: CandidateFacts(scheme: "free-text"))
        view.applyOCRPenalty(to: &c, line, s..<e, verified: false)
        return c
    }

    /// A model-97 reference OCR misread, when its model was not read as 97: the body as printed if it passes,
    /// else its one repair that passes, where the repair changes at most `OCRRepair.maxAmbiguous` characters
    /// and the body is mostly digits (a word repaired into a passing number is no reference).
    static func misreadModel97(_ body: String) -> String? {
        if Checksums.isValidModel97(body) { return body }
        guard let fixed = OCRRepair.model97(body) else { return nil }
        let changed = zip(body, fixed).filter { $0 != $1 }.count
        let digits = body.filter { $0.isASCII && $0.isNumber }.count
        return changed <= OCRRepair.maxAmbiguous && digits > 2 * changed ? fixed : nil
    }

    /// The candidate a reference label's value gives: its points by the label's category, a model-97
    /// reference by its checksum (repaired when OCR misread it and the repair passes), another model as such.
    func labelledCandidate(
        _ body: String, model: String?, category: LabelCategory, line: TextLine, range: Range<Int>, ocr: Bool,
        countries: Set<String> = []
    ) -> Candidate {
        let base: Int
        switch category {
        case .reference, .referenceBefore: base = weights.labelled
        case .referenceGeneric: base = weights.generic
        case .referenceFree: base = weights.freeText
        case .invoiceNumber: base = weights.invoiceNumber
        default: base = weights.payerReference
        }
        var c = Candidate(
            .reference, value: body, display: model.map { "\($0) \(body)" } ?? body, points: base, page: line.page,
            box: line.box(of: range), evidence: [.labelled(category)])
        switch category {
        case .reference, .referenceBefore, .referenceGeneric:
            if let model {
                c.facts.model = model
                if model == "97" {
                    if Checksums.isValidModel97(body) {
                        c.rebase(weights.model97, because: .checksum(.model97))
                    } else if ocr, let fixed = OCRRepair.model97(body) {
                        c.value = fixed
                        c.display = "97 \(fixed)"
                        c.rebase(weights.model97, because: .checksum(.model97))
                        c.credit(.ocrRepaired, -weights.ocrRepaired)
                    } else {
                        c.rebase(weights.model97Bad, because: .checksumFailed(.model97))
                    }
                } else if ocr, model.count == 2, let fixed = Self.misreadModel97(body) {
                    // A photographed model box: "97" read as "57". The body passing model 97 (by itself or by
                    // the one repair that passes) says which model it is; the misread costs as a repair does.
                    c.value = fixed
                    c.display = "97 \(fixed)"
                    c.facts.model = "97"
                    c.rebase(weights.model97, because: .checksum(.model97))
                    c.credit(.ocrRepaired, -weights.ocrRepaired)
                } else {
                    c.rebase(weights.modelOther, because: .model(model))
                }
            }
            c.facts.scheme = model != nil ? "model" : "structured"
            // "Model i poziv na broj: 06587262025702" with no model printed: a body that passes model 97
            // on a Serbian payee's bill is one.
            // An OCR'd one is repaired as a printed "97" is ("оз585664744454" for "03585664744454").
            if model == nil, countries.contains("RS"),
                let fixed = Checksums.isValidModel97(body) ? body : ocr ? Self.misreadModel97(body) : nil
            {
                c.facts.model = "97"
                c.value = fixed
                c.display = "97 " + fixed
                c.rebase(weights.model97, because: .checksum(.model97))
                if fixed != body { c.credit(.ocrRepaired, -weights.ocrRepaired) }
                c.facts.scheme = "model"
                return c
            }
            if model == nil, let scheme = Self.nationalScheme(of: body, countries: countries) {
                if let check = Evidence.national(scheme) {
                    c.value = String(body.filter(\.isNumber))
                    c.rebase(weights.national, because: check)
                }
                c.facts.scheme = scheme.rawValue
            }
        case .referenceFree:
            if !body.contains(where: \.isNumber) { c.adjust(-weights.noDigits, .noDigits) }
            c.facts.scheme = "free-text"
        case .invoiceNumber:
            c.facts.scheme = "invoice-number"
        default:
            c.note(.payerLabel)
            c.facts.scheme = "payer-reference"
        }
        return c
    }
}
