import Foundation
import Testing

/// pp-cardcheck must never print a full card number or a CVC (without --reveal):
/// every public test number goes through every path and all output is scanned.
@Suite("pp-cardcheck never leaks card data")
struct CardCheckLeakTests {
    static let numbers = [
        "4111111111111111", "4012888888881881", "4242424242424242", "5555555555554444", "2223003122003222",
        "378282246310005", "371449635398431", "30569309025904", "38520000023237", "6011111111111117",
        "3530111333300000", "3566002020360505", "6200000000000005", "6205500000000000004", "6759649826438453",
        "6362970000457013", "6062826786276634", "4111111111111112", "5555555555554445", "6212345678901232",
    ]
    static let cvcs = ["837", "4821"]

    /// Input lines that put the number through every path: valid, tampered, formatted, expiry and CVC
    /// errors, JSON numbers, broken JSON around it, payment-info records, unknown types.
    static func lines(for number: String) -> [String] {
        let spaced = stride(from: 0, to: number.count, by: 4).map { i -> String in
            let start = number.index(number.startIndex, offsetBy: i)
            return String(number[start..<(number.index(start, offsetBy: 4, limitedBy: number.endIndex) ?? number.endIndex)])
        }.joined(separator: " ")
        return [
            #"{"number":"\#(number)","cvc":"837","expiry":"12/30"}"#,
            #"{"number":"\#(spaced)","cvc":"4821","expiry":"13/30"}"#,
            #"{"number":"\#(number)9","cvc":"83x"}"#,
            #"{"number":\#(number),"cvc":"837"}"#,
            #"{"number":"\#(number)","cvc":837}"#,
            #"{"number":"\#(number)","cvc":"837""#,
            #"not json \#(number) 837"#,
            #"{"numbr":"\#(number)","cvc":"837"}"#,
            #"{"type":"CREDIT_CARD","approved":true,"userInfo":{"billingCardNumber":"\#(number)","billingCVV":"837","billingCardHolderName":"A B","billingAddress1":"x","billingCity":"y","billingCountry":"AT"}}"#,
            #"{"type":"CREDIT_CARD","approved":false,"userInfo":{"billingCardNumber":"\#(number)","billingCVV":"4821"}}"#,
            #"{"type":"DEBIT","userInfo":{"billingCardNumber":"\#(number)","billingCVV":"837"}}"#,
            #"{"type":"CREDIT_CARD","userInfo":"\#(number) 837"}"#,
        ]
    }

    func assertNoLeak(_ run: ToolRun, _ context: String) {
        let text = String(decoding: run.stdout + run.stderr, as: UTF8.self)
        let digitsOnly = String(text.unicodeScalars.filter { $0.value >= 0x30 && $0.value <= 0x39 || $0 == "\"" || $0 == "\n" })
        for number in Self.numbers {
            #expect(!text.contains(number), "\(context): full number leaked")
            #expect(!digitsOnly.contains(number), "\(context): number leaked with separators")
        }
        for cvc in Self.cvcs {
            #expect(
                !text.contains("\"\(cvc)\"") && !text.contains(":\(cvc)") && !text.contains(" \(cvc) "), "\(context): CVC leaked")
        }
    }

    @Test("JSON records, every path, with and without --format")
    func records() throws {
        let input = Self.numbers.flatMap(Self.lines(for:)).joined(separator: "\n") + "\n"
        for extra in [[], ["--format"], ["--require-complete", "--unionpay-luhn"]] {
            let run = try ToolRun.run(
                tool: "pp-cardcheck", arguments: ["--today", "2026-11-29"] + extra, stdin: Data(input.utf8))
            #expect(run.status == 3)
            #expect(!run.stdout.isEmpty)
            assertNoLeak(run, "records \(extra)")
        }
    }

    @Test("--lines input and numbers given where files or options were expected")
    func linesAndArguments() throws {
        let input = Self.numbers.joined(separator: "\n") + "\n" + Self.numbers.map { "x\($0)" }.joined(separator: "\n") + "\n"
        let run = try ToolRun.run(tool: "pp-cardcheck", arguments: ["--lines", "--format"], stdin: Data(input.utf8))
        #expect(run.status == 1)
        assertNoLeak(run, "--lines")
        for number in Self.numbers.prefix(4) {
            for arguments in [
                [number], ["--today", number], ["--\(number)"], ["--card-types", number], ["--max-years-ahead", number],
            ] {
                let bad = try ToolRun.run(tool: "pp-cardcheck", arguments: arguments, stdin: nil)
                // A number given as the file to read is a missing input: an error record, exit 3.
                #expect(bad.status == (arguments.count == 1 && !arguments[0].hasPrefix("--") ? 3 : 2))
                assertNoLeak(bad, "arguments \(arguments.count)")
            }
        }
    }

    @Test("with --reveal the number is shown, so the scan above can fail")
    func revealShowsNumber() throws {
        let run = try ToolRun.run(
            tool: "pp-cardcheck", arguments: ["--reveal"], stdin: Data(#"{"number":"4111111111111111"}"#.utf8 + [0x0A]))
        #expect(String(decoding: run.stdout, as: UTF8.self).contains("4111111111111111"))
    }
}

@Suite("output sink in a pipeline")
struct PipelineTests {
    @Test("`| head -1` ends the tool quietly with status 0")
    func closedStdout() throws {
        let tool = GoldenCase.productsFolder.appendingPathComponent("pp-cardcheck").path
        let script = """
            yes '{"number":"4111111111111111"}' | head -n 200000 | "$0" --today 2026-11-29 2>err.txt | head -n 1 >/dev/null
            echo "${PIPESTATUS[2]}"; cat err.txt; rm -f err.txt
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script, tool]
        process.currentDirectoryURL = FileManager.default.temporaryDirectory
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(out == "0\n", "status and stderr of pp-cardcheck: \(out)")
    }
}

@Suite("streaming")
struct StreamingTests {
    @Test("a record is answered before the next one arrives, with --jobs 2")
    func answersBeforeEndOfInput() throws {
        let process = Process()
        process.executableURL = GoldenCase.productsFolder.appendingPathComponent("pp-cardcheck")
        process.arguments = ["--jobs", "2", "--today", "2026-11-29"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: Data("{\"number\":\"4111111111111111\"}\n".utf8))
        let box = DataBox()
        let reader = Thread {
            box.data = output.fileHandleForReading.availableData  // returns once the first bytes arrive
            box.done.signal()
        }
        reader.start()
        let answered = box.done.wait(timeout: .now() + 20) == .success
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(answered, "no output while stdin stayed open")
        #expect(String(decoding: box.data, as: UTF8.self).contains("\"status\":\"valid\""))
    }
}
