/// The one card-number finder of pp: what the redaction masks (docs/records.md, pp-cardcheck).
///
/// The text is folded (`CardTextFold`: any script's digits and numbered forms as digits, white space,
/// dashes and connectors as separators, invisible characters dropped) and read twice, as written and
/// with its encodings undone (`EncodedTextDecoder`: `%34`, `&#52;`, `\u0034`, …). In either reading, a run
/// of `minimumDigits` or more digits, where neighbouring digits are parted by at most
/// `maximumSeparatorRun` separators, is card-number-like, and so is a whole text of nothing but digits
/// and separators however many (what pp-cardcheck itself reads as a number, `CardNumber.normalize`).
/// No checksum or issuer range decides: a mistyped number, or one of a card type only a `--card-types`
/// file knows, is masked too.
public enum CardNumberFinder {
    /// The fewest digits of a card-number-like run (the shortest card numbers have 12).
    public static let minimumDigits = 12
    /// The most separators between two digits of one run ("4111    1111" has four).
    public static let maximumSeparatorRun = 16

    /// What one reading of a text found.
    struct Scan {
        /// The card-number-like runs, as ranges of the text's Unicode scalars.
        var spans: [Range<Int>] = []
        var digits = 0
        /// Whether the text is nothing but digits, separators and invisible characters.
        var onlyDigits = true
    }

    /// The text with every card-number-like run replaced by `mask`; the text itself when there is none.
    static func masking(_ text: String, with mask: String) -> String {
        let spans = spans(in: text)
        guard !spans.isEmpty else { return text }
        var out = String.UnicodeScalarView()
        var next = 0
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            if next < spans.count, offset >= spans[next].lowerBound {
                if offset == spans[next].lowerBound { out.append(contentsOf: mask.unicodeScalars) }
                if offset + 1 >= spans[next].upperBound { next += 1 }
                continue
            }
            out.append(scalar)
        }
        return String(out)
    }

    /// The card-number-like runs of both readings, in order, overlapping ones merged.
    static func spans(in text: String) -> [Range<Int>] {
        var spans = scan(text).spans
        if hasEncodings(text) { spans += scanDecoded(text).spans }
        spans.sort { $0.lowerBound < $1.lowerBound }
        var merged: [Range<Int>] = []
        for span in spans {
            if let last = merged.last, span.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, span.upperBound)
            } else {
                merged.append(span)
            }
        }
        return merged
    }

    /// The digits of a text that is nothing but one group of a number (`"4111"`, `" "`) in either
    /// reading; nil for any other text. Groups side by side in an array are read as one number.
    static func groupDigits(_ text: String) -> Int? {
        let raw = scan(text)
        let decoded = hasEncodings(text) ? scanDecoded(text) : nil
        let counts = [raw, decoded].compactMap { $0 }.filter(\.onlyDigits).map(\.digits)
        return counts.max()
    }

    /// The text read as written.
    static func scan(_ text: String) -> Scan {
        var scanner = DigitRunScanner()
        forEachScalar(of: text) { scalar, offset in scanner.take(CardTextFold.role(scalar), start: offset, end: offset + 1) }
        return scanner.finish()
    }

    /// The text read with its encodings undone.
    static func scanDecoded(_ text: String) -> Scan {
        var scanner = DigitRunScanner()
        forEachDecoded(of: text) { item in
            scanner.take(item.scalar.map(CardTextFold.role) ?? .other, start: item.start, end: item.end)
        }
        return scanner.finish()
    }

    /// Calls `body` with each character of `text` with its encodings undone, in order, with the span of
    /// original scalars it came from (`EncodedTextDecoder`).
    static func forEachDecoded(of text: String, _ body: (EncodedTextDecoder.Item) -> Void) {
        var decoder = EncodedTextDecoder()
        forEachScalar(of: text) { scalar, offset in
            if let plain = decoder.push(scalar, at: offset) {
                body(plain)
            } else if !decoder.ready.isEmpty {
                for item in decoder.ready { body(item) }
                decoder.ready.removeAll(keepingCapacity: true)
            }
        }
        decoder.finish()
        for item in decoder.ready { body(item) }
    }

    /// Calls `body` with each scalar of `text` and its offset, decoding the UTF-8 in place (much faster
    /// than the scalar view where the code is not optimised, as in the tests).
    static func forEachScalar(of text: String, _ body: (Unicode.Scalar, Int) -> Void) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            var i = 0
            var offset = 0
            while i < bytes.count {
                let lead = UInt32(bytes[i])
                var value = lead
                var length = 1
                if lead >= 0xF0 {
                    (value, length) = (lead & 0x07, 4)
                } else if lead >= 0xE0 {
                    (value, length) = (lead & 0x0F, 3)
                } else if lead >= 0xC0 {
                    (value, length) = (lead & 0x1F, 2)
                }
                for k in 1..<length { value = value << 6 | UInt32(bytes[i + k] & 0x3F) }
                body(Unicode.Scalar(value) ?? "\u{FFFD}", offset)  // a String's UTF-8 is valid
                i += length
                offset += 1
            }
        }
        guard done == nil else { return }
        for (offset, scalar) in text.unicodeScalars.enumerated() { body(scalar, offset) }
    }

    /// Whether the text has a character that may start an encoding (`%`, `&`, `\`).
    static func hasEncodings(_ text: String) -> Bool {
        text.utf8.contains { $0 == 0x25 || $0 == 0x26 || $0 == 0x5C }
    }

    /// At least as many digits as either reading can find in `bytes` (UTF-8), counted without folding:
    /// an ASCII digit gives one, an encoding's first character (`%`, `&`, `\`) and a scalar of two or more
    /// bytes at most two (`⑩`, `&#9321;`). Fewer than `minimumDigits` means nothing to mask.
    public static func possibleDigits(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for byte in bytes {
            switch byte {
            case 0x30...0x39: count += 1
            case 0x25, 0x26, 0x5C: count += 2
            case 0xC0...: count += 2  // a lead byte: one scalar
            default: break
            }
        }
        return count
    }

    /// `possibleDigits` of a text's UTF-8.
    static func possibleDigits(_ text: String) -> Int {
        var text = text
        return text.withUTF8(possibleDigits)
    }

    /// Whether a text may hold a card-number-like run: the bound of `possibleDigits`, made exact for
    /// characters beyond ASCII (most are no digits) before it is trusted to say yes.
    static func mayHoldCardNumber(_ text: String) -> Bool {
        guard possibleDigits(text) >= minimumDigits else { return false }
        guard text.utf8.contains(where: { $0 >= 0x80 }) else { return true }
        var count = 0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x30...0x39: count += 1
            case 0x25, 0x26, 0x5C: count += 2
            case 0x80...:
                if case .number(let n) = CardTextFold.role(scalar) { count += n >= 10 ? 2 : 1 }
            default: break
            }
            if count >= minimumDigits { return true }
        }
        return false
    }
}

/// Reads folded characters one by one and keeps the card-number-like runs (`CardNumberFinder`).
struct DigitRunScanner {
    private var scan = CardNumberFinder.Scan()
    private var inRun = false
    private var runStart = 0
    private var runEnd = 0
    private var runDigits = 0
    /// Separators since the run's last digit.
    private var separators = 0
    private var firstDigit: Int?
    private var lastDigitEnd = 0

    mutating func take(_ role: CardTextFold.Role, start: Int, end: Int) {
        switch role {
        case .number(let value):
            let count = value >= 10 ? 2 : 1
            if !inRun {
                inRun = true
                runStart = start
                runDigits = 0
            }
            runDigits += count
            runEnd = end
            separators = 0
            scan.digits += count
            if firstDigit == nil { firstDigit = start }
            lastDigitEnd = end
        case .separator:
            guard inRun else { return }
            separators += 1
            if separators > CardNumberFinder.maximumSeparatorRun { closeRun() }
        case .invisible:
            guard inRun, separators == 0 else { return }
            runEnd = end  // a mark on the last digit goes with it
            lastDigitEnd = end
        case .other:
            scan.onlyDigits = false
            closeRun()
        }
    }

    private mutating func closeRun() {
        if inRun, runDigits >= CardNumberFinder.minimumDigits { scan.spans.append(runStart..<runEnd) }
        inRun = false
    }

    mutating func finish() -> CardNumberFinder.Scan {
        closeRun()
        if scan.onlyDigits, scan.digits >= CardNumberFinder.minimumDigits, let firstDigit {
            scan.spans = [firstDigit..<lastDigitEnd]  // nothing but a number: one run, however spaced
        }
        return scan
    }
}
