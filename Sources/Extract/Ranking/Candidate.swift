import Foundation
import Lexicons
import PPShared

/// One candidate value for a field, with the evidence behind it and the rule points that evidence is worth.
/// Finders make candidates and credit them; only the `Ranker` turns points into a confidence.
public struct Candidate: Sendable {
    public var field: Field
    /// Canonical value (compact IBAN, 18-digit Serbian account, "1234.56", ISO date, …). A reference's
    /// model stays in `facts.model` here; the record's `value` puts it in front (`recordValue`).
    public var value: String
    /// As a person writes it.
    public var display: String
    /// What the evidence is worth, before ranking: the finders' currency, never a confidence.
    public private(set) var points: Int
    public var page: Int
    public var box: Box?
    public private(set) var evidence: [Evidence]
    /// What the candidate tells beside its value (scheme, country, model, currency, …).
    public var facts = CandidateFacts()
    /// Where else the value is printed as strongly (joined occurrences, `Ranker.merge`).
    var places: [(page: Int, box: Box)] = []
    /// Read from a payment code and printed nowhere on the page: its place is the code's, which proves no
    /// layout (every field of one code stands there).
    var onlyInCode = false
    /// The points each reason added, in order (with `--explain` only: nil, and no cost, otherwise).
    private(set) var credits: [Credit]?

    /// Points given for one reason.
    struct Credit: Sendable {
        let reason: Reason
        let points: Int
    }

    /// Why points were given: evidence the record lists, or an adjustment only `--explain` shows.
    enum Reason: Sendable {
        case evidence(Evidence)
        case adjustment(Adjustment)
        /// The points a candidate was made with, before any evidence.
        case base

        var name: String {
            switch self {
            case .evidence(let e): e.name
            case .adjustment(let a): a.rawValue
            case .base: "base"
            }
        }
    }

    /// Reasons for points that the record does not list as evidence.
    enum Adjustment: String, Sendable {
        /// The value stands on another line than its label.
        case valueOnAnotherLine = "value-on-another-line"
        /// Free text with no digit in it.
        case noDigits = "no-digits"
        /// A company name far down the first page, or on a later page.
        case printedFurtherDown = "printed-further-down"
        /// Other currencies named on the same page.
        case otherCurrencies = "other-currencies"
        /// A limit that came with evidence given earlier.
        case capped
    }

    /// A candidate worth `points` for the evidence it was found with.
    public init(
        _ field: Field, value: String, display: String? = nil, points: Int, page: Int, box: Box?, evidence: [Evidence],
        facts: CandidateFacts = CandidateFacts()
    ) {
        self.field = field
        self.value = value
        self.display = display ?? value
        self.points = points
        self.page = page
        self.box = box
        self.evidence = evidence
        self.facts = facts
        if Explanation.enabled {
            var made = [Credit]()
            if let first = evidence.first {
                made.append(Credit(reason: .evidence(first), points: points))
            } else if points != 0 {
                made.append(Credit(reason: .base, points: points))
            }
            made += evidence.dropFirst().map { Credit(reason: .evidence($0), points: 0) }
            credits = made
        }
    }

    /// Adds `points` (negative: takes them) for `reason`, which joins the evidence.
    public mutating func credit(_ reason: Evidence, _ points: Int) {
        self.points += points
        evidence.append(reason)
        credits?.append(Credit(reason: .evidence(reason), points: points))
    }

    /// Adds a fact that is worth no points of its own.
    public mutating func note(_ reason: Evidence) { credit(reason, 0) }

    /// Adds a fact once.
    public mutating func noteOnce(_ reason: Evidence) { if !evidence.contains(reason) { note(reason) } }

    /// Lowers the points to `limit` (if above it) because of `reason`, which joins the evidence.
    public mutating func cap(at limit: Int, because reason: Evidence) { credit(reason, min(points, limit) - points) }

    /// Points for a reason the record does not list: shown by `--explain` only.
    mutating func adjust(_ points: Int, _ why: Adjustment) {
        guard points != 0 else { return }
        self.points += points
        credits?.append(Credit(reason: .adjustment(why), points: points))
    }

    /// Lowers the points to `limit` for a reason already in the evidence.
    mutating func cap(at limit: Int) { adjust(min(points, limit) - points, .capped) }

    /// Sets the points a finder's later finding replaces (a checked model-97 reference is worth more than the
    /// labelled text it was first taken for).
    mutating func rebase(_ points: Int, because reason: Evidence) { credit(reason, points - self.points) }

    /// Takes the evidence of another occurrence of the same value (labels and slip agreement).
    mutating func pool(_ more: [Evidence]) {
        for e in more where !evidence.contains(e) { note(e) }
    }

    /// The value as the record writes it: a reference with a payment model (two digits, or a country's
    /// letters and two digits) has the model in front, one space between ("97 14 3004117852026",
    /// "HR01 12345-212-2"); every other value as it is (an RF reference holds its "RF" already, a Czech
    /// variable symbol is typed without "VS").
    var recordValue: String {
        guard field == .reference, let model = facts.model, Self.isPaymentModel(model),
            !value.hasPrefix(model)
        else { return value }
        return model + " " + value
    }

    static func isPaymentModel(_ model: String) -> Bool {
        let c = Array(model)
        let digits = { (s: ArraySlice<Character>) in s.allSatisfy { $0.isASCII && $0.isNumber } }
        return (c.count == 2 && digits(c[...])) || (c.count == 4 && c[0].isUppercase && c[1].isUppercase && digits(c[2...]))
    }
}
