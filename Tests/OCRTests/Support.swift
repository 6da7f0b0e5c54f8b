import CLeptonica
import Foundation
import PPShared
import PixImage

@testable import OCR

/// Paths and helpers shared by the OCR tests: the repository root, a scratch folder, page records.
enum Fixture {
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        fatalError("repository root not found above \(#filePath)")
    }()

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// A fresh scratch folder for one test.
    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pp-ocr-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func options(_ languages: String = "eng", configure: (inout OCROptions) -> Void = { _ in }) throws -> OCROptions {
        var options = OCROptions(tessdata: try Tessdata.locate())
        options.languages = languages
        configure(&options)
        return options
    }

    /// A page record the way pp-ingest writes one for an image that needs OCR.
    static func page(_ imagePath: String, frame: Int? = nil, dpi: Int? = nil, extra: [String: JSON] = [:]) -> JSON {
        var image: [String: JSON] = ["path": .string(imagePath)]
        if let frame { image["frame"] = .int(frame) }
        if let dpi { image["dpi"] = .int(dpi) }
        var record: [String: JSON] = ["kind": "page", "page": 1, "text_source": nil, "image": .object(image)]
        for (key, value) in extra { record[key] = value }
        return .object(record)
    }

    static func text(_ record: JSON) -> String {
        (record["lines"]?.arrayValue ?? []).compactMap { $0["text"]?.stringValue }.joined(separator: "\n")
    }

    /// An 8-bit image of random black and white dots: page layout analysis of it takes seconds.
    static func noise(width: Int, height: Int, seed: UInt64) -> PixImage {
        let image = PixImage.make { pixCreate(Int32(width), Int32(height), 8) }!
        image.withPix { pix in
            let wpl = Int(pixGetWpl(pix))
            let data = UnsafeMutableRawPointer(pixGetData(pix)!).assumingMemoryBound(to: UInt8.self)
            var state = seed
            for i in 0..<(wpl * 4 * height) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                data[i] = (state >> 33) & 0xFF < 100 ? 0 : 255
            }
        }
        image.setResolution(300)
        return image
    }
}
