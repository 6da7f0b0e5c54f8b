import Foundation
import Testing

/// pp-extract writes each document as soon as its last page is in, while stdin stays open.
@Suite struct StreamingTests {
    static func tool() -> URL? {
        let candidates = [
            Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
        ]
        return candidates.map { $0.appendingPathComponent("pp-extract") }.first {
            FileManager.default.isExecutableFile(atPath: $0.path)
        }
    }

    @Test func answersBeforeStdinCloses() throws {
        guard let url = Self.tool() else {
            Issue.record("pp-extract not built next to the tests")
            return
        }
        let process = Process()
        process.executableURL = url
        process.arguments = ["--profile", "sepa", "--jobs", "2"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let page =
            #"{"kind":"page","doc":"sha256:1","source":"a.pdf","page":1,"pages":1,"lines":[{"text":"IBAN DE89 3704 0044 0532 0130 00","box":[40,700,250,710]}]}"#
        try input.fileHandleForWriting.write(contentsOf: Data((page + "\n").utf8))
        // Read the answer while stdin is still open; a safety valve closes stdin after 10 s so a
        // regression fails instead of hanging.
        let writer = input.fileHandleForWriting
        let start = Date()
        DispatchQueue.global().asyncAfter(deadline: .now() + 10) { try? writer.close() }
        let reader = output.fileHandleForReading
        var got = Data()
        while !got.contains(0x0A) {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            got.append(chunk)
        }
        let elapsed = Date().timeIntervalSince(start)
        #expect(elapsed < 8, "the document came only after stdin closed (\(elapsed) s)")
        try? writer.close()
        process.waitUntilExit()
        let text = String(decoding: got, as: UTF8.self)
        #expect(text.contains(#""kind":"document""#) && text.contains("DE89370400440532013000"))
        #expect(process.terminationStatus == 0)
    }
}
