import Foundation
import Testing

/// pp-ocr gives up on a page after --page-timeout while its thread goes on inside tesseract; the
/// process must still end cleanly (exitTool: _exit after the final flush, no static destructors run
/// under that thread). 200 pages, some of which time out, run 20 times; the last page is noise, whose
/// layout analysis (not interruptible) outlasts the limit, so a thread is inside tesseract at exit.
/// About a minute, so it runs by `make stress` (PP_STRESS=1), not in `make test`.
@Suite("stress: pp-ocr --page-timeout at exit")
struct OCRTimeoutStressTests {
    /// A gray image of random black and white dots (PGM): tesseract's layout analysis of it takes seconds.
    static func noise(side: Int) -> Data {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var bytes = Array("P5\n\(side) \(side)\n255\n".utf8)
        for _ in 0..<side * side {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            bytes.append(state >> 63 == 0 ? 0 : 255)
        }
        return Data(bytes)
    }

    /// Small images that read in milliseconds, every 66th page a photo that takes longer than the limit
    /// (stopped between words), and last the noise image at `noise`.
    static func pages(noise: String) -> String {
        let quick = ["Tests/Fixtures/pages/scan.png", "Tests/Fixtures/codes/epc-latin1.png"]
        return (0..<200).map { i in
            let image = i == 199 ? noise : i % 66 == 65 ? "samples/photos/cz-faktura-spayd.jpg" : quick[i % 2]
            return
                #"{"kind":"page","doc":"sha256:\#(i)","source":"s\#(i).png","page":1,"pages":1,"text_source":null,"image":{"path":"\#(image)","dpi":300}}"#
        }.joined(separator: "\n") + "\n"
    }

    @Test(
        "20 runs of 200 pages with timeouts: every page answered, exit 3, never a crash",
        .enabled(if: ProcessInfo.processInfo.environment["PP_STRESS"] == "1"))
    func timeoutsNeverCrashAtExit() throws {
        let folder = try FaultFolder.make("stress")
        defer { try? FileManager.default.removeItem(at: folder) }
        let noise = folder.appendingPathComponent("noise.pgm")
        try Self.noise(side: 1200).write(to: noise)
        let input = Data(Self.pages(noise: noise.path).utf8)
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
