import Foundation
import Testing

@testable import Extract

/// Every tuned number of pp-extract is data (Sources/Extract/Model/weights.json), read by the section of the
/// finder or ranker that uses it: no point value or distance factor hides in the Swift files, every weight
/// the code reads is in the data, and every weight in the data is read.
@Suite struct TunedNumbersTests {
    static let extractFolder: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Sources/Extract")
    }()

    /// The Swift files of Extract, by path below Sources/Extract, with comments and string literals blanked.
    static let sources: [(path: String, lines: [String])] = {
        let all = FileManager.default.enumerator(atPath: extractFolder.path)?.allObjects as? [String] ?? []
        return all.filter { $0.hasSuffix(".swift") }.sorted().compactMap { path in
            guard let text = try? String(contentsOf: extractFolder.appendingPathComponent(path), encoding: .utf8) else {
                return nil
            }
            return (path, text.split(separator: "\n", omittingEmptySubsequences: false).map { SwiftLine.code(String($0)) })
        }
    }()

    /// The weight names every section reads, recorded by building an extractor for the default profile.
    static func namesRead() throws -> Set<String> {
        let reader = WeightNames()
        _ = Extractor(profile: try profile("sepa"), weights: reader.read)
        _ = ProfileChooser.Choice(reader.read)
        return reader.names
    }

    @Test func everyWeightTheCodeReadsIsInTheData() throws {
        let missing = try Self.namesRead().filter { Scoring.defaults[$0] == nil }.sorted()
        #expect(missing.isEmpty, "weights read by the code but not in Model/weights.json: \(missing)")
    }

    @Test func everyWeightInTheDataIsRead() throws {
        let read = try Self.namesRead()
        let unused = Scoring.defaults.keys.filter { !read.contains($0) }.sorted()
        #expect(unused.isEmpty, "weights in Model/weights.json that no finder or the ranker reads: \(unused)")
        #expect(read.count >= 150)
    }

    /// Nothing, a count's one step, and the top of the confidence range.
    static let neutralPoints: Set<Int> = [0, 1, 2000]
    /// No factor, and the whole.
    static let neutralFactors: Set<String> = ["0.0", "1.0"]

    @Test func noPointValueIsWrittenInSwift() {
        var found: [String] = []
        for (path, lines) in Self.sources {
            for (n, line) in lines.enumerated() {
                for literal in SwiftLine.pointLiterals(line) where !Self.neutralPoints.contains(literal) {
                    found.append("Sources/Extract/\(path):\(n + 1): \(literal)")
                }
            }
        }
        #expect(found.isEmpty, "point values in Swift instead of Model/weights.json:\n\(found.joined(separator: "\n"))")
    }

    /// Distances and factors of the page's geometry: decimal literals and multiples of a line height.
    @Test func noGeometryFactorIsWrittenInSwift() {
        var found: [String] = []
        for (path, lines) in Self.sources where path.hasPrefix("Finders/") || path.hasPrefix("Page/") {
            for (n, line) in lines.enumerated() {
                for factor in SwiftLine.geometryLiterals(line) where !Self.neutralFactors.contains(factor) {
                    found.append("Sources/Extract/\(path):\(n + 1): \(factor)")
                }
            }
        }
        #expect(found.isEmpty, "geometry factors in Swift instead of Model/weights.json:\n\(found.joined(separator: "\n"))")
    }

    @Test func theScannerFindsWhatItLooksFor() {
        #expect(SwiftLine.pointLiterals("c.credit(.lineItem, -250)") == [250])
        #expect(SwiftLine.pointLiterals("c.cap(at: 400, because: .payerLabel)") == [400])
        #expect(SwiftLine.pointLiterals("Candidate(.bic, value: w, points: 300, page: 1, box: nil)") == [300])
        #expect(SwiftLine.pointLiterals("c.adjust(-50, .valueOnAnotherLine)") == [50])
        #expect(SwiftLine.pointLiterals("out[i].score = min(out[i].score, 1400)") == [1400])
        #expect(SwiftLine.pointLiterals("Candidate(.bic, value: w, points: weights.label, page: 1, box: nil)").isEmpty)
        #expect(SwiftLine.geometryLiterals("guard dy <= 3.2 * h else { return 0 }") == ["3.2", "3.2 * h"])
        #expect(SwiftLine.geometryLiterals("if dx <= 3 * h { return r.rowNearFactor }") == ["3 * h"])
        #expect(SwiftLine.geometryLiterals("if dx <= r.rowNear * h { return r.rowNearFactor }").isEmpty)
        #expect(SwiftLine.geometryLiterals("list.sort { $0.1 < $1.0 }").isEmpty)
        #expect(SwiftLine.pointLiterals("c.rebase(weights.model97, because: .checksum(.model97))").isEmpty)
        #expect(SwiftLine.code(#"let s = "0.5" // 3.2 * h"#) == #"let s = "   " "#)
    }
}

/// Collects the names a weights reader is asked for.
final class WeightNames: @unchecked Sendable {
    private(set) var names: Set<String> = []
    func read(_ name: String) -> Int {
        names.insert(name)
        return Scoring.defaults[name] ?? 0
    }
}

/// Reading one line of Swift for the literals above.
enum SwiftLine {
    /// The line with its comment removed and string literals blanked (their length kept).
    static func code(_ line: String) -> String {
        var out = ""
        var inString = false
        var previous: Character = " "
        for ch in line {
            if !inString, ch == "/", previous == "/" {
                out.removeLast()
                break
            }
            if ch == "\"", previous != "\\" {
                inString.toggle()
                out.append(ch)
            } else {
                out.append(inString ? " " : ch)
            }
            previous = ch
        }
        return out
    }

    /// Integer literals in what a line gives as points: the value of `credit(_, points)`, `cap(at:)`,
    /// `adjust(points, _)`, `rebase(points)`, a `points:` argument, or an assignment to a `score`.
    static func pointLiterals(_ line: String) -> [Int] {
        var expressions: [Substring] = []
        let s = Substring(line)
        for (marker, argument) in [("credit(", 1), ("cap(at:", 0), ("adjust(", 0), ("rebase(", 0), ("points:", 0)] {
            var rest = s[...]
            while let r = rest.range(of: marker) {
                expressions.append(argumentExpression(rest[r.upperBound...], index: argument))
                rest = rest[r.upperBound...]
            }
        }
        for marker in ["score =", "score +=", "score -="] {
            if let r = s.range(of: marker) { expressions.append(s[r.upperBound...]) }
        }
        return expressions.flatMap(integers)
    }

    /// The `index`-th argument of a call whose arguments start `text`, up to its comma or closing bracket.
    static func argumentExpression(_ text: Substring, index: Int) -> Substring {
        var depth = 0
        var current = 0
        var start = text.startIndex
        for i in text.indices {
            switch text[i] {
            case "(", "[": depth += 1
            case ")", "]":
                if depth == 0 { return current == index ? text[start..<i] : "" }
                depth -= 1
            case "," where depth == 0:
                if current == index { return text[start..<i] }
                current += 1
                start = text.index(after: i)
            default: break
            }
        }
        return current == index ? text[start...] : ""
    }

    /// Whole-number literals standing alone (not part of a name, a member or a decimal).
    static func integers(_ text: Substring) -> [Int] {
        let chars = Array(text)
        var out: [Int] = []
        var i = 0
        while i < chars.count {
            let inName = i > 0 && (chars[i - 1].isLetter || chars[i - 1].isNumber || "_.$".contains(chars[i - 1]))
            guard chars[i].isASCII, chars[i].isNumber, !inName else {
                i += 1
                continue
            }
            var j = i
            while j < chars.count, chars[j].isASCII, chars[j].isNumber || chars[j] == "_" { j += 1 }
            let member = j < chars.count && (chars[j] == "." || chars[j].isLetter)
            if !member, let n = Int(String(chars[i..<j]).replacingOccurrences(of: "_", with: "")) { out.append(n) }
            i = j
        }
        return out
    }

    /// Decimal literals, and whole or decimal multiples of a line height (`3 * h`, `0.3 * h`).
    static func geometryLiterals(_ line: String) -> [String] {
        let decimal = #"(?<![\w.$])\d+\.\d+(?![\w.])"#
        let multiple = #"(?<![\w.$])\d+(\.\d+)? \* (h|unit|medianLineHeight)\b"#
        var out: [String] = []
        for pattern in [decimal, multiple] {
            var rest = line[...]
            while let r = rest.range(of: pattern, options: .regularExpression) {
                out.append(String(rest[r]))
                rest = rest[r.upperBound...]
            }
        }
        return out
    }
}
