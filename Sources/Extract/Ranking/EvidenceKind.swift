import Lexicons

/// The independent kinds of evidence a confident value needs two of: what the value proves itself, a label
/// of its field's role, agreement between two places or sources, arithmetic, a checked payment code, the
/// e-invoice XML. Evidence of one kind twice (two labels) is still one kind.
public enum EvidenceKind: String, Sendable, CaseIterable {
    case format, label, agreement, arithmetic, code, einvoice
    /// The value stands in the payment block with another field's (`PaymentBlock`).
    case layout
}

extension Evidence {
    /// The kind this fact is, for a candidate of `field`; nil for facts that prove nothing (penalties, notes,
    /// a label of another role).
    func kind(for field: Field) -> EvidenceKind? {
        switch self {
        case .checksum, .bicFormat, .date, .codePattern, .nationalAccount: .format
        case .currency: field == .amount ? .format : nil
        case .labelled(let category): category.role.contains(field) ? .label : nil
        case .slipEquals, .repeated, .codeAgreesPage, .xmlTextAgree, .amountCurrency: .agreement
        case .sumOf, .differenceOf, .balanceOf, .tenderedLessChange, .rounded: .arithmetic
        case .codeChecked: .code
        case .einvoiceXML: .einvoice
        default: nil
        }
    }
}

extension Array where Element == Evidence {
    /// The independent kinds among the facts, for a candidate of `field`.
    func kinds(for field: Field) -> Set<EvidenceKind> { Set(compactMap { $0.kind(for: field) }) }
}

extension LabelCategory {
    /// The fields a label of this category introduces the value of.
    var role: Set<Field> {
        switch self {
        case .amountDue, .amountTotal, .amountGeneric: [.amount]
        case .account, .payee: [.account, .payee]
        case .reference, .referenceFree, .referenceBefore, .referenceGeneric: [.reference]
        case .bic: [.bic]
        case .dueDate, .dueDateWeak: [.dueDate]
        case .paymentCode: [.paymentCode]
        default: []
        }
    }
}
