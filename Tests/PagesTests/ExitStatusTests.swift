import Foundation
import Pages
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Every way a run ends that --help lists (`ExitCase.all`), run through the built pp-pages: the exit status
/// the help gives, and the result written or not as it says. A case of the help without a row here fails.
@Suite("pp-pages exits as its --help says", .serialized)
struct ExitStatusTests {
    /// One run: its case of the help, and how to make it in a fresh folder.
    struct Row: CustomTestStringConvertible, Sendable {
        let id: ExitCase.ID
        let arguments: @Sendable (Place) throws -> [String]
        /// The file whose bytes tell whether a result was written: the input for --in-place, else out.pdf.
        let watched: @Sendable (Place) -> String
        let stdin: String
        var testDescription: String { ExitCase[id].what }

        init(
            _ id: ExitCase.ID, arguments: @escaping @Sendable (Place) throws -> [String],
            watched: @escaping @Sendable (Place) -> String = { $0.out }, stdin: String = ""
        ) {
            self.id = id
            self.arguments = arguments
            self.watched = watched
            self.stdin = stdin
        }

        init(_ id: ExitCase.ID, _ arguments: @escaping @Sendable (Place) throws -> [String]) {
            self.init(id, arguments: arguments)
        }
    }

    /// The folder of one row, with its paths.
    struct Place {
        let dir: URL
        var out: String { dir.appendingPathComponent("out.pdf").path }
        var five: String { Harness.fixture("five.pdf") }
        /// A copy of a fixture in the folder (for --in-place).
        func copy(_ fixture: String) throws -> String {
            let path = dir.appendingPathComponent(fixture).path
            if !FileManager.default.fileExists(atPath: path) {
                try FileManager.default.copyItem(atPath: Harness.fixture(fixture), toPath: path)
            }
            return path
        }
        func file(_ name: String, _ text: String) throws -> String {
            let path = dir.appendingPathComponent(name).path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return path
        }
    }

    static let inPlace: @Sendable (Place) -> String = { $0.dir.appendingPathComponent("five.pdf").path }

    static let rows: [Row] = [
        Row(.done) { [$0.five, "--delete", "1", "-o", $0.out] },
        Row(.done, arguments: { [try $0.copy("five.pdf"), "--order", "z-1", "--in-place"] }, watched: inPlace),
        Row(.warned) { [Harness.fixture("damaged.pdf"), "--delete", "1", "-o", $0.out] },
        Row(.warned) { [Harness.fixture("signed.pdf"), "--delete", "1", "-o", $0.out] },
        Row(.badRequest) { [$0.five, "--delete", "9", "-o", $0.out] },
        Row(.badRequest) { [$0.five, "--insert-at", "99", $0.five, "-o", $0.out] },
        Row(.badRequest) { [$0.five, "--delete", "1", "--bogus", "-o", $0.out] },
        Row(.badRequest) { [$0.five, "--delete", "1-z", "-o", $0.out] },
        Row(.badRequest) { [$0.five, "--in-place", "--delete", "1", "--lock-wait", "-1"] },
        Row(.notAPage) { [$0.five, "--append", try $0.file("notes.txt", "not a page\n"), "-o", $0.out] },
        Row(.password) { [Harness.fixture("encrypted.pdf"), "--delete", "1", "-o", $0.out] },
        Row(.password) {
            [Harness.fixture("encrypted.pdf"), "--password", "wrong", "--delete", "1", "-o", $0.out]
        },
        Row(
            .signedInPlace, arguments: { [try $0.copy("signed.pdf"), "--delete", "1", "--in-place"] },
            watched: { $0.dir.appendingPathComponent("signed.pdf").path }),
        Row(.unwritableOutput, arguments: { [$0.five, "--delete", "1", "-o", $0.dir.path] }),
        Row(.unwritableOutput, arguments: { [$0.five, "--delete", "1", "-o", "/dev/null"] }),
        Row(.unwritableOutput) { [$0.five, "--delete", "1", "-o", $0.dir.appendingPathComponent("no/out.pdf").path] },
        Row(.opsFile) { [$0.five, "--ops", $0.dir.appendingPathComponent("none.jsonl").path, "-o", $0.out] },
        Row(.opsFile) { [$0.five, "--ops", try $0.file("ops.jsonl", "{\"op\":\"shred\"}\n"), "-o", $0.out] },
        Row(
            .locked, arguments: { [try $0.copy("five.pdf"), "--delete", "1", "--in-place", "--lock-wait", "0"] }, watched: inPlace
        ),
        Row(.unopenable) { [$0.dir.appendingPathComponent("none.pdf").path, "--delete", "1", "-o", $0.out] },
        Row(.unopenable) { [$0.five, "--insert-at", "2", $0.dir.appendingPathComponent("none.jpg").path, "-o", $0.out] },
        // A file size limit below the result's 1.5 kB (SIGXFSZ ignored, so the write fails as on a full disk).
        Row(.writeFailed) {
            [
                "/usr/bin/prlimit", "--fsize=1000", "/bin/sh", "-c", "trap '' XFSZ; exec \"$0\" \"$@\"", Harness.tool.path,
                $0.five, "--delete", "1", "-o", $0.out,
            ]
        },
        Row(
            .failedRecord,
            arguments: { _ in ["--ops", "-"] },
            stdin: #"{"source":"Tests/Fixtures/pages/five.pdf","ops":[{"op":"delete","pages":"9"}],"output":"never.pdf"}"# + "\n"),
    ]

    @Test("every case the help lists has a row here, and every row names a case of the help")
    func everyCaseOfTheHelpIsRun() {
        #expect(Set(Self.rows.map(\.id)) == Set(ExitCase.ID.allCases))
        #expect(ExitCase.all.map(\.id) == ExitCase.ID.allCases)
        for exit in ExitCase.all { #expect(pagesCommand.helpText.contains(exit.what), "\(exit.what)") }
    }

    @Test(arguments: rows)
    func endsAsTheHelpSays(_ row: Row) throws {
        let exit = ExitCase[row.id]
        let place = Place(dir: try Harness.folder())
        var arguments = try row.arguments(place)
        let watched = row.watched(place)
        let before = FileManager.default.contents(atPath: watched)
        // The --lock-wait row: the file is locked by someone else (this test) while pp-pages runs.
        var held: Int32 = -1
        if row.id == .locked {
            held = open(watched, O_RDONLY)
            #expect(flock(held, LOCK_EX) == 0)
        }
        defer { if held >= 0 { close(held) } }
        let program = arguments.first == "/usr/bin/prlimit" ? arguments.removeFirst() : Harness.tool.path
        let r = try Harness.run(program, arguments, stdin: row.stdin)
        #expect(r.status == exit.status.rawValue, "\(arguments): \(r.stderr)")
        let after = FileManager.default.contents(atPath: watched)
        #expect((after != nil && after != before) == exit.written, "\(arguments): \(r.stderr)")
        // An error record names the fault whenever nothing was written and the status is 3.
        if exit.status == .recordErrors, !exit.written { #expect(r.stdout.contains(#""state":"error""#), "\(r.stdout)") }
        #expect(!Harness.listing(place.dir).contains { $0.hasSuffix(".pp-tmp") })
    }
}
