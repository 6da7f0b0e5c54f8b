/// The promise of `Confidence.confident`: a person need not look. A top candidate keeps a confidence at or
/// above it only with evidence of `rank.kinds_needed` independent kinds (`EvidenceKind`) and no rival: a
/// second value of the field that is not ruled out, has as many kinds, and that the model also believes
/// (from `rank.rival_floor`). Otherwise the top stays at most `rank.abstain_cap` and says why
/// (`thin-evidence`, `rival-<field>`), and so does its rival; `needs_review` then names the field. A date
/// that reads two ways (`ambiguous-date`, from its finder) stays there too.
extension Ranker {
    /// The fields whose values are paid (or shown for payment) and so abstain; a currency follows its amount.
    static let abstaining: Set<Field> = Set(Field.allCases).subtracting([.currency])

    func abstain(
        _ list: inout [Entry], field: Field, block: PaymentBlock, ocr: Bool = false, poorReading: Bool = false,
        fairReading: Bool = false
    ) {
        guard Self.abstaining.contains(field), let top = list.first,
            Confidence.clamped(top.score) >= Confidence.confident
        else { return }
        var kinds = top.candidate.evidence.kinds(for: field)
        if block.holds(top.candidate) {
            list[0].candidate.note(.paymentBlock)
            kinds.insert(.layout)
        }
        var doubts: [Evidence] = []
        if kinds.count < weights.kindsNeeded { doubts.append(.thinEvidence) }
        if isUnsureReading(top.candidate, ocr: ocr, poorReading: poorReading, fairReading: fairReading) {
            doubts.append(.unsureReading)
        }
        // Its finder already named the doubt in the evidence.
        let named = Self.findersDoubts.contains { top.candidate.evidence.contains($0) }
        // The values the top's arithmetic is made of (the total a balance starts from, a sum's parts) are the
        // same payment's figures, not rival answers.
        let parts = Self.arithmeticParts(of: top.candidate)
        // An amount the page labels as due rivals a top it does not label so ("Total Payable: 34.24" read
        // under a subtotal its own sum confirms): the page names another value as what is to be paid.
        let topDue = top.candidate.evidence.has(label: .amountDue)
        let rivals = list.indices.dropFirst().filter {
            !parts.contains(list[$0].candidate.value)
                && (isRival(list[$0], field: field) || (field == .amount && !topDue && isDueRival(list[$0])))
        }
        if !rivals.isEmpty { doubts.append(.rival(field)) }
        guard !doubts.isEmpty || named else { return }
        for d in doubts { list[0].candidate.note(d) }
        list[0].score = min(list[0].score, weights.abstainCap)
        for i in rivals {
            list[i].candidate.note(.rival(field))
            list[i].score = min(list[i].score, weights.abstainCap)
        }
    }

    /// The doubts a finder names in a value's evidence that keep it below `Confidence.confident` on their own.
    static let findersDoubts: [Evidence] = [
        .ambiguousDate, .dueUnread, .paidDiffers, .subtotalBeforeCharges, .centsApart, .centsLost, .totalBelow,
        .digitRival,
    ]

    /// The kinds that check a value's digits themselves, whatever OCR made of its words.
    static let verifyingKinds: Set<EvidenceKind> = [.arithmetic, .agreement, .code, .einvoice]

    /// Whether OCR read the value's words with less confidence than `rank.unsure_reading_below` and nothing
    /// checks its digits (a checksum, a sum, the same value elsewhere, a code): a label and a currency beside
    /// a misread number ("B6 89100 HUF" for "86 891 HUF") prove nothing of the number.
    /// An OCR'd reference or account whose value mixes digits with letters that print like them
    /// ("оз585664744454", "2O24": `OCRRepair.mixesDigitLookalikes`) is as unsure, however sure OCR was of
    /// its words: OCR is as sure of a misread glyph as of a right one. So is an amount read with its digits
    /// put right (`ocr-digits`: cents read as letters, a group space put back).
    /// On a page OCR read poorly overall (`poorReading`) every OCR'd value is as unsure: a word read with
    /// confidence among garbled lines ("Total @& supplies: $4.22" among lines at 0 to 40) is no surer.
    /// On a page OCR read fairly at best (`fairReading`) an amount OCR read with less than full confidence is
    /// as unsure: "Total $4.20" (82) for $8.20 among lines at 0 to 90 keeps its label and currency.
    /// A slip's "=" before the number is no check of its digits: OCR reads one into the gap before a
    /// misread amount ("Total Payable: = 3.24"); on such a page neither is the value printed again.
    /// An OCR'd account whose form proves nothing (no checksum, no national scheme) is as unsure: a label and
    /// its place say nothing of its digits ("45-1234567890/6210" beside an IBAN OCR cut short), and a
    /// misread digit pays another account.
    func isUnsureReading(
        _ c: Candidate, ocr: Bool = false, poorReading: Bool = false, fairReading: Bool = false
    ) -> Bool {
        let read = c.evidence.lazy.compactMap({ e -> Int? in if case .ocrConfidence(let v) = e { v } else { nil } }).first
        let misreadNumber =
            (ocr && [.reference, .account].contains(c.field) && OCRRepair.mixesDigitLookalikes(c.value))
            || c.evidence.contains(.ocrDigits)
        let weakPage = poorReading || (fairReading && c.field == .amount)
        let uncheckedAccount = ocr && c.field == .account && !c.evidence.kinds(for: .account).contains(.format)
        guard misreadNumber || uncheckedAccount || read.map({ $0 < weights.unsureReadingBelow || weakPage }) == true else {
            return false
        }
        let checksummed = c.evidence.contains { if case .checksum = $0 { true } else { false } }
        return !checksummed && !c.evidence.contains { Self.checksDigits($0, of: c.field, weakPage: weakPage) }
    }

    /// Whether `e` checks the digits of a value of `field` as read: arithmetic, agreement, a code, the XML. A
    /// slip's "=" does not, and on a page read fairly at best neither does the same reading printed again: OCR
    /// misreads one font's digit alike each time ("Total $8.29" and "$8.29" for 8.20).
    static func checksDigits(_ e: Evidence, of field: Field, weakPage: Bool) -> Bool {
        guard let kind = e.kind(for: field), verifyingKinds.contains(kind), e != .slipEquals else { return false }
        if case .repeated = e { return !weakPage }
        return true
    }

    /// The values an amount's arithmetic evidence names: a sum's parts, a difference's or a balance's total and
    /// what was deducted, the total it was rounded from.
    static func arithmeticParts(of c: Candidate) -> Set<String> {
        var parts: Set<String> = []
        for e in c.evidence {
            switch e {
            case .sumOf(.values(let values)): parts.formUnion(values)
            case .differenceOf(let total, let deducted): parts.formUnion([total, deducted])
            case .balanceOf(let total): parts.insert(total)
            case .rounded(let from): parts.insert(from)
            default: break
            }
        }
        return parts
    }

    /// Whether `other` is an amount labelled as due, not ruled out, that the model believes at least
    /// `rank.due_rival_floor`.
    func isDueRival(_ other: Entry) -> Bool {
        let e = other.candidate.evidence
        guard e.has(label: .amountDue), !e.contains(where: \.isVeto) else { return false }
        return Confidence.clamped(other.score) >= weights.dueRivalFloor
    }

    /// Whether `other` rivals the top of its field: not ruled out, as well evidenced, believed.
    func isRival(_ other: Entry, field: Field) -> Bool {
        let e = other.candidate.evidence
        guard !e.contains(where: \.isVeto), !e.contains(.codeProblems), !e.contains(.secondaryAccount) else { return false }
        return Confidence.clamped(other.score) >= weights.rivalFloor && e.kinds(for: field).count >= weights.kindsNeeded
    }
}

/// Where the payment data of a document stands together: the places of the best-evidenced account, amount
/// and reference (a value the page proves by its format or by a label of its role). A value of one of these
/// fields printed within reach of another field's place agrees with the layout of a payment block (a slip,
/// a "payment details" paragraph); a buyer's reference in the header does not. A value read only from a
/// payment code has no place of its own on the page and neither anchors nor joins a block.
struct PaymentBlock {
    static let fields: [Field] = [.account, .amount, .reference]
    let anchors: [(field: Field, page: Int, box: Box)]
    let reach: Double

    init(_ lists: [Field: [Ranker.Entry]], reach: Double) {
        var anchors: [(Field, Int, Box)] = []
        for f in Self.fields {
            guard let top = lists[f]?.first, !top.candidate.onlyInCode, let box = top.candidate.box,
                !top.candidate.evidence.contains(where: \.isVeto),
                !top.candidate.evidence.kinds(for: f).isDisjoint(with: [.format, .label])
            else { continue }
            anchors.append((f, top.candidate.page, box))
            for (page, box) in top.candidate.places { anchors.append((f, page, box)) }
        }
        self.anchors = anchors
        self.reach = reach
    }

    /// Whether `c` stands within reach of another payment field's place.
    func holds(_ c: Candidate) -> Bool {
        guard Self.fields.contains(c.field), !c.onlyInCode, let box = c.box else { return false }
        let places = [(c.page, box)] + c.places
        return anchors.contains { a in
            a.field != c.field
                && places.contains { p in a.page == p.0 && abs((a.box.y0 + a.box.y1) / 2 - (p.1.y0 + p.1.y1) / 2) <= reach }
        }
    }

    /// `list` (ordered by score) with each run of equal scores putting the values this block holds first:
    /// where the evidence is worth the same, the value printed with the other payment data is the one asked for.
    func breakingTies(_ list: [Ranker.Entry]) -> [Ranker.Entry] {
        guard list.count > 1, Self.fields.contains(list[0].candidate.field) else { return list }
        var out: [Ranker.Entry] = []
        var start = 0
        while start < list.count {
            var end = start + 1
            while end < list.count, list[end].score == list[start].score { end += 1 }
            let run = list[start..<end]
            out += run.filter { holds($0.candidate) } + run.filter { !holds($0.candidate) }
            start = end
        }
        return out
    }

    /// Candidates (ordered by `score`, their rule points) with those tied with the first putting the values this
    /// block holds first, the order within each part kept: the tie that decides which value leads. Ties further
    /// down are left in the page's order.
    func breakingTies(_ list: [Candidate], score: (Candidate) -> Int) -> [Candidate] {
        guard list.count > 1, Self.fields.contains(list[0].field) else { return list }
        let top = score(list[0])
        let tied = list.prefix { score($0) == top }
        guard tied.count > 1 else { return list }
        return tied.filter(holds) + tied.filter { !holds($0) } + list.dropFirst(tied.count)
    }
}
