import Foundation
import PPShared
import Testing

@testable import OCR

/// pp-ocr --straighten on the photos of Tests/Fixtures/paper (made by its make_paper.py): the bill on a
/// desk, turned and seen at a slant, is read as the sheet cut out and made upright, and reads more of its
/// printed words than the photo as it is; a scan is read as it is.
@Suite("pp-ocr --straighten")
struct StraightenTests {
    static let folder = "Tests/Fixtures/paper"

    static func printedWords() throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: Fixture.path("\(folder)/bill-on-desk.json")))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(object["words"] as? [String])
    }

    /// How many of `printed` the reading holds (each word counted as often as both have it).
    static func found(_ record: JSON, of printed: [String]) -> Int {
        var left = Dictionary(printed.map { ($0, 1) }, uniquingKeysWith: +)
        var count = 0
        for line in record["lines"]?.arrayValue ?? [] {
            for word in line["words"]?.arrayValue ?? [] {
                guard let text = word["text"]?.stringValue, let n = left[text], n > 0 else { continue }
                left[text] = n - 1
                count += 1
            }
        }
        return count
    }

    @Test func aPhotoOfABillOnADeskReadsMoreOfItsWordsStraightened() throws {
        let page = Fixture.page(Fixture.path("\(Self.folder)/bill-on-desk.jpg"))
        let plain = PageOCR(options: try Fixture.options()).process(page)
        let straight = PageOCR(options: try Fixture.options { $0.straighten = true }).process(page)
        let printed = try Self.printedWords()
        let (before, after) = (Self.found(plain, of: printed), Self.found(straight, of: printed))
        #expect(after > before, "straightened \(after), as it is \(before) of \(printed.count) words")
        #expect(Double(after) >= 0.9 * Double(printed.count))
        #expect(plain["ocr"]?["paper"] == nil)
        let paper = try #require(straight["ocr"]?["paper"])
        #expect(paper["corners"]?.arrayValue?.count == 4)
        // The record's size is the sheet's (A4's aspect), not the photo's (3:4).
        let size = (straight["size"]?.arrayValue ?? []).compactMap { $0.doubleValue }
        #expect(size.count == 2 && abs(size[1] / size[0] / 1.414 - 1) < 0.02)
    }

    @Test func aScanIsReadAsItIs() throws {
        let page = Fixture.page(Fixture.path("\(Self.folder)/scan.png"), dpi: 60)
        let straight = PageOCR(options: try Fixture.options { $0.straighten = true }).process(page)
        #expect(straight["ocr"] != nil)
        #expect(straight["ocr"]?["paper"] == nil)
    }
}
