/// The one home of card-data redaction in pp (the rule: docs/records.md, pp-cardcheck).
///
/// - Card-number-like text (`CardNumberFinder`: 12 or more digits of any script or form, parted by at
///   most a bounded run of separators, read as written and with percent, HTML and backslash encodings
///   undone) becomes "[redacted]"; so does each item of an array whose digit-group items
///   (`["4111","1111","1111","1111"]`) hold 12 or more digits together.
/// - A value under a security-code name (`SecurityCodeName`) becomes "[redacted]", whatever it holds.
/// `redacting(record:)` applies both to every key and value of a record, however deep.
public enum Redaction {
    public static let mask = "[redacted]"
    public static let minimumDigits = CardNumberFinder.minimumDigits

    /// Hides anything that looks like a card number in free text.
    public static func text(_ text: String) -> String {
        guard CardNumberFinder.mayHoldCardNumber(text) else { return text }  // the common case: no copy
        return CardNumberFinder.masking(text, with: mask)
    }

    /// Whether a key names a card security code (`SecurityCodeName`), however long.
    public static func isSecurityCodeName(_ key: String) -> Bool {
        if let ascii = key.utf8.withContiguousStorageIfAvailable(isASCIISecurityCodeName), let answer = ascii {
            return answer
        }
        return SecurityCodeName.matches(key)
    }

    /// `isSecurityCodeName` for an ASCII name, read from its bytes; nil when it is not ASCII.
    public static func isASCIISecurityCodeName(_ key: UnsafeBufferPointer<UInt8>) -> Bool? {
        SecurityCodeName.matches(ascii: key)
    }

    /// A record with every card-number-like key or value, and every security code, replaced by "[redacted]".
    public static func redacting(record value: JSON) -> JSON {
        needsRedaction(value) ? redactingAll(value) : value  // the common record: no copy
    }

    /// Whether anything in `value` (keys included) would change.
    static func needsRedaction(_ value: JSON) -> Bool {
        switch value {
        case .string(let s), .number(let s): return CardNumberFinder.mayHoldCardNumber(s)
        case .array(let items): return items.contains(where: needsRedaction) || mayHoldDigitGroups(items)
        case .object(let members):
            for (key, item) in members
            where isSecurityCodeName(key) || CardNumberFinder.mayHoldCardNumber(key) || needsRedaction(item) {
                return true
            }
            return false
        case .null, .bool: return false
        }
    }

    private static func mayChange(_ text: String) -> Bool {
        CardNumberFinder.mayHoldCardNumber(text) && !CardNumberFinder.spans(in: text).isEmpty
    }

    static func redactingAll(_ value: JSON) -> JSON {
        switch value {
        case .string(let s): return .string(text(s))
        case .number(let n): return mayChange(n) ? .string(mask) : value
        case .array(let items):
            var out = items.map(redactingAll)
            for run in digitGroupRuns(items) {
                for i in run where CardNumberFinder.groupDigits(items[i].groupText ?? "") != 0 { out[i] = .string(mask) }
            }
            return .array(out)
        case .object(let members):
            if !members.contains(where: { mayChange($0.key) }) {  // no name changes: values only, in place
                return .object(
                    members.mapMembers { key, item in isSecurityCodeName(key) && !item.isNull ? .string(mask) : redactingAll(item)
                    })
            }
            var out = JSONObject()
            for (key, item) in members {
                var name = text(key)
                if name != key {
                    var n = 2
                    while out[name] != nil {
                        name = "\(mask)-\(n)"
                        n += 1
                    }
                }
                out[name] = isSecurityCodeName(key) && !item.isNull ? .string(mask) : redactingAll(item)
            }
            return .object(out)
        case .null, .bool: return value
        }
    }

    /// Whether the items could hold enough digits for `digitGroupRuns` to find a run (a cheap bound).
    private static func mayHoldDigitGroups(_ items: [JSON]) -> Bool {
        items.count > 1
            && items.reduce(0, { $0 + ($1.groupText.map(CardNumberFinder.possibleDigits) ?? 0) }) >= minimumDigits
    }

    /// The runs of two or more neighbouring items that are digit groups (strings of digits and
    /// separators, whole JSON numbers) and hold a card-number-like count of digits together.
    static func digitGroupRuns(_ items: [JSON]) -> [Range<Int>] {
        guard mayHoldDigitGroups(items) else { return [] }
        var runs: [Range<Int>] = []
        var start = 0
        var digits = 0
        for i in 0...items.count {
            if i < items.count, let text = items[i].groupText, let count = CardNumberFinder.groupDigits(text) {
                digits += count
                continue
            }
            if i - start > 1, digits >= minimumDigits { runs.append(start..<i) }
            start = i + 1
            digits = 0
        }
        return runs
    }

    /// Any Unicode decimal digit (general category Nd).
    public static func isDigit(_ s: Unicode.Scalar) -> Bool {
        if s.isASCII { return s.value >= 0x30 && s.value <= 0x39 }
        return s.properties.numericType == .decimal
    }

    /// The value of a decimal digit of any script, nil for anything else.
    public static func digitValue(_ s: Unicode.Scalar) -> Int? {
        guard isDigit(s) else { return nil }
        if s.isASCII { return Int(s.value - 0x30) }
        return s.properties.numericValue.map { Int($0) }
    }
}

extension JSON {
    /// The text of a string, or of a JSON number written with digits only: what may be a digit group.
    fileprivate var groupText: String? {
        switch self {
        case .string(let s): s
        case .number(let n) where n.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }): n
        default: nil
        }
    }
}

/// Hides anything that looks like a card number in free text meant for a person (see `Redaction`).
/// pp-cardcheck passes every diagnostic through it, so a number typed where a file name or a date
/// was expected never reaches stderr.
public func redactingCardNumbers(_ text: String) -> String { Redaction.text(text) }
