import Foundation
import Testing

/// pp-ocr gives up on a page after --page-timeout while its thread goes on inside tesseract; the
/// process must still end cleanly (exitTool: _exit after the final flush, no static destructors run
/// under that thread). 200 pages, some of which time out, the last one among them, run 20 times.
/// About a minute, so it runs by `make stress` (PP_STRESS=1), not in `make test`.
@Suite("stress: pp-ocr --page-timeout at exit")
struct OCRTimeoutStressTests {
    /// Small images that read in milliseconds, and every 66th page a photo that takes seconds.
    static func pages() -> String {
        let quick = ["Tests/Fixtures/pages/scan.png", "Tests/Fixtures/codes/epc-latin1.png"]
        return (0..<200).map { i in
            let image = i % 66 == 65 || i == 199 ? "samples/photos/cz-faktura-spayd.jpg" : quick[i % 2]
            return
                #"{"kind":"page","doc":"sha256:\#(i)","source":"s\#(i).png","page":1,"pages":1,"text_source":null,"image":{"path":"\#(image)","dpi":300}}"#
        }.joined(separator: "\n") + "\n"
    }

    @Test(
        "20 runs of 200 pages with timeouts: every page answered, exit 3, never a crash",
        .enabled(if: ProcessInfo.processInfo.environment["PP_STRESS"] == "1"))
    func timeoutsNeverCrashAtExit() throws {
        let input = Data(Self.pages().utf8)
        for round in 1...20 {
            let run = try ToolRun.run(
                tool: "pp-ocr", arguments: ["--lang", "eng", "--jobs", "2", "--page-timeout", "0.25"], stdin: input)
            let lines = String(decoding: run.stdout, as: UTF8.self).split(separator: "\n")
            let timeouts = lines.filter { $0.contains(#""code":"page_timeout""#) }.count
            let stderr = String(decoding: run.stderr, as: UTF8.self)
            #expect(run.status == 3, "round \(round): exit \(run.status), \(stderr.suffix(400))")
            #expect(lines.count == 200, "round \(round): \(lines.count) records")
            #expect(timeouts >= 1, "round \(round): no page timed out, the test tests nothing")
            #expect(lines.last?.contains(#""code":"page_timeout""#) == true, "round \(round): the last page did not time out")
            if run.status != 3 || lines.count != 200 { return }
        }
    }
}
