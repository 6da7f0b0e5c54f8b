import Dispatch
import Testing

@testable import CardCheck
@testable import PPShared

/// Property: a card number in any form `CardFormGenerator` writes — in a field beside a valid card, as a
/// key, as an array of groups, nested, in an upstream error record, as a bare `--lines` line — and a
/// security code under any name `FormRecords.codeName` makes, never reach pp-cardcheck's output.
@Suite("pp-cardcheck leaks no card number in any form")
struct CardFormLeakTests {
    static let today = YearMonth(year: 2026, month: 11)
    /// Card numbers carried by records (one to eight each) and by bare lines.
    static let recordNumbers = 80_000
    static let lineNumbers = 20_000

    /// Generates cases from `seed` until they carry `numbers` card numbers (bare numbers with
    /// `bareNumbers`), runs them through the batch path and returns the outputs that show a secret.
    static func leaks(seed: UInt64, numbers: Int, bareNumbers: Bool, checker: CardChecker) -> (numbers: Int, leaks: [String]) {
        var records = FormRecords(forms: CardFormGenerator(random: SeededRandom(state: seed)))
        var cases: [FormCase] = []
        var carried = 0
        while carried < numbers {
            cases.append(bareNumbers ? records.bareLine() : records.record())
            carried += cases[cases.count - 1].pans.count
        }
        let outputs = LeakPropertyTests.run(checker, cases.map(\.line), bareNumbers: bareNumbers)
        var found: [String] = []
        if outputs.count != cases.count { found.append("\(outputs.count) output lines for \(cases.count) inputs") }
        for (output, secret) in zip(outputs, cases) where FoldedLeakScan.leaks(output, secret) {
            found.append("\(secret.line)\n -> \(output)")
        }
        return (carried, found)
    }

    @Test("100,000 generated card numbers, record mode and --lines: none survives, no security code")
    func noLeaks() {
        let checker = CardChecker(today: Self.today, includeFormatted: true)
        let chunks = 8  // records in parallel chunks, then --lines
        let results = FormResults(count: chunks + 1)
        DispatchQueue.concurrentPerform(iterations: chunks + 1) { i in
            let bare = i == chunks
            let count = bare ? Self.lineNumbers : Self.recordNumbers / chunks
            results.set(i, Self.leaks(seed: 0xF0_4D5 &+ UInt64(i), numbers: count, bareNumbers: bare, checker: checker))
        }
        let all = results.values
        let numbers = all.reduce(0) { $0 + $1.numbers }
        let leaks = all.flatMap(\.leaks)
        for leak in leaks.prefix(5) { Issue.record("leak: \(leak)") }
        #expect(numbers >= Self.recordNumbers + Self.lineNumbers)
        #expect(leaks.isEmpty, "\(leaks.count) leaks")
    }

    @Test("with --reveal the same cases leak, so the scan can fail")
    func revealLeaks() {
        let reveal = CardChecker(today: Self.today, reveal: true)
        let found = Self.leaks(seed: 1, numbers: 400, bareNumbers: false, checker: reveal).leaks.count
        #expect(found > 50, "\(found) records of 400 numbers")
    }

    @Test("the scan sees a number in its forms and a code under its name")
    func scanSeesSecrets() {
        let secret = FormCase(line: "", pans: ["4111111111111111"], cvcs: ["837"])
        for output in [
            #"{"n":"4111\n1111 1111\u200b1111"}"#, #"{"n":"%34%31%31%31 1111 1111 1111"}"#,
            #"{"a":["4111","1111","1111","1111"]}"#,
            "{\"n\":\"\u{2463}\u{2460}\u{2460}\u{2460}111111111111\"}", #"{"x":{"cvvCode":"837"}}"#, #"{"x":837}"#,
        ] {
            #expect(FoldedLeakScan.leaks(output, secret), "\(output)")
        }
        #expect(!FoldedLeakScan.leaks(#"{"masked":"411111******1111","last4":"1111","cvc":{"valid":true}}"#, secret))
    }
}

/// One generated input line and its secrets: the numbers' digits (ASCII) and the security codes.
struct FormCase {
    var line: String
    var pans: [String]
    var cvcs: [String]
}

/// Records that carry generated card numbers and security codes.
struct FormRecords {
    var forms: CardFormGenerator

    static func quoted(_ text: String) -> String { JSON.string(text).encoded() }

    /// A name of a security code, in any spelling the rule of `SecurityCodeName` covers.
    mutating func codeName() -> String {
        let inWord = ["cvc", "cvv", "csc", "cvn", "cvp", "cvv2", "cvc2"]
        let whole = ["cid", "cve", "cav2"]
        let long = [["security", "code"], ["verification"], ["card", "verification", "value"], ["card", "code"]]
        let core = forms.chance(3) ? forms.pick(long) : [forms.pick(forms.chance(3) ? whole : inWord)]
        var words = (forms.chance(2) ? [forms.pick(["card", "billing", "payment", "cc", "user"])] : []) + core
        if forms.chance(2) { words.append(forms.pick(["code", "number", "value", "num", "field", "2"])) }
        let joinedWord = core.count == 1 && whole.contains(core[0])  // a whole word must stay apart
        switch forms.int(0...6) {
        case 0: return words.joined(separator: "_")
        case 1: return words.joined(separator: "-").uppercased()
        case 2: return words[0] + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        case 3: return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: ".")
        case 4 where !joinedWord: return words.joined()
        case 5: return words.joined(separator: " ").uppercased()
        default:  // full-width letters, or an invisible character inside
            let name = words.joined(separator: "_")
            if forms.chance(2) {
                return String(
                    String.UnicodeScalarView(
                        name.unicodeScalars.map { s in
                            s.properties.isAlphabetic ? Unicode.Scalar(s.value - 0x61 + 0xFF41)! : s
                        }))
            }
            return name.replacingFirst("v", with: "v\u{200B}")
        }
    }

    /// A security code: 300–999 (no year, month or length the output has) and not part of a number.
    mutating func code(_ pans: [String]) -> String {
        while true {
            let code = String(forms.int(300...999))
            if !pans.contains(where: { $0.contains(code) }) { return code }
        }
    }

    /// A record carrying one to eight numbers, each in a container of its own, and some codes.
    mutating func record() -> FormCase {
        let q = Self.quoted
        var pans: [String] = []
        var members: [String] = []
        for slot in 0..<forms.int(1...8) {
            let digits = forms.pan()
            pans.append(String(digits.map { Character(String($0)) }))
            switch forms.int(0...5) {
            case 0, 1:
                let note = forms.pick(["", "Card: ", "call ", "x "]) + forms.written(digits) + forms.pick(["", " ok", ".", "!"])
                members.append(q("note\(slot)") + ":" + q(note))
            case 2: members.append(q(forms.written(digits)) + ":\(slot)")
            case 3:  // an array of groups, as strings or (groups without a leading zero) as numbers
                let size = forms.pick([4, 3, 2, 1, 5])
                let groups = stride(from: 0, to: digits.count, by: size).map { Array(digits[$0..<min($0 + size, digits.count)]) }
                let asNumbers = forms.chance(2) && groups.allSatisfy { $0[0] != 0 }
                let items = groups.map { asNumbers ? String($0.map { Character(String($0)) }) : q(forms.written($0)) }
                members.append(q("groups\(slot)") + ":[" + items.joined(separator: ",") + "]")
            case 4: members.append(q("meta\(slot)") + #":{"items":[1,{"note":"# + q(forms.written(digits)) + "}]}")
            default: members.append(q("customer\(slot)") + #":{"memo":"# + q(forms.written(digits)) + "}")
            }
        }
        var cvcs: [String] = []
        for slot in 0..<forms.int(0...2) {
            let code = code(pans)
            cvcs.append(code)
            let value = forms.chance(3) ? code : q(code)
            members.append(
                forms.chance(2) ? q(codeName()) + ":" + value : q("payment\(slot)") + ":{" + q(codeName()) + ":" + value + "}")
        }
        var seen = Set<String>()  // one member per key
        members = members.filter { seen.insert(String($0.prefix { $0 != ":" })).inserted }
        let body = members.joined(separator: ",")
        if forms.chance(8) {  // an upstream error record: passed through, redacted
            return FormCase(
                line: #"{"state":"error","kind":"page","error":{"tool":"pp-ingest","code":"x","message":"card","details":{"#
                    + body + "}}}",
                pans: pans, cvcs: cvcs)
        }
        return FormCase(line: #"{"number":"4111111111111111","expiry":"12/30","# + body + "}", pans: pans, cvcs: cvcs)
    }

    /// A bare number for `--lines`; a line break would end the line, so it becomes a space.
    mutating func bareLine() -> FormCase {
        let digits = forms.pan()
        let text = String.UnicodeScalarView(forms.written(digits).unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
        return FormCase(line: String(text), pans: [String(digits.map { Character(String($0)) })], cvcs: [])
    }
}

extension String {
    fileprivate func replacingFirst(_ target: Character, with replacement: String) -> String {
        guard let i = firstIndex(of: target) else { return self }
        return String(self[..<i]) + replacement + String(self[index(after: i)...])
    }
}

/// How secrets are looked for in output: every string, key and number of the output record reduced to
/// its digits as the redaction folds them (any script or form, in both readings: as written and with
/// encodings undone), each array's items' digits joined too; and every run of digits for a code.
enum FoldedLeakScan {
    static func append(_ role: CardTextFold.Role, to digits: inout [UInt8]) {
        guard case .number(let n) = role else { return }
        if n >= 10 { digits.append(48 + n / 10) }
        digits.append(48 + n % 10)
    }

    /// The digits of a text, all of them, in each reading.
    static func readings(_ text: String) -> [[UInt8]] {
        var raw: [UInt8] = []
        CardNumberFinder.forEachScalar(of: text) { s, _ in append(CardTextFold.role(s), to: &raw) }
        guard CardNumberFinder.hasEncodings(text) else { return [raw] }
        var decoded: [UInt8] = []
        CardNumberFinder.forEachDecoded(of: text) { item in
            if let s = item.scalar { append(CardTextFold.role(s), to: &decoded) }
        }
        return [raw, decoded]
    }

    /// Every digit string of a value; `codes` is set when a security-code name holds digits.
    static func pieces(_ value: JSON, into pieces: inout [[UInt8]], codes: inout Bool) {
        switch value {
        case .string(let s), .number(let s): pieces += readings(s)
        case .array(let items):
            pieces.append(items.flatMap { item in item.stringValue.map { readings($0)[0] } ?? [] })
            for item in items { Self.pieces(item, into: &pieces, codes: &codes) }
        case .object(let members):
            for (key, item) in members {
                pieces += readings(key)
                if Redaction.isSecurityCodeName(key), case .string(let v) = item.numberAsString, !readings(v)[0].isEmpty {
                    codes = true
                }
                Self.pieces(item, into: &pieces, codes: &codes)
            }
        case .null, .bool: break
        }
    }

    static func leaks(_ output: String, _ secret: FormCase) -> Bool {
        var found: [[UInt8]] = []
        var codes = false
        if let record = try? JSON.parse(output) { pieces(record, into: &found, codes: &codes) } else { found = readings(output) }
        if codes { return true }
        for pan in secret.pans.map({ Array($0.utf8) }) where found.contains(where: { LeakScan.contains($0, pan) }) { return true }
        guard !secret.cvcs.isEmpty else { return false }
        var runs: Set<[UInt8]> = []
        var run: [UInt8] = []
        for scalar in output.unicodeScalars {
            let before = run.count
            append(CardTextFold.role(scalar), to: &run)
            if run.count == before, !run.isEmpty {
                runs.insert(run)
                run.removeAll()
            }
        }
        runs.insert(run)
        return secret.cvcs.contains { runs.contains(Array($0.utf8)) }
    }
}

extension JSON {
    /// A string, or a number as its text; anything else as it is.
    fileprivate var numberAsString: JSON { if case .number(let n) = self { .string(n) } else { self } }
}

/// Results written by concurrent workers, one slot each.
final class FormResults: @unchecked Sendable {
    private var slots: [(numbers: Int, leaks: [String])]
    private let lock = DispatchSemaphore(value: 1)
    init(count: Int) { slots = Array(repeating: (0, []), count: count) }
    func set(_ index: Int, _ value: (numbers: Int, leaks: [String])) {
        lock.wait()
        slots[index] = value
        lock.signal()
    }
    var values: [(numbers: Int, leaks: [String])] {
        lock.wait()
        defer { lock.signal() }
        return slots
    }
}
