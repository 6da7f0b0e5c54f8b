/// What a candidate tells beside its value. The record writes them as the candidate's `scheme`, `country`,
/// `iban`, `reference_model` and `bank_code`; an amount's currency goes to the document's currency field.
public struct CandidateFacts: Sendable, Equatable {
    /// The value's format or scheme: an account's ("iban", "rs-domestic", "us-aba", …) or a reference's
    /// ("rf", "model", "structured", "free-text", "ogm", …).
    public var scheme: String?
    /// The account's country (ISO 3166 letters).
    public var country: String?
    /// A Serbian account's IBAN; `.some(nil)` (a null in the record) when the account fails its control.
    public var iban: String??
    /// A reference's payment model ("97", "HR01"): the record puts it in front of the value.
    public var model: String?
    /// The currency printed or coded with an amount.
    public var currency: String?
    /// A national account's bank or branch code.
    public var bankCode: String?

    public init(
        scheme: String? = nil, country: String? = nil, iban: String?? = nil, model: String? = nil,
        currency: String? = nil, bankCode: String? = nil
    ) {
        self.scheme = scheme
        self.country = country
        self.iban = iban
        self.model = model
        self.currency = currency
        self.bankCode = bankCode
    }
}

extension CandidateFacts {
    /// A Serbian domestic account (18 digits): its IBAN when it passes its control (`iban`: the IBAN to
    /// write, nil for RS35 and the account).
    static func serbianAccount(_ a18: String, valid: Bool = true, iban: String? = nil) -> CandidateFacts {
        CandidateFacts(
            scheme: AccountFormat.rsDomestic.rawValue, country: "RS", iban: .some(valid ? iban ?? "RS35" + a18 : nil))
    }

    /// An IBAN (compact): its country is its first two letters.
    static func iban(_ compact: String) -> CandidateFacts {
        CandidateFacts(scheme: AccountFormat.iban.rawValue, country: String(compact.prefix(2)))
    }
}
