import Foundation
import PPShared

/// What the confident answers (>= Evaluation.confident) of an evaluation are worth: how many are right,
/// how sure that precision is on so few documents, and how many of the fields that needed a value got one.
struct ConfidentAnswers {
    /// The normal quantile of a two-sided 95% interval.
    static let z95 = 1.959963984540054

    /// Top candidates at or above the threshold, and how many of them are right.
    var answered = 0, right = 0
    /// Fields with a value expected, and how many of those were answered at or above the threshold:
    /// abstaining is not free, it sends the field to a person.
    var expected = 0, expectedAnswered = 0

    mutating func add(_ other: ConfidentAnswers) {
        answered += other.answered
        right += other.right
        expected += other.expected
        expectedAnswered += other.expectedAnswered
    }

    /// The lower end of the Wilson score interval of `successes` out of `trials` (nil without trials): the
    /// precision that `trials` answers can vouch for, which a plain ratio of 20/20 overstates.
    static func wilsonLowerBound(successes: Int, trials: Int, z: Double = z95) -> Double? {
        guard trials > 0 else { return nil }
        let n = Double(trials)
        let p = Double(successes) / n
        let z2 = z * z
        let centre = p + z2 / (2 * n)
        let spread = z * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot()
        return max(0, (centre - spread) / (1 + z2 / n))
    }

    var precision: Double? { answered == 0 ? nil : Double(right) / Double(answered) }
    var precisionLowerBound: Double? { Self.wilsonLowerBound(successes: right, trials: answered) }
    var share: Double? { expected == 0 ? nil : Double(expectedAnswered) / Double(expected) }

    /// The report's members, under the names `pp-extract eval` has always used for the first two.
    func json() -> [String: JSON] {
        func value(_ x: Double?) -> JSON { x.map { .rounded($0, places: 4) } ?? .null }
        return [
            "confident": .int(answered), "confident_precision": value(precision),
            "confident_precision_lower_95": value(precisionLowerBound),
            "confident_answered": .int(expectedAnswered), "value_expected": .int(expected),
            "confident_share": value(share),
        ]
    }

    /// "precision 98.0% of 242 (95% lower bound 95.3%), share 230/260 = 88.5%"
    func summary() -> String {
        func pct(_ x: Double?) -> String { x.map { String(format: "%.1f%%", $0 * 100) } ?? "-" }
        return "precision \(pct(precision)) of \(answered) (Wilson 95% lower bound \(pct(precisionLowerBound))), "
            + "share of fields with a value expected answered confidently \(expectedAnswered)/\(expected) = \(pct(share))"
    }
}
