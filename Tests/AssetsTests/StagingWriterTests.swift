import Digest
import Foundation
import PPShared
import Testing

@testable import Assets

/// StagingWriter: what lands in the file and what is hashed must be the bytes given, in order, whatever the
/// piece sizes, a resume at an unaligned offset, a restart, or a file system without O_DIRECT (tmpfs).
@Suite("pp-assets staging writer")
struct StagingWriterTests {
    /// Writes `bytes` into `path` (resuming after what it holds) in pieces of these sizes; the hash.
    static func write(_ bytes: [UInt8], to path: String, pieces: [Int]) throws -> String? {
        let writer = try writer(path, limit: bytes.count)
        var at = writer.end
        var turn = 0
        bytes.withUnsafeBytes { all in
            while at < bytes.count {
                let n = min(pieces[turn % pieces.count], bytes.count - at)
                #expect(writer.append(UnsafeRawBufferPointer(rebasing: all[at..<at + n])))
                at += n
                turn += 1
            }
        }
        return writer.finish()
    }

    static func writer(_ path: String, limit: Int) throws -> StagingWriter {
        let folder = try DataFolder.root((path as NSString).deletingLastPathComponent, create: false)
        return try StagingWriter(folder: folder, name: (path as NSString).lastPathComponent, limit: limit)
    }

    static func folders() -> [String] {
        var out = [FileManager.default.temporaryDirectory.path]
        if FileManager.default.isWritableFile(atPath: "/dev/shm") { out.append("/dev/shm") }  // tmpfs: no O_DIRECT
        return out
    }

    @Test("pieces of odd sizes, and a resume from an unaligned offset, give the file and hash of the bytes")
    func piecesAndResume() throws {
        let bytes = AssetsFixture.bytes(3 * StagingWriter.bufferSize + 12_345, seed: 7)
        let hasher = SHA256()
        bytes.withUnsafeBytes { hasher.update($0) }
        let expected = hasher.hex()
        for folder in Self.folders() {
            let path = folder + "/pp-staging-\(UUID().uuidString).part"
            defer { unlink(path) }
            let digest = try Self.write(bytes, to: path, pieces: [16_384, 1, 4095, 70_000, 1 << 20])
            #expect(digest == expected, "\(folder)")
            #expect(FileManager.default.contents(atPath: path).map(Array.init) == bytes, "\(folder)")
            // Interrupted after an unaligned 1,000,003 bytes, then resumed from there.
            try Data(bytes[0..<1_000_003]).write(to: URL(fileURLWithPath: path))
            let resumed = try Self.write(bytes, to: path, pieces: [16_384, 333])
            #expect(resumed == expected, "\(folder)")
            #expect(FileManager.default.contents(atPath: path).map(Array.init) == bytes, "\(folder)")
        }
    }

    @Test("restart empties the file and the hash")
    func restart() throws {
        let bytes = AssetsFixture.bytes(2_000_000, seed: 8)
        let path = FileManager.default.temporaryDirectory.path + "/pp-staging-\(UUID().uuidString).part"
        defer { unlink(path) }
        let writer = try Self.writer(path, limit: bytes.count)
        let junk = AssetsFixture.bytes(1_500_001, seed: 9)
        junk.withUnsafeBytes { #expect(writer.append($0)) }
        #expect(writer.drain() == 0)
        writer.restart()
        #expect(writer.end == 0)
        bytes.withUnsafeBytes { #expect(writer.append($0)) }
        let digest = writer.finish()
        #expect(FileManager.default.contents(atPath: path).map(Array.init) == bytes)
        #expect(digest == (try? SHA256.file(path).get())?.hex)
    }
}
