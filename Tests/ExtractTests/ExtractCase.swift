import Foundation
import Lexicons
import PPShared
import Testing

@testable import Extract

/// One case of a `.cases` file (Tests/ExtractTests/Cases/README.md): a page, the profile it is read with
/// and what the extractor must make of it.
struct ExtractCase: Sendable, CustomTestStringConvertible {
    /// How candidates are ranked.
    enum Ranking: String, Sendable {
        case rules, fitted
    }

    var name: String
    var file: String
    var line: Int
    /// The case's `#` lines: why it exists.
    var comment: [String] = []
    var profile = ""
    var labels: [LabelCategory: [String]] = [:]
    var detectLanguages = false
    var rankings: [Ranking] = [.rules]
    var lines: [TextLine] = []
    var codes: [String] = []
    var einvoice: String?
    var expectations: [CaseExpectation] = []

    var testDescription: String { "\(file): \(name)" }
}

/// One expectation line of a case.
struct CaseExpectation: Sendable {
    let text: String
    let line: Int
    let kind: Kind

    enum Kind: Sendable {
        /// `payment expected`, `no payment`, `no payment: REASON …` (nil: any reasons).
        case payment(expected: Bool, reasons: [NoPaymentReason]?)
        case candidates(fields: [Field], subject: Subject, checks: [Check])
    }

    enum Subject: Sendable {
        case top(optional: Bool)
        case value(CasePattern, optional: Bool)
        case all, others, none
        case absent(CasePattern)
        /// The candidates with this evidence are exactly these values.
        case with(CasePattern, [String])
    }

    enum Check: Sendable {
        case equals(String)
        case atLeast(Bound)
        case atMost(Bound)
        case below(Bound)
        case has(CasePattern)
        case lacks(CasePattern)
        case extra(String, String)
    }

    enum Bound: Sendable {
        case points(Int)
        /// The confidence of the field's first candidate.
        case top
    }
}

/// A value or an evidence name; a trailing `*` matches every one that begins so.
struct CasePattern: Sendable, CustomStringConvertible {
    let text: String
    let prefix: Bool

    init(_ token: String) {
        prefix = token.count > 1 && token.hasSuffix("*")
        text = prefix ? String(token.dropLast()) : token
    }

    func matches(_ s: String) -> Bool { prefix ? s.hasPrefix(text) : s == text }
    var description: String { prefix ? text + "*" : text }
}

/// A fault in a case file, naming the file and line.
struct CaseFileError: Error, CustomStringConvertible {
    let file: String
    let line: Int
    let message: String
    var description: String { "\(file):\(line): \(message)" }
}

enum CaseFiles {
    static let folder = repositoryRoot.appendingPathComponent("Tests/ExtractTests/Cases")

    /// Every case of every `.cases` file, in file order.
    static func all() throws -> [ExtractCase] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".cases") }.sorted()
        var cases: [ExtractCase] = []
        for name in names {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            var parser = CaseParser(file: name)
            cases += try parser.parse(text)
        }
        var seen: Set<String> = []
        for c in cases where !seen.insert(c.name).inserted {
            throw CaseFileError(file: c.file, line: c.line, message: "a second case named '\(c.name)'")
        }
        return cases
    }
}
