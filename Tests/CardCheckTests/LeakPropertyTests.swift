import Dispatch
import Testing

@testable import CardCheck
@testable import PPShared

/// Property: whatever shape a card number or security code takes in a record, no output of
/// pp-cardcheck (without --reveal) contains it. Records are generated from fixed seeds.
@Suite("pp-cardcheck leaks nothing, over generated records")
struct LeakPropertyTests {
    static let recordsPerMode = 20_000
    static let today = YearMonth(year: 2026, month: 11)
    /// The JSON modes (each flag that changes what is written), then --lines (bare numbers).
    static let modes: [(name: String, checker: CardChecker, bareNumbers: Bool)] = [
        ("default", CardChecker(today: today), false),
        ("--format", CardChecker(today: today, includeFormatted: true), false),
        (
            "--require-complete --unionpay-luhn", CardChecker(today: today, enforceUnionPayLuhn: true, requireComplete: true),
            false
        ),
        (
            "--format --require-complete --max-years-ahead 5",
            CardChecker(today: today, maxYearsAhead: 5, includeFormatted: true, requireComplete: true), false
        ),
        ("--lines --format", CardChecker(today: today, includeFormatted: true), true),
    ]

    struct Tally: Sendable {
        var records = 0
        var leaks = 0
        var errorRecords = 0
        var examples: [String] = []
    }

    /// Runs lines through the batch path of the tool, as its stream loop does; one output line per input line.
    static func run(_ checker: CardChecker, _ lines: [String], bareNumbers: Bool) -> [String] {
        var outputs: [String] = []
        var start = 0
        while start < lines.count {
            let end = min(start + 256, lines.count)
            var batch = LineBatch(input: "stdin")
            for (i, line) in lines[start..<end].enumerated() { batch.append(line: i + 1, line.utf8) }
            let result = checker.check(batch: batch, bareNumbers: bareNumbers)
            outputs += String(decoding: result.output, as: UTF8.self).split(separator: "\n").map(String.init)
            start = end
        }
        return outputs
    }

    /// Generates records for one mode (its own seed) and counts the outputs that show a secret.
    static func tally(mode index: Int, count: Int, checker: CardChecker? = nil) -> Tally {
        let mode = modes[index]
        var generator = LeakGenerator(random: SeededRandom(state: 0x5EED_CA4D &+ UInt64(index)))
        var cases = (0..<count).map { _ in generator.record() }
        if mode.bareNumbers {  // half bare shaped numbers, half whole generated lines
            for i in stride(from: 0, to: cases.count, by: 2) { cases[i].line = generator.shaped(cases[i].pan) }
        }
        let outputs = run(checker ?? mode.checker, cases.map(\.line), bareNumbers: mode.bareNumbers)
        var tally = Tally(records: outputs.count)
        if outputs.count != cases.count { tally.leaks += 1 }  // output lines must match input lines
        for (output, secret) in zip(outputs, cases) {
            if output.contains("\"state\":\"error\"") { tally.errorRecords += 1 }
            if LeakScan.leaks(output, secret) {
                tally.leaks += 1
                if tally.examples.count < 3 { tally.examples.append("\(mode.name): \(output)") }
            }
        }
        return tally
    }

    @Test("100,000 generated records through every mode: 0 leaks")
    func noLeaks() {
        let results = ResultBox(count: Self.modes.count)
        DispatchQueue.concurrentPerform(iterations: Self.modes.count) { index in
            results.set(index, Self.tally(mode: index, count: Self.recordsPerMode))
        }
        let tallies = results.values
        let records = tallies.reduce(0) { $0 + $1.records }
        let leaks = tallies.reduce(0) { $0 + $1.leaks }
        for example in tallies.flatMap(\.examples) { Issue.record("leak: \(example)") }
        print("leak property test: \(records) records across \(Self.modes.count) modes, \(leaks) leaks")
        #expect(records >= 100_000)
        #expect(leaks == 0)
        #expect(zip(Self.modes, tallies).allSatisfy { $0.bareNumbers || $1.errorRecords > 0 })
    }

    @Test("with --reveal the same records do leak, so the property can fail")
    func revealLeaks() {
        let reveal = CardChecker(today: Self.today, reveal: true)
        #expect(Self.tally(mode: 0, count: 500, checker: reveal).leaks > 100)
    }

    @Test("the scan finds a secret when one is there")
    func scanFindsSecrets() {
        let secret = LeakCase(line: "", pan: "4111111111111111", cvcs: ["837"])
        #expect(LeakScan.leaks("{\"x\":\"4111\u{A0}1111.1111-1111\"}", secret))
        #expect(LeakScan.leaks(#"{"x":"4111.1111_1111/1111"}"#, secret))
        #expect(LeakScan.leaks("{\"x\":\"\u{FF14}\u{FF11}\u{FF11}\u{FF11}111111111111\"}", secret))
        #expect(LeakScan.leaks(#"{"cvv":837}"#, secret))
        #expect(LeakScan.leaks("{\"cvv\":\"\u{0668}\u{0663}\u{0667}\"}", secret))
        #expect(!LeakScan.leaks(#"{"masked":"411111******1111","cvc":{"valid":true}}"#, secret))
    }
}

/// Results written by concurrent workers, one slot each.
final class ResultBox: @unchecked Sendable {
    private var slots: [LeakPropertyTests.Tally]
    private let lock = DispatchSemaphore(value: 1)
    init(count: Int) { slots = Array(repeating: LeakPropertyTests.Tally(), count: count) }
    func set(_ index: Int, _ value: LeakPropertyTests.Tally) {
        lock.wait()
        slots[index] = value
        lock.signal()
    }
    var values: [LeakPropertyTests.Tally] {
        lock.wait()
        defer { lock.signal() }
        return slots
    }
}
