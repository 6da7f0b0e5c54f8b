import Lexicons

/// Why a candidate is (or is not) the value of its field: one typed fact each, made by the finders and the
/// ranker and never parsed back. A record writes each as its `name` ("iban-checksum", "label:due",
/// "sum-of:100.00+20.00"); the fitted model sees each as its `feature` (the name without its varying part).
public enum Evidence: Hashable, Sendable {
    // What the value itself proves.
    case checksum(Checksum)
    case checksumFailed(Checksum)
    case bicFormat, bicInvalid
    case date, codePattern
    case lookalike(Lookalike)
    /// A reference typed after a payment model other than 97 ("model:HR01").
    case model(String)
    case noChecksum, placeholderAccount
    /// An account number of a national form, told by its bank code or its own check digits.
    case nationalAccount(NationalAccountScheme)

    // What the page says around it.
    case labelled(LabelCategory)
    case payerLabel, notForPayment, negated, secondaryAccount, ambiguous
    case ibanLine, companyName, sentence
    case currency(String)
    case currencyToken, amountCurrency, profileDefault
    case count(Int)
    case noDecimals, negative, lineItem, slipEquals, largestTotal
    /// How far down its page a total stands, in per cent of the page's text.
    case position(Int)

    // How it was read.
    case ocrConfidence(Int)
    case ocrRepaired, ocrDigits
    case ocrCorrected(from: String)

    // Arithmetic between the amounts of the page.
    case sumOf(SumParts)
    case differenceOf(total: String, deducted: String)
    case balanceOf(total: String)
    case rounded(from: String)
    case roundedAway, afterRounding, beforeRounding
    case tendered, tenderedLessChange, tenderedExact, afterPayment

    // Payment codes (QR, PDF417) and e-invoice XML.
    case codeFormat(String)
    case codeChecked, codeProblems, codeAgreesPage, codeContradictsPage
    case einvoiceXML, einvoiceXMLInvalid, xmlTextAgree, xmlTextDisagree, xmlDisagrees, notOnPage
    case einvoicePayerAccount, payeeParty, sellerParty
    case dueAddsUp, dueDoesNotAddUp, taxAddsUp, taxDoesNotAddUp

    // What the ranker concluded.
    case repeated(Int)
    case clearLead, closeSecond, noPaymentExpected, unfamiliarEvidence
    /// Printed in the payment block, beside another payment field's value.
    case paymentBlock
    /// Abstained: fewer independent kinds of evidence than a confident value needs.
    case thinEvidence
    /// Abstained: another value of the field has evidence as good ("rival-account").
    case rival(Field)
    /// Abstained: OCR was unsure of the value's own words and nothing checks its digits.
    case unsureReading
    /// A date whose day and month read either way ("11/10/2026") on a document whose other dates do not
    /// settle the order: never confident.
    case ambiguousDate
    /// An amount on a page whose amount-due label OCR read with no amount after it ("Zahlbetrag 521,9%"), or
    /// above the page's last total caption OCR read with none ("Gesamtbetrag 7LME —4—"), or a total with a part
    /// paid under it whose rest is printed nowhere: what is due is not what the other lines say; never confident.
    case dueUnread
    /// An amount on a receipt whose tendered amount less the change back (what was paid) is printed nowhere
    /// above its payment lines: the totals were misread or are not what was paid; never confident.
    case paidDiffers
    /// An amount the page prints as a subtotal with tax, charge or rounding rows after it that add to it
    /// (the total they make is larger, and OCR may have lost it): never confident.
    case subtotalBeforeCharges
    /// An amount OCR read with its cents cut off by a space after the decimal mark ("RM 65. 20"): the whole
    /// number it was read as is not what the page prints; never confident.
    case centsApart
    /// An amount OCR read with one decimal digit ("3.2]" for 3.21): a digit of its cents was lost, and a sum
    /// within a cent confirms either; never confident.
    case centsLost
    /// A total with another total of a different value printed under it in its totals block ("Total 6%
    /// supplies 28.28" over "Total 0% supplies 6.01"): a part of what is paid, or a misread; never confident.
    case totalBelow
    /// A total one digit away from another total row of the page, neither confirmed by its parts: one of the
    /// two was misread ("Total 10.40" and "Total 40.40"); never confident.
    case digitRival

    /// The checks a value can pass or fail.
    public enum Checksum: String, Sendable {
        case iban
        case rsAccount = "rs-account"
        case rf, model97
        /// National references (`ReferenceScheme`).
        case ogm, viitenumero, kid
        case ocrSE = "ocr-se"
        case fik, qrr
    }

    /// The check a national reference scheme's check digits pass.
    static func national(_ scheme: ReferenceScheme) -> Evidence? {
        Checksum(rawValue: scheme.rawValue).map { .checksum($0) }
    }

    /// Shapes that are something other than a reference.
    public enum Lookalike: String, Sendable {
        case date, phone, postcode, amount
        /// An EN 16931 business term or group ("BT-83", "BG-16"): e-invoice viewers print them beside the
        /// captions.
        case term
    }

    /// The parts an amount is the sum of.
    public enum SumParts: Hashable, Sendable {
        case values([String])
        /// A net amount and a tax rate the page prints ("27" for 27 %).
        case netAndRate(net: String, rate: String)
        case items(Int)
    }

    /// As the record writes it.
    public var name: String {
        switch self {
        case .checksum(let c): c.rawValue + "-checksum"
        case .checksumFailed(let c): c.rawValue + "-checksum-failed"
        case .bicFormat: "bic-format"
        case .bicInvalid: "bic-invalid"
        case .date: "date"
        case .codePattern: "code-pattern"
        case .lookalike(let l): l.rawValue + "-like"
        case .model(let m): "model:" + m
        case .noChecksum: "no-checksum"
        case .placeholderAccount: "placeholder-account"
        case .nationalAccount(let scheme): scheme.rawValue + "-account"
        case .labelled(let category): "label:" + category.evidenceName
        case .payerLabel: "payer-label"
        case .notForPayment: "not-for-payment"
        case .negated: "negated"
        case .secondaryAccount: "secondary-account"
        case .ambiguous: "ambiguous"
        case .ibanLine: "iban-line"
        case .companyName: "company-name"
        case .sentence: "sentence"
        case .currency(let iso): "currency:" + iso
        case .currencyToken: "currency-token"
        case .amountCurrency: "amount-currency"
        case .profileDefault: "profile-default"
        case .count(let n): "count:\(n)"
        case .noDecimals: "no-decimals"
        case .negative: "negative"
        case .lineItem: "line-item"
        case .slipEquals: "slip-equals"
        case .largestTotal: "largest-total"
        case .position(let p): "position:\(p)"
        case .ocrConfidence(let c): "ocr-conf:\(c)"
        case .ocrRepaired: "ocr-repaired"
        case .ocrDigits: "ocr-digits"
        case .ocrCorrected(let read): "ocr-corrected:" + read
        case .sumOf(.values(let parts)): "sum-of:" + parts.joined(separator: "+")
        case .sumOf(.netAndRate(let net, let rate)): "sum-of:\(net)+\(rate)%"
        case .sumOf(.items(let n)): "sum-of:items(\(n))"
        case .differenceOf(let total, let deducted): "difference-of:\(total)-\(deducted)"
        case .balanceOf(let total): "balance-of:" + total
        case .rounded(let from): "rounded:" + from
        case .roundedAway: "rounded-away"
        case .afterRounding: "after-rounding"
        case .beforeRounding: "before-rounding"
        case .tendered: "tendered"
        case .tenderedLessChange: "tendered-less-change"
        case .tenderedExact: "tendered-exact"
        case .afterPayment: "after-payment"
        case .codeFormat(let format): format
        case .codeChecked: "code-checked"
        case .codeProblems: "code-problems"
        case .codeAgreesPage: "code-agrees-page"
        case .codeContradictsPage: "code-contradicts-page"
        case .einvoiceXML: "einvoice-xml"
        case .einvoiceXMLInvalid: "einvoice-xml-invalid"
        case .xmlTextAgree: "xml-text-agree"
        case .xmlTextDisagree: "xml-text-disagree"
        case .xmlDisagrees: "xml-disagrees"
        case .notOnPage: "not-on-page"
        case .einvoicePayerAccount: "einvoice-payer-account"
        case .payeeParty: "payee-party"
        case .sellerParty: "seller-party"
        case .dueAddsUp: "due-adds-up"
        case .dueDoesNotAddUp: "due-does-not-add-up"
        case .taxAddsUp: "tax-adds-up"
        case .taxDoesNotAddUp: "tax-does-not-add-up"
        case .repeated(let n): "repeated:\(n)"
        case .clearLead: "clear-lead"
        case .closeSecond: "close-second"
        case .noPaymentExpected: "no-payment-expected"
        case .unfamiliarEvidence: "unfamiliar-evidence"
        case .thinEvidence: "thin-evidence"
        case .paymentBlock: "payment-block"
        case .rival(let field): "rival-" + field.rawValue
        case .unsureReading: "unsure-reading"
        case .ambiguousDate: "ambiguous-date"
        case .dueUnread: "due-unread"
        case .paidDiffers: "paid-differs"
        case .subtotalBeforeCharges: "subtotal-before-charges"
        case .centsApart: "cents-apart"
        case .centsLost: "cents-lost"
        case .totalBelow: "total-below"
        case .digitRival: "digit-rival"
        }
    }

    /// The model's feature for this evidence: its kind, without the part that varies from value to value
    /// ("repeated:3" and "repeated:2" are both `e:repeated`); a label's category is a kind of its own.
    public var feature: String {
        switch self {
        case .model: "e:model"
        case .currency: "e:currency"
        case .count: "e:count"
        case .position: "e:position"
        case .ocrConfidence: "e:ocr-conf"
        case .ocrCorrected: "e:ocr-corrected"
        case .sumOf: "e:sum-of"
        case .differenceOf: "e:difference-of"
        case .balanceOf: "e:balance-of"
        case .rounded: "e:rounded"
        case .repeated: "e:repeated"
        default: "e:" + name
        }
    }

    /// Evidence that rules the value out: the fitted model's confidence never rises above the rule points.
    public var isVeto: Bool {
        switch self {
        case .lookalike, .payerLabel, .notForPayment, .negated, .noPaymentExpected, .tendered: true
        case .checksumFailed: true
        default: false
        }
    }

    /// A total's place on its page, from 0 (its first line) to 1 (its last), in whole per cent.
    static func position(down share: Double) -> Evidence { .position(Scoring.scaled(100, by: share)) }

    /// The label category behind a `labelled` fact.
    public var labelCategory: LabelCategory? {
        if case .labelled(let category) = self { return category }
        return nil
    }

    /// A checksum that holds.
    var isPassedChecksum: Bool {
        if case .checksum = self { return true }
        return false
    }

    var isOCRConfidence: Bool {
        if case .ocrConfidence = self { return true }
        return false
    }

    /// Whether this is a sum, difference, tendered-less-change or rounding that confirms an amount.
    var confirmsAmount: Bool {
        switch self {
        case .sumOf, .differenceOf, .tenderedLessChange, .rounded: true
        default: false
        }
    }
}

extension Array where Element == Evidence {
    /// Whether a label of `category` speaks for the value.
    func has(label category: LabelCategory) -> Bool { contains(.labelled(category)) }

    /// Whether any label speaks for the value.
    var isLabelled: Bool { contains { $0.labelCategory != nil } }

    /// The first label category that speaks for the value.
    var firstLabel: LabelCategory? { lazy.compactMap(\.labelCategory).first }

    /// Whether one of the facts is a sum of other amounts.
    var isSum: Bool {
        contains {
            if case .sumOf = $0 { return true }
            return false
        }
    }

    /// The record's form: one name per fact.
    var names: [String] { map(\.name) }
}
