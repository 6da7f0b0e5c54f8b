import Testing

@testable import PPShared

/// The byte-level JSON core: what the fast paths (eight bytes at a time, key heads, interned keys,
/// shared scratch stacks) must keep exactly as the plain rules say.
@Suite("JSON core")
struct JSONCoreTests {
    /// Escaping byte by byte, the plain way, to hold the word-at-a-time writer to.
    static func referenceEscaped(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x22]
        for byte in bytes {
            switch byte {
            case 0x22: out += [0x5C, 0x22]
            case 0x5C: out += [0x5C, 0x5C]
            case 0x0A: out += Array(#"\n"#.utf8)
            case 0x0D: out += Array(#"\r"#.utf8)
            case 0x09: out += Array(#"\t"#.utf8)
            case 0x08: out += Array(#"\b"#.utf8)
            case 0x0C: out += Array(#"\f"#.utf8)
            case 0..<0x20, 0x7F:
                let hex = Array("0123456789abcdef".utf8)
                out += [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: out.append(byte)
            }
        }
        out.append(0x22)
        return out
    }

    @Test("every byte that needs an escape is escaped wherever it stands in a long string")
    func escapesAtEveryPosition() throws {
        let specials: [UInt8] = [0x00, 0x01, 0x08, 0x09, 0x0A, 0x0C, 0x0D, 0x1F, 0x22, 0x5C, 0x7F]
        for length in 1...24 {
            for position in 0..<length {
                for special in specials {
                    var bytes = Array(repeating: UInt8(ascii: "a"), count: length)
                    bytes[position] = special
                    let text = String(decoding: bytes, as: UTF8.self)
                    var out: [UInt8] = []
                    JSON.string(text).encode(into: &out)
                    #expect(out == Self.referenceEscaped(bytes), "length \(length), byte \(special) at \(position)")
                    #expect(try JSON.parse(out) == .string(text))
                }
            }
        }
    }

    @Test("bytes that only look special stay as they are: UTF-8, 0x20, 0x21, 0x23, 0x7E, 0x80")
    func nearMissesAreNotEscaped() {
        let text = "\u{20}!#~\u{80}é🙂 line of text long enough for whole words ÿ"
        #expect(JSON.string(text).encoded() == "\"\(text)\"")
    }

    @Test("surrogate pairs decode to one scalar; lone or reversed halves are refused")
    func surrogates() throws {
        #expect(try JSON.parse(#""\ud83d\ude42""#) == .string("🙂"))
        #expect(try JSON.parse(#""x\uD834\uDD1Ey""#) == .string("x𝄞y"))
        #expect(try JSON.parse(#""\u0000\u007f\u00e9\u20ac""#) == .string("\u{0}\u{7F}é€"))
        for bad in [#""\ude42""#, #""\ud83d""#, #""\ud83dx""#, #""\ud83d\u0041""#, #""\ude42\ud83d""#] {
            #expect(throws: JSONSyntaxError.self, "\(bad)") { try JSON.parse(bad) }
        }
    }

    @Test(
        "number literals come back byte for byte, however big or odd",
        arguments: [
            "0", "-0", "1.50", "1E+2", "1e-07", "-1.5e300", "0.000", "12345678901234567890123456789",
            "6205500000000000004", "-9223372036854775809", "1.7976931348623157e309",
        ])
    func numberLiterals(_ literal: String) throws {
        let text = #"{"n":\#(literal),"list":[\#(literal)]}"#
        #expect(try JSON.parse(text).encoded() == #"{"list":[\#(literal)],"n":\#(literal)}"#)
    }

    @Test(
        "integers print as String(Int) does",
        arguments: [
            0, 7, 10, 99, 1234, 99_999_999, 100_000_000, -1, -42, Int.max, Int.min,
        ])
    func integers(_ value: Int) {
        #expect(JSON.int(value) == .number(String(value)))
    }

    @Test("a repeated key keeps its last value, in small and in large objects")
    func duplicateKeys() throws {
        #expect(try JSON.parse(#"{"a":1,"a":2,"a":3}"#).encoded() == #"{"a":3}"#)
        let keys = (0..<40).map { "k\($0)" }
        let text = "{" + (keys + ["k7", "k0"]).enumerated().map { #""\#($1)":\#($0)"# }.joined(separator: ",") + "}"
        let object = try #require(try JSON.parse(text).members)
        #expect(object.count == 40)
        #expect(object["k7"] == .int(40))
        #expect(object["k0"] == .int(41))
        #expect(object["k39"] == .int(39))
        #expect(object.keys == keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
    }

    @Test("keys sharing their first eight bytes, or ending in zero bytes, keep apart and in byte order")
    func keysWithCommonHeads() throws {
        let text = #"{"billingCountry":1,"billingCity":2,"billingC":3,"a\u0000":4,"a":5,"abcdefgh\u0000":6,"abcdefgh":7}"#
        let value = try JSON.parse(text)
        #expect(
            value.encoded()
                == #"{"a":5,"a\u0000":4,"abcdefgh":7,"abcdefgh\u0000":6,"billingC":3,"billingCity":2,"billingCountry":1}"#)
        #expect(value["billingCity"] == .int(2))
        #expect(value["billingCountry"] == .int(1))
        #expect(value["billingC"] == .int(3))
        #expect(value["a\u{0}"] == .int(4))
        #expect(value["billing"] == nil)
    }

    @Test("nesting up to 512 levels parses; one more is refused", arguments: ["[", "{\"k\":"])
    func nestingLimit(_ opener: String) throws {
        let closer = opener == "[" ? "]" : "}"
        func nested(_ depth: Int) -> String {
            String(repeating: opener, count: depth) + "1" + String(repeating: closer, count: depth)
        }
        _ = try JSON.parse(nested(512))
        let error = try #require(throws: JSONSyntaxError.self) { try JSON.parse(nested(513)) }
        #expect(error.reason == "nesting deeper than 512 levels")
    }

    @Test(
        "invalid UTF-8 in a value or a key is refused with a clear reason",
        arguments: [
            [0xC0, 0xAF],  // overlong "/"
            [0xE0, 0x80, 0xAF],  // overlong
            [0xED, 0xA0, 0x80],  // a surrogate in UTF-8
            [0xF4, 0x90, 0x80, 0x80],  // above U+10FFFF
            [0xE2, 0x82],  // cut short
            [0x80],  // a lone continuation byte
            [0xFF],
        ] as [[UInt8]])
    func invalidUTF8(_ bad: [UInt8]) throws {
        for document in [
            [0x22] + bad + [0x22], Array(#"{""#.utf8) + bad + Array(#"":1}"#.utf8), [0x22] + bad + Array(#"\n""#.utf8),
        ] {
            let error = try #require(throws: JSONSyntaxError.self) { try JSON.parse(document) }
            #expect(error.reason == "string is not valid UTF-8")
        }
    }

    @Test("valid multi-byte UTF-8 of every length passes")
    func validUTF8() throws {
        let text = "\u{7F}\u{80}\u{7FF}\u{800}\u{D7FF}\u{E000}\u{FFFF}\u{10000}\u{10FFFF}"
        #expect(try JSON.parse(Array("\"\(text)\"".utf8)) == .string(text))
    }

    @Test("records parsed with shared keys and scratch space equal records parsed alone")
    func reusedParsing() throws {
        let reuse = JSONParseReuse()
        var lines: [String] = []
        for i in 0..<300 {  // more distinct keys than the table has slots, so slots are replaced
            lines.append(#"{"key\#(i % 97)":\#(i),"billingCity":"c\#(i)","billingCountry":[\#(i),{"x":null}],"id":\#(i)}"#)
            lines.append(#"{"broken":"#)  // a failed parse must leave the scratch stacks clean
        }
        for line in lines {
            let bytes = Array(line.utf8)
            let alone = try? JSON.parse(bytes)
            let shared = bytes.withUnsafeBufferPointer { try? JSON.parse(buffer: $0, reuse: reuse) }
            #expect(alone == shared)
            #expect(alone?.encoded() == shared?.encoded())
        }
    }

    @Test("merging and removing members keep the order and the later value")
    func mergeAndRemove() {
        let base: JSONObject = ["a": 1, "cvc": "123", "m": 2, "number": "4111", "z": 3]
        let trimmed = base.removingValues(forKeys: ["number", "cvc"])
        #expect(trimmed.keys == ["a", "m", "z"])
        #expect(base.removingValues(forKeys: ["absent"]) == base)
        let merged = trimmed.merging(["b": 4, "m": 5, "zz": 6])
        #expect(JSON.object(merged).encoded() == #"{"a":1,"b":4,"m":5,"z":3,"zz":6}"#)
        #expect(JSONObject().merging(trimmed) == trimmed)
    }

    @Test("objects of a fixed shape equal the same objects written as literals")
    func fixedShapes() {
        let keys = JSONKeys(["zeta", "alpha", "a\u{0}", "mid", "a"])
        let built = JSONObject(keys, 1, "x", .null, [true], 5)
        let literal: JSONObject = ["zeta": 1, "alpha": "x", "a\u{0}": .null, "mid": [true], "a": 5]
        #expect(built == literal)
        #expect(JSON.object(built).encoded() == JSON.object(literal).encoded())
        let partial = JSONObject(keys, present: nil, "x", .null, nil, 5)
        #expect(JSON.object(partial).encoded() == #"{"a":5,"a\u0000":null,"alpha":"x"}"#)
        #expect(built.removingValues(forKeys: JSONKeys(["mid", "zeta", "absent"])).keys == ["a", "a\u{0}", "alpha"])
    }

    @Test("JSON Lines written through one buffer equal records encoded one by one")
    func linesWriter() {
        let records: [JSON] = [["a": 1], ["s": "x\"y\n"], .array([]), ["n": .null, "o": ["p": true]]]
        let writer = JSONLinesWriter()
        var expected: [UInt8] = []
        for record in records {
            writer.write(record)
            record.encode(into: &expected)
            expected.append(0x0A)
        }
        var out: [UInt8] = [0x21]
        writer.move(to: &out)
        #expect(out == [0x21] + expected)
        writer.write(["again": 1])
        var second: [UInt8] = []
        writer.move(to: &second)
        #expect(String(decoding: second, as: UTF8.self) == "{\"again\":1}\n")
    }
}
