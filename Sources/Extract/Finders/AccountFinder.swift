import Foundation
import Lexicons
import PPShared

/// Payee-account candidates: the account numbers the page prints (`AccountMatches`), weighed by their
/// checksum, the label that introduces them and what their line says (the payer's account, one not to pay to).
struct AccountFinder: FieldFinder {
    let field = Field.account

    struct Weights: Sendable {
        let iban, rs, badChecksum, ocrRepaired, label, payeeLabel, payerCap, secondary, ambiguous: Int
        /// An account number of a national form (`NationalAccounts`), before its label.
        let national: Int
        /// How near a payer's label must be (hundredths of the label factor) to mark the account the payer's.
        let payerLabelReach: Double
        init(_ w: (String) -> Int) {
            iban = w("account.iban")
            rs = w("account.rs")
            badChecksum = w("account.bad_checksum")
            ocrRepaired = w("account.ocr_repaired")
            label = w("account.label")
            payeeLabel = w("account.payee_label")
            payerCap = w("account.payer_cap")
            secondary = w("account.secondary")
            ambiguous = w("account.ambiguous")
            national = w("account.national")
            payerLabelReach = Double(w("account.payer_label_reach")) / 100
        }
    }

    let weights: Weights
    init(_ w: (String) -> Int) { weights = Weights(w) }

    static let labelCategories: Set<LabelCategory> = [.account, .accountPayer, .payee, .payer]

    func candidates(in view: DocumentView, found: Findings) -> [Candidate] {
        var out: [Candidate] = []
        var seenValid: Set<String> = []
        for (li, line) in view.lines.enumerated() {
            for f in view.accounts[li] {
                guard var c = candidate(f, line: li, in: view) else { continue }
                view.applyOCRPenalty(to: &c, line, f.range, verified: f.valid)
                if f.valid, !c.evidence.contains(.payerLabel), !c.evidence.contains(.negated),
                    !c.evidence.contains(.notForPayment)
                {
                    seenValid.insert(f.value)
                }
                out.append(c)
            }
        }
        out += nationalAccounts(in: view)
        // Several different valid accounts, none labelled better than another: less sure of each.
        if seenValid.count > 1 {
            let labelledValues = Set(out.filter { seenValid.contains($0.value) && $0.evidence.isLabelled }.map(\.value))
            for i in out.indices where seenValid.contains(out[i].value) {
                if labelledValues.count == 1, labelledValues.contains(out[i].value) { continue }
                out[i].credit(.ambiguous, -weights.ambiguous)
            }
        }
        return out
    }

    /// One printed account as a candidate; nil for an unlabelled one whose checksum fails.
    func candidate(_ f: AccountMatch, line li: Int, in view: DocumentView) -> Candidate? {
        let line = view.lines[li]
        let box = line.box(of: f.range)
        let scheme: Evidence.Checksum = f.printedAsIBAN ? .iban : .rsAccount
        var c: Candidate
        if f.valid {
            let points = f.printedAsIBAN && !f.isSerbianDomestic ? weights.iban : weights.rs
            c = Candidate(
                .account, value: f.value, display: f.display, points: points, page: line.page, box: box,
                evidence: [.checksum(scheme)])
            if f.repaired { c.credit(.ocrRepaired, -weights.ocrRepaired) }
        } else {
            c = Candidate(
                .account, value: f.value, display: f.display, points: weights.badChecksum, page: line.page, box: box,
                evidence: [.checksumFailed(scheme)])
        }
        if f.isSerbianDomestic {
            c.facts = .serbianAccount(f.value, valid: f.valid)
            if f.printedAsIBAN { c.display = Checksums.serbianDisplay(f.value) }
        } else {
            c.facts = .iban(f.value)
        }
        if let (l, factor) = view.nearestLabel(Self.labelCategories, line: li, range: f.range, box: box) {
            switch l.category {
            case .account:
                c.credit(.labelled(.account), Scoring.scaled(weights.label, by: factor))
                // "2. Konto IBAN", "3. Bankrekening": a numbered second account is the issuer's spare.
                if Self.ordinalBefore(l, in: view.lines[l.line]) >= 2 { c.credit(.secondaryAccount, -weights.secondary) }
            case .payee:
                c.credit(.labelled(.payee), Scoring.scaled(weights.payeeLabel, by: factor))
            default:
                if factor >= weights.payerLabelReach { c.cap(at: weights.payerCap, because: .payerLabel) }
            }
        } else if !f.valid {
            return nil  // an unlabelled string that fails its checksum is not a candidate
        }
        // "… 840-742351843-94 (nije za uplatu ovog računa)": said anywhere on its line.
        if view.hasLabel(.notForPayment, onLine: li), !c.evidence.contains(.payerLabel) {
            c.cap(at: weights.payerCap, because: .notForPayment)
        }
        // "Bitte NICHT auf das Rücklagenkonto … einzahlen": a negated account is not where to pay.
        let negated = view.labels.contains {
            $0.line == li && $0.category == .negation && $0.range.upperBound <= f.range.lowerBound
        }
        if negated, !c.evidence.contains(.payerLabel) {
            c.cap(at: weights.payerCap, because: .negated)
        }
        // A line that itself says it is the payer's ("wird von Ihrem Konto abgebucht").
        if view.hasLabel(.accountPayer, onLine: li) || view.hasLabel(.noPaymentDirectDebit, onLine: li),
            !c.evidence.contains(.payerLabel)
        {
            c.cap(at: weights.payerCap, because: .payerLabel)
        }
        return c
    }

    /// The ordinal printed right before a label ("2. Konto" → 2), or 0.
    static func ordinalBefore(_ label: LabelHit, in line: TextLine) -> Int {
        var i = label.range.lowerBound - 1
        while i >= 0, line.chars[i] == " " { i -= 1 }
        guard i >= 1, line.chars[i] == "." || line.chars[i] == ")", let n = line.chars[i - 1].wholeNumberValue else { return 0 }
        // One digit standing alone ("2."), not the end of an amount or a date ("12.", "2026.").
        if i >= 2, line.chars[i - 2].isNumber || line.chars[i - 2] == "." || line.chars[i - 2] == "," { return 0 }
        return n
    }

    /// Account numbers an account label introduces where no IBAN or Serbian account stands.
    func nationalAccounts(in view: DocumentView) -> [Candidate] {
        var out: [Candidate] = []
        let codes = view.labels.filter { $0.category == .bankCode }
        for l in view.labels where l.category == .account {
            guard let (li, r) = view.valueText(after: l, accept: { $0.filter(\.isNumber).count >= 6 }),
                !view.accounts[li].contains(where: { $0.range.overlaps(r) })
            else { continue }
            let line = view.lines[li]
            // The nearest bank-code label that introduces a code ("Routing number (ABA): 0110…": the inner one).
            let code = codes.filter { $0.page == l.page }.sorted { Self.distance($0.box, l.box) < Self.distance($1.box, l.box) }
                .lazy.compactMap { c in
                    // A Danish "Reg. nr." introduces four digits; other bank codes are longer.
                    let danish = String(view.lines[c.line].chars[c.range]).lowercased().hasPrefix("reg")
                    return view.valueText(after: c, accept: { NationalAccounts.bankCode($0, danish: danish) != nil }).flatMap {
                        NationalAccounts.bankCode(String(view.lines[$0.line].chars[$0.range]), danish: danish)
                    }
                }.first
            guard let account = NationalAccounts.read(String(line.chars[r]), bankCode: code) else { continue }
            let box = line.box(of: r)
            // "IBAN: DL12 3456 …": written as an IBAN but none (no such country, wrong length or checksum).
            let brokenIBAN = account.scheme == .other && Checksums.isIBANShaped(account.value)
            let format: [Evidence] =
                brokenIBAN ? [.checksumFailed(.iban)] : account.scheme == .other ? [] : [.nationalAccount(account.scheme)]
            var c = Candidate(
                .account, value: account.value, display: account.display,
                points: brokenIBAN ? weights.badChecksum : weights.national, page: line.page, box: box,
                evidence: format,
                facts: CandidateFacts(scheme: brokenIBAN ? AccountFormat.iban.rawValue : account.scheme.rawValue))
            if let bank = account.bankCode { c.facts.bankCode = bank }
            c.credit(.labelled(.account), Scoring.scaled(weights.label, by: view.proximity(l, toLine: li, range: r, box: box)))
            view.applyOCRPenalty(to: &c, line, r, verified: account.scheme.isChecked)
            out.append(c)
        }
        return out
    }

    /// The distance between two boxes' centres, rows weighing as much as columns.
    static func distance(_ a: Box, _ b: Box) -> Double {
        hypot((a.x0 + a.x1 - b.x0 - b.x1) / 2, (a.y0 + a.y1 - b.y0 - b.y1) / 2)
    }
}
