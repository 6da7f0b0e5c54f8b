/// A JSON value that round-trips any record.
///
/// Numbers keep the literal text they were read with, so a 19-digit integer or
/// `1.50` leaves a tool exactly as it came in, and nothing depends on the
/// locale or on floating point. Objects are dictionaries; encoding sorts their
/// keys by UTF-8 bytes, so output is deterministic.
public enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    /// The number's literal text, already validated as JSON number syntax.
    case number(String)
    case string(String)
    case array([JSON])
    case object(JSONObject)
}

// MARK: - Building values

extension JSON {
    /// An integer value.
    public static func int(_ value: Int) -> JSON {
        guard value >= 0, value < 100_000_000 else { return .number(String(value)) }
        // Small counts and dates are most numbers written: their digits directly, without String(Int)'s generic path.
        var digits: UInt64 = 0  // up to eight ASCII digits, the first in the top byte
        var count = 0
        var rest = value
        repeat {
            digits = digits >> 8 | UInt64(0x30 + rest % 10) << 56
            rest /= 10
            count += 1
        } while rest > 0
        return .number(
            String(unsafeUninitializedCapacity: count) { out in
                for i in 0..<count { out[i] = UInt8(truncatingIfNeeded: digits >> (56 - 8 * i)) }
                return count
            })
    }

    /// A floating-point value in its shortest round-trip form; integral values print as integers.
    public static func double(_ value: Double) -> JSON {
        guard value.isFinite else { return .null }
        if value == value.rounded(), abs(value) < 1e15, let i = Int(checked: value) { return .number(String(i)) }
        return .number("\(value)")
    }

    /// A value rounded to `places` decimals (coordinates use 2), printed without trailing zeros.
    public static func rounded(_ value: Double, places: Int = 2) -> JSON {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return .double((value * scale).rounded() / scale)
    }

    /// A string value, or null when `value` is nil.
    public static func string(_ value: String?) -> JSON { value.map { .string($0) } ?? .null }

    /// An object from a dictionary.
    public static func object(_ members: [String: JSON]) -> JSON { .object(JSONObject(members)) }

    /// A list of rounded numbers, as boxes and sizes are written.
    public static func box(_ values: [Double]) -> JSON { .array(values.map { .rounded($0) }) }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSON)...) {
        var members: [JSONObject.Member] = []
        members.reserveCapacity(elements.count)
        for (key, value) in elements { members.append(JSONObject.Member(key, value)) }
        self = .object(JSONObject(unsortedMembers: members))
    }
    public init(nilLiteral: ()) { self = .null }
}

// MARK: - Reading values

extension JSON {
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }
    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }
    /// The members of an object as a dictionary (a copy); `members` avoids the copy.
    public var objectValue: [String: JSON]? {
        if case .object(let o) = self { return o.dictionary }
        return nil
    }
    public var members: JSONObject? {
        if case .object(let o) = self { return o }
        return nil
    }
    public var arrayValue: [JSON]? {
        if case .array(let a) = self { return a }
        return nil
    }
    /// The value as an integer when it is an integral number that fits.
    public var intValue: Int? {
        guard case .number(let text) = self else { return nil }
        if let i = Int(text) { return i }
        if let d = Double(text), d == d.rounded() { return Int(checked: d) }
        return nil
    }
    public var doubleValue: Double? {
        if case .number(let text) = self { return DecimalText.double(text) ?? Double(text) }
        return nil
    }
    public var isNull: Bool { self == .null }

    /// Member access for objects; nil for other kinds or absent keys.
    public subscript(key: String) -> JSON? {
        get {
            if case .object(let o) = self { return o[key] }
            return nil
        }
        set {
            guard case .object(var o) = self else { return }
            self = .null  // drop our reference first, so `o` is unique and is not copied on write
            o[key] = newValue
            self = .object(o)
        }
    }
}
