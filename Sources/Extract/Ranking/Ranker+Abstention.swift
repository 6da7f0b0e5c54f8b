/// The promise of `Confidence.confident`: a person need not look. A top candidate keeps a confidence at or
/// above it only with evidence of `rank.kinds_needed` independent kinds (`EvidenceKind`) and no rival: a
/// second value of the field that is not ruled out, has as many kinds, and that the model also believes
/// (from `rank.rival_floor`). Otherwise the top stays at most `rank.abstain_cap` and says why
/// (`thin-evidence`, `rival-<field>`), and so does its rival; `needs_review` then names the field.
extension Ranker {
    /// The fields whose values are paid (or shown for payment) and so abstain; a currency follows its amount.
    static let abstaining: Set<Field> = Set(Field.allCases).subtracting([.currency])

    func abstain(_ list: inout [Entry], field: Field) {
        guard Self.abstaining.contains(field), let top = list.first,
            Confidence.clamped(top.score) >= Confidence.confident
        else { return }
        let kinds = top.candidate.evidence.kinds(for: field)
        var doubts: [Evidence] = []
        if kinds.count < weights.kindsNeeded { doubts.append(.thinEvidence) }
        let rivals = list.indices.dropFirst().filter { isRival(list[$0], field: field) }
        if !rivals.isEmpty { doubts.append(.rival(field)) }
        guard !doubts.isEmpty else { return }
        for d in doubts { list[0].candidate.note(d) }
        list[0].score = min(list[0].score, weights.abstainCap)
        for i in rivals {
            list[i].candidate.note(.rival(field))
            list[i].score = min(list[i].score, weights.abstainCap)
        }
    }

    /// Whether `other` rivals the top of its field: not ruled out, as well evidenced, believed.
    func isRival(_ other: Entry, field: Field) -> Bool {
        let e = other.candidate.evidence
        guard !e.contains(where: \.isVeto), !e.contains(.codeProblems), !e.contains(.secondaryAccount) else { return false }
        return Confidence.clamped(other.score) >= weights.rivalFloor && e.kinds(for: field).count >= weights.kindsNeeded
    }
}
