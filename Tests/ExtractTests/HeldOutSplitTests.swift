import Foundation
import Testing

/// The tuning/checking split of `make accuracy` and `make fit` (bench/extract/split.py): the rule itself,
/// and that the confidence fit refuses a row of the checking half. The tests are Python, as the scripts
/// are (bench/extract/split_test.py, a few seconds, no scikit-learn); this runs them in `make test`.
@Suite struct HeldOutSplitTests {
    @Test func fitRefusesCheckingDataAndTheSplitFollowsItsRule() throws {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", root.appendingPathComponent("bench/extract/split_test.py").path]
        process.currentDirectoryURL = root
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
    }
}
