import Testing

@testable import CardCheck
@testable import PPShared

/// pp-cardcheck answers a flat card record straight from its bytes (`FlatCardRecord`) and every other
/// record the general way (parse, redact, merge). Both must write the same bytes: generated records,
/// many of them on the edge of what the byte path takes, go both ways and are compared line by line.
@Suite("card records read from their bytes")
struct FlatRecordTests {
    static let today = YearMonth(year: 2026, month: 11)

    static var checkers: [(name: String, checker: CardChecker)] {
        var withAssets = CardChecker(today: today)
        withAssets.assetsVersion = 3
        return [
            ("default", CardChecker(today: today)),
            ("--format --require-complete", CardChecker(today: today, includeFormatted: true, requireComplete: true)),
            ("--reveal", CardChecker(today: today, reveal: true)),
            ("assets", withAssets),
        ]
    }

    /// Writes `lines` as the tool does (one batch), one output line each.
    static func batched(_ checker: CardChecker, _ lines: [String]) -> [String] {
        var batch = LineBatch(input: "stdin")
        for (index, line) in lines.enumerated() { batch.append(line: index + 1, line.utf8) }
        let output = checker.check(batch: batch, bareNumbers: false).output
        return String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Writes `lines` through the general way only, one output line each.
    static func generalWay(_ checker: CardChecker, _ lines: [String]) -> [String] {
        let reuse = JSONParseReuse()
        return lines.enumerated().map { index, line in
            Array(line.utf8).withUnsafeBufferPointer { buffer in
                var out: [UInt8] = []
                switch checker.answer(line: buffer, number: index + 1, input: "stdin", bareNumbers: false, reuse: reuse) {
                case .record(let record, _): record.encode(into: &out)
                case .card(let verdict, let kept):
                    var writer = JSONByteWriter()
                    checker.write(verdict, kept: kept, to: &writer)
                    writer.append(to: &out)
                    writer.free()
                }
                return String(decoding: out, as: UTF8.self)
            }
        }
    }

    @Test("the byte path and the general way write the same bytes for 20,000 generated records")
    func sameBytes() {
        var random = SeededRandom(state: 0xF1A7)
        let lines = (0..<5_000).map { _ in Self.record(&random) }
        let flat = lines.filter { line in
            var kept = KeptMembers()
            return Array(line.utf8).withUnsafeBufferPointer { FlatCardRecord.read($0, kept: &kept) != nil }
        }.count
        // Both ways must be exercised, or the comparison proves nothing.
        #expect(flat > lines.count / 5 && flat < lines.count * 4 / 5, "\(flat) of \(lines.count) took the byte path")
        for (name, checker) in Self.checkers {
            let batched = Self.batched(checker, lines)
            let general = Self.generalWay(checker, lines)
            #expect(batched.count == lines.count)
            var differences = 0
            for (i, (a, b)) in zip(batched, general).enumerated() where a != b {
                differences += 1
                if differences <= 3 { Issue.record("\(name): \(lines[i])\n byte path: \(a)\n general:   \(b)") }
            }
            #expect(differences == 0, "\(name)")
        }
    }

    @Test(
        "a record the byte path refuses still gets its answer",
        arguments: [
            #"{"number":"4111111111111111","number":"4111111111111111"}"#,  // a repeated key
            #"{"number":"4111111111111111","status":"x"}"#,  // a key the verdict writes
            #"{"number":"4111111111111111","note":"line\nbreak"}"#,  // an escape
            #"{"number":"4111111111111111","ref":"4111 1111 1111 1111"}"#,  // a card number elsewhere
            #"{"number":"4111111111111111","cvv":"123"}"#,  // a security code elsewhere
            #"{"number":"4111111111111111","cvvCode":"123"}"#,  // under any name the rule knows
            // no ASCII digit, but encoded ones
            #"{"number":"4111111111111111","n":"&sup1;&sup1;&sup1;&sup1;&sup1;&sup1;&sup1;&sup1;&sup1;&sup1;&sup1;&sup1;"}"#,
            #"{"number":"4111111111111111","n":"%34%31%31%31"}"#,  // each encoding counts as digits
            #"{"number":"4111111111111111","a":{"b":1}}"#,  // a nested object
            #"{"number":4111111111111111}"#,  // a number that is not a string
            #"{"number":"4111111111111111"} x"#,  // trailing bytes
        ])
    func refusedRecords(line: String) {
        var kept = KeptMembers()
        #expect(Array(line.utf8).withUnsafeBufferPointer { FlatCardRecord.read($0, kept: &kept) } == nil)
        let checker = CardChecker(today: Self.today)
        #expect(Self.batched(checker, [line]) == Self.generalWay(checker, [line]))
    }

    // MARK: - Generated records

    static let keys = [
        "id", "ref", "customer", "note", "amount", "a", "zeta", "Number", "numbers", "expiry_hint", "card2", "cvc_value",
        "kind", "card", "status", "errors", "assets", "state", "cvv", "security_code", "line", "", "k\\\"q", "caf\u{E9}",
        "n12345678901", "del\u{7F}",
    ]
    static let strings = [
        "", "x", "hello world", "4111", "12345678901", "123456789012", "4111 1111 1111 1111", "a\\nb", "\\u00e9t\\u00e9",
        "error", "\u{E9}t\u{E9}", "tab\\there", "quote\\\"q", "slash/ok", "\u{FF14}\u{FF11}\u{FF11}\u{FF11}", "del\u{7F}",
        "&sup1;&sup2;&sup3;&sup1;&sup2;&sup3;", "100% &amp; 50%", "%34%31%31%31 %31%31%31%31 %31%31%31%31",
    ]
    static let scalars = [
        "0", "-0", "42", "-17", "3.25", "1e3", "-2.5E-3", "12345678901", "123456789012", "true", "false", "null",
        "[]", "[1,2]", "{}", "{\"b\":1}", "{\"z\":1,\"a\":[true]}",
    ]
    static let numbers = [
        "4111111111111111", "4111 1111 1111 1111", "4111-1111-1111-1112", "5555555555554444", "378282246310005",
        "6200000000000005", "41", "", "4111x", "\u{FF14}111111111111111",
    ]
    static let expiries = ["11/26", "03/30", "13/27", "1", "2027-02", "bad", ""]
    static let cvcs = ["123", "1234", "12", "12a", ""]

    static func pick<T>(_ items: [T], _ random: inout SeededRandom) -> T { items[Int(random.next() % UInt64(items.count))] }

    static func record(_ random: inout SeededRandom) -> String {
        var members: [String] = []
        let plain = random.next() % 2 == 0  // half of the records keep to what the byte path takes
        if random.next() % 16 != 0 { members.append("\"number\": \"\(pick(numbers, &random))\"") }
        if random.next() % 3 != 0 { members.append("\"expiry\":\"\(pick(expiries, &random))\"") }
        if random.next() % 3 != 0 { members.append("\"cvc\" : \"\(pick(cvcs, &random))\"") }
        for _ in 0..<Int(random.next() % 4) {
            let key = plain ? pick(Array(keys.prefix(7)), &random) : pick(keys, &random)
            let value: String
            if random.next() % 2 == 0 {
                value = "\"" + (plain ? pick(Array(strings.prefix(5)), &random) : pick(strings, &random)) + "\""
            } else {
                value = plain ? pick(Array(scalars.prefix(12)), &random) : pick(scalars, &random)
            }
            members.append("\"\(key)\":\(value)")
        }
        if !plain, random.next() % 8 == 0 { members.append("\"number\":4111111111111111") }
        for _ in 0..<members.count {  // shuffle
            let i = Int(random.next() % UInt64(members.count))
            let j = Int(random.next() % UInt64(members.count))
            members.swapAt(i, j)
        }
        let space = pick(["", " ", "\t", "  "], &random)
        let line = "{" + space + members.joined(separator: "," + space) + space + "}"
        return plain || random.next() % 8 != 0 ? line : line + pick([" x", "}", "\r", " "], &random)
    }
}
