import PPShared

/// A value one member of a record holds, read from JSON and written back to it.
///
/// Reading is as lenient as the tools have always been with what others wrote: an integer may be
/// written `3` or `3.0`, a list keeps the elements of the right kind. What a member held that its
/// value does not write back the same way is kept by the record (`KeptMembers`), so a record leaves
/// a tool as it came unless the tool changed it.
public protocol RecordValue: Sendable, Equatable {
    /// The value a member holds; nil when it holds no such value (`null` included, unless the type
    /// gives null a meaning of its own).
    init?(member: JSON)
    /// The member as records are written.
    var member: JSON { get }
    /// True when `member` is always the JSON the value was read from, so nothing need be compared.
    static var readsExactly: Bool { get }
}

extension RecordValue {
    public static var readsExactly: Bool { false }
}

extension String: RecordValue {
    public init?(member: JSON) {
        guard case .string(let text) = member else { return nil }
        self = text
    }
    public var member: JSON { .string(self) }
}

extension Int: RecordValue {
    /// Any integral number that fits (`3`, `3.0`, `3e0`), as `JSON.intValue` reads it.
    public init?(member: JSON) {
        guard let value = member.intValue else { return nil }
        self = value
    }
    public var member: JSON { .int(self) }
}

extension Double: RecordValue {
    /// Any number, also one beyond a Double's range (as an infinity): readers check ranges themselves.
    public init?(member: JSON) {
        guard let value = member.doubleValue else { return nil }
        self = value
    }
    /// Rounded to two decimals, as coordinates, sizes and turns are written.
    public var member: JSON { .rounded(self) }
}

extension Bool: RecordValue {
    public init?(member: JSON) {
        guard case .bool(let value) = member else { return nil }
        self = value
    }
    public var member: JSON { .bool(self) }
}

/// A member whose inside the record types leave to its writer and readers (the text lines of a page,
/// a model's explanation): kept as the JSON it is.
extension JSON: RecordValue {
    public init?(member: JSON) { self = member }
    public var member: JSON { self }
    public static var readsExactly: Bool { true }
}

/// A list keeps the elements that are values of its kind, in order (a reader skips the others).
extension Array: RecordValue where Element: RecordValue {
    public init?(member: JSON) {
        guard case .array(let items) = member else { return nil }
        self = items.compactMap(Element.init(member:))
    }
    public var member: JSON { .array(map(\.member)) }
    public static var readsExactly: Bool { Element.readsExactly }
}

/// An object of values of one kind by name (a model's features); members of another kind are skipped.
extension Dictionary: RecordValue where Key == String, Value: RecordValue {
    public init?(member: JSON) {
        guard case .object(let members) = member else { return nil }
        var values: [String: Value] = [:]
        for (key, item) in members { if let value = Value(member: item) { values[key] = value } }
        self = values
    }
    public var member: JSON { .object(JSONObject(mapValues(\.member))) }
}

/// A member that may be `null` with a meaning of its own ("looked, found none"): held in a property of
/// type `Wrapped??`, nil when absent and `.some(nil)` when null.
extension Optional: RecordValue where Wrapped: RecordValue {
    public init?(member: JSON) {
        if member.isNull {
            self = .none
        } else if let value = Wrapped(member: member) {
            self = .some(value)
        } else {
            return nil
        }
    }
    public var member: JSON { map(\.member) ?? .null }
}

/// Names written as strings (`"media":"pdf"`): an enum over them reads a name it knows, nothing else.
public protocol RecordName: RecordValue, RawRepresentable where RawValue == String {}

extension RecordName {
    public init?(member: JSON) {
        guard case .string(let name) = member else { return nil }
        self.init(rawValue: name)
    }
    public var member: JSON { .string(rawValue) }
}
