import Foundation
import Testing

@testable import Assets
@testable import PPShared

/// pp-assets draws its download progress with the tools' one printer (ProgressDisplay), on stderr only
/// when stderr is a terminal, and its JSON events stay whole lines when stdout is the same terminal.
@Suite("pp-assets progress line", .serialized)
struct ProgressLineTests {
    /// A pseudo-terminal: the controlling side (what the screen gets) and the terminal side (the tool's).
    /// glibc's openpty, looked up at run time (Swift's Glibc module leaves pty.h out).
    static func pseudoTerminal() throws -> (screen: Int32, terminal: Int32) {
        typealias OpenPTY =
            @convention(c) (
                UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<CChar>?, UnsafeRawPointer?,
                UnsafeRawPointer?
            ) -> Int32
        let symbol = try #require(dlsym(dlopen(nil, RTLD_NOW), "openpty"), "glibc has no openpty")
        var (screen, terminal): (Int32, Int32) = (-1, -1)
        try #require(unsafeBitCast(symbol, to: OpenPTY.self)(&screen, &terminal, nil, nil, nil) == 0)
        return (screen, terminal)
    }

    /// What can be read from `fd` now, without waiting.
    static func available(_ fd: Int32) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while poll(&ready, 1, 100) == 1, ready.revents & Int16(POLLIN) != 0 {
            let n = read(fd, &buffer, buffer.count)
            guard n > 0 else { break }
            bytes += buffer[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Reports one asset of 300 kB in three steps and the end of the update on `line`.
    static func update(drawingOn line: StatusLine) throws {
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        defer { close(null) }
        let events = AssetEvents(sink: OutputSink(fileDescriptor: null), line: line)
        for bytes in [0, 150_000, 300_000] { try events.progress(asset: "lexicons/sr.json", bytes: bytes, total: 300_000) }
        try events.finished(updated: true, version: 2)
    }

    @Test("the line is drawn on a terminal, by the printer, and left with the outcome; on a pipe nothing")
    func terminalOnly() throws {
        let (screen, terminal) = try Self.pseudoTerminal()
        defer {
            close(screen)
            close(terminal)
        }
        try Self.update(drawingOn: StatusLine(fileDescriptor: terminal))
        let drawn = Self.available(screen)
        #expect(
            drawn.hasPrefix("\r\u{1B}[Kpp-assets: [..........] lexicons/sr.json 0.0/0.3 MB, 0.0 MB/s"),
            "\(drawn.debugDescription)")
        // The end of a transfer is always drawn; a line in between may be skipped (ten draws a second at most).
        #expect(drawn.contains("\r\u{1B}[Kpp-assets: [##########] lexicons/sr.json 0.3/0.3 MB, "))
        let last = try #require(drawn.components(separatedBy: "\u{1B}[K").last)
        #expect(
            last.range(of: #"^pp-assets: now at version 2 \([0-9]+\.[0-9] s\)\r?\n$"#, options: .regularExpression) != nil,
            "\(last.debugDescription)")

        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        try Self.update(drawingOn: StatusLine(fileDescriptor: ends[1]))
        #expect(Self.available(ends[0]).isEmpty, "a line was drawn on a pipe")
    }

    static let script = ["/usr/bin/script", "/bin/script"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test("pp-assets update with stdout and stderr on one terminal: events whole, the line redrawn below them")
    func wholeUpdateOnATerminal() throws {
        let script = try #require(Self.script, "util-linux script is not installed")
        let f = try FaultTests.withV2()
        try f.serve(["--rate", "2000000"])
        // The tool runs under `script`, on a pseudo-terminal; the test reads what the terminal got.
        let running = try f.start(
            ["update"], environment: ["COLUMNS": "100", "TERM": "dumb"],
            shell: "exec \(script) -q -e -c \"$(printf '%q ' \"$0\" \"$@\")\" /dev/null")
        let deadline = Date().addingTimeInterval(60)
        while running.process.isRunning, Date() < deadline { usleep(50_000) }
        if running.process.isRunning {
            running.process.terminate()
            Issue.record("pp-assets did not finish on a terminal")
            return
        }
        #expect(running.process.terminationStatus == 0)
        let raw = (try? String(contentsOfFile: running.stdoutPath, encoding: .utf8)) ?? ""
        #expect(raw.contains("\r\u{1B}[Kpp-assets: [") && raw.contains("tessdata/big.traineddata"), "\(raw.debugDescription)")
        // What each screen line ends up showing: the text after its last clear.
        let shown = raw.unicodeScalars.split(separator: "\n").map { line in
            String(String(line).components(separatedBy: "\u{1B}[K").last!).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let events = shown.compactMap { try? JSON.parse($0) }
        let others = shown.filter { (try? JSON.parse($0)) == nil }
        #expect(events.allSatisfy { $0["kind"]?.stringValue == "asset_event" } && events.count >= 10)
        #expect(events.last?["event"]?.stringValue == "finished", "\(shown)")
        #expect(others.count == 1 && others.first?.hasPrefix("pp-assets: now at version 2 (") == true, "\(others)")
        #expect(f.activeVersion == 2 && f.activeHolds(FaultTests.v2))
    }
}
