import Testing

@testable import CardCheck
@testable import PPShared

/// Each shape a card number or a security code once passed through pp-cardcheck in, beside a valid card
/// (found by hostile inputs; docs/reliability.md, Leaks): one case each, so each fails on its own.
@Suite("pp-cardcheck masks a card number in every shape it can be read in")
struct CardShapeTests {
    static let checker = CardChecker(today: YearMonth(year: 2026, month: 11))

    /// The output record of one input line, as the tool's batch path writes it.
    static func output(_ line: String) throws -> JSON {
        var batch = LineBatch(input: "stdin")
        batch.append(line: 1, line.utf8)
        return try JSON.parse(Array(Self.checker.check(batch: batch, bareNumbers: false).output.dropLast()))
    }

    static func noteRecord(_ note: String) -> String {
        #"{"number":"4111111111111111","expiry":"12/30","note":""# + note + #""}"#
    }

    /// (what the shape is, the note as JSON string content, what the note must become)
    static let notes: [(String, String, String)] = [
        ("digits split by newlines", #"4111\n1111\n1111\n1111"#, "[redacted]"),
        ("by CR LF", #"4111\r\n1111\r\n1111\r\n1111"#, "[redacted]"),
        ("by zero-width spaces", "4111\u{200B}1111\u{200B}1111\u{200B}1111", "[redacted]"),
        ("by soft hyphens", "4111\u{AD}1111\u{AD}1111\u{AD}1111", "[redacted]"),
        ("by word joiners", "4111\u{2060}1111\u{2060}1111\u{2060}1111", "[redacted]"),
        ("by byte-order marks", "4111\u{FEFF}1111\u{FEFF}1111\u{FEFF}1111", "[redacted]"),
        ("by en dashes", "4111\u{2013}1111\u{2013}1111\u{2013}1111", "[redacted]"),
        ("by U+2212 minus", "4111\u{2212}1111\u{2212}1111\u{2212}1111", "[redacted]"),
        ("by four spaces", "Card: 4111    1111    1111    1111", "Card: [redacted]"),
        (
            "superscript digits",
            "\u{2074}\u{B9}\u{B9}\u{B9} \u{B9}\u{B9}\u{B9}\u{B9} \u{B9}\u{B9}\u{B9}\u{B9} \u{B9}\u{B9}\u{B9}\u{B9}", "[redacted]"
        ),
        ("circled digits", "\u{2463}" + String(repeating: "\u{2460}", count: 15), "[redacted]"),
        (
            "digits with combining marks", "card " + "4111111111111111".map { "\($0)\u{303}" }.joined() + " ok",
            "card [redacted] ok"
        ),
        ("percent-encoded digits", "%34" + String(repeating: "%31", count: 15), "[redacted]"),
        ("decimal character references", "&#52;" + String(repeating: "&#49;", count: 15), "[redacted]"),
        ("hex character references", "&#x34;" + String(repeating: "&#x31;", count: 15), "[redacted]"),
        ("references without their semicolon", "&#52" + String(repeating: "&#49", count: 15), "[redacted]"),
        ("named references of superscripts", String(repeating: "&sup1;", count: 16), "[redacted]"),
        ("percent-encoded twice", "%2534" + String(repeating: "%2531", count: 15), "[redacted]"),
        ("an encoded ampersand", "&amp;#52;111 1111 1111 1111", "[redacted]"),
        ("a percent-encoded zero-width space", "4111%E2%80%8B1111%E2%80%8B1111%E2%80%8B1111", "[redacted]"),
        ("backslash escapes", #"\\u0034\\u0031\\u0031\\u0031 1111 1111 1111"#, "[redacted]"),
        ("keycap digits", "4111111111111111".map { "\($0)\u{FE0F}\u{20E3}" }.joined(), "[redacted]"),
        ("subscript digits", "\u{2084}" + String(repeating: "\u{2081}", count: 15), "[redacted]"),
        ("circled numbers for digit pairs", "\u{2463}\u{246A}\u{246A}\u{246A}\u{246A}\u{246A}\u{246A}\u{246A}1", "[redacted]"),
        ("mathematical digits", "\u{1D7DC}" + String(repeating: "\u{1D7D9}", count: 15), "[redacted]"),
        ("line and paragraph separators", "4111\u{2028}1111\u{2029}1111\u{85}1111", "[redacted]"),
        ("full-width stops and em dashes", "4111\u{FF0E}1111 \u{2014} 1111\u{2026}1111", "[redacted]"),
        (
            "a mix of separators and invisible characters", "4111 \u{200B}\u{2013}\u{200D} 1111\\t\u{A0}1111_\u{34F}1111",
            "[redacted]"
        ),
        ("sixteen separators", "4111" + String(repeating: " ", count: 16) + "1111 1111 1111 !", "[redacted] !"),
    ]

    @Test("a card number in a field beside a valid card", arguments: notes)
    func note(shape: String, note: String, masked: String) throws {
        let out = try Self.output(Self.noteRecord(note))
        #expect(out["note"] == .string(masked), "\(shape): \(Self.noteRecord(note)) -> \(out.encoded())")
        #expect(out["status"] == "valid")
    }

    @Test("a card number as a key", arguments: notes.prefix(9))
    func key(shape: String, note: String, masked: String) throws {
        let out = try Self.output(#"{"number":"4111111111111111",""# + note + #"":1}"#)
        #expect(out.members?.keys.contains(where: { $0.contains("1111") }) == false, "\(shape)")
    }

    /// (the array as JSON, the array it must become)
    static let arrays: [(String, JSON)] = [
        (#"["4111","1111","1111","1111"]"#, ["[redacted]", "[redacted]", "[redacted]", "[redacted]"]),
        (#"[4111,1111,1111,1111]"#, ["[redacted]", "[redacted]", "[redacted]", "[redacted]"]),
        (#"["card","4111 1111"," ","1111-1111","ok"]"#, ["card", "[redacted]", " ", "[redacted]", "ok"]),
        (#"["%34111","&#49;111","1111","1111"]"#, ["[redacted]", "[redacted]", "[redacted]", "[redacted]"]),
        (#"[1,2.50,"12/30",7]"#, [1, .number("2.50"), "12/30", 7]),
    ]

    @Test("groups of a card number as the items of an array", arguments: arrays)
    func array(array: String, masked: JSON) throws {
        let out = try Self.output(#"{"number":"4111111111111111","groups":"# + array + "}")
        #expect(out["groups"] == masked)
    }

    static let codeNames = [
        "cvvCode", "cvc_code", "cvv_number", "cvvValue", "card_verification", "cardSecurityCode", "C.V.V.",
        "\u{FF23}\u{FF36}\u{FF36}", "c\u{200B}vv", "billingcvv", "cidValue", "CARD_CVC2", "card-verification-value",
        "csc_value", "cvn2", "security code", "\u{1D41C}\u{1D42F}\u{1D41C}", "card_cid", "CAV2",
    ]

    @Test("a security code under a name that says so", arguments: codeNames)
    func securityCode(name: String) throws {
        let out = try Self.output(#"{"number":"4111111111111111",""# + name + #"":"837","k":{""# + name + #"":837}}"#)
        #expect(out[name] == "[redacted]", "\(name)")
        #expect(out["k"]?[name] == "[redacted]", "\(name)")
    }

    @Test(
        "names that only look like one keep their values", arguments: ["acid", "decide", "incident", "cave", "misc_scan", "code"])
    func notASecurityCode(name: String) throws {
        let out = try Self.output(#"{"number":"4111111111111111",""# + name + #"":"837"}"#)
        #expect(out[name] == "837")
    }
}
