/// The label categories pp-extract knows. A lexicon must fill the `required` ones (the synthetic-bill
/// generator reads them too); profiles and lexicons may use any category, nothing else. The raw value is
/// the name in lexicon and profile files.
public enum LabelCategory: String, CaseIterable, Sendable, Comparable {
    case amountDue = "amount_due"
    case amountTotal = "amount_total"
    case amountSubtotal = "amount_subtotal"
    case amountVAT = "amount_vat"
    case amountDiscount = "amount_discount"
    case amountRounding = "amount_rounding"
    case amountPrevious = "amount_previous"
    case amountPaid = "amount_paid"
    case amountGeneric = "amount_generic"
    case amountTendered = "amount_tendered"
    case amountChange = "amount_change"
    case account
    case accountPayer = "account_payer"
    /// A bank's code beside a national account number: routing number, sort code, IFSC, BLZ.
    case bankCode = "bank_code"
    case bic, payee, payer
    case reference
    /// A bare "Reference", "Ref.": the buyer's as often as the payee's.
    case referenceGeneric = "reference_generic"
    case referenceFree = "reference_free"
    case referencePayer = "reference_payer"
    case referenceBefore = "reference_before"
    case invoiceNumber = "invoice_number"
    case model
    case dueDate = "due_date"
    case dueDateWeak = "due_date_weak"
    case paymentCode = "payment_code"
    case noPaymentCreditNote = "no_payment_credit_note"
    case noPaymentDirectDebit = "no_payment_direct_debit"
    case noPaymentPaid = "no_payment_paid"
    case negation
    case notForPayment = "not_for_payment"
    case caption, other

    public static let required: [LabelCategory] = [
        .amountDue, .amountTotal, .amountSubtotal, .amountVAT, .amountDiscount, .amountRounding, .amountPrevious,
        .amountPaid, .amountTendered, .account, .accountPayer, .bic, .payee, .payer, .reference, .invoiceNumber, .dueDate,
        .noPaymentCreditNote, .noPaymentDirectDebit, .noPaymentPaid, .negation, .other,
    ]

    /// Categories are ordered by their file names: label matching breaks ties in that order.
    public static func < (a: LabelCategory, b: LabelCategory) -> Bool { a.rawValue < b.rawValue }

    /// The name evidence gives it: an amount's role without "amount_" ("label:due", "label:account").
    public var evidenceName: String { rawValue.hasPrefix("amount_") ? String(rawValue.dropFirst(7)) : rawValue }

    /// Whether the category captions an amount (a total, VAT, a paid amount …).
    public var isAmount: Bool { rawValue.hasPrefix("amount_") }

    /// Whether the category says a document asks for no payment.
    public var saysNoPayment: Bool { [.noPaymentCreditNote, .noPaymentDirectDebit, .noPaymentPaid].contains(self) }
}
