import Foundation
import Testing

@Suite("pp-pages: inputs that cannot be read")
struct MissingInputTests {
    @Test("a file to insert that is missing or a symlink loop: an error record in the OS's words, exit 3, nothing written")
    func missingInsertFileIsAnErrorRecord() throws {
        let dir = try Harness.folder()
        let out = dir.appendingPathComponent("out.pdf").path
        let loop = dir.appendingPathComponent("loop.jpg").path
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: loop)
        for (file, reason) in [("missing.jpg", "no such file or directory"), (loop, "too many levels of symbolic links")] {
            let r = try Harness.pages([Harness.fixture("five.pdf"), "--insert-at", "2", file, "-o", out])
            #expect(r.status == 3)
            #expect(r.stdout.contains(#""code":"file_missing""#) && r.stdout.contains(#""state":"error""#), "\(r.stdout)")
            #expect(r.stdout.contains("the file to insert: cannot open '\(file)': \(reason)"), "\(r.stdout)")
            #expect(r.stderr.contains(reason))
            #expect(!FileManager.default.fileExists(atPath: out))
        }
        try FileManager.default.removeItem(atPath: loop)
        #expect(Harness.listing(dir).isEmpty)
    }
}
