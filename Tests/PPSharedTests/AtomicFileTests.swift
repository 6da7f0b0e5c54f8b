import Foundation
import Testing

@testable import PPShared

@Suite("atomic files")
struct AtomicFileTests {
    static func folder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pp-atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    static func names(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    @Test("a committed file appears whole; a discarded one leaves nothing")
    func commitAndDiscard() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try AtomicFile.write(Array("hello\n".utf8), to: "\(dir)/a.txt")
        #expect(FileManager.default.contents(atPath: "\(dir)/a.txt") == Data("hello\n".utf8))
        let file = try AtomicFile(destination: "\(dir)/b.txt")
        try file.write(Array("half".utf8))
        #expect(Self.names(dir).count == 2 && file.temporary.hasSuffix(TemporaryFiles.suffix))
        file.discard()
        #expect(Self.names(dir) == ["a.txt"])
    }

    @Test("a library that writes to a file name writes through the pipe, byte for byte")
    func throughPath() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let bytes = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try AtomicFile.write(to: "\(dir)/big.bin") { path in
            guard let file = fopen(path, "wb") else { return false }
            let written = fwrite(bytes, 1, bytes.count, file)
            return fclose(file) == 0 && written == bytes.count
        }
        #expect(FileManager.default.contents(atPath: "\(dir)/big.bin") == Data(bytes))
        #expect(throws: ToolError.self) {
            try AtomicFile.write(to: "\(dir)/failed.bin") { _ in false }
        }
        #expect(Self.names(dir) == ["big.bin"])
    }

    @Test("the next write into a folder removes temporaries of dead writers, not of live ones")
    func staleTemporaries() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // pid_max is at most 2^22 on Linux, so this pid never runs; ours does.
        let dead = ".x.pdf.2147483646.1f.pp-tmp"
        let live = ".y.pdf.\(getpid()).2e.pp-tmp"
        let locked = ".z.pdf.2147483645.3d.pp-tmp"
        for name in [dead, live, locked] {
            #expect(FileManager.default.createFile(atPath: "\(dir)/\(name)", contents: Data("partial".utf8)))
        }
        // A writer in another pid namespace: its pid looks dead here, but it holds the lock.
        let fd = open("\(dir)/\(locked)", O_RDONLY)
        defer { close(fd) }
        #expect(flock(fd, LOCK_EX) == 0)
        try AtomicFile.write(Array("x".utf8), to: "\(dir)/new.txt")
        #expect(Self.names(dir) == [live, locked, "new.txt"].sorted())
    }

    @Test("the writer's pid is read from the temporary name")
    func writerPID() {
        #expect(TemporaryFiles.writerPID(".a.b.pdf.4242.ff.pp-tmp") == 4242)
        #expect(TemporaryFiles.writerPID(".a.pp-tmp") == nil)
        #expect(TemporaryFiles.writerPID(".a.pdf.x.ff.pp-tmp") == nil)
    }
}
