import Foundation
import Testing

@testable import PPShared

/// Every open and write of a path from outside refuses a NUL byte (a C string ends there, so the file
/// opened or written would be the one named by the bytes before it).
struct PathCheckTests {
    @Test func aNULIsRefusedByEveryOpen() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pp-pathcheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let real = folder.appendingPathComponent("a.jsonl").path
        try Data("{}\n".utf8).write(to: URL(fileURLWithPath: real))
        let cut = real + "\u{0}.txt"
        #expect(PathCheck.problem(real) == nil)
        #expect(
            PathCheck.problem(cut)?.message == "cannot open '\(real)\\0.txt': the name holds a NUL byte, which no file name can")
        #expect(InputFileProblem.check(cut)?.code == "bad_path")
        #expect(readFile(cut) == nil)
        #expect(throws: ToolError.self) { try LineReader(path: cut) }
        if case .failure(let error) = RegularFile.open(cut) { #expect(error.code == "bad_path") } else { Issue.record("opened") }
        let target = folder.appendingPathComponent("out.pdf").path
        #expect(throws: ToolError.self) { try AtomicFile.write(Array("x".utf8), to: target + "\u{0}.evil") }
        #expect(!FileManager.default.fileExists(atPath: target))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["a.jsonl"])
    }

    @Test func tooLongAPathSaysSo() {
        let error = InputFileProblem.error(ENAMETOOLONG, path: "x")
        #expect(error.code == "name_too_long")
        #expect(error.message == "cannot open 'x': file name too long (a path holds at most 4095 bytes, a name 255)")
        #expect(InputFileProblem.check(String(repeating: "n", count: 300))?.code == "name_too_long")
    }
}
