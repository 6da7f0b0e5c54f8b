import Extract
import Foundation
import PPShared
import Testing

/// Document records keep, per page, what a picture of it needs (`page_views`), so the review can draw
/// the candidates' boxes on it.
@Suite struct PageViewTests {
    static let profiles: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Sources/Extract/Profiles").path
    }()

    @Test func aPhotoReadTurnedKeepsItsImageThumbnailAndTurn() throws {
        let processor = DocumentProcessor(choice: .fixed(try ProfileStore(folders: [Self.profiles]).load("sepa")))
        let photo: JSON = [
            "kind": "page", "source": "photos/bill.jpg", "doc": "sha256:01", "page": 1, "pages": 2,
            "size": [.number("666.64"), .number("913.13")],
            "image": ["path": "photos/bill.jpg", "dpi": 170, "width": 1574, "height": 2156, "dpi_assumed": false],
            "thumbnail": ["path": ".pp-work/01/p1-thumb800.png", "width": 800, "height": 1096],
            "ocr": ["rotation": 180, "deskew_degrees": .number("-1.88"), "mean_conf": 90],
            "lines": [["text": "IBAN AT61 1904 3002 3457 3201", "box": [50, 60, 300, 72]]],
        ]
        let digital: JSON = [
            "kind": "page", "source": "photos/bill.jpg", "doc": "sha256:01", "page": 2, "pages": 2,
            "size": [.number("595.28"), .number("841.89")], "text_rotation": 90,
        ]
        let record = processor.process([photo, digital])
        let views = try #require(record["page_views"]?.arrayValue)
        #expect(views.count == 2)
        #expect(
            views[0]
                == [
                    "page": 1, "size": [.number("666.64"), .number("913.13")], "rotation": 180,
                    "deskew_degrees": .number("-1.88"),
                    "image": ["path": "photos/bill.jpg", "dpi": 170, "width": 1574, "height": 2156],
                    "thumbnail": ["path": ".pp-work/01/p1-thumb800.png", "width": 800, "height": 1096],
                ])
        #expect(views[1] == ["page": 2, "size": [.number("595.28"), .number("841.89")], "rotation": 90])
        // Every candidate found in the text names its page and box: the picture has what it needs.
        for (_, list) in record["candidates"]?.members ?? [:] {
            for c in list.arrayValue ?? [] where c["box"] != .null { #expect(c["page"]?.intValue == 1) }
        }
        #expect(record["candidates"]?["account"]?.arrayValue?.first?["box"]?.arrayValue?.count == 4)
    }
}
