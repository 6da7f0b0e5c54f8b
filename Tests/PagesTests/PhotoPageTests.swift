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

    /// The medians of page `page`'s four quarters (grey 0...255), rendered by pdftoppm at 20 dpi.
    static func quarterMedians(_ pdf: String, page: Int, in dir: URL) throws -> [Int] {
        let base = dir.appendingPathComponent("grey-\(page)").path
        _ = try Harness.run("pdftoppm", ["-gray", "-r", "20", "-f", "\(page)", "-l", "\(page)", "-singlefile", pdf, base])
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: base + ".pgm")))
        // P5, width, height, maxval split by whitespace, one more whitespace byte, then a byte a pixel.
        var fields: [Int] = []
        var at = 2
        while fields.count < 3 {
            while [9, 10, 13, 32].contains(bytes[at]) { at += 1 }
            var value = 0
            while (48...57).contains(bytes[at]) {
                value = value * 10 + Int(bytes[at] - 48)
                at += 1
            }
            fields.append(value)
        }
        let (w, h, pixels) = (fields[0], fields[1], Array(bytes[(at + 1)...]))
        return [(0, 0), (1, 0), (0, 1), (1, 1)].map { qx, qy in
            var quarter: [UInt8] = []
            let (x0, x1) = (qx * w / 2, (qx + 1) * w / 2)
            for y in (qy * h / 2)..<((qy + 1) * h / 2) {
                let row: Int = y * w
                quarter += pixels[(row + x0)..<(row + x1)]
            }
            return Int(quarter.sorted()[quarter.count / 2])
        }
    }

    @Test func whitenMakesTheSheetsBackgroundEvenAndWhite() throws {
        let dir = try Harness.folder()
        var medians: [[Int]] = []
        for extra in [[], ["--whiten"]] {
            let out = dir.appendingPathComponent("out\(extra.count).pdf").path
            let r = try Harness.pages(
                [Harness.fixture("five.pdf"), "--keep", "1", "--append", Self.paper("bill-on-desk.jpg"), "-o", out] + extra)
            #expect(r.status == 0, "\(r.stderr)")
            medians.append(try Self.quarterMedians(out, page: 2, in: dir))
        }
        // The photo's paper is lit unevenly; whitened, every quarter's paper is the same near-white.
        let spread = medians.map { $0.max()! - $0.min()! }
        #expect(spread[1] < spread[0] && spread[1] <= 2, "quarters \(medians[0]) straightened, \(medians[1]) whitened")
        #expect(medians[1].min()! >= 245)
    }
}
