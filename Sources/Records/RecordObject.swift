import PPShared

/// A record (or an object inside one) as a Swift type: the members it knows in stored properties, listed
/// once in `fields`, and every other member as it came (`unknown`).
///
/// Decoding and encoding are the same loop over `fields` for every type. A member's value is read
/// leniently (`RecordValue`); when it would not be written back as it came (`3.0`, a list with a
/// stray element, a value of the wrong kind), the record keeps what came (`kept`) and writes that as
/// long as the property still holds what was read. So `RecordType(object: o).object == o` for every
/// object `o`, and a tool changes exactly the members it sets.
public protocol RecordObject: RecordValue {
    /// The members this type holds in properties, each once.
    static var fields: RecordFields<Self> { get }
    /// The members no property holds (a user's `customer_id`, a key of a later version), as they came.
    var unknown: JSONObject { get set }
    /// What came in members whose properties do not write it back the same way.
    var kept: KeptMembers { get set }
    /// The record with no member.
    init()
}

/// How a property that holds nothing is written.
public enum Absence: Sendable {
    /// The member is left out.
    case leftOut
    /// The member is written as null (the keys of `best`, a candidate's `box`).
    case null
}

/// The members of a record type, their names sorted and measured once (`JSONKeys`), so reading and
/// writing a record is one pass over its members.
public struct RecordFields<Record>: Sendable, ExpressibleByArrayLiteral {
    let list: [RecordField<Record>]
    let keys: JSONKeys

    public init(arrayLiteral fields: RecordField<Record>...) {
        list = fields
        keys = JSONKeys(fields.map(\.key))
    }
}

/// One member of a record type: its name and the property that holds it.
public struct RecordField<Record>: Sendable {
    public let key: String
    /// The property.
    let path: PartialKeyPath<Record> & Sendable
    /// Sets the property from the member (nil: absent) and returns what writing it back gives, and whether
    /// the property holds a value now.
    let read: @Sendable (inout Record, JSON?) -> (written: JSON?, holds: Bool)
    /// The member as written; nil leaves it out.
    let write: @Sendable (Record) -> JSON?
    /// The property's value writes back exactly what was read (a member kept as JSON).
    let readsExactly: Bool

    /// The member named by `key`'s raw value (a `PageKey`), held in the optional property `path`.
    public init<Key: RawRepresentable<String>, Value: RecordValue>(
        _ key: Key, _ path: WritableKeyPath<Record, Value?> & Sendable, absent: Absence = .leftOut
    ) {
        self.init(key.rawValue, path, absent: absent)
    }

    /// The member `key`, held in the optional property `path`.
    public init<Value: RecordValue>(
        _ key: String, _ path: WritableKeyPath<Record, Value?> & Sendable, absent: Absence = .leftOut
    ) {
        self.key = key
        self.path = path
        readsExactly = Value.readsExactly
        let empty: JSON? = absent == .null ? .null : nil
        write = { record in record[keyPath: path]?.member ?? empty }
        read = { record, member in
            let value = member.flatMap(Value.init(member:))
            record[keyPath: path] = value
            return (value?.member ?? empty, value != nil)
        }
    }
}

/// The members of a record that its properties would not write back as they came, with what came
/// (nil: the member was absent). Usually empty.
public struct KeptMembers: Sendable, Equatable {
    struct Entry: Sendable, Equatable {
        let key: String
        /// What the property writes for the value it read.
        let written: JSON?
        let original: JSON?
        /// The member came, and its property could read nothing from it.
        let unread: Bool
    }
    private var entries: [Entry] = []

    public init() {}

    public var isEmpty: Bool { entries.isEmpty }

    mutating func keep(_ key: String, written: JSON?, original: JSON?, unread: Bool) {
        entries.append(Entry(key: key, written: written, original: original, unread: unread))
    }

    /// The member `key` as it came, when its property could read nothing from it.
    func unread(_ key: String) -> JSON? { entries.first { $0.key == key && $0.unread }?.original }

    /// What to write for `key` when its property writes `written`: the original while the property still
    /// holds what was read (`.some(nil)`: leave the member out), else nil (write `written`).
    func original(of key: String, writing written: JSON?) -> JSON?? {
        guard let entry = entries.first(where: { $0.key == key }), entry.written == written else { return nil }
        return .some(entry.original)
    }

    mutating func remove(_ keys: Set<String>) { entries.removeAll { keys.contains($0.key) } }
}

extension RecordObject {
    /// Reads `object`'s members into the properties; the others stay as they came.
    public init(object: JSONObject) {
        self.init()
        let (values, rest) = object.splitting(Self.fields.keys)
        var kept = KeptMembers()
        for (field, original) in zip(Self.fields.list, values) {
            let (written, holds) = field.read(&self, original)
            if field.readsExactly, original != nil { continue }
            if written != original {
                kept.keep(field.key, written: written, original: original, unread: original != nil && !holds)
            }
        }
        unknown = rest
        self.kept = kept
    }

    /// The record's members: the properties' as written (or as they came, where kept) and the unknown ones.
    public var object: JSONObject {
        var values: [JSON?] = []
        values.reserveCapacity(Self.fields.list.count)
        for field in Self.fields.list {
            var written = field.write(self)
            if !kept.isEmpty, let original = kept.original(of: field.key, writing: written) { written = original }
            values.append(written)
        }
        return unknown.merging(JSONObject(Self.fields.keys, presentValues: values))
    }

    public init?(member: JSON) {
        guard case .object(let members) = member else { return nil }
        self.init(object: members)
    }

    public var member: JSON { .object(object) }

    /// The member a property holds as it came, when the property could read nothing from it (a `frame`
    /// of `"x"`, a `size` that is no list): nil when it read a value, or the member did not come.
    public func unread<Value>(_ path: WritableKeyPath<Self, Value?>) -> JSON? {
        let wanted: PartialKeyPath<Self> = path
        guard let field = Self.fields.list.first(where: { $0.path as PartialKeyPath<Self> == wanted }) else { return nil }
        return kept.unread(field.key)
    }

    /// Whether the member a property holds came at all, readable or not.
    public func has<Value>(_ path: WritableKeyPath<Self, Value?>) -> Bool {
        self[keyPath: path] != nil || unread(path) != nil
    }

    /// The record without the members `keys`, whatever they held.
    public func removing(_ keys: Set<String>) -> Self {
        var copy = self
        for field in Self.fields.list where keys.contains(field.key) { _ = field.read(&copy, nil) }
        copy.kept.remove(keys)
        copy.unknown = unknown.removingValues(forKeys: Array(keys))
        return copy
    }

    /// Only the members the properties `paths` hold, as they came; the others, unknown ones too, go.
    public func keeping(_ paths: [PartialKeyPath<Self>]) -> Self {
        let keys = Set(
            Self.fields.list.filter { field in paths.contains { $0 == field.path as PartialKeyPath<Self> } }.map(\.key))
        return filtered(keys.contains)
    }

    /// The record without the members that are null.
    public func withoutNulls() -> Self { removing(Set(object.filter { $0.value.isNull }.map(\.key))) }

    /// Only the members `keep` says yes to, whatever they held: known, unknown, or kept as they came.
    public func filtered(_ keep: (String) -> Bool) -> Self {
        removing(Set(object.keys.filter { !keep($0) }))
    }
}
