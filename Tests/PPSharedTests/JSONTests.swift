import Testing

@testable import PPShared

@Suite("JSON value")
struct JSONTests {
    @Test("unknown keys and nested values survive a round trip")
    func roundTrip() throws {
        let text = #"{"a":[1,2.50,-3e2,true,false,null],"customer_id":"c/7","nested":{"x":"é ü 🙂","y":{}},"z":[]}"#
        let value = try JSON.parse(text)
        #expect(value.encoded() == text)
    }

    @Test("keys are sorted by UTF-8 bytes, slashes are not escaped, integers stay integers")
    func deterministicEncoding() {
        let value: JSON = ["b": 1, "a": "x/y", "B": .int(12_345_678_901_234), "é": .double(2.0), "c": .double(0.1)]
        #expect(value.encoded() == #"{"B":12345678901234,"a":"x/y","b":1,"c":0.1,"é":2}"#)
    }

    @Test("a 19-digit number keeps every digit")
    func bigIntegerLiteral() throws {
        let value = try JSON.parse(#"{"n":6205500000000000004}"#)
        #expect(value.encoded() == #"{"n":6205500000000000004}"#)
    }

    @Test("control characters and quotes are escaped")
    func escaping() {
        #expect(JSON.string("a\"b\\c\n\t\u{01}").encoded() == #""a\"b\\c\n\t\u0001""#)
    }

    @Test("escapes and surrogate pairs decode")
    func unicodeEscapes() throws {
        #expect(try JSON.parse(#""\u00e9\ud83d\ude42\/""#) == .string("é🙂/"))
    }

    @Test("coordinates round to two decimals")
    func rounding() {
        #expect(JSON.box([1.005, 2.499999, 595.2756, 10]).encoded() == "[1,2.5,595.28,10]")
    }

    @Test(
        "malformed documents are rejected with a position",
        arguments: ["{", "{\"a\":}", "[1,]", "01", "1.", "\"abc", "{\"a\":1}x", "tru", "\"\\x\"", "\"\\ud800\"", "{'a':1}", "-"])
    func rejects(_ text: String) {
        #expect(throws: JSONSyntaxError.self) { try JSON.parse(text) }
    }

    @Test("invalid UTF-8 inside a string is rejected")
    func invalidUTF8() {
        #expect(throws: JSONSyntaxError.self) { try JSON.parse([0x22, 0xC3, 0x28, 0x22]) }
    }

    @Test("deep nesting is refused instead of overflowing the stack")
    func deepNesting() {
        let text = String(repeating: "[", count: 100_000)
        #expect(throws: JSONSyntaxError.self) { try JSON.parse(text) }
    }
}

@Suite("JSON object members")
struct JSONObjectTests {
    @Test("members stay sorted through inserts, replacements and removals")
    func sortedMembers() {
        var object: JSONObject = ["m": 1, "a": 2, "z": 3]
        object["b"] = 4
        object["m"] = 5
        object["z"] = nil
        #expect(object.keys == ["a", "b", "m"])
        #expect(object["m"] == 5)
        #expect(object["z"] == nil)
        #expect(object.removeValue(forKey: "a") == 2)
        #expect(JSON.object(object).encoded() == #"{"b":4,"m":5}"#)
    }

    @Test("a repeated key keeps its last value, as with a dictionary")
    func repeatedKey() throws {
        #expect(try JSON.parse(#"{"b":1,"a":2,"b":3}"#).encoded() == #"{"a":2,"b":3}"#)
    }

    @Test("a missing key reads as absent, not as null")
    func missingIsNotNull() throws {
        let value = try JSON.parse(#"{"a":null}"#)
        #expect(value["a"] == .some(.null))
        #expect(value["b"] == nil)
    }
}
