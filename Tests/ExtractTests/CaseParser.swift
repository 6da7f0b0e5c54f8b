import Foundation
import Lexicons
import PPShared

@testable import Extract

/// Reads a `.cases` file (the format is in Tests/ExtractTests/Cases/README.md).
struct CaseParser {
    let file: String
    private var cases: [ExtractCase] = []
    /// Comment lines not yet given to a case: the next line says whose they are.
    private var comments: [String] = []
    private var ocr: Double?
    /// Points each word of the lines below moves down per point of its x (a photo read askew).
    private var slant = 0.0
    private var pageNumber = 1
    private var lineNumber = 0

    init(file: String) { self.file = file }

    func fault(_ message: String) -> CaseFileError { CaseFileError(file: file, line: lineNumber, message: message) }

    mutating func parse(_ text: String) throws -> [ExtractCase] {
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            lineNumber = i + 1
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty {
                comments = []
            } else if line.hasPrefix("#") {
                comments.append(String(line.dropFirst()).trimmingCharacters(in: .whitespaces))
            } else if let name = line.after("case ") {
                cases.append(ExtractCase(name: name, file: file, line: lineNumber, comment: comments))
                comments = []
                (ocr, slant, pageNumber) = (nil, 0, 1)
            } else {
                guard !cases.isEmpty else { throw fault("'\(line)' before the first case") }
                var c = cases.removeLast()
                c.comment += comments
                comments = []
                try statement(line, into: &c)
                cases.append(c)
            }
        }
        for c in cases {
            if c.profile.isEmpty { throw CaseFileError(file: file, line: c.line, message: "case '\(c.name)' names no profile") }
            if c.expectations.isEmpty {
                throw CaseFileError(file: file, line: c.line, message: "case '\(c.name)' expects nothing")
            }
        }
        return cases
    }

    private mutating func statement(_ line: String, into c: inout ExtractCase) throws {
        if line.first?.isNumber == true {
            let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, let x = Double(parts[0]), let y = Double(parts[1]) else {
                throw fault("a line is 'X Y TEXT'")
            }
            c.lines.append(tilted(textLine(String(parts[2]), x: x, y: y, page: pageNumber, conf: ocr)))
        } else if let rest = line.after("profile ") {
            c.profile = rest
        } else if let rest = line.after("label ") {
            let parts = rest.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, let category = LabelCategory(rawValue: String(parts[0])) else {
                throw fault("'label CATEGORY PHRASE' with a known category")
            }
            c.labels[category, default: []].append(String(parts[1]))
        } else if line == "languages detected" {
            c.detectLanguages = true
        } else if let rest = line.after("model ") {
            let names = rest.components(separatedBy: " and ")
            c.rankings = try names.map { name in
                guard let r = ExtractCase.Ranking(rawValue: name) else { throw fault("'model rules', 'model fitted' or both") }
                return r
            }
        } else if let rest = line.after("ocr ") {
            guard rest == "none" || Double(rest) != nil else { throw fault("'ocr CONFIDENCE' or 'ocr none'") }
            ocr = Double(rest)
        } else if let rest = line.after("slant ") {
            guard let s = Double(rest) else { throw fault("'slant POINTS-DOWN-PER-POINT-RIGHT'") }
            slant = s
        } else if let rest = line.after("page ") {
            guard let n = Int(rest), n >= 1 else { throw fault("'page N'") }
            pageNumber = n
        } else if let rest = line.after("words ") {
            c.lines.append(tilted(try placedWords(rest)))
        } else if let rest = line.after("box ") {
            c.lines.append(try boxed(rest))
        } else if let rest = line.after("code ") {
            c.codes.append(Self.unescaped(rest))
        } else if let rest = line.after("einvoice ") {
            c.einvoice = rest
        } else {
            c.expectations.append(try CaseExpectation(line, line: lineNumber, fault: fault))
        }
    }

    /// `Y: X WORD | X WORD CONF …`: a word's own OCR confidence after it, else the case's `ocr`.
    private func placedWords(_ text: String) throws -> TextLine {
        let parts = text.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, let y = Double(parts[0]) else { throw fault("'words Y: X WORD | X WORD …'") }
        let words = try parts[1].split(separator: "|").map { item -> Word in
            let w = item.split(separator: " ")
            guard w.count == 2 || w.count == 3, let x = Double(w[0]), w.count == 2 || Double(w[2]) != nil else {
                throw fault("'\(item)' is no 'X WORD' or 'X WORD CONF'")
            }
            let t = String(w[1])
            return Word(text: t, box: Box(x, y, x + Double(t.count) * 5, y + 10), conf: w.count == 3 ? Double(w[2]) : ocr)
        }
        guard let first = words.first else { throw fault("a line of no words") }
        let box = words.dropFirst().reduce(first.box) { $0.union($1.box) }
        return TextLine(page: pageNumber, text: words.map(\.text).joined(separator: " "), box: box, conf: ocr, words: words)
    }

    /// `line` with each word moved down by `slant` times its x, the line's box around them.
    private func tilted(_ line: TextLine) -> TextLine {
        guard slant != 0 else { return line }
        let words = line.words.map { w in
            let dy = slant * (w.box.x0 + w.box.x1) / 2
            return Word(text: w.text, box: Box(w.box.x0, w.box.y0 + dy, w.box.x1, w.box.y1 + dy), conf: w.conf)
        }
        let box = words.dropFirst().reduce(words[0].box) { $0.union($1.box) }
        return TextLine(page: line.page, text: line.text, box: box, conf: line.conf, words: words)
    }

    /// `X0 Y0 X1 Y1: TEXT`
    private func boxed(_ text: String) throws -> TextLine {
        let parts = text.split(separator: ":", maxSplits: 1)
        let numbers = parts.first?.split(separator: " ").compactMap { Double($0) } ?? []
        guard parts.count == 2, numbers.count == 4 else { throw fault("'box X0 Y0 X1 Y1: TEXT'") }
        let box = Box(numbers[0], numbers[1], numbers[2], numbers[3])
        let words = parts[1].trimmingCharacters(in: .whitespaces)
        return TextLine(page: pageNumber, text: words, box: box, conf: ocr, words: [Word(text: words, box: box, conf: ocr)])
    }

    /// `\n`, `\r` and `\\` as the characters they stand for.
    static func unescaped(_ s: String) -> String {
        var out = ""
        var escaping = false
        for ch in s {
            if escaping {
                out.append(ch == "n" ? "\n" : ch == "r" ? "\r" : ch)
                escaping = false
            } else if ch == "\\" {
                escaping = true
            } else {
                out.append(ch)
            }
        }
        return out
    }
}

extension String {
    /// The rest of the string after `prefix`, trimmed, or nil when it does not start so.
    func after(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces) : nil
    }
}
