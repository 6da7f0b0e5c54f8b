import Foundation
import PPShared
import PixImage
import Testing

@testable import OCR

/// Stamps in coloured ink (Tests/Fixtures/stamps/make_stamps.py: a red "BEZAHLT" turned 20 degrees over the
/// totals, a blue letterhead set straight, on a dark desk; the same under warm light with a purple stamp) are
/// read by themselves, upright.
@Suite("coloured stamps")
struct StampTests {
    static let photo = "Tests/Fixtures/stamps/stamp-photo.jpg"

    @Test func aTurnedStampOverTheTotalsIsRead() throws {
        let out = PageOCR(options: try Fixture.options("deu+eng")).process(Fixture.page(Fixture.path(Self.photo), dpi: 150))
        #expect(out["ocr"]?["stamps"]?.intValue == 1)
        let lines = out["lines"]?.arrayValue ?? []
        let stamp = lines.first { $0["text"]?.stringValue == "BEZAHLT" }
        #expect(stamp != nil, "\(lines.compactMap { $0["text"]?.stringValue })")
        // Its box is the turned word's on the page (points at 150 dpi): over the totals, taller than a line.
        let box = stamp?["box"]?.arrayValue?.compactMap(\.doubleValue) ?? []
        #expect(box.count == 4 && box[0] > 200 && box[2] < 560 && box[1] > 190 && box[3] < 420, "\(box)")
        #expect(box.count == 4 && box[3] - box[1] > 40, "\(box)")
        // The straight blue letterhead was read with the page and is not read twice.
        #expect(lines.filter { $0["text"]?.stringValue?.contains("Weidinger") == true }.count == 1)
    }

    /// Paper under warm light has a chroma of its own (about 30): the stamp is read all the same.
    @Test func aStampUnderWarmLightIsRead() throws {
        let warm = "Tests/Fixtures/stamps/stamp-photo-warm.jpg"
        let out = PageOCR(options: try Fixture.options("deu+eng")).process(Fixture.page(Fixture.path(warm), dpi: 150))
        let lines = out["lines"]?.arrayValue?.compactMap { $0["text"]?.stringValue } ?? []
        #expect(lines.contains("BEZAHLT"), "\(lines)")
    }

    @Test func aGrayPageHasNoColourStamps() throws {
        let photo = try PixImage.read(path: Fixture.path(Self.photo), frame: nil)
        #expect(ColourStamps(on: photo).stamps.count == 1)
        let gray = try #require(photo.convertedTo8())
        #expect(ColourStamps(on: gray).stamps.isEmpty)
    }
}
