import Foundation
import PPShared
import Testing

@testable import Review

#if canImport(Glibc)
    import Glibc
#endif

/// A record's picture path is checked by what the file is and holds before the site copies it: names promise
/// nothing (results files come from anywhere).
@Suite struct PictureCheckTests {
    /// What a site made of one document with `thumbnail` says and holds.
    struct Site {
        let report: SiteWriter.Report
        let images: [String]
        let data: String
    }

    static func site(thumbnail: String, in dir: String) throws -> Site {
        let record = ReviewSiteTests.document(source: "bills/odd.pdf", thumbnail: thumbnail)
        let entries = [
            ReviewEntry(number: 1, record: ReviewSiteTests.document(source: "a.pdf", thumbnail: nil)),
            ReviewEntry(number: 2, record: record),
        ]
        let report = try SiteWriter(folder: dir + "/site").write(entries)
        return Site(
            report: report, images: try FileManager.default.contentsOfDirectory(atPath: dir + "/site/img"),
            data: try String(contentsOfFile: dir + "/site/data/docs-0.js", encoding: .utf8))
    }

    /// Each odd file under a picture's name: what the warning says after the record and the path.
    static let refused: [(name: String, make: @Sendable (String) -> Bool, fault: String)] = [
        (
            "text.png", { (try? Data("hello, no picture here\n".utf8).write(to: URL(fileURLWithPath: $0))) != nil },
            "is not an image"
        ),
        (
            "cut.jpg", { (try? Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00]).write(to: URL(fileURLWithPath: $0))) != nil },
            "is not an image"
        ),
        (
            "device.png", { mknod($0, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0 },  // 1:3, the numbers of /dev/null
            "is not a regular file but a character device"
        ),
        ("link-to-device.png", { symlink("/dev/zero", $0) == 0 }, "is not a regular file but a character device"),
        ("pipe.png", { mkfifo($0, 0o666) == 0 }, "is not a regular file but a pipe"),
    ]

    @Test(arguments: 0..<refused.count)
    func aFileThatIsNoImageIsNotCopied(_ index: Int) throws {
        let (name, make, fault) = Self.refused[index]
        let dir = ReviewSiteTests.folder("odd-picture-\(index)")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let path = dir + "/" + name
        guard make(path) else { return }  // mknod needs root
        let site = try Self.site(thumbnail: path, in: dir)
        #expect(site.images.isEmpty, "\(site.images)")
        let expected = "page 1 of 'bills/odd.pdf' (record 2): its picture '\(path)' \(fault)"
        #expect(site.report.missing.contains { $0.hasPrefix(expected) }, "\(site.report.missing)")
        #expect(!site.data.contains("img/"))
        // The PNGs of --png refuse it the same way.
        let drawn = try BoxedPages(folder: dir + "/png").write([
            ReviewEntry(number: 2, record: ReviewSiteTests.document(source: "bills/odd.pdf", thumbnail: path))
        ])
        #expect(drawn.written.isEmpty && drawn.missing.contains { $0.hasPrefix(expected) }, "\(drawn.missing)")
    }

    @Test("a JPEG named .png is copied as the JPEG it is")
    func aPictureIsNamedByItsBytes() throws {
        let dir = ReviewSiteTests.folder("jpeg-as-png")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let jpeg = root.appendingPathComponent("Fixtures/pages/photo.jpg").path
        try FileManager.default.copyItem(atPath: jpeg, toPath: dir + "/photo.png")
        let site = try Self.site(thumbnail: dir + "/photo.png", in: dir)
        // img/1 would be the first document's page (a.pdf, which is not there).
        #expect(site.images == ["2.jpg"], "\(site.images) \(site.report.missing)")
        #expect(!site.report.missing.contains { $0.contains("bills/odd.pdf") }, "\(site.report.missing)")
        #expect(FileManager.default.contents(atPath: dir + "/site/img/2.jpg") == FileManager.default.contents(atPath: jpeg))
    }
}
