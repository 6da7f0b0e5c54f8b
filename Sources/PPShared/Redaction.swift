/// The one home of card-data redaction in pp.
///
/// The rule (docs/records.md, pp-cardcheck):
/// - Card-number-like: a run of 12 or more decimal digits — ASCII or any other Unicode decimal
///   digit (full-width, Arabic-Indic, Devanagari, …) — where consecutive digits may be parted by
///   up to three separators among space, any Unicode space (NBSP, U+2000–U+200A, U+3000, …),
///   tab, ".", "-", "/", "_". The whole run becomes "[redacted]". This covers every 13–19 digit
///   PAN with or without a valid Luhn digit: no checksum decides, so nothing slips through.
/// - CVC-like: a value under a security-code name (`isSecurityCodeName`) becomes "[redacted]",
///   whatever it holds.
/// `redacting(record:)` applies both to every key and value of a record, however deep.
public enum Redaction {
    public static let mask = "[redacted]"
    public static let minimumDigits = 12
    static let maximumSeparators = 3

    /// Hides anything that looks like a card number in free text.
    public static func text(_ text: String) -> String {
        guard mayHoldCardNumber(text) else { return text }  // the common case: nothing to hide, no copy
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var changed = false
        var i = 0
        while i < scalars.count {
            guard isDigit(scalars[i]) else {
                out.append(scalars[i])
                i += 1
                continue
            }
            // Extend over digits and short runs of separators between digits.
            var j = i
            var digits = 0
            var end = i
            while j < scalars.count {
                if isDigit(scalars[j]) {
                    digits += 1
                    end = j + 1
                    j += 1
                    continue
                }
                var k = j
                while k < scalars.count, k - j < maximumSeparators, isSeparator(scalars[k]) { k += 1 }
                guard k > j, k < scalars.count, isDigit(scalars[k]) else { break }
                j = k
            }
            if digits >= minimumDigits {
                out.append(contentsOf: mask.unicodeScalars)
                changed = true
            } else {
                out.append(contentsOf: scalars[i..<end])
            }
            i = end
        }
        return changed ? String(out) : text
    }

    /// Whether a key names a card security code: cvc, cvv, cvv2, cvc2, cvn, cid, csc, security_code,
    /// securityCode, card_code, … in any case and with any "_", "-", "." or space, alone or at the end
    /// of a longer name ("billing_cvv", "cardCVC2"), however long: a name of more than 64 bytes was once
    /// not looked at, so its code passed through, and redacting twice changed more than once (found by
    /// fuzzing, Tests/FuzzTests/Regressions/json-lines/long-security-code-name.jsonl).
    public static func isSecurityCodeName(_ key: String) -> Bool {
        if let ascii = key.utf8.withContiguousStorageIfAvailable(isASCIISecurityCodeName), let answer = ascii {
            return answer
        }
        var folded = ""
        for scalar in key.lowercased().unicodeScalars where !" _-.".unicodeScalars.contains(scalar) {
            folded.unicodeScalars.append(scalar)
        }
        if exactCodeNames.contains(folded) { return true }
        return suffixCodeNames.contains { folded.hasSuffix($0) }
    }

    /// `isSecurityCodeName` for an ASCII name, matched from its end in place; nil when it is not ASCII.
    public static func isASCIISecurityCodeName(_ key: UnsafeBufferPointer<UInt8>) -> Bool? {
        var lastLetter: UInt8 = 0
        for byte in key {
            if byte >= 0x80 { return nil }
            if !isNameSeparator(byte) { lastLetter = byte }
        }
        // Every name ends in one of these: most keys are settled by their last letter alone.
        let last = lowercase(lastLetter)
        switch last {
        case UInt8(ascii: "c"), UInt8(ascii: "d"), UInt8(ascii: "e"), UInt8(ascii: "n"), UInt8(ascii: "v"), UInt8(ascii: "2"):
            break
        default: return false
        }
        for name in exactCodeNameBytes where name.last == last && endsWith(key, folded: name, exactly: true) { return true }
        for name in suffixCodeNameBytes where name.last == last && endsWith(key, folded: name, exactly: false) { return true }
        return false
    }

    static func isNameSeparator(_ byte: UInt8) -> Bool { byte == 0x5F || byte == 0x2D || byte == 0x2E || byte == 0x20 }
    static func lowercase(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }

    /// Whether `key`, lowercased and without separators, ends with `name` (or is `name`, `exactly`).
    static func endsWith(_ key: UnsafeBufferPointer<UInt8>, folded name: [UInt8], exactly: Bool) -> Bool {
        var k = key.count
        for letter in name.reversed() {
            k -= 1
            while k >= 0, isNameSeparator(key[k]) { k -= 1 }
            guard k >= 0, lowercase(key[k]) == letter else { return false }
        }
        guard exactly else { return true }
        while k > 0 {
            k -= 1
            if !isNameSeparator(key[k]) { return false }
        }
        return true
    }

    static let exactCodeNames: Set<String> = ["cid", "csc", "cvn", "cvn2", "cvp2", "cve", "cav2"]
    static let exactCodeNameBytes = exactCodeNames.map { Array($0.utf8) }
    static let suffixCodeNameBytes = suffixCodeNames.map { Array($0.utf8) }
    static let suffixCodeNames = [
        "cvc", "cvv", "cvc2", "cvv2", "securitycode", "cardcode", "cardverificationvalue", "cardverificationcode",
        "cardsecuritycode", "verificationcode",
    ]

    /// A record with every card-number-like key or value, and every security code, replaced by "[redacted]".
    public static func redacting(record value: JSON) -> JSON {
        needsRedaction(value) ? redactingAll(value) : value  // the common record: no copy
    }

    /// Whether anything in `value` (keys included) would change.
    static func needsRedaction(_ value: JSON) -> Bool {
        switch value {
        case .string(let s), .number(let s): return mayHoldCardNumber(s)
        case .array(let items): return items.contains(where: needsRedaction)
        case .object(let members):
            for (key, item) in members where isSecurityCodeName(key) || mayHoldCardNumber(key) || needsRedaction(item) {
                return true
            }
            return false
        case .null, .bool: return false
        }
    }

    static func redactingAll(_ value: JSON) -> JSON {
        switch value {
        case .string(let s): return .string(text(s))
        case .number(let n): return mayHoldCardNumber(n) && text(n) != n ? .string(mask) : value
        case .array(let items): return .array(items.map(redactingAll))
        case .object(let members):
            if !members.contains(where: { mayHoldCardNumber($0.key) }) {  // no name changes: values only, in place
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

    /// A cheap pre-check: enough digits (of any script) to form a card number.
    static func mayHoldCardNumber(_ text: String) -> Bool {
        func count(_ bytes: some Sequence<UInt8>) -> (ascii: Int, other: Bool) {
            var ascii = 0
            var other = false
            for byte in bytes {
                if byte >= 0x30 && byte <= 0x39 {
                    ascii += 1
                } else if byte >= 0x80 {
                    other = true
                }
            }
            return (ascii, other)
        }
        let (ascii, other) = text.utf8.withContiguousStorageIfAvailable { count($0) } ?? count(text.utf8)
        if ascii >= minimumDigits { return true }
        guard other else { return false }
        return text.unicodeScalars.reduce(0) { $0 + (isDigit($1) ? 1 : 0) } >= minimumDigits
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

    static func isSeparator(_ s: Unicode.Scalar) -> Bool {
        switch s {
        case " ", "\t", ".", "-", "/", "_": return true
        default: return !s.isASCII && s.properties.isWhitespace
        }
    }
}

/// Hides anything that looks like a card number in free text meant for a person (see `Redaction`).
/// pp-cardcheck passes every diagnostic through it, so a number typed where a file name or a date
/// was expected never reaches stderr.
public func redactingCardNumbers(_ text: String) -> String { Redaction.text(text) }
