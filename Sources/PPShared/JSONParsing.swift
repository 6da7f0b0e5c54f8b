/// Why a text is not JSON. The reason names a position, never the text itself,
/// because a record may hold a card number.
public struct JSONSyntaxError: Error, Equatable, Sendable {
    public let reason: String
    public let offset: Int
}

extension JSON {
    /// Parses one complete JSON value from UTF-8 bytes (surrounding whitespace allowed).
    public static func parse(_ bytes: some Collection<UInt8>) throws(JSONSyntaxError) -> JSON {
        let array = Array(bytes)
        return try array.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
            var parser = JSONParser(bytes: buffer)
            return try parser.parseDocument()
        }
    }

    /// Parses one complete JSON value from a string.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSON {
        try parse(Array(text.utf8))
    }

    /// Parses from a buffer the caller owns; used by the line reader to avoid copies. With `reuse`, the
    /// member names and scratch space of earlier records serve this one (records of a stream repeat their keys).
    static func parse(buffer: UnsafeBufferPointer<UInt8>, reuse: JSONParseReuse? = nil) throws(JSONSyntaxError) -> JSON {
        var parser = JSONParser(bytes: buffer, reuse: reuse)
        guard let reuse else { return try parser.parseDocument() }
        swap(&parser.pendingMembers, &reuse.pendingMembers)
        swap(&parser.pendingItems, &reuse.pendingItems)
        defer {
            parser.pendingMembers.removeAll(keepingCapacity: true)  // left over when the text was not JSON
            parser.pendingItems.removeAll(keepingCapacity: true)
            swap(&parser.pendingMembers, &reuse.pendingMembers)
            swap(&parser.pendingItems, &reuse.pendingItems)
        }
        return try parser.parseDocument()
    }
}

/// A recursive-descent parser over a byte buffer (RFC 8259, strict).
///
/// Members and items of the objects and arrays still open wait on two shared stacks, so each finished
/// container is one allocation of its exact size; strings are checked for UTF-8 while they are scanned
/// and made into Strings once, without an intermediate buffer unless they hold escapes.
struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var depth = 0
    static let maxDepth = 512
    let reuse: JSONParseReuse?
    var pendingMembers: [JSONObject.Member] = []
    var pendingItems: [JSON] = []

    init(bytes: UnsafeBufferPointer<UInt8>, reuse: JSONParseReuse? = nil) {
        self.bytes = bytes
        self.reuse = reuse
    }

    mutating func parseDocument() throws(JSONSyntaxError) -> JSON {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        if index != bytes.count { throw fail("unexpected text after the value") }
        return value
    }

    func fail(_ reason: String) -> JSONSyntaxError { JSONSyntaxError(reason: reason, offset: index) }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    mutating func parseValue() throws(JSONSyntaxError) -> JSON {
        guard index < bytes.count else { throw fail("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw fail("unexpected character")
        }
    }

    mutating func expectLiteral(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw fail("unexpected end of input") }
        let start = word.utf8Start
        for i in 0..<count where bytes[index + i] != start[i] { throw fail("invalid literal") }
        index += count
    }

    mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > JSONParser.maxDepth { throw fail("nesting deeper than \(JSONParser.maxDepth) levels") }
    }

    mutating func parseObject() throws(JSONSyntaxError) -> JSON {
        try enter()
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(JSONObject())
        }
        let base = pendingMembers.count
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a member name") }
            let (key, head, shortKey) = try parseKey()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            pendingMembers.append(JSONObject.Member(key: key, head: head, shortKey: shortKey, value: value))
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of input") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                depth -= 1
                let members = Array(pendingMembers[base...])
                pendingMembers.removeSubrange(base...)
                return .object(JSONObject(unsortedMembers: members))
            }
            throw fail("expected ',' or '}'")
        }
    }

    mutating func parseArray() throws(JSONSyntaxError) -> JSON {
        try enter()
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array([])
        }
        let base = pendingItems.count
        while true {
            skipWhitespace()
            let item = try parseValue()
            pendingItems.append(item)
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of input") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                depth -= 1
                let items = Array(pendingItems[base...])
                pendingItems.removeSubrange(base...)
                return .array(items)
            }
            throw fail("expected ',' or ']'")
        }
    }

    mutating func parseNumber() throws(JSONSyntaxError) -> JSON {
        let start = index
        let (end, valid) = JSONNumberGrammar.scan(bytes, from: start)
        index = end
        guard valid else { throw fail("invalid number") }
        return .number(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
    }

    /// Reads a string from its opening quote.
    mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        let start = index
        guard let slice = try scanPlainString() else { return try parseEscapedString(from: start) }
        return String(decoding: slice, as: UTF8.self)
    }

    /// Reads a member name and its head (`JSONKeyOrder`); without escapes it comes from `reuse` when an
    /// earlier record had the same bytes.
    mutating func parseKey() throws(JSONSyntaxError) -> (String, UInt64, UInt8) {
        index += 1
        let start = index
        guard let slice = try scanPlainString() else {
            let key = try parseEscapedString(from: start)
            let (head, shortKey) = JSONKeyOrder.describe(key)
            return (key, head, shortKey)
        }
        let (head, shortKey) = JSONKeyOrder.describe(slice)
        if let reuse {
            if let key = reuse.key(slice, head: head) { return (key, head, shortKey) }
            let key = String(decoding: slice, as: UTF8.self)
            reuse.remember(key, bytes: slice, head: head)
            return (key, head, shortKey)
        }
        return (String(decoding: slice, as: UTF8.self), head, shortKey)
    }

    /// Scans a string without escapes up to its closing quote and checks its UTF-8: its bytes, or nil at
    /// the first backslash (the caller decodes from there).
    mutating func scanPlainString() throws(JSONSyntaxError) -> UnsafeBufferPointer<UInt8>? {
        let start = index
        var seen: UInt8 = 0  // every byte OR-ed: bit 7 clear means ASCII, which is valid UTF-8 as it is
        while index < bytes.count {
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
                index += 1
                guard seen < 0x80 || UTF8Check.isValid(slice) else { throw fail("string is not valid UTF-8") }
                return slice
            }
            if b == UInt8(ascii: "\\") { return nil }
            if b < 0x20 { throw fail("control character in string") }
            seen |= b
            index += 1
        }
        throw fail("unterminated string")
    }

    /// The slow path: a string with escapes, decoded into a byte buffer first.
    mutating func parseEscapedString(from start: Int) throws(JSONSyntaxError) -> String {
        var out = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let b = bytes[index]
            switch b {
            case UInt8(ascii: "\""):
                index += 1
                guard out.withUnsafeBufferPointer(UTF8Check.isValid) else {
                    throw fail("string is not valid UTF-8")
                }
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw fail("unexpected end of input") }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try parseHex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                        else { throw fail("unpaired surrogate in string") }
                        index += 2
                        let low = try parseHex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw fail("unpaired surrogate in string") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(scalar) {
                        throw fail("unpaired surrogate in string")
                    }
                    UTF8Check.append(scalar, to: &out)
                default: throw fail("invalid escape in string")
                }
            default:
                if b < 0x20 { throw fail("control character in string") }
                out.append(b)
                index += 1
            }
        }
        throw fail("unterminated string")
    }

    mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("unexpected end of input") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            let digit: UInt32
            switch b {
            case 0x30...0x39: digit = UInt32(b - 0x30)
            case 0x41...0x46: digit = UInt32(b - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(b - 0x61 + 10)
            default: throw fail("invalid \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}

/// RFC 8259's number, -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?, for the parser and for readers that
/// take records straight from their bytes (pp-cardcheck's flat card records).
public enum JSONNumberGrammar {
    /// Reads the number that starts at `start`: where it ends, or, when it is not one, where it went wrong.
    public static func scan(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, valid: Bool) {
        var index = start
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        func digits() -> Bool {
            guard index < bytes.count, isDigit(bytes[index]) else { return false }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            return true
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        if index < bytes.count, bytes[index] == 0x30 {
            index += 1
        } else if !digits() {
            return (index, false)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() else { return (index, false) }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() else { return (index, false) }
        }
        return (index, true)
    }
}
