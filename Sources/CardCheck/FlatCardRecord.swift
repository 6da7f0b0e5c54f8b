import PPShared

#if canImport(Glibc)
    import Glibc
#endif

/// A card record read straight from its bytes, without building a JSON tree: the common record of a
/// card stream, a flat object of plain members with "number" (and "expiry", "cvc") as strings.
///
/// It is taken only when the general way (parse, redact, merge, encode) would give the same bytes:
/// every key and string is printable ASCII with no escape (so it is written back as it came), no
/// value is an object or array (those are written back re-ordered), no member could hold a card number
/// or a security code (`Redaction` would change it), no key repeats, and none is one the verdict
/// writes or one that makes the record something else ("state" of an error record). Anything else
/// returns nil and goes the general way, so the two ways cannot disagree.
struct FlatCardRecord {
    var number: String
    var expiry: String?
    var cvc: String?

    /// Keys the verdict writes (a record carrying one goes the general way, which lets the verdict win),
    /// and "state", which marks an earlier tool's error record.
    private static func isReserved(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        switch key.count {
        case 4: key.equals("card") || key.equals("kind")
        case 5: key.equals("state")
        case 6: key.equals("assets") || key.equals("errors") || key.equals("status")
        case 9: key.equals("cvc_value")
        default: false
        }
    }

    /// Reads `line`; the members other than number, expiry and cvc go to `kept`, in key order.
    static func read(_ line: UnsafeBufferPointer<UInt8>, kept: inout KeptMembers) -> FlatCardRecord? {
        kept.removeAll(pointingInto: line)
        var scanner = Scanner(bytes: line)
        var number: String?
        var expiry: String?
        var cvc: String?
        scanner.skipSpace()
        guard scanner.take(UInt8(ascii: "{")) else { return nil }
        scanner.skipSpace()
        if scanner.take(UInt8(ascii: "}")) { return nil }  // no "number": the general way words the error
        repeat {
            scanner.skipSpace()
            let keyStart = scanner.at + 1
            guard let key = scanner.plainString() else { return nil }
            scanner.skipSpace()
            guard scanner.take(UInt8(ascii: ":")) else { return nil }
            scanner.skipSpace()
            let valueStart = scanner.at
            guard let kind = scanner.plainValue() else { return nil }
            let value = UnsafeBufferPointer(rebasing: line[valueStart..<scanner.at])
            if let cardKey = CardKey(key) {
                guard kind == .string else { return nil }  // numbers, objects, null: the general way words them
                let text = String(decoding: UnsafeBufferPointer(rebasing: value.dropFirst().dropLast()), as: UTF8.self)
                switch cardKey {
                case .number where number == nil: number = text
                case .expiry where expiry == nil: expiry = text
                case .cvc where cvc == nil: cvc = text
                default: return nil  // a repeated key
                }
            } else {
                guard Self.passesUnchanged(key: key, value: value) else { return nil }
                kept.append(key: keyStart..<(keyStart + key.count), value: valueStart..<scanner.at)
            }
            scanner.skipSpace()
        } while scanner.take(UInt8(ascii: ","))
        guard scanner.take(UInt8(ascii: "}")) else { return nil }
        scanner.skipSpace()
        guard scanner.atEnd, let number, kept.sortByKey() else { return nil }
        return FlatCardRecord(number: number, expiry: expiry, cvc: cvc)
    }

    private enum CardKey {
        case number, expiry, cvc
        init?(_ key: UnsafeBufferPointer<UInt8>) {
            switch key.count {
            case 6 where key.equals("number"): self = .number
            case 6 where key.equals("expiry"): self = .expiry
            case 3 where key.equals("cvc"): self = .cvc
            default: return nil
            }
        }
    }

    /// Whether a member goes to the output as it came: no key the verdict or an error record owns, no
    /// security-code name, and too few possible digits in key and value together for the card-number
    /// finder to find a number (`CardNumberFinder.possibleDigits`: digits, and `%`, `&` that may encode
    /// some). Arrays, objects, escapes and bytes beyond ASCII never get here (`Scanner`).
    private static func passesUnchanged(key: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) -> Bool {
        if isReserved(key) { return false }
        if Redaction.isASCIISecurityCodeName(key) != false { return false }
        return CardNumberFinder.possibleDigits(key) + CardNumberFinder.possibleDigits(value) < Redaction.minimumDigits
    }

    /// A cursor over one line's bytes.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var at = 0

        var atEnd: Bool { at == bytes.count }

        mutating func skipSpace() {
            while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x09 || bytes[at] == 0x0D { at += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard at < bytes.count, bytes[at] == byte else { return false }
            at += 1
            return true
        }

        /// A string of printable ASCII with no escape; its content, without the quotes.
        mutating func plainString() -> UnsafeBufferPointer<UInt8>? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = at
            while at < bytes.count {
                let byte = bytes[at]
                if byte == 0x22 {
                    at += 1
                    return UnsafeBufferPointer(rebasing: bytes[start..<(at - 1)])
                }
                guard byte >= 0x20, byte < 0x7F, byte != 0x5C else { return nil }
                at += 1
            }
            return nil
        }

        enum ValueKind { case string, other }

        /// A plain string, a number, true, false or null; nil for anything else (objects and arrays too).
        mutating func plainValue() -> ValueKind? {
            guard at < bytes.count else { return nil }
            switch bytes[at] {
            case 0x22: return plainString() == nil ? nil : .string
            case UInt8(ascii: "t"): return word("true") ? .other : nil
            case UInt8(ascii: "f"): return word("false") ? .other : nil
            case UInt8(ascii: "n"): return word("null") ? .other : nil
            default: return number() ? .other : nil
            }
        }

        private mutating func word(_ text: StaticString) -> Bool {
            let n = text.utf8CodeUnitCount
            guard at + n <= bytes.count else { return false }
            for i in 0..<n where bytes[at + i] != text.utf8Start[i] { return false }
            at += n
            return true
        }

        /// A number (RFC 8259), as the parser reads it.
        private mutating func number() -> Bool {
            let (end, valid) = JSONNumberGrammar.scan(bytes, from: at)
            at = end
            return valid
        }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether these bytes are exactly `text`'s.
    fileprivate func equals(_ text: StaticString) -> Bool {
        count == text.utf8CodeUnitCount && (count == 0 || memcmp(baseAddress!, text.utf8Start, count) == 0)
    }
}
