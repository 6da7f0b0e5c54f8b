import Foundation
import PPShared
import Testing

@testable import Assets

/// DataFolder, through which pp-assets reaches everything below its data folder: no component that is a
/// link is followed, no name that C would read otherwise (a NUL byte, "/", "..") is used.
@Suite("pp-assets data folder: no link followed")
struct DataFolderTests {
    /// A data folder and, beside it, an outside folder holding one file.
    static func world() throws -> (root: String, outside: String, cleanup: () -> Void) {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("pp-datafolder-\(UUID().uuidString)").path
        try AssetsFixture.write(Array("outside".utf8), to: base + "/outside/file.txt")
        try FileManager.default.createDirectory(atPath: base + "/data", withIntermediateDirectories: true)
        return (base + "/data", base + "/outside", { try? FileManager.default.removeItem(atPath: base) })
    }

    @Test("a folder component that is a link is refused, when opening and when making folders")
    func linkedComponent() throws {
        let (root, outside, cleanup) = try Self.world()
        defer { cleanup() }
        try FileManager.default.createSymbolicLink(atPath: root + "/a", withDestinationPath: outside)
        let folder = try DataFolder.root(root, create: false)
        for create in [false, true] {
            #expect(throws: ToolError.self) { try folder.folder("a", create: create) }
            #expect(throws: ToolError.self) { try folder.folder("a/new", create: create) }
        }
        #expect(folder.open("a/file.txt", O_RDONLY) == -1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside) == ["file.txt"], "nothing made through the link")
    }

    @Test("removing a folder removes the links in it, never what they point to")
    func removeKeepsTargets() throws {
        let (root, outside, cleanup) = try Self.world()
        defer { cleanup() }
        try AssetsFixture.write(Array("x".utf8), to: root + "/tree/sub/x")
        try FileManager.default.createSymbolicLink(atPath: root + "/tree/sub/out", withDestinationPath: outside)
        try FileManager.default.createSymbolicLink(atPath: root + "/tree/file", withDestinationPath: outside + "/file.txt")
        let folder = try DataFolder.root(root, create: false)
        folder.remove("tree")
        #expect(!FileManager.default.fileExists(atPath: root + "/tree"))
        #expect(FileManager.default.contents(atPath: outside + "/file.txt") == Data("outside".utf8))
    }

    @Test("a file to write that is a link, or a fifo, is replaced by a file of its own")
    func writableReplaces() throws {
        let (root, outside, cleanup) = try Self.world()
        defer { cleanup() }
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: outside + "/file.txt")
        #expect(mkfifo(root + "/fifo", 0o644) == 0)
        let folder = try DataFolder.root(root, create: false)
        for name in ["link", "fifo"] {
            let fd = try folder.writableFile(name, code: "test")
            defer { close(fd) }
            #expect(write(fd, "new", 3) == 3)
            #expect(folder.fileIdentity(name) != nil, "\(name) is a regular file now")
        }
        #expect(FileManager.default.contents(atPath: outside + "/file.txt") == Data("outside".utf8))
    }

    @Test("names C would read otherwise are refused", arguments: ["a\u{0}b", "a/../b", "..", ".", "", "/etc/passwd"])
    func unplainNames(_ name: String) throws {
        let (root, _, cleanup) = try Self.world()
        defer { cleanup() }
        let folder = try DataFolder.root(root, create: false)
        #expect(folder.open(name, O_WRONLY | O_CREAT) == -1)
        #expect(folder.makeLink(name, to: "x") == EINVAL)
        #expect(folder.status(name) == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).isEmpty)
    }
}
