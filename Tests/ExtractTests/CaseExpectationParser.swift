import Lexicons

@testable import Extract

/// Reading one expectation line: `payment expected`, `no payment[: REASON …]` or `FIELDS SUBJECT CHECK …`.
extension CaseExpectation {
    init(_ text: String, line: Int, fault: (String) -> CaseFileError) throws {
        self.text = text
        self.line = line
        var tokens = Tokens(text)
        if text == "payment expected" {
            kind = .payment(expected: true, reasons: nil)
        } else if let rest = text.after("no payment") {
            guard rest.isEmpty || rest.hasPrefix(":") else { throw fault("'no payment' or 'no payment: REASON …'") }
            let reasons = try rest.dropFirst().split(separator: " ").map { name in
                guard let r = NoPaymentReason(rawValue: String(name)) else { throw fault("no reason '\(name)'") }
                return r
            }
            kind = .payment(expected: false, reasons: rest.isEmpty ? nil : reasons)
        } else {
            let fields = try Self.fields(tokens.next()?.text ?? "", fault: fault)
            let subject = try Self.subject(&tokens, fault: fault)
            var checks: [Check] = []
            while let t = tokens.next() { checks.append(try Self.check(t, &tokens, fault: fault)) }
            switch subject {
            case .none, .absent, .with: if !checks.isEmpty { throw fault("'\(text)' takes no checks") }
            default: if checks.isEmpty { throw fault("'\(text)' checks nothing") }
            }
            kind = .candidates(fields: fields, subject: subject, checks: checks)
        }
    }

    /// `account`, `account,amount`, `*`, `*,-currency`.
    static func fields(_ token: String, fault: (String) -> CaseFileError) throws -> [Field] {
        var fields: [Field] = []
        for item in token.split(separator: ",") {
            if item == "*" {
                fields += Field.allCases
            } else if item.hasPrefix("-"), let f = Field(rawValue: String(item.dropFirst())) {
                fields.removeAll { $0 == f }
            } else if let f = Field(rawValue: String(item)) {
                fields.append(f)
            } else {
                throw fault("'\(item)' is no field")
            }
        }
        guard !fields.isEmpty else { throw fault("an expectation names no field") }
        return fields
    }

    static func subject(_ tokens: inout Tokens, fault: (String) -> CaseFileError) throws -> Subject {
        guard let t = tokens.next() else { throw fault("an expectation without a subject") }
        func optional(_ words: String...) -> Bool { tokens.take(words) }
        switch t.keyword {
        case "top": return .top(optional: optional("if", "any"))
        case "all": return .all
        case "others": return .others
        case "none": return .none
        case "no": return .absent(CasePattern(try tokens.value(fault)))
        case "with":
            let evidence = CasePattern(try tokens.value(fault))
            guard tokens.take(["="]) else { throw fault("'with EVIDENCE = VALUE …'") }
            var values: [String] = []
            while let v = tokens.next() { values.append(v.text) }
            guard !values.isEmpty else { throw fault("'with EVIDENCE = VALUE …' names no value") }
            return .with(evidence, values)
        default: return .value(CasePattern(t.text), optional: optional("if", "present"))
        }
    }

    static func check(_ t: Tokens.Token, _ tokens: inout Tokens, fault: (String) -> CaseFileError) throws -> Check {
        func bound() throws -> Bound {
            let b = try tokens.value(fault)
            if b == "top" { return .top }
            guard let n = Int(b) else { throw fault("'\(b)' is no confidence") }
            return .points(n)
        }
        switch t.keyword {
        case "=": return .equals(try tokens.value(fault))
        case "confident": return .atLeast(.points(Confidence.confident))
        case "not":
            guard tokens.take(["confident"]) else { throw fault("'not' is followed by 'confident'") }
            return .below(.points(Confidence.confident))
        case "at":
            if tokens.take(["least"]) { return .atLeast(try bound()) }
            if tokens.take(["most"]) { return .atMost(try bound()) }
            throw fault("'at least N' or 'at most N'")
        case "below": return .below(try bound())
        case "has": return .has(CasePattern(try tokens.value(fault)))
        case "lacks": return .lacks(CasePattern(try tokens.value(fault)))
        case "extra": return .extra(try tokens.value(fault), try tokens.value(fault))
        default: throw fault("no check '\(t.text)'")
        }
    }
}

/// The words of an expectation; a quoted word may hold spaces and is never a keyword.
struct Tokens {
    struct Token {
        let text: String
        let quoted: Bool
        var keyword: String? { quoted ? nil : text }
    }

    private var list: [Token] = []
    private var position = 0

    init(_ line: String) {
        var current = ""
        var quoted = false
        var inQuotes = false
        for ch in line {
            if ch == "\"" {
                inQuotes.toggle()
                quoted = true
            } else if ch == " " && !inQuotes {
                if !current.isEmpty || quoted { list.append(Token(text: current, quoted: quoted)) }
                (current, quoted) = ("", false)
            } else {
                current.append(ch)
            }
        }
        if !current.isEmpty || quoted { list.append(Token(text: current, quoted: quoted)) }
    }

    mutating func next() -> Token? {
        guard position < list.count else { return nil }
        position += 1
        return list[position - 1]
    }

    /// Takes the next words if they are these keywords.
    mutating func take(_ words: [String]) -> Bool {
        guard position + words.count <= list.count,
            zip(list[position...], words).allSatisfy({ $0.keyword == $1 })
        else { return false }
        position += words.count
        return true
    }

    mutating func value(_ fault: (String) -> CaseFileError) throws -> String {
        guard let t = next() else { throw fault("a value is missing") }
        return t.text
    }
}
