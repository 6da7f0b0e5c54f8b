import Lexicons

/// The payment fields pp-extract ranks candidates for; the raw value is the record's key.
public enum Field: String, CaseIterable, Sendable, Comparable {
    case account, amount, reference, bic, payee
    case dueDate = "due_date"
    case paymentCode = "payment_code"
    case currency

    /// In record order (`candidates` lists them so).
    public static func < (a: Field, b: Field) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// The fields of a document record's flat `best` object, in the order `needs_review` names them.
    public static let best: [Field] = [.account, .amount, .currency, .reference, .payee, .dueDate]
    /// Fields a payment cannot go without: missing, they need review.
    public static let required: Set<Field> = [.account, .amount, .currency]
    /// Fields a payment code can contradict: the ones a forged sticker would change.
    public static let codeContradictable: [Field] = [.account, .amount]
    /// Fields whose top candidate gains from a clear lead over the rest.
    public static let leadFields: Set<Field> = [.account, .amount, .reference]
}

/// What a confidence means: an integer from 0 to 2000, and from `confident` on a person need not look.
public enum Confidence {
    public static let range = 0...2000
    /// The promise: at or above it, the value is used without review.
    public static let confident = 1500

    /// Rule points or any score clamped into the range.
    public static func clamped(_ points: Int) -> Int { max(range.lowerBound, min(range.upperBound, points)) }

    /// A calibrated probability as a confidence.
    public static func of(probability p: Double) -> Int {
        Int(clamping: Double(range.upperBound) * p, to: range) ?? 0
    }
}
