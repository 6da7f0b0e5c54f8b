import Foundation
import Testing

@testable import PPShared

/// The card-text fold (`CardTextFold`) against its rule and against Unicode's NFKC, for every scalar.
@Suite("the card-text fold, for every scalar")
struct CardTextFoldTests {
    /// Every scalar Unicode assigns (and the default-ignorable ones it keeps unassigned).
    static let scalars: [Unicode.Scalar] = (0...0x10FFFF).compactMap { Unicode.Scalar(UInt32($0)) }.filter {
        let category = $0.properties.generalCategory
        return category != .privateUse && (category != .unassigned || $0.properties.isDefaultIgnorableCodePoint)
    }

    /// The rule of docs/records.md as written, one property after another.
    static func rule(_ s: Unicode.Scalar) -> CardTextFold.Role {
        let p = s.properties
        if let value = p.numericValue, p.numericType == .decimal || p.generalCategory == .otherNumber, value >= 0, value < 100,
            value == value.rounded(.towardZero)
        {
            return .number(UInt8(value))
        }
        if isSeparator(s) { return .separator }
        // What NFKC writes as separators, with combining marks maybe (`…` as "...", `¨` as a space and a mark).
        let nfkc = String(s).precomposedStringWithCompatibilityMapping.unicodeScalars
        if nfkc.contains(where: isSeparator), nfkc.allSatisfy({ isSeparator($0) || isInvisible($0) }) { return .separator }
        return isInvisible(s) || nfkc.allSatisfy(isInvisible) ? .invisible : .other
    }

    static func isSeparator(_ s: Unicode.Scalar) -> Bool {
        s.properties.isWhitespace || s.properties.isDash || s.properties.generalCategory == .connectorPunctuation || s == "."
            || s == "/"
    }

    static func isInvisible(_ s: Unicode.Scalar) -> Bool {
        [.format, .control, .nonspacingMark, .spacingMark, .enclosingMark].contains(s.properties.generalCategory)
            || s.properties.isDefaultIgnorableCodePoint
    }

    @Test("role follows the rule for every scalar")
    func roleIsTheRule() {
        let wrong = Self.scalars.filter { CardTextFold.role($0) != Self.rule($0) }
        #expect(wrong.isEmpty, "\(wrong.prefix(10).map { String($0.value, radix: 16) })")
    }

    /// What the rule makes of a text NFKC produced: its digits, or whether it is all separators or invisible.
    static func nfkcRoles(_ s: Unicode.Scalar) -> [CardTextFold.Role] {
        String(s).precomposedStringWithCompatibilityMapping.unicodeScalars.map(CardTextFold.role).filter { $0 != .invisible }
    }

    @Test("whatever NFKC turns into digits, separators or nothing, the fold reads alike")
    func coversNFKC() {
        var wrong: [String] = []
        for s in Self.scalars where !s.isASCII {
            let roles = Self.nfkcRoles(s)
            let digits = roles.compactMap { role -> String? in if case .number(let n) = role { String(n) } else { nil } }
            var expected: CardTextFold.Role?
            if roles.isEmpty {
                expected = .invisible
            } else if digits.count == roles.count {
                expected = UInt8(digits.joined()).map(CardTextFold.Role.number)
            } else if roles.allSatisfy({ $0 == .separator }) {
                expected = .separator
            }
            if let expected, CardTextFold.role(s) != expected { wrong.append(String(s.value, radix: 16)) }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
    }

    @Test("whatever NFKC turns into one Latin letter is that letter in a name")
    func lettersAsNFKC() {
        var wrong: [String] = []
        for s in Self.scalars where !s.isASCII {
            let folded = Array(String(s).precomposedStringWithCompatibilityMapping.lowercased().unicodeScalars)
            guard folded.count == 1, let letter = folded.first, letter.isASCII, letter.properties.isAlphabetic else { continue }
            guard case .letter(let ascii, _) = CardTextFold.nameRole(s), ascii == UInt8(letter.value) else {
                wrong.append(String(s.value, radix: 16))
                continue
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
    }

    @Test("the table of NFKC forms is what NFKC gives (else: the table to paste)")
    func tableIsCurrent() {
        var runs: [(first: UInt32, ascii: UInt8, count: UInt32)] = []
        for s in Self.scalars where !s.isASCII {
            let folded = Array(String(s).precomposedStringWithCompatibilityMapping.lowercased().unicodeScalars)
            let ascii: UInt8
            if folded.count == 1, folded[0].isASCII, folded[0].properties.isAlphabetic {
                ascii = UInt8(folded[0].value)
            } else if !Self.isSeparator(s), s.properties.numericType == nil, folded.contains(where: Self.isSeparator),
                folded.allSatisfy({ Self.isSeparator($0) || Self.isInvisible($0) })
            {
                ascii = 0x20
            } else if !Self.isInvisible(s), !folded.isEmpty, folded.allSatisfy(Self.isInvisible) {
                ascii = 0
            } else {
                continue
            }
            let follows =
                ascii <= 0x20 ? ascii == runs.last?.ascii : UInt32(runs.last?.ascii ?? 0) + (runs.last?.count ?? 0) == ascii
            if let last = runs.last, last.first + last.count == s.value, follows {
                runs[runs.count - 1].count += 1
            } else {
                runs.append((s.value, ascii, 1))
            }
        }
        let current = CompatibilityForms.runs.map { "\($0.first) \($0.ascii) \($0.count)" }
        let computed = runs.map { "\($0.first) \($0.ascii) \($0.count)" }
        let source = runs.map { run in
            let ascii = run.ascii == 0 ? "\\0" : String(Unicode.Scalar(run.ascii))
            return "Run(0x\(String(run.first, radix: 16, uppercase: true)), \"\(ascii)\", \(run.count))"
        }
        #expect(current == computed, "Sources/PPShared/CompatibilityForms.swift, runs:\n\(source.joined(separator: ", "))")
    }
}
