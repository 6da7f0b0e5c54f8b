import Foundation
import Lexicons
import PPShared
import Testing

@testable import Extract

/// Running a case through the extractor and holding what it made against the case's expectations.
extension ExtractCase {
    func run(_ ranking: Ranking) throws -> Extraction {
        var p = try ExtractTests.profile(profile)
        for (category, phrases) in labels { p.labels[category] = LabelSet.folded(phrases) }
        var detected: [String] = []
        if detectLanguages {
            let lexicons = try ProfileStore(folders: [profileFolder]).lexicons.loadAll()
            let processor = DocumentProcessor(choice: .fixed(p), lexicons: lexicons)
            detected = processor.detectedLanguages(lines)
            p = processor.withLanguages(detected, p)
        }
        // The document's languages as pp-extract takes them: those detected, or else the profile's first.
        let languages = DocumentProcessor.documentLanguages(detected: detected, profile: p)
        var extractor = Extractor(profile: p)
        if ranking == .fitted { extractor.model = try shippedModel() }
        let decoded = try codes.map { text in
            (try #require(PaymentCode.parse(text), "\(file): '\(text)' is no payment code"), 1, Box?.none)
        }
        let xml = try einvoice.map { name in
            let data = try Data(contentsOf: CaseFiles.folder.appendingPathComponent(name))
            return try #require(EInvoice.parse(data), "\(file): \(name) is no e-invoice")
        }
        return extractor.extract(lines: lines, einvoice: xml, codes: decoded, languages: languages)
    }

    /// Per expectation that did not hold, what was got instead.
    func misses(in e: Extraction) -> [(CaseExpectation, String)] {
        expectations.flatMap { x in x.misses(in: e).map { (x, $0) } }
    }

    /// The expected and got lines of the expectations that did not hold, then the top candidates of the
    /// fields the case names.
    func report(_ misses: [(CaseExpectation, String)], _ e: Extraction, ranking: Ranking) -> String {
        var out = ["\(file):\(line): \(name) (ranked by \(ranking.rawValue))"]
        out += comment.map { "  # " + $0 }
        for (x, got) in misses {
            out.append("  - \(x.text)    (line \(x.line))")
            out.append("  + \(got)")
        }
        out.append("  got: " + e.paymentStatement)
        for field in namedFields {
            let list = e[field]
            out.append("  \(field.rawValue):" + (list.isEmpty ? " no candidate" : ""))
            for (i, c) in list.enumerated() { out.append("    \(i + 1). " + c.caseDescription) }
        }
        return out.joined(separator: "\n")
    }

    var namedFields: [Field] {
        var fields: [Field] = []
        for x in expectations {
            if case .candidates(let fs, _, _) = x.kind { fields += fs.filter { !fields.contains($0) } }
        }
        return fields
    }
}

extension Extraction {
    /// Whether a payment is expected, as a case says it.
    var paymentStatement: String {
        paymentExpected ? "payment expected" : "no payment: " + noPaymentReasons.map(\.rawValue).joined(separator: " ")
    }
}

extension RankedCandidate {
    /// Value, confidence, evidence and field-specific keys, as a failing case shows them.
    var caseDescription: String {
        let extras = ["bank_code", "country", "currency", "iban", "kind", "model"].compactMap { key in
            CaseExpectation.Check.fact(key, of: facts).map { "\(key)=\($0)" }
        }
        return
            ([
                value.contains(" ") ? "\"\(value)\"" : value, String(confidence),
                "[" + evidence.names.joined(separator: " ") + "]",
            ]
            + extras).joined(separator: " ")
    }
}

extension CaseExpectation {
    /// What was got where the expectation does not hold (nothing: it holds).
    func misses(in e: Extraction) -> [String] {
        switch kind {
        case .payment(let expected, let reasons):
            if e.paymentExpected != expected { return [e.paymentStatement] }
            if let reasons, reasons != e.noPaymentReasons { return [e.paymentStatement] }
            return []
        case .candidates(let fields, let subject, let checks):
            return fields.flatMap { field in Self.misses(e[field], field: field, subject, checks) }
        }
    }

    static func misses(_ list: [RankedCandidate], field: Field, _ subject: Subject, _ checks: [Check]) -> [String] {
        let name = field.rawValue
        let topConfidence = list.first?.confidence
        func checked(_ candidates: some Sequence<RankedCandidate>) -> [String] {
            candidates.compactMap { c in
                let failed = checks.filter { !$0.holds(for: c, top: topConfidence) }
                return failed.isEmpty ? nil : "\(name) \(c.caseDescription)"
            }
        }
        switch subject {
        case .top(let optional):
            guard let first = list.first else { return optional ? [] : ["\(name): no candidate"] }
            return checked([first])
        case .value(let pattern, let optional):
            guard let c = list.first(where: { pattern.matches($0.value) }) else {
                return optional ? [] : ["\(name): no candidate \(pattern)"]
            }
            return checked([c])
        case .all: return checked(list)
        case .others: return checked(list.dropFirst())
        case .none: return list.isEmpty ? [] : ["\(name): \(list.count) candidates, the first \(list[0].caseDescription)"]
        case .absent(let pattern):
            return list.filter { pattern.matches($0.value) }.map { "\(name) \($0.caseDescription)" }
        case .with(let evidence, let values):
            let have = list.filter { $0.evidence.names.contains(where: evidence.matches) }.map(\.value)
            return Set(have) == Set(values)
                ? [] : ["\(name) with \(evidence): " + (have.isEmpty ? "none" : have.joined(separator: " "))]
        }
    }
}

extension CaseExpectation.Check {
    func holds(for c: RankedCandidate, top: Int?) -> Bool {
        func limit(_ b: CaseExpectation.Bound) -> Int {
            switch b {
            case .points(let n): n
            case .top: top ?? Int.min
            }
        }
        switch self {
        case .equals(let v): return c.value == v
        case .atLeast(let b): return c.confidence >= limit(b)
        case .atMost(let b): return c.confidence <= limit(b)
        case .below(let b): return c.confidence < limit(b)
        case .has(let p): return c.evidence.names.contains(where: p.matches)
        case .lacks(let p): return !c.evidence.names.contains(where: p.matches)
        case .extra(let key, let value): return Self.fact(key, of: c.facts) == value
        }
    }

    /// A candidate's fact by the name the case files use for it.
    static func fact(_ key: String, of f: CandidateFacts) -> String? {
        switch key {
        case "kind", "scheme": f.scheme
        case "country": f.country
        case "iban": f.iban ?? nil
        case "model": f.model
        case "currency": f.currency
        case "bank_code": f.bankCode
        default: nil
        }
    }
}
