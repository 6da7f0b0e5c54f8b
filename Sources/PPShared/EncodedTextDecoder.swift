/// Undoes the encodings a card number can hide behind in text, for the redaction's second reading:
/// percent-encoding (`%34`, `%u0034`, UTF-8 as `%E2%80%8B`), HTML character references (`&#52;`, `&#x34;`,
/// `&#52` without its `;`, the names in `namedReferences`) and backslash escapes (`\u0034`, `\x34`, a
/// surrogate pair `\uD835\uDFCE`), nested to any depth (`%2534`, `&amp;#52;`, `%26%2352%3B`).
///
/// It reads the text once: each character is pushed on a short stack and the top of the stack is reduced
/// while it ends an encoding, so an encoding whose own characters were encoded decodes too. Every item
/// carries the span of original characters it came from, so what the finder masks is the original text.
struct EncodedTextDecoder {
    struct Item {
        enum Kind: UInt8 {
            case scalar
            /// A byte of a percent- or \x-encoded UTF-8 sequence not yet complete.
            case byte
            /// The first half of a \u-escaped surrogate pair.
            case highSurrogate
        }
        var kind: Kind
        var value: UInt32
        var start: Int
        var end: Int

        var scalar: Unicode.Scalar? { kind == .scalar ? Unicode.Scalar(value) : nil }
    }

    /// Characters of the longest encoding (`&ZeroWidthSpace;`, `&#x0001D7CE;`); with inner encodings on
    /// their way, what spans more than twice this can no longer become one, so the stack stays short.
    static let longestEncoding = 16
    /// Digits a numeric character reference may have; more is not a character.
    static let referenceDigits = 8

    /// HTML's named references for characters the card fold reads (digits, separators, invisible ones) and
    /// for the characters of the encodings themselves.
    static let namedReferences: [String: Unicode.Scalar] = [
        "sup1": "\u{B9}", "sup2": "\u{B2}", "sup3": "\u{B3}", "nbsp": "\u{A0}", "ensp": "\u{2002}", "emsp": "\u{2003}",
        "emsp13": "\u{2004}", "emsp14": "\u{2005}", "numsp": "\u{2007}", "puncsp": "\u{2008}", "thinsp": "\u{2009}",
        "ThinSpace": "\u{2009}", "hairsp": "\u{200A}", "MediumSpace": "\u{205F}", "Tab": "\t", "NewLine": "\n",
        "shy": "\u{AD}", "ZeroWidthSpace": "\u{200B}", "NoBreak": "\u{2060}", "zwnj": "\u{200C}", "zwj": "\u{200D}",
        "lrm": "\u{200E}", "rlm": "\u{200F}", "hyphen": "\u{2010}", "dash": "\u{2010}", "ndash": "\u{2013}",
        "mdash": "\u{2014}", "horbar": "\u{2015}", "minus": "\u{2212}", "period": ".", "sol": "/", "lowbar": "_",
        "UnderBar": "_", "hellip": "\u{2026}", "nldr": "\u{2025}", "amp": "&", "AMP": "&", "num": "#", "semi": ";",
        "percnt": "%", "bsol": "\\",
    ]

    private var stack: [Item] = []
    /// Items that can no longer change, in order; the caller takes them (`ready.removeAll`).
    var ready: [Item] = []

    /// Adds the next original character (at `offset`); returns it when it is final at once (most
    /// characters: nothing is open, and they start nothing), else what is final goes to `ready`.
    mutating func push(_ scalar: Unicode.Scalar, at offset: Int) -> Item? {
        let item = Item(kind: .scalar, value: scalar.value, start: offset, end: offset + 1)
        if stack.isEmpty, !Self.startsEncoding(item) { return item }
        stack.append(item)
        while reduceTop() {}
        settle(all: false)
        return nil
    }

    /// Ends the text: every item left is final.
    mutating func finish() { settle(all: true) }

    /// Moves what is final to `ready`: every item below the lowest that may still grow into an encoding
    /// (every encoding starts with `%`, `&`, `\`, or a byte or half a pair decoded from one). A reference
    /// without its `;` (`&#52`) is decoded as it becomes final: nothing can extend it any more.
    private mutating func settle(all: Bool) {
        var final = 0
        while final < stack.count {
            if !all, Self.startsEncoding(stack[final]), mayGrow(from: final) { break }
            if isChar(final, 0x26) { decodeOpenReference(at: final) }
            final += 1
        }
        guard final > 0 else { return }
        ready += stack[..<final]
        stack.removeFirst(final)
    }

    private static func startsEncoding(_ item: Item) -> Bool {
        item.kind != .scalar || item.value == 0x25 || item.value == 0x26 || item.value == 0x5C
    }

    /// Whether the items from `start` to the top are the beginning of an encoding (`%3`, `\u00`, `&#5`,
    /// `&am`, bytes of an unfinished UTF-8 sequence, half a pair and `\u`), where the top may be another
    /// encoding on its way, standing for the character it will be (`&%23`). False once something follows
    /// that no encoding has (`% `, `\n`, `& `), so a lone `%`, `&` or `\` costs nothing further.
    private func mayGrow(from start: Int) -> Bool {
        guard stack.count - start <= 2 * Self.longestEncoding else { return false }
        let first = stack[start]
        var i = start + 1
        while i < stack.count {
            let position = i - start - 1
            if Self.startsEncoding(stack[i]), !(first.kind == .byte && stack[i].kind == .byte), !isChar(i, 0x26),
                mayGrow(from: i)
            {
                return position < Self.length(of: first, after: stack[start + 1..<i])  // an inner encoding: one character
            }
            guard Self.accepts(first, position, stack[i], after: stack[start + 1..<i]) else { return false }
            i += 1
        }
        return true
    }

    /// How many characters after `first` an unfinished encoding can have, given those it has.
    private static func length(of first: Item, after: ArraySlice<Item>) -> Int {
        switch (first.kind, first.value) {
        case (.byte, _): 3
        case (.highSurrogate, _): 5  // \uDFC
        case (_, 0x26): longestEncoding - 1
        default: after.first.map { $0.value == 0x75 } ?? true ? 4 : 2  // %uHHH, \uHHH; %H, \xH
        }
    }

    /// Whether `item` can stand at `position` after `first` (and the items `after` it so far).
    private static func accepts(_ first: Item, _ position: Int, _ item: Item, after: ArraySlice<Item>) -> Bool {
        guard position < length(of: first, after: after) else { return false }
        if first.kind == .byte { return item.kind == .byte }
        guard item.kind == .scalar else { return false }
        let v = item.value
        switch (first.kind, first.value) {
        case (.highSurrogate, _): return position == 0 ? v == 0x5C || v == 0x25 : position == 1 ? v == 0x75 : hexDigit(v) != nil
        case (_, 0x26): return v == 0x23 || (0x30...0x39).contains(v) || (0x41...0x5A).contains(v) || (0x61...0x7A).contains(v)
        case (_, 0x25): return position == 0 ? v == 0x75 || hexDigit(v) != nil : hexDigit(v) != nil
        default: return position == 0 ? v == 0x75 || v == 0x78 : hexDigit(v) != nil  // \
        }
    }

    /// Decodes `&#52` (no `;`) at `amp`, if the items after it are one: `#`, maybe `x`, digits.
    private mutating func decodeOpenReference(at amp: Int) {
        guard let (value, end) = numericReference(at: amp) else { return }
        let decoded = Item(kind: .scalar, value: value, start: stack[amp].start, end: stack[end - 1].end)
        stack.replaceSubrange(amp..<end, with: [decoded])
    }

    /// The character of the numeric reference at `amp` (`&#52`, `&#x34`) and where its digits end.
    private func numericReference(at amp: Int) -> (UInt32, Int)? {
        guard isChar(amp + 1, 0x23) else { return nil }
        let hex = isChar(amp + 2, 0x78) || isChar(amp + 2, 0x58)
        let first = amp + (hex ? 3 : 2)
        var end = first
        var value: UInt32 = 0
        while end < stack.count, end - first < Self.referenceDigits, stack[end].kind == .scalar,
            let d = Self.hexDigit(stack[end].value), hex || d < 10
        {
            value = value * (hex ? 16 : 10) + d
            end += 1
        }
        guard end > first, value != 0, Unicode.Scalar(value) != nil else { return nil }
        return (value, end)
    }

    // MARK: - Reductions at the top of the stack

    /// Whether item `i` is the character `c`.
    private func isChar(_ i: Int, _ c: UInt32) -> Bool {
        i >= 0 && i < stack.count && stack[i].kind == .scalar && stack[i].value == c
    }

    /// Reduces one encoding that ends at the top; false when none does.
    private mutating func reduceTop() -> Bool {
        guard let top = stack.last else { return false }
        switch top.kind {
        case .byte: return assembleUTF8()
        case .highSurrogate: return false
        case .scalar: return top.value == 0x3B ? reduceReference() : reducePercentOrEscape()
        }
    }

    /// `%HH`, `\xHH` (a byte), `%uHHHH`, `\uHHHH` (a character, or half of a surrogate pair).
    private mutating func reducePercentOrEscape() -> Bool {
        let n = stack.count
        if n >= 3, let byte = hexValue(n - 2, count: 2) {
            let item = Item(kind: byte < 0x80 ? .scalar : .byte, value: byte, start: 0, end: 0)
            if isChar(n - 3, 0x25) { return replaceTop(3, with: item) }  // %HH
            if isChar(n - 3, 0x78), isChar(n - 4, 0x5C) { return replaceTop(4, with: item) }  // \xHH
        }
        guard n >= 6, isChar(n - 5, 0x75), isChar(n - 6, 0x25) || isChar(n - 6, 0x5C), let unit = hexValue(n - 4, count: 4)
        else { return false }
        if (0xD800...0xDBFF).contains(unit) {
            return replaceTop(6, with: Item(kind: .highSurrogate, value: unit, start: 0, end: 0))
        }
        if (0xDC00...0xDFFF).contains(unit) {
            guard n >= 7, stack[n - 7].kind == .highSurrogate else { return false }
            let pair = 0x10000 + ((stack[n - 7].value - 0xD800) << 10) + (unit - 0xDC00)
            return replaceTop(7, with: Item(kind: .scalar, value: pair, start: 0, end: 0))
        }
        return replaceTop(6, with: Item(kind: .scalar, value: unit, start: 0, end: 0))
    }

    /// A complete UTF-8 sequence of decoded bytes at the top becomes its character.
    private mutating func assembleUTF8() -> Bool {
        var bytes: [UInt8] = []
        for item in stack.suffix(4).reversed() {
            guard item.kind == .byte else { break }
            let b = UInt8(item.value)
            bytes.insert(b, at: 0)
            let length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 0
            guard length > 0 else { continue }  // a continuation byte: look further down for the lead
            guard length == bytes.count, let text = String(validating: bytes, as: UTF8.self),
                let scalar = text.unicodeScalars.first
            else { return false }
            return replaceTop(length, with: Item(kind: .scalar, value: scalar.value, start: 0, end: 0))
        }
        return false
    }

    /// A character reference ending at the top with its `;`: `&#52;`, `&#x34;`, `&sup1;`.
    private mutating func reduceReference() -> Bool {
        let semicolon = stack.count - 1
        var amp = semicolon - 1
        while amp >= 0, semicolon - amp <= Self.longestEncoding, !isChar(amp, 0x26) { amp -= 1 }
        guard amp >= 0, semicolon - amp <= Self.longestEncoding else { return false }
        if let (value, end) = numericReference(at: amp) {
            return end == semicolon && replaceTop(stack.count - amp, with: Item(kind: .scalar, value: value, start: 0, end: 0))
        }
        var name = String.UnicodeScalarView()
        for item in stack[(amp + 1)..<semicolon] {
            guard let s = item.scalar else { return false }
            name.append(s)
        }
        guard let scalar = Self.namedReferences[String(name)] else { return false }
        return replaceTop(stack.count - amp, with: Item(kind: .scalar, value: scalar.value, start: 0, end: 0))
    }

    /// Replaces the top `count` items by `item`, which spans what they spanned.
    private mutating func replaceTop(_ count: Int, with item: Item) -> Bool {
        var item = item
        item.start = stack[stack.count - count].start
        item.end = stack[stack.count - 1].end
        stack.removeLast(count)
        stack.append(item)
        return true
    }

    /// The value of `count` hex digits starting at stack index `from`, or nil.
    private func hexValue(_ from: Int, count: Int) -> UInt32? {
        var value: UInt32 = 0
        for i in from..<(from + count) {
            guard stack[i].kind == .scalar, let digit = Self.hexDigit(stack[i].value) else { return nil }
            value = value * 16 + digit
        }
        return value
    }

    private static func hexDigit(_ v: UInt32) -> UInt32? {
        switch v {
        case 0x30...0x39: v - 0x30
        case 0x41...0x46: v - 0x37
        case 0x61...0x66: v - 0x57
        default: nil
        }
    }
}
