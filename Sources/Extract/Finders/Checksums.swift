import Lexicons

/// Checksums and formats of payment identifiers (see the payment-standards sheet):
/// ISO 7064 MOD 97-10, IBAN (ISO 13616) with the registry's lengths and patterns,
/// the Serbian domestic account (3-13-2), Serbian model 97, RF creditor references
/// (ISO 11649) and BIC (ISO 9362). Pure functions; nothing here knows about pages.
public enum Checksums {
    /// The value of a character in MOD 97-10 arithmetic: digits as themselves, letters A=10 … Z=35.
    static func digits(of text: Substring) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(text.count * 2)
        for ch in text.unicodeScalars {
            switch ch.value {
            case 48...57: out.append(UInt8(ch.value - 48))
            case 65...90, 97...122:
                let v = (ch.value >= 97 ? ch.value - 97 : ch.value - 65) + 10
                out.append(UInt8(v / 10))
                out.append(UInt8(v % 10))
            default: return nil
            }
        }
        return out
    }

    /// `text mod 97`, letters converted; nil when `text` holds anything but letters and digits.
    public static func mod97(_ text: some StringProtocol) -> Int? {
        guard let ds = digits(of: Substring(text)), !ds.isEmpty else { return nil }
        var rem = 0
        for d in ds { rem = (rem * 10 + Int(d)) % 97 }
        return rem
    }

    /// The two MOD 97-10 check digits for `payload` when they go at the end: 98 − (payload·100 mod 97).
    public static func mod97CheckDigits(_ payload: some StringProtocol) -> String? {
        guard let r = mod97(String(payload) + "00") else { return nil }
        let cd = 98 - r
        return cd < 10 ? "0\(cd)" : "\(cd)"
    }

    // MARK: IBAN

    /// IBAN registry (SWIFT v101 via the spec): country → BBAN pattern; the length follows from it.
    public static let ibanPatterns: [String: String] = [
        "AD": "4!n4!n12!c", "AL": "8!n16!c", "AT": "5!n11!n", "BE": "3!n7!n2!n", "BG": "4!a4!n2!n8!c",
        "CH": "5!n12!c", "CY": "3!n5!n16!c", "CZ": "4!n16!n", "DE": "8!n10!n", "DK": "4!n9!n1!n",
        "EE": "2!n14!n", "ES": "4!n4!n1!n1!n10!n", "FI": "3!n11!n", "FR": "5!n5!n11!c2!n", "GB": "4!a6!n8!n",
        "GI": "4!a15!c", "GR": "3!n4!n16!c", "HR": "7!n10!n", "HU": "3!n4!n1!n15!n1!n", "IE": "4!a6!n8!n",
        "IS": "4!n2!n6!n10!n", "IT": "1!a5!n5!n12!c", "LI": "5!n12!c", "LT": "5!n11!n", "LU": "3!n13!c",
        "LV": "4!a13!c", "MC": "5!n5!n11!c2!n", "MD": "2!c18!c", "ME": "3!n13!n2!n", "MK": "3!n10!c2!n",
        "MT": "4!a5!n18!c", "NL": "4!a10!n", "NO": "4!n6!n1!n", "PL": "8!n16!n", "PT": "4!n4!n11!n2!n",
        "RO": "4!a16!c", "RS": "3!n13!n2!n", "SE": "3!n16!n1!n", "SI": "5!n8!n2!n", "SK": "4!n6!n10!n",
        "SM": "1!a5!n5!n12!c", "VA": "3!n15!n", "BA": "3!n3!n8!n2!n", "XK": "4!n10!n2!n",
        "TR": "5!n1!n16!c", "UA": "6!n19!c",
    ]

    /// The character classes of a BBAN pattern, one per position ("n", "a", "c").
    static let ibanClasses: [String: [Character]] = {
        var out: [String: [Character]] = [:]
        for (cc, pattern) in ibanPatterns {
            var classes: [Character] = []
            var number = 0
            for ch in pattern {
                if let d = ch.wholeNumberValue {
                    number = number * 10 + d
                } else if ch == "!" {
                    continue
                } else {
                    classes.append(contentsOf: Array(repeating: ch, count: number))
                    number = 0
                }
            }
            out[cc] = classes
        }
        return out
    }()

    /// The total IBAN length for a country, or nil when the country has no IBAN.
    public static func ibanLength(country: String) -> Int? { ibanClasses[country].map { $0.count + 4 } }

    /// Why an IBAN-shaped string is or is not an IBAN.
    public enum IBANResult: Equatable, Sendable {
        case valid
        case unknownCountry, wrongLength, wrongPattern, badChecksum, badNationalCheck
    }

    /// Removes the separators seen in print (spaces, '-', '.') and uppercases.
    public static func compact(_ text: some StringProtocol) -> String {
        let drop: Set<Character> = [" ", "\t", "-", ".", "\u{00A0}", "\u{202F}"]
        return String(text.filter { !drop.contains($0) }).uppercased()
    }

    /// Validates an IBAN: country, registry length, BBAN pattern, MOD 97-10, and the national check where the
    /// BBAN itself is MOD 97 (RS, ME).
    public static func checkIBAN(_ raw: some StringProtocol) -> IBANResult {
        let iban = compact(raw)
        let chars = Array(iban)
        guard chars.count >= 5 else { return .wrongLength }
        let cc = String(chars[0..<2])
        guard let classes = ibanClasses[cc] else { return .unknownCountry }
        guard chars.count == classes.count + 4 else { return .wrongLength }
        guard chars[2].isASCII, chars[2].isNumber, chars[3].isASCII, chars[3].isNumber else { return .wrongPattern }
        for (ch, cls) in zip(chars[4...], classes) {
            guard ch.isASCII, ch.isLetter || ch.isNumber else { return .wrongPattern }
            switch cls {
            case "n": if !ch.isNumber { return .wrongPattern }
            case "a": if !ch.isUppercase { return .wrongPattern }
            default: break
            }
        }
        let rotated = iban.dropFirst(4) + iban.prefix(4)
        guard mod97(rotated) == 1 else { return .badChecksum }
        if cc == "RS" || cc == "ME", mod97(iban.dropFirst(4)) != 1 { return .badNationalCheck }
        return .valid
    }

    public static func isValidIBAN(_ raw: some StringProtocol) -> Bool { checkIBAN(raw) == .valid }

    /// Written like an IBAN (two letters, two digits, then letters or digits, 15 to 34 in all), valid or not:
    /// such a number that fails `checkIBAN` is a broken IBAN (a placeholder, a country that has none), not
    /// an account of another form.
    public static func isIBANShaped(_ compact: some StringProtocol) -> Bool {
        let c = Array(compact)
        return (15...34).contains(c.count) && c[0..<2].allSatisfy { $0.isASCII && $0.isLetter }
            && c[2..<4].allSatisfy { $0.isASCII && $0.isNumber } && c.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }

    /// The printed form: groups of four.
    public static func groupedByFour(_ compact: String) -> String {
        var out = ""
        for (i, ch) in compact.enumerated() {
            if i > 0, i % 4 == 0 { out.append(" ") }
            out.append(ch)
        }
        return out
    }

    // MARK: Serbian domestic account

    /// The 18-digit form of a printed Serbian account (`840-955845-10` → `840000000095584510`):
    /// bank code 3, middle left-padded to 13, control 2. Nil when the shape is wrong.
    public static func serbianAccount18(_ printed: some StringProtocol) -> String? {
        let parts = printed.split(whereSeparator: { $0 == "-" || $0 == " " })
        let digitsOnly = printed.filter { $0.isASCII && $0.isNumber }
        guard digitsOnly.count == printed.filter({ $0 != "-" && $0 != " " }).count else { return nil }
        if parts.count == 3 {
            guard parts[0].count == 3, (1...13).contains(parts[1].count), parts[2].count == 2 else { return nil }
            return String(parts[0]) + String(repeating: "0", count: 13 - parts[1].count) + parts[1] + parts[2]
        }
        guard digitsOnly.count == 18 else { return nil }
        return String(digitsOnly)
    }

    /// Whether an 18-digit Serbian account passes its control (the whole number mod 97 == 1, control recomputed).
    public static func isValidSerbianAccount(_ account18: String) -> Bool {
        guard account18.count == 18, account18.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        return mod97CheckDigits(account18.prefix(16)) == String(account18.suffix(2))
    }

    /// The printed form `bbb-mmmmmmmmmmmmm-kk`.
    public static func serbianDisplay(_ account18: String) -> String {
        let a = Array(account18)
        return String(a[0..<3]) + "-" + String(a[3..<16]) + "-" + String(a[16..<18])
    }

    // MARK: Serbian model 97

    /// Whether a model-97 reference (`KK` + body; dashes and spaces ignored, letters allowed) has the right KK.
    public static func isValidModel97(_ reference: some StringProtocol) -> Bool {
        let c = compact(reference)
        guard c.count >= 3 else { return false }
        let kk = c.prefix(2)
        guard kk.allSatisfy({ $0.isNumber }) else { return false }
        return mod97CheckDigits(c.dropFirst(2)) == String(kk)
    }

    // MARK: RF creditor reference

    /// Whether an ISO 11649 RF reference is valid: `RF` + 2 digits + 1..21 alphanumerics, rotated mod 97 == 1.
    public static func isValidRF(_ raw: some StringProtocol) -> Bool {
        let c = compact(raw)
        guard c.hasPrefix("RF"), (5...25).contains(c.count) else { return false }
        let chars = Array(c)
        guard chars[2].isNumber, chars[3].isNumber else { return false }
        guard chars[4...].allSatisfy({ $0.isASCII && ($0.isNumber || $0.isUppercase) }) else { return false }
        return mod97(c.dropFirst(4) + c.prefix(4)) == 1
    }

    // MARK: BIC

    /// ISO 3166 alpha-2 codes (for BIC country checks).
    public static let countries: Set<String> = Set(
        """
        AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ \
        CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR \
        GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO \
        JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR \
        MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO \
        RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV \
        TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW
        """.split(separator: " ").map(String.init))

    /// Whether a BIC is well formed: 4 letters, an ISO country, 2 alphanumerics, optional 3 alphanumerics.
    public static func isValidBIC(_ raw: some StringProtocol) -> Bool {
        let c = compact(raw)
        guard c.count == 8 || c.count == 11 else { return false }
        let a = Array(c)
        guard a[0..<4].allSatisfy({ $0.isASCII && $0.isUppercase }) else { return false }
        guard a[4..<6].allSatisfy({ $0.isASCII && $0.isUppercase }), countries.contains(String(a[4..<6])) else { return false }
        return a[6...].allSatisfy { $0.isASCII && ($0.isUppercase || $0.isNumber) }
    }
}
