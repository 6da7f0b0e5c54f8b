/// Whether a key names a card security code (docs/records.md, pp-cardcheck: Redaction). The key is
/// folded (`CardTextFold.nameRole`: NFKC's Latin letter forms as ASCII, case ignored, invisible
/// characters dropped) and cut into words at anything that is not a letter (digits, `_`, `-`, `.`,
/// spaces, …) and where the case changes (`cvvCode`: cvv, code; `CIDValue`: cid, value); single letters
/// in a row are one word (`C.V.V.`: cvv). The key names a security code when
/// - a word contains `cvc`, `cvv`, `csc`, `cvn` or `cvp` (`billingcvv`, `cardCVC2`, `cvv_number`), letters
///   no English word holds;
/// - a word is `cid`, `cve` or `cav` (`CID`, `card_cid`, `cav2`), which inside a word are common English
///   (`acid`, `decide`, `cave`);
/// - its letters, words joined, contain `securitycode`, `verification` or `cardcode`
///   (`card_security_code`, `card_verification`, `cardCode`).
/// A short code is not matched across words (`misc_scan` holds no `csc`).
struct SecurityCodeName {
    /// Letters as 5-bit codes (a = 1 … z = 26; 0 for a letter of another script), the newest lowest.
    private typealias Letters = UInt64
    /// Keeps the last 12 letters: as many as the longest name below.
    private static let windowMask: Letters = (1 << (5 * 12)) - 1

    private static let codesInWords = ["cvc", "cvv", "csc", "cvn", "cvp"].map(packed)
    private static let wholeWords = ["cid", "cve", "cav"].map(packed)
    private static let names = ["securitycode", "verification", "cardcode"].map { (packed($0), $0.utf8.count) }

    /// The letters the codes in words and the names end with, as bits (1 << code).
    private static let lastLetters = (codesInWords + names.map(\.0)).reduce(Letters(0)) { $0 | 1 << ($1 & 31) }

    private static func packed(_ name: String) -> Letters {
        name.utf8.reduce(0) { $0 << 5 | Letters($1 - 0x60) }
    }

    private static func last(_ letters: Letters, _ count: Int) -> Letters { letters & ((1 << (5 * count)) - 1) }

    private(set) var found = false
    private var all: Letters = 0
    private var word: Letters = 0
    private var wordLength = 0
    private var lastUpper = false
    private var lastButOneUpper = false
    /// The run of one-letter words before the current word.
    private var initials: Letters = 0
    private var initialCount = 0

    /// The rule for a name given as scalars.
    static func matches(_ key: String) -> Bool {
        var rule = SecurityCodeName()
        for scalar in key.unicodeScalars {
            rule.take(CardTextFold.nameRole(scalar))
            if rule.found { return true }
        }
        rule.finish()
        return rule.found
    }

    /// The rule for an ASCII name, from its bytes; nil when a byte is not ASCII.
    static func matches(ascii key: UnsafeBufferPointer<UInt8>) -> Bool? {
        var rule = SecurityCodeName()
        for byte in key {
            guard byte < 0x80 else { return nil }
            rule.take(CardTextFold.nameRole(Unicode.Scalar(byte)))
            if rule.found { return true }
        }
        rule.finish()
        return rule.found
    }

    mutating func take(_ role: CardTextFold.NameRole) {
        switch role {
        case .letter(let ascii, let upper): letter(Letters(ascii - 0x60), upper: upper)
        case .otherLetter: letter(0, upper: false)
        case .separator: endWord()
        case .invisible: break
        }
    }

    mutating func finish() {
        endWord()
        endInitials()
    }

    private mutating func letter(_ code: Letters, upper: Bool) {
        if wordLength > 0, upper, !lastUpper {
            endWord()  // cvv|Code
        } else if wordLength > 1, !upper, lastUpper, lastButOneUpper {
            let moved = word & 31  // CID|Value: the capital before a small letter starts the next word
            word >>= 5
            wordLength -= 1
            endWord()
            word = moved
            wordLength = 1
        }
        word = (word << 5 | code) & Self.windowMask
        wordLength += 1
        all = (all << 5 | code) & Self.windowMask
        lastButOneUpper = lastUpper
        lastUpper = upper
        guard Self.lastLetters & (1 << code) != 0 else { return }  // most letters end no name
        if wordLength >= 3, Self.codesInWords.contains(Self.last(word, 3)) { found = true }
        for (name, count) in Self.names where Self.last(all, count) == name { found = true }
    }

    private mutating func endWord() {
        defer {
            word = 0
            wordLength = 0
            lastUpper = false
            lastButOneUpper = false
        }
        guard wordLength > 0 else { return }
        if wordLength == 1 {
            initials = (initials << 5 | word) & Self.windowMask
            initialCount += 1
            if initialCount >= 3, Self.codesInWords.contains(Self.last(initials, 3)) { found = true }
            return
        }
        endInitials()
        if wordLength == 3, Self.wholeWords.contains(word) { found = true }
    }

    private mutating func endInitials() {
        if initialCount == 3, Self.wholeWords.contains(initials) { found = true }
        initials = 0
        initialCount = 0
    }
}
