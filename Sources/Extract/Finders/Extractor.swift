import Foundation
import Lexicons
import PPShared

/// Finds ranked candidates for every payment field in the lines of one document: builds the document's
/// view once, runs the finders of the registry in order, lets payment codes and e-invoice XML speak, judges
/// whether a payment is asked for at all, and hands everything to the ranker.
public struct Extractor: Sendable {
    public let profile: Profile
    let matcher: LabelMatcher
    let finders: [any FieldFinder]
    public var ranker: Ranker
    let codeEvidence: CodeEvidence
    let einvoiceEvidence: EInvoiceEvidence
    let stated: StatedEInvoice
    let expectation: PaymentExpectation
    let pageWeights: DocumentView.Weights

    /// The fitted confidence model; without it confidences are the rule points.
    public var model: ConfidenceModel? {
        get { ranker.model }
        set { ranker.model = newValue }
    }
    /// Attach each candidate's features, rule points and their reasons to the output.
    public var explain: Bool {
        get { ranker.explain }
        set { ranker.explain = newValue }
    }
    public var maxCandidates: Int {
        get { ranker.maxCandidates }
        set { ranker.maxCandidates = newValue }
    }

    public init(profile: Profile) { self.init(profile: profile, weights: profile.weight) }

    /// An extractor whose every section reads its weights through `w` (the profile's by default).
    init(profile: Profile, weights w: (String) -> Int) {
        self.profile = profile
        pageWeights = DocumentView.Weights(w)
        matcher = LabelMatcher(profile)
        finders = FinderRegistry.finders(w)
        ranker = Ranker(weights: Ranker.Weights(w))
        codeEvidence = CodeEvidence(weights: CodeEvidence.Weights(w))
        einvoiceEvidence = EInvoiceEvidence(weights: EInvoiceEvidence.Weights(w))
        stated = StatedEInvoice(weights: StatedEInvoice.Weights(w))
        expectation = PaymentExpectation(w)
    }

    /// `languages`: the document's, as detected (or its profile's when nothing was): they settle how its slashed
    /// dates read when the dates themselves do not (`Dates.order`).
    public func extract(
        lines: [TextLine], einvoice: EInvoice?, codes: [(PaymentCode, Int, Box?)] = [], languages: [String] = []
    ) -> Extraction {
        guard explain else { return run(lines: lines, einvoice: einvoice, codes: codes, languages: languages) }
        return Explanation.$enabled.withValue(true) { run(lines: lines, einvoice: einvoice, codes: codes, languages: languages) }
    }

    func run(lines text: [TextLine], einvoice: EInvoice?, codes: [(PaymentCode, Int, Box?)], languages: [String]) -> Extraction {
        // Slanted stamps and watermarks come as one line per few letters: one line again before anything reads.
        let lines = pageWeights.rotated.joined(text)
        let view = DocumentView(lines: lines, profile: profile, matcher: matcher, weights: pageWeights, languages: languages)
        var found = Findings()
        for finder in finders {
            let list = finder.candidates(in: view, found: found)
            found.occurrences[finder.field] = list
            found.merged[finder.field] = finder.mergesOccurrences ? ranker.merge(list, field: finder.field) : list
        }
        var merged = found.merged
        for (code, page, box) in codes { codeEvidence.apply(code, page: page, box: box, to: &merged) }
        if let e = einvoice {
            einvoiceEvidence.apply(
                e, to: &merged, pageText: EInvoiceEvidence.compactText(lines), amounts: view.amountValues)
        }
        let reasons = expectation.reasons(
            in: view, einvoice: einvoice, amounts: merged[.amount] ?? [], occurrences: found.occurrences[.amount] ?? [])
        let context = Ranker.Context(
            paymentExpected: reasons.isEmpty, einvoice: einvoice != nil, ocr: view.ocr,
            poorReading: view.medianOCRConfidence.map { $0 < Double(ranker.weights.poorReadingBelow) } ?? false,
            fairReading: view.medianOCRConfidence.map { $0 < Double(ranker.weights.fairReadingBelow) } ?? false,
            pages: view.pageCount, lineHeight: view.medianLineHeight)
        let ranked = ranker.rank(merged, context: context) {
            Explanation.labelPhrase(for: $0, labels: view.labels, lines: lines)
        }
        return Extraction(
            candidates: ranked, paymentExpected: reasons.isEmpty, noPaymentReasons: reasons,
            decimalMark: view.decimalMark, einvoice: einvoice != nil)
    }

    /// A document that is an e-invoice alone: what its XML states, checked against itself only.
    public func extractEInvoiceOnly(_ e: EInvoice) -> Extraction {
        let (lists, reasons) = stated.candidates(e)
        return Extraction(
            candidates: ranker.rankStated(lists, paymentExpected: reasons.isEmpty), paymentExpected: reasons.isEmpty,
            noPaymentReasons: reasons, decimalMark: ".", einvoice: true)
    }
}

/// What the extractor concluded about one document.
public struct Extraction: Sendable {
    public var candidates: [Field: [RankedCandidate]]
    public var paymentExpected: Bool
    public var noPaymentReasons: [NoPaymentReason]
    public var decimalMark: Character
    public var einvoice: Bool

    /// A field's ranked candidates (none: empty).
    public subscript(field: Field) -> [RankedCandidate] { candidates[field] ?? [] }
}
