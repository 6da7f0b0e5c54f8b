import Foundation
import Testing

/// pp-pages with a photo of a bill on a desk (Tests/Fixtures/paper, made by its make_paper.py): by default
/// the page is the sheet cut out and straightened, of its aspect; --as-is keeps the whole photo, byte for
/// byte; a scan stays as it is either way.
@Suite("photos become pages as a scanner app makes them")
struct PhotoPageTests {
    static func paper(_ name: String) -> String { Harness.root.appendingPathComponent("Tests/Fixtures/paper/\(name)").path }

    /// width x height of each image, as pdfimages lists them.
    static func images(_ pdf: String) throws -> [String] {
        let list = try Harness.run("pdfimages", ["-list", pdf]).stdout
        return list.split(separator: "\n").dropFirst(2).map { $0.split(separator: " ", omittingEmptySubsequences: true) }
            .map { "\($0[3])x\($0[4])" }
    }

    /// Width and height in points of page `page`, as pdfinfo reports it.
    static func size(_ pdf: String, page: Int) throws -> (Double, Double) {
        let info = try Harness.run("pdfinfo", ["-f", "\(page)", "-l", "\(page)", pdf]).stdout
        let line = try #require(info.split(separator: "\n").first { $0.hasPrefix("Page") && $0.contains(" size:") })
        let numbers = line.split(separator: ":", maxSplits: 1)[1].split(separator: " ").compactMap { Double($0) }
        return (numbers[0], numbers[1])
    }

    @Test func aPhotoOfASheetOnADeskBecomesTheSheet() throws {
        let dir = try Harness.folder()
        let out = dir.appendingPathComponent("out.pdf").path
        let r = try Harness.pages([
            Harness.fixture("five.pdf"), "--keep", "1", "--append", Self.paper("bill-on-desk.jpg"), "--append",
            Self.paper("scan.png"), "-o", out,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Harness.qpdfCheck(out).status == 0)
        let images = try Self.images(out)
        #expect(images.count == 2)
        #expect(images.first != "1050x1400", "the photo went in whole")
        #expect(images.last == "500x707", "the scan was changed")
        // The sheet is A4 (1:1.414); the photo is 3:4.
        let (w, h) = try Self.size(out, page: 2)
        #expect(abs(h / w / 1.414 - 1) < 0.02, "page 2 is \(w) x \(h) pt")
    }

    @Test func asIsKeepsTheWholePhotoByteForByte() throws {
        let dir = try Harness.folder()
        let out = dir.appendingPathComponent("out.pdf").path
        let r = try Harness.pages([
            Harness.fixture("five.pdf"), "--keep", "1", "--append", Self.paper("bill-on-desk.jpg"), "--as-is", "-o", out,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        _ = try Harness.run("pdfimages", ["-j", out, dir.appendingPathComponent("img").path])
        let extracted = try Data(contentsOf: dir.appendingPathComponent("img-000.jpg"))
        #expect(extracted == (try Data(contentsOf: URL(fileURLWithPath: Self.paper("bill-on-desk.jpg")))))
        let (w, h) = try Self.size(out, page: 2)
        #expect(abs(h / w - 1400.0 / 1050) < 0.01)
    }
}
