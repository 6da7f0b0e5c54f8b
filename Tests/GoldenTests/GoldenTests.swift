import Foundation
import Testing

/// Golden-file tests: each folder Tests/Golden/<tool>/<case>/ holds
///   args     the command's arguments, one per line (may be empty)
///   stdin    optional input fed to the tool
///   stdout   the expected standard output, byte for byte
///   stderr   the expected standard error (optional; compared when present)
///   status   the expected exit status
/// The built tool runs with the repository root as its working directory.
/// With PP_GOLDEN_RECORD=1 the expected files are rewritten from what the tool
/// did and the test fails, so a human reads the diff before committing.
struct GoldenCase: CustomTestStringConvertible, Sendable {
    let tool: String
    let name: String
    let folder: URL

    var testDescription: String { "\(tool)/\(name)" }

    static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        fatalError("repository root not found above \(#filePath)")
    }()

    static func all() -> [GoldenCase] {
        let root = repositoryRoot.appendingPathComponent("Tests/Golden")
        let fm = FileManager.default
        var cases: [GoldenCase] = []
        for tool in ((try? fm.contentsOfDirectory(atPath: root.path)) ?? []).sorted() {
            let toolDir = root.appendingPathComponent(tool)
            for name in ((try? fm.contentsOfDirectory(atPath: toolDir.path)) ?? []).sorted() {
                let folder = toolDir.appendingPathComponent(name)
                if fm.fileExists(atPath: folder.appendingPathComponent("args").path) {
                    cases.append(GoldenCase(tool: tool, name: name, folder: folder))
                }
            }
        }
        return cases
    }

    /// The folder holding the built executables (the test bundle sits beside them).
    static let productsFolder: URL = {
        let candidates = [
            Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
        ]
        for folder in candidates where FileManager.default.fileExists(atPath: folder.appendingPathComponent("pp-cardcheck").path)
        {
            return folder
        }
        return Bundle.main.bundleURL
    }()
}

struct ToolRun {
    let stdout: Data
    let stderr: Data
    let status: Int32

    /// Runs a built tool with arguments and optional stdin, from the repository root.
    static func run(tool: String, arguments: [String], stdin: Data?, environment: [String: String] = [:]) throws -> ToolRun {
        try run(
            executable: GoldenCase.productsFolder.appendingPathComponent(tool), arguments: arguments, stdin: stdin,
            environment: environment)
    }

    /// Runs any executable (a script of the repository, a built tool) the same way.
    static func run(executable: URL, arguments: [String], stdin: Data?, environment: [String: String] = [:]) throws -> ToolRun {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = GoldenCase.repositoryRoot
        var env = ProcessInfo.processInfo.environment
        env["OMP_THREAD_LIMIT"] = "1"
        env["PP_ASSETS_DIR"] = "none"  // the shipped data, whatever pp-assets installed on this machine
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let outPipe = Pipe()
        let errPipe = Pipe()
        let inPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = inPipe
        try process.run()
        // Feed stdin on another thread so a large input cannot deadlock against a full stdout pipe.
        feed(stdin ?? Data(), to: inPipe.fileHandleForWriting, thenClose: true)
        let errBox = DataBox()
        let errReader = Thread {
            errBox.data = errPipe.fileHandleForReading.readDataToEndOfFile()
            errBox.done.signal()
        }
        errReader.start()
        let out = outPipe.fileHandleForReading.readDataToEndOfFile()
        errBox.done.wait()
        process.waitUntilExit()
        return ToolRun(stdout: out, stderr: errBox.data, status: process.terminationStatus)
    }
}

/// Writes `data` to a child's stdin on a thread of its own with SIGPIPE blocked: a child that exits
/// without reading it all (a usage error) makes the write fail with EPIPE instead of killing the test
/// process (the signal stays pending on that thread and ends with it). Signalled when done.
@discardableResult
func feed(_ data: Data, to handle: FileHandle, thenClose: Bool) -> DispatchSemaphore {
    let done = DispatchSemaphore(value: 0)
    Thread {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
        try? handle.write(contentsOf: data)
        if thenClose { try? handle.close() }
        done.signal()
    }.start()
    return done
}

final class DataBox: @unchecked Sendable {
    var data = Data()
    let done = DispatchSemaphore(value: 0)
}

@Suite("golden files")
struct GoldenTests {
    @Test(arguments: GoldenCase.all())
    func matchesExpectedOutput(_ golden: GoldenCase) throws {
        let folder = golden.folder
        let argsText = try String(contentsOf: folder.appendingPathComponent("args"), encoding: .utf8)
        let arguments = argsText.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        let stdin = try? Data(contentsOf: folder.appendingPathComponent("stdin"))
        let result = try ToolRun.run(tool: golden.tool, arguments: arguments, stdin: stdin)

        let stdoutURL = folder.appendingPathComponent("stdout")
        let stderrURL = folder.appendingPathComponent("stderr")
        let statusURL = folder.appendingPathComponent("status")
        if ProcessInfo.processInfo.environment["PP_GOLDEN_RECORD"] == "1" {
            try result.stdout.write(to: stdoutURL)
            try result.stderr.write(to: stderrURL)
            try Data("\(result.status)\n".utf8).write(to: statusURL)
            Issue.record("recorded \(golden.testDescription): read the diff, then run again without PP_GOLDEN_RECORD")
            return
        }
        let expectedStatus = try String(contentsOf: statusURL, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect("\(result.status)" == expectedStatus, "exit status of \(golden.testDescription)")
        let expectedOut = try Data(contentsOf: stdoutURL)
        #expect(
            result.stdout == expectedOut,
            "stdout of \(golden.testDescription) differs:\n--- expected\n\(String(decoding: expectedOut, as: UTF8.self))\n--- got\n\(String(decoding: result.stdout, as: UTF8.self))"
        )
        if let expectedErr = try? Data(contentsOf: stderrURL) {
            #expect(
                result.stderr == expectedErr,
                "stderr of \(golden.testDescription) differs:\n--- expected\n\(String(decoding: expectedErr, as: UTF8.self))\n--- got\n\(String(decoding: result.stderr, as: UTF8.self))"
            )
        }
    }
}
