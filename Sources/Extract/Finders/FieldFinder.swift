import Lexicons

/// One field's finder: reads the document view, and what the finders before it found, and gives
/// candidates with their evidence and rule points. Finders never write a confidence: the `Ranker` does.
protocol FieldFinder: Sendable {
    var field: Field { get }
    /// Whether occurrences of one value are joined into one candidate before ranking (`Ranker.merge`).
    var mergesOccurrences: Bool { get }
    func candidates(in view: DocumentView, found: Findings) -> [Candidate]
}

extension FieldFinder {
    var mergesOccurrences: Bool { true }
}

/// What the finders found so far: every occurrence as found, and per value once (merged).
struct Findings: Sendable {
    var occurrences: [Field: [Candidate]] = [:]
    var merged: [Field: [Candidate]] = [:]
}

/// The finders, in the order they run (a later one may read what an earlier one found), each with its own
/// section of the weights.
enum FinderRegistry {
    static func finders(_ w: (String) -> Int) -> [any FieldFinder] {
        [
            AccountFinder(w), AmountFinder(w), ReferenceFinder(w), BICFinder(w), PayeeFinder(w), DueDateFinder(w),
            PaymentCodeFinder(w), CurrencyFinder(w),
        ]
    }
}
