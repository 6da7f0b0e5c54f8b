import Testing

@testable import PPShared

/// The card-number finder's rule (docs/records.md, pp-cardcheck): what is masked and what stays.
@Suite("the card-number finder")
struct CardNumberFinderTests {
    static let spaces = String(repeating: " ", count: CardNumberFinder.maximumSeparatorRun)

    static let masked: [(String, String)] = [
        ("card 4111 1111 1111 1111 ok", "card [redacted] ok"),
        ("4111\n1111\r\n1111\u{2028}1111", "[redacted]"),
        ("a 4111\(spaces)1111 1111 111 b", "a [redacted] b"),  // as many separators as the bound
        ("4111\u{200B}\u{200B}\u{200B}1111 1111 1111!", "[redacted]!"),  // invisible characters are not counted
        ("a 123456789012 b", "a [redacted] b"),  // 12 digits, no checksum asked
        ("9999 9999 9999 9999", "[redacted]"),  // no issuer range asked either
        ("4111 1111 1111 1111 123 and more", "[redacted] and more"),  // a longer run is masked whole
        ("\u{2463}\u{2460}\u{2460}\u{2460}\u{2460}\u{2460}\u{2460}\u{2460}\u{2460}\u{2460}\u{2460}\u{2460}", "[redacted]"),
        ("x %34%31%31%31%20%31%31%31%31%20%31%31%31%31 y", "x [redacted] y"),
        ("4111\u{A8}1111\u{A8}1111\u{A8}1111", "[redacted]"),  // NFKC: a space and a diaeresis
    ]

    static let unchanged = [
        "on 2026-11-29 at 12.30, page 3 of 12", "line 12345678901 of 3", "2026-11-29 12:30:45 ref 12345",
        "a 4111\(spaces) 1111 1111 111 b",  // one separator beyond the bound: 4 and 11 digits
        "4111x1111x1111x1111",  // letters part numbers (pp-cardcheck reads none of this as one)
        "call 0123 456 78 or 0123 456 79", "100% sure & more; 50%", "[redacted] 1234",
    ]

    @Test("masked", arguments: masked)
    func masks(text: String, expected: String) {
        #expect(Redaction.text(text) == expected)
        #expect(Redaction.text(expected) == expected)  // once is enough
    }

    @Test("left as it is", arguments: unchanged)
    func keeps(text: String) {
        #expect(Redaction.text(text) == text)
    }

    @Test("a text of nothing but digits and separators is one number, however many separators")
    func wholeValue() {
        let wide = "4111" + String(repeating: " ", count: 100) + "1111\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t1111 1111"
        #expect(Redaction.text(wide) == "[redacted]")
        #expect(Redaction.text(" \(wide) ") == " [redacted] ")
        #expect(Redaction.text("x" + wide) != "[redacted]")
    }

    @Test("possibleDigits bounds what either reading finds")
    func bound() {
        for text in Self.masked.map(\.0) + Self.unchanged + ["&#9321;&#9321;&#9321;&#9321;&#9321;&#9321;", "\u{2469}\u{2469}"] {
            let bound = CardNumberFinder.possibleDigits(text)
            #expect(CardNumberFinder.scan(text).digits <= bound, "\(text)")
            #expect(CardNumberFinder.scanDecoded(text).digits <= bound, "\(text)")
        }
    }
}

/// The security-code name rule (`SecurityCodeName`), its cases as data.
@Suite("security-code names")
struct SecurityCodeNameTests {
    static let names = [
        "cvc", "CVV", "cvv2", "CVC2", "cid", "CID", "csc", "cvn", "cvn2", "cvp2", "cve", "cav2", "security_code", "securityCode",
        "SecurityCode", "card_code", "cardCode", "billingCVV", "billing_cvv", "billingcvv", "card-cvc", "cvvCode", "cvc_code",
        "cvv_number", "cvvValue", "card_verification", "cardVerificationValue", "card verification code", "CIDValue",
        "cidValue", "card_cid", "C.V.V.", "c_v_c", "CVC_VALID_NOTE", "\u{FF43}\u{FF56}\u{FF56}", "\u{1D41C}\u{1D42F}\u{1D42F}",
        "c\u{200B}v\u{AD}v", "\u{2CD}cvv", "x_C\u{0130}D", "email_verification",
    ]
    static let notNames = [
        "id", "code", "card", "number", "price", "acid", "placid_mode", "decide", "incident", "accident", "coincidence",
        "lucid", "cave", "caveat", "excavate", "misc_scan", "basic_score", "disc_schedule", "public_vcard", "cvx", "cidade",
        "ci_d", "vcc", "csv", "email_verified",
    ]

    @Test("names of a security code", arguments: names)
    func isName(name: String) { #expect(Redaction.isSecurityCodeName(name)) }

    @Test("names that are not", arguments: notNames)
    func isNotName(name: String) { #expect(!Redaction.isSecurityCodeName(name)) }

    @Test("the ASCII reading of the bytes agrees with the reading of the scalars")
    func asciiAgrees() {
        for name in Self.names + Self.notNames where name.utf8.allSatisfy({ $0 < 0x80 }) {
            let bytes = Array(name.utf8)
            #expect(bytes.withUnsafeBufferPointer(Redaction.isASCIISecurityCodeName) == SecurityCodeName.matches(name), "\(name)")
        }
    }
}
