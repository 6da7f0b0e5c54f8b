import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Edits in place as several users and programs meet them: at the same time, on files of other owners.
@Suite("pp-pages --in-place: the lock, owner, group and mode", .serialized)
struct InPlaceTests {
    /// A copy of five.pdf (pages "Page 1" … "Page 5") in a fresh folder.
    static func copyOfFive() throws -> (folder: URL, pdf: String) {
        let dir = try Harness.folder()
        let pdf = dir.appendingPathComponent("doc.pdf").path
        try FileManager.default.copyItem(atPath: Harness.fixture("five.pdf"), toPath: pdf)
        return (dir, pdf)
    }

    /// A running pp-pages with its output collected.
    struct Running {
        let process: Process
        let stdout = Pipe()
        let stderr = Pipe()

        init(_ arguments: [String]) throws {
            process = Process()
            process.executableURL = Harness.tool
            process.arguments = arguments
            process.standardOutput = stdout
            process.standardError = stderr
            process.standardInput = FileHandle.nullDevice
            try process.run()
        }

        func finish() -> Harness.Result {
            let out = stdout.fileHandleForReading.readDataToEndOfFile()
            let err = stderr.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return Harness.Result(
                status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                stderr: String(decoding: err, as: UTF8.self))
        }
    }

    @Test("four edits of one file at once, each its own process: all four deletions are in the result")
    func concurrentEditsAreAllKept() throws {
        let (dir, pdf) = try Self.copyOfFive()
        let runs = try (1...4).map { _ in try Running([pdf, "--delete", "1", "--in-place"]) }
        for result in runs.map({ $0.finish() }) { #expect(result.status == 0, "\(result.stderr)") }
        #expect(try Harness.pageTexts(pdf) == ["Page 5"])
        #expect(try Harness.qpdfCheck(pdf).status == 0)
        #expect(Harness.listing(dir) == ["doc.pdf"])
    }

    /// Holds the lock a first editor holds (flock on the file), as a stand-in that the test controls.
    static func lock(_ path: String) -> Int32 {
        let fd = open(path, O_RDONLY)
        precondition(fd >= 0 && flock(fd, LOCK_EX) == 0)
        return fd
    }

    @Test("a second edit waits for the first one's lock, then edits the file the first one renamed into place")
    func aWaitingEditGoesOnTopOfTheFirstOnesResult() throws {
        let (dir, pdf) = try Self.copyOfFive()
        let held = Self.lock(pdf)
        let second = try Running([pdf, "--delete", "1", "--in-place"])
        Thread.sleep(forTimeInterval: 1.0)
        #expect(second.process.isRunning, "the second edit went on while the file was locked")
        // The first editor's result: the file without its last page, renamed over the name.
        let first = dir.appendingPathComponent(".first.pdf").path
        let r = try Harness.pages([pdf, "--delete", "5", "-o", first])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(rename(first, pdf) == 0)
        close(held)
        let result = second.finish()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("waiting for another edit of '\(pdf)' to finish"), "\(result.stderr)")
        #expect(try Harness.pageTexts(pdf) == ["Page 2", "Page 3", "Page 4"])
    }

    @Test("--lock-wait 0 on a locked file: exit 2 naming the file, and the file unchanged")
    func aLockNotWonInTimeFailsClearly() throws {
        let (dir, pdf) = try Self.copyOfFive()
        let before = try Data(contentsOf: URL(fileURLWithPath: pdf))
        let held = Self.lock(pdf)
        defer { close(held) }
        let r = try Harness.pages([pdf, "--delete", "1", "--in-place", "--lock-wait", "0"])
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(
            r.stderr.contains("'\(pdf)' is being edited by another program that still holds its lock after 0 s"), "\(r.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: pdf)) == before)
        #expect(Harness.listing(dir) == ["doc.pdf"])
    }

    static func attributes(_ path: String) -> (owner: uid_t, group: gid_t, mode: mode_t) {
        var st = stat()
        precondition(stat(path, &st) == 0)
        return (st.st_uid, st.st_gid, st.st_mode & 0o7777)
    }

    @Test("the edited file keeps its owner, group and mode, set-group-ID included (as root: another user's file)")
    func ownerGroupAndModeAreKept() throws {
        let (_, pdf) = try Self.copyOfFive()
        let owner: uid_t = getuid() == 0 ? 4321 : getuid()
        let group: gid_t = getuid() == 0 ? 4322 : getgid()
        #expect(chown(pdf, owner, group) == 0)
        #expect(chmod(pdf, 0o2640) == 0)
        let r = try Harness.pages([pdf, "--rotate", "90", "--in-place"])
        #expect(r.status == 0, "\(r.stderr)")
        let after = Self.attributes(pdf)
        #expect(after.owner == owner && after.group == group && after.mode == 0o2640, "\(after)")
    }

    @Test("a user who edits another user's file: the edit is done, the group and mode kept, and the record says whose it is now")
    func anOwnerThatCannotBeKeptIsAWarning() throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return }
        let (dir, pdf) = try Self.copyOfFive()
        let nobody: uid_t = 65534
        #expect(chmod(dir.path, 0o777) == 0)
        #expect(chown(pdf, 4321, gid_t(nobody)) == 0)
        #expect(chmod(pdf, 0o664) == 0)
        let r = try Harness.run(
            "/usr/bin/setpriv",
            ["--reuid=\(nobody)", "--regid=\(nobody)", "--clear-groups", Harness.tool.path, pdf, "--delete", "1", "--in-place"])
        #expect(r.status == 3, "\(r.stderr)")
        let warning = "'\(pdf)' no longer belongs to user 4321 but to user \(nobody), who edited it"
        #expect((try Harness.record(r.stdout)["warnings"] as? [String])?.first?.contains(warning) == true, "\(r.stdout)")
        #expect(try Harness.pageTexts(pdf) == ["Page 2", "Page 3", "Page 4", "Page 5"])
        let after = Self.attributes(pdf)
        #expect(after.owner == nobody && after.group == gid_t(nobody) && after.mode == 0o664, "\(after)")
    }
}
