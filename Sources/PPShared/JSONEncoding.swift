/// Deterministic JSON text: keys sorted by UTF-8 bytes, no escaped slashes,
/// non-ASCII left as UTF-8, numbers as their literal text, no whitespace.
extension JSON {
    /// The value as compact JSON text.
    public func encoded() -> String {
        var out: [UInt8] = []
        encode(into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the compact JSON text of the value to `out`.
    public func encode(into out: inout [UInt8]) {
        var writer = JSONByteWriter()
        defer { writer.free() }
        write(to: &writer)
        writer.append(to: &out)
    }

    /// Writes the value: strings and numbers straight from their UTF-8 storage, objects in key order.
    func write(to writer: inout JSONByteWriter) {
        switch self {
        case .null: writer.literal("null")
        case .bool(let b): writer.literal(b ? "true" : "false")
        case .number(let text): writer.utf8(of: text)
        case .string(let s): writer.string(s)
        case .array(let items):
            writer.byte(UInt8(ascii: "["))
            items.withUnsafeBufferPointer { items in
                for i in items.indices {
                    if i > 0 { writer.byte(UInt8(ascii: ",")) }
                    items[i].write(to: &writer)
                }
            }
            writer.byte(UInt8(ascii: "]"))
        case .object(let members):
            writer.byte(UInt8(ascii: "{"))
            members.writeMembers(to: &writer)
            writer.byte(UInt8(ascii: "}"))
        }
    }

    /// Appends `s` as a JSON string: quotes, backslashes and control characters escaped, UTF-8 as is.
    public static func encodeString(_ s: String, into out: inout [UInt8]) {
        var writer = JSONByteWriter()
        defer { writer.free() }
        writer.string(s)
        writer.append(to: &out)
    }
}

/// JSON Lines being written: records one after another, each on its own line, in one buffer that is
/// reused from record to record (a batch of records costs one allocation, not one per record).
public final class JSONLinesWriter {
    // A writer belongs to one thread: the per-access exclusivity check is skipped.
    @exclusivity(unchecked) private var writer: JSONByteWriter

    /// `capacity`: the bytes expected, so that a batch is written without growing the buffer.
    public init(capacity: Int = 1 << 14) { writer = JSONByteWriter(capacity: capacity) }

    deinit { writer.free() }

    /// Appends the record's JSON text and a newline.
    public func write(_ record: JSON) {
        record.write(to: &writer)
        writer.byte(0x0A)
    }

    /// Appends one line written by `body` (a record rendered straight as bytes) and a newline.
    public func writeLine(_ body: (inout JSONByteWriter) -> Void) {
        body(&writer)
        writer.byte(0x0A)
    }

    /// Everything written so far, appended to `out`; the writer starts empty again.
    public func move(to out: inout [UInt8]) {
        writer.append(to: &out)
        writer.removeAll()
    }
}

/// The bytes of JSON text being written: one growing buffer written through a pointer, so a string
/// costs one capacity check instead of one per byte. Freed by its owner (`free()`). Public for tools
/// that render a record straight from its input bytes (pp-cardcheck's flat card records).
public struct JSONByteWriter {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var count = 0
    @usableFromInline var capacity: Int

    public init(capacity: Int = 512) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    public func free() { base.deallocate() }

    /// Appends everything written to `out`.
    /// The bytes written so far.
    public func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    public func append(to out: inout [UInt8]) { out.append(contentsOf: UnsafeBufferPointer(start: base, count: count)) }

    public mutating func removeAll() { count = 0 }

    /// The byte written last; nil when nothing has been written.
    @inlinable public var lastByte: UInt8? { count > 0 ? base[count - 1] : nil }

    @inlinable @inline(__always) public mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    @usableFromInline mutating func grow(to needed: Int) {
        let newCapacity = Swift.max(capacity * 2, needed)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inlinable @inline(__always) public mutating func byte(_ b: UInt8) {
        reserve(1)
        base[count] = b
        count += 1
    }

    @inlinable @inline(__always) public mutating func bytes(_ source: UnsafeBufferPointer<UInt8>) {
        guard let start = source.baseAddress, !source.isEmpty else { return }
        reserve(source.count)
        (base + count).initialize(from: start, count: source.count)
        count += source.count
    }

    @inlinable @inline(__always) public mutating func literal(_ text: StaticString) {
        bytes(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// A whole number in decimal, as `JSON.int` writes it.
    public mutating func integer(_ value: Int) {
        if value >= 0, value < 10 { return byte(UInt8(ascii: "0") + UInt8(value)) }
        reserve(20)
        var magnitude = value.magnitude
        if value < 0 { byte(UInt8(ascii: "-")) }
        var digits = 1
        var rest = magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        var at = count + digits - 1
        repeat {
            base[at] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
            at -= 1
        } while magnitude > 0
        count += digits
    }

    /// A string's UTF-8 as it is (a number's literal), from the String's own storage when it has one.
    public mutating func utf8(of text: String) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { bytes($0) }
        if done == nil { Array(text.utf8).withUnsafeBufferPointer { bytes($0) } }
    }

    public mutating func string(_ s: String) {
        let done: Void? = s.utf8.withContiguousStorageIfAvailable { string(bytes: $0) }
        if done == nil { Array(s.utf8).withUnsafeBufferPointer { string(bytes: $0) } }
    }

    /// A string of at most eight bytes that need no escape, given as its head (`JSONKeyOrder`): the
    /// quotes and one eight-byte store.
    mutating func shortString(head: UInt64, count length: Int) {
        reserve(10)
        let out = base + count
        out.pointee = UInt8(ascii: "\"")
        UnsafeMutableRawPointer(out + 1).storeBytes(of: head.bigEndian, as: UInt64.self)
        out[1 + length] = UInt8(ascii: "\"")
        count += length + 2
    }

    static func needsEscape(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F }

    /// UTF-8 bytes as a JSON string. Room for the worst case (every byte as \u00XX) is made first; eight
    /// bytes at a time are tested for anything to escape and, when clean, copied as one word.
    public mutating func string(bytes source: UnsafeBufferPointer<UInt8>) {
        reserve(source.count * 6 + 2)
        var out = base + count
        out.pointee = UInt8(ascii: "\"")
        out += 1
        if let start = source.baseAddress {
            let n = source.count
            var i = 0
            while i + 8 <= n {
                let word = UnsafeRawPointer(start + i).loadUnaligned(as: UInt64.self)
                if Self.wordNeedsEscape(word) {
                    for k in i..<(i + 8) { Self.put(start[k], at: &out) }
                } else {
                    UnsafeMutableRawPointer(out).storeBytes(of: word, as: UInt64.self)
                    out += 8
                }
                i += 8
            }
            while i < n {
                Self.put(start[i], at: &out)
                i += 1
            }
        }
        out.pointee = UInt8(ascii: "\"")
        out += 1
        count = out - base
    }

    /// Whether any of eight bytes is below 0x20, a quote, a backslash or DEL (exact, no false alarms).
    static func wordNeedsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ v: UInt64) -> Bool { (v &- ones) & ~v & highs != 0 }
        let below20 = (word &- ones &* 0x20) & ~word & highs != 0
        return below20 || hasZeroByte(word ^ (ones &* 0x22)) || hasZeroByte(word ^ (ones &* 0x5C))
            || hasZeroByte(word ^ (ones &* 0x7F))
    }

    /// One byte of string content, escaped when it must be.
    static func put(_ byte: UInt8, at out: inout UnsafeMutablePointer<UInt8>) {
        guard needsEscape(byte) else {
            out.pointee = byte
            out += 1
            return
        }
        out[0] = 0x5C
        let short: UInt8? =
            switch byte {
            case UInt8(ascii: "\""): 0x22
            case UInt8(ascii: "\\"): 0x5C
            case 0x0A: UInt8(ascii: "n")
            case 0x0D: UInt8(ascii: "r")
            case 0x09: UInt8(ascii: "t")
            case 0x08: UInt8(ascii: "b")
            case 0x0C: UInt8(ascii: "f")
            default: nil
            }
        if let short {
            out[1] = short
            out += 2
        } else {
            out[1] = UInt8(ascii: "u")
            out[2] = 0x30
            out[3] = 0x30
            out[4] = hexDigit(byte >> 4)
            out[5] = hexDigit(byte & 0xF)
            out += 6
        }
    }

    static func hexDigit(_ value: UInt8) -> UInt8 { value < 10 ? 0x30 + value : 0x61 + value - 10 }
}
