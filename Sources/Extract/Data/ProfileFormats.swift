/// The account formats a profile finds besides IBANs (docs/scoring.md, profile keys); the raw value is the
/// profile file's word for it.
public enum AccountFormat: String, Sendable, CaseIterable {
    case iban
    /// A Serbian domestic account: 3-13-2 digits with a MOD 97 control.
    case rsDomestic = "rs-domestic"
}

/// The checks a profile turns on; the raw value is the profile file's word for it.
public enum ProfileChecksum: String, Sendable, CaseIterable {
    case ibanMod97 = "iban-mod97"
    case rsAccountMod97 = "rs-account-mod97"
    /// Serbian references of model 97 ("97 1234…"), whose two digits are a MOD 97 control.
    case model97
    case rfISO11649 = "rf-iso11649"
    case bicFormat = "bic-format"
}
