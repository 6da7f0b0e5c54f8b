import Lexicons
import PPShared
import Records

/// How a ranked candidate and a document's `best` object are written into the document record.
extension RankedCandidate {
    /// The candidate as the document record lists it.
    public var record: Records.Candidate {
        var c = Records.Candidate()
        c.value = candidate.recordValue
        c.display = display
        c.confidence = confidence
        c.page = page
        c.box = box?.array
        c.evidence = evidence.map(\.name)
        c.scheme = facts.scheme
        c.referenceModel = facts.model
        c.country = facts.country
        if let iban = facts.iban { c.iban = .some(iban) }
        if let bank = facts.bankCode { c.unknown["bank_code"] = .string(bank) }
        // An amount's currency has one place: the document's currency field.
        if field != .amount, let currency = facts.currency { c.unknown["currency"] = .string(currency) }
        c.ruleScore = ruleScore
        c.features = features.map(Features.init)
        c.explain = explanation.map { Records.Explanation(object: JSONObject($0)) }
        return c
    }

    /// The candidate as the document record writes it.
    public func json() -> JSON { record.member }
}

extension Field {
    /// The member of `best` that holds this field's value (none for the fields `best` leaves out).
    var bestMember: WritableKeyPath<Best, String?>? {
        switch self {
        case .account: \.account
        case .amount: \.amount
        case .currency: \.currency
        case .reference: \.reference
        case .payee: \.payee
        case .dueDate: \.dueDate
        case .bic, .paymentCode: nil
        }
    }
}

extension Extraction {
    /// The record's `best`: per field the top candidate's value when it is confident, else null, and
    /// `needs_review`, the fields a person should look at. On a document that asks for no payment every
    /// value is null and nothing needs review.
    public var best: Best {
        var best = Best()
        var review: [String] = []
        for field in Field.best {
            guard let top = self[field].first else {
                if paymentExpected, Field.required.contains(field) { review.append(field.rawValue) }
                continue
            }
            guard paymentExpected else { continue }
            guard top.isConfident else {
                review.append(field.rawValue)
                continue
            }
            if let member = field.bestMember { best[keyPath: member] = top.candidate.recordValue }
            if field == .reference, let model = top.facts.model { best.referenceModel = model }
        }
        best.needsReview = review
        return best
    }
}
