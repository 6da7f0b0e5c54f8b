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

    /// Characters of the longest encoding (`&ZeroWidthSpace;`, `&#x0001D7CE;`): items deeper than this
    /// below the top can no longer change, and leave the stack.
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
        let v = scalar.value
        let item = Item(kind: .scalar, value: v, start: offset, end: offset + 1)
        if stack.isEmpty, !Self.startsEncoding(item) { return item }
        if v != 0x3B, !continuesReference(v) { reduceReference(terminated: false) }
        stack.append(item)
        while reduceTop() {}
        // Every encoding starts with `%`, `&`, `\` (or a byte or half a pair decoded from one): what is below
        // the lowest of those that can still begin one is final.
        var final = 0
        while final < stack.count, !Self.startsEncoding(stack[final]) || !mayBegin(at: final) { final += 1 }
        if final > 0 {
            ready += stack[..<final]
            stack.removeFirst(final)
        }
        return nil
    }

    /// Whether the items from `start` on can still grow into an encoding (`%3`, `\u00`, `&#5`, `&am`, a
    /// byte of an unfinished UTF-8 sequence); false once something follows that no encoding has
    /// (`% `, `\n`, `& `), so the text's lone `%`, `&` and `\` cost nothing further.
    private func mayBegin(at start: Int) -> Bool {
        let after = stack.count - start - 1
        guard after > 0 else { return true }
        guard after <= Self.longestEncoding else { return false }
        let first = stack[start]
        switch (first.kind, first.value) {
        case (.byte, _):  // more bytes, maybe the next one still being read (%E2%8)
            var i = start + 1
            while i < stack.count, stack[i].kind == .byte { i += 1 }
            if i == stack.count { return true }
            if isChar(i, 0x25) { return hexUpTo(from: i + 1, count: 1) }
            return isChar(i, 0x5C) && isChar(i + 1, 0x78) && hexUpTo(from: i + 2, count: 1)
        case (.highSurrogate, _):  // \uDFC of the second half
            return (isChar(start + 1, 0x5C) || isChar(start + 1, 0x25)) && (after < 2 || isChar(start + 2, 0x75))
                && hexUpTo(from: start + 3, count: 3)
        case (_, 0x25), (_, 0x5C):
            if isChar(start + 1, 0x75) { return hexUpTo(from: start + 2, count: 3) }  // %uHHH, \uHHH
            if first.value == 0x5C { return isChar(start + 1, 0x78) && hexUpTo(from: start + 2, count: 1) }  // \xH
            return hexUpTo(from: start + 1, count: 1)  // %H
        default:  // &: a reference's characters, or an encoding of them on its way
            for i in (start + 1)..<stack.count {
                let item = stack[i]
                guard item.kind == .scalar else { continue }
                let v = item.value
                guard v < 0x80, (0x30...0x39).contains(v) || (0x41...0x5A).contains(v) || (0x61...0x7A).contains(v)
                    || v == 0x23 || Self.startsEncoding(item)
                else { return false }
            }
            return true
        }
    }

    /// Whether the items from `from` to the top are hex digits, at most `count` of them.
    private func hexUpTo(from: Int, count: Int) -> Bool {
        guard stack.count - from <= count else { return false }
        var i = from
        while i < stack.count {
            guard stack[i].kind == .scalar, Self.hexDigit(stack[i].value) != nil else { return false }
            i += 1
        }
        return true
    }

    private static func startsEncoding(_ item: Item) -> Bool {
        item.kind != .scalar || item.value == 0x25 || item.value == 0x26 || item.value == 0x5C
    }

    /// Ends the text: every item left is ready.
    mutating func finish() {
        reduceReference(terminated: false)
        ready += stack
        stack.removeAll()
    }

    // MARK: - Reductions at the top of the stack

    /// Whether item `i` is the character `c`.
    private func isChar(_ i: Int, _ c: UInt32) -> Bool { i >= 0 && stack[i].kind == .scalar && stack[i].value == c }

    /// Reduces one encoding that ends at the top; false when none does.
    private mutating func reduceTop() -> Bool {
        guard let top = stack.last else { return false }
        switch top.kind {
        case .byte: return assembleUTF8()
        case .highSurrogate: return false
        case .scalar: return top.value == 0x3B ? reduceReference(terminated: true) : reducePercentOrEscape()
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
        if (0xD800...0xDBFF).contains(unit) { return replaceTop(6, with: Item(kind: .highSurrogate, value: unit, start: 0, end: 0)) }
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

    /// A character reference ending at the top: `&#52;`, `&#x34;`, `&sup1;`, or `&#52` when it is not
    /// `terminated` (the next character cannot continue it).
    @discardableResult
    private mutating func reduceReference(terminated: Bool) -> Bool {
        let end = terminated ? stack.count - 1 : stack.count
        var amp = end - 1
        while amp >= 0, end - amp <= Self.longestEncoding, !isChar(amp, 0x26) { amp -= 1 }
        guard amp >= 0, end - amp <= Self.longestEncoding, end - amp >= 2 else { return false }
        var value: UInt32?
        if isChar(amp + 1, 0x23) {  // &#
            let hex = isChar(amp + 2, 0x78) || isChar(amp + 2, 0x58)
            let first = amp + (hex ? 3 : 2)
            if first < end, end - first <= Self.referenceDigits {
                var number: UInt32 = 0
                for i in first..<end {
                    guard stack[i].kind == .scalar, let d = Self.hexDigit(stack[i].value), hex || d < 10 else { return false }
                    number = number * (hex ? 16 : 10) + d
                }
                value = number
            }
        } else if terminated {
            var name = String.UnicodeScalarView()
            for item in stack[(amp + 1)..<end] {
                guard let s = item.scalar else { return false }
                name.append(s)
            }
            value = Self.namedReferences[String(name)]?.value
        }
        guard let value, value != 0, Unicode.Scalar(value) != nil else { return false }
        return replaceTop(stack.count - amp, with: Item(kind: .scalar, value: value, start: 0, end: 0))
    }

    /// Whether `next` can extend the numeric reference open at the top (`&#5` + `2`, `&#` + `x`); true
    /// when none is open.
    private func continuesReference(_ next: UInt32) -> Bool {
        var i = stack.count - 1
        var digits = 0
        while i >= 0, stack.count - i <= Self.longestEncoding, stack[i].kind == .scalar, Self.hexDigit(stack[i].value) != nil {
            digits += 1
            i -= 1
        }
        var hex = false
        if isChar(i, 0x78) || isChar(i, 0x58) {
            hex = true
            i -= 1
        }
        guard isChar(i, 0x23), isChar(i - 1, 0x26) else { return true }
        if next == 0x78 || next == 0x58 { return !hex && digits == 0 }
        guard let value = Self.hexDigit(next) else { return false }
        return hex || value < 10
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
