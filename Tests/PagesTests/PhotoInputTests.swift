import Foundation
import Testing

/// A photo or an image scan given as pp-pages' input (not inserted into a PDF) becomes a PDF of its own:
/// the sheet a photo shows, straightened (the scanner-app step before making it searchable); --as-is keeps
/// the photo whole; a scan stays as it is; operations then apply to the new PDF's pages.
@Suite("an image as pp-pages' input becomes a PDF")
struct PhotoInputTests {
    @Test func aPhotoAloneBecomesAOnePagePDFOfTheSheet() throws {
        let out = try Harness.folder().appendingPathComponent("sheet.pdf").path
        let r = try Harness.pages([PhotoPageTests.paper("bill-on-desk.jpg"), "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Harness.qpdfCheck(out).status == 0)
        let images = try PhotoPageTests.images(out)
        #expect(images.count == 1 && images.first != "1050x1400", "the photo went in whole: \(images)")
        let (w, h) = try PhotoPageTests.size(out, page: 1)
        #expect(abs(h / w / 1.414 - 1) < 0.02, "the page is \(w) x \(h) pt, not the A4 sheet's aspect")
        // The sheet's words are on the page: pp-ocr can read it as a scan (make demo makes it searchable).
    }

    @Test func asIsKeepsThePhotoAndOperationsApply() throws {
        let dir = try Harness.folder()
        let whole = dir.appendingPathComponent("whole.pdf").path
        let r = try Harness.pages([PhotoPageTests.paper("bill-on-desk.jpg"), "--as-is", "-o", whole])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try PhotoPageTests.images(whole) == ["1050x1400"])
        let two = dir.appendingPathComponent("two.pdf").path
        let s = try Harness.pages([PhotoPageTests.paper("scan.png"), "--append", PhotoPageTests.paper("scan.png"), "-o", two])
        #expect(s.status == 0, "\(s.stderr)")
        #expect(try PhotoPageTests.images(two) == ["500x707", "500x707"], "a scan was changed")
    }

    @Test func anImageCannotBeEditedInPlaceIntoAPDF() throws {
        let dir = try Harness.folder()
        let copy = dir.appendingPathComponent("photo.jpg")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: PhotoPageTests.paper("bill-on-desk.jpg")), to: copy)
        let r = try Harness.pages([copy.path, "--rotate", "90", "--in-place"])
        #expect(r.status == 2 && r.stderr.contains("--in-place would replace the image"), "\(r.status) \(r.stderr)")
        #expect(
            try Data(contentsOf: copy) == (try Data(contentsOf: URL(fileURLWithPath: PhotoPageTests.paper("bill-on-desk.jpg")))))
    }
}
