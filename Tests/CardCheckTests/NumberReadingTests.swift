import Testing

@testable import CardCheck
@testable import PPShared

/// What pp-cardcheck reads as a card number (`CardNumber.normalize`: digits, `-` and JavaScript white
/// space, however many) the redaction masks, wherever it stands; and what the byte path passes unchanged
/// the redaction would not change. Inputs are generated from the checker's own alphabet.
@Suite("the number reader and the finder agree")
struct NumberReadingTests {
    /// Every character the number reader strips.
    static let strippedByReader: [Unicode.Scalar] = (0...0xFFFF).compactMap { v in
        Unicode.Scalar(UInt32(v)).flatMap { v == 0x2D || CardNumber.isJavaScriptWhitespace(UInt32(v)) ? $0 : nil }
    }

    /// Digits and stripped characters in runs of any length (up to 40), sometimes one character that the
    /// reader refuses.
    static func candidate(_ random: inout SeededRandom) -> String {
        var text = String.UnicodeScalarView()
        for _ in 0..<Int(random.next() % 30) {
            if random.next() % 2 == 0 {
                for _ in 0..<Int(1 + random.next() % 5) { text.append(Unicode.Scalar(UInt8(48 + random.next() % 10))) }
            } else {
                for _ in 0..<Int(1 + random.next() % (random.next() % 4 == 0 ? 40 : 3)) {
                    text.append(strippedByReader[Int(random.next() % UInt64(strippedByReader.count))])
                }
            }
        }
        if random.next() % 8 == 0, !text.isEmpty {
            text.insert(
                Unicode.Scalar(UInt8(0x61 + random.next() % 26)),
                at: text.index(text.startIndex, offsetBy: Int(random.next() % UInt64(text.count))))
        }
        return String(text)
    }

    static func hasDigits(_ text: String) -> Bool {
        text.unicodeScalars.contains { if case .number = CardTextFold.role($0) { true } else { false } }
    }

    @Test("20,000 generated texts: every one read as a number of 12 or more digits is masked whole")
    func readNumbersAreMasked() throws {
        var random = SeededRandom(state: 0x0AD5)
        var read = 0
        let checker = CardChecker(today: YearMonth(year: 2026, month: 11))
        for i in 0..<20_000 {
            let text = Self.candidate(&random)
            guard let digits = CardNumber.normalize(text), digits.count >= CardNumberFinder.minimumDigits else { continue }
            read += 1
            #expect(!Self.hasDigits(Redaction.text(text)), "\(Array(text.unicodeScalars.map(\.value)))")
            guard i % 10 == 0 else { continue }  // and through the tool's record path, as a value and as a key
            let record: JSON = ["number": "4111111111111111", "note": .string(text), "k": [text: 1]]
            let out = checker.check(record: record).0
            #expect(out["note"]?.stringValue.map(Self.hasDigits) == false)
            #expect(out["k"]?.members?.keys.contains(where: Self.hasDigits) == false)
        }
        #expect(read > 5_000, "\(read) of 20,000 were read as numbers")
    }

    @Test("a flat member the byte path passes unchanged is one the redaction leaves alone")
    func bytePathAgrees() {
        var random = SeededRandom(state: 0xB17E)
        var forms = CardFormGenerator(random: SeededRandom(state: 0xB17F))
        let pieces = ["4111", " ", "%3", "4", "%", "&#", "52;", "&sup", "1;", "x", "-", "&", "\\u", "12", "."]
        for _ in 0..<5_000 {
            var value = ""
            for _ in 0..<Int(random.next() % 12) { value += pieces[Int(random.next() % UInt64(pieces.count))] }
            if random.next() % 4 == 0 { value = forms.encoded(value) }
            guard value.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) else { continue }
            let line = #"{"number":"4111111111111111","note":""# + value + #""}"#
            var kept = KeptMembers()
            let flat = Array(line.utf8).withUnsafeBufferPointer { FlatCardRecord.read($0, kept: &kept) != nil }
            if flat { #expect(Redaction.text(value) == value, "\(value)") }
        }
    }
}
