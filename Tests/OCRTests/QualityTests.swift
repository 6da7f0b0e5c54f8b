import Foundation
import PPShared
import Testing

@testable import OCR

/// OCR quality on the samples' photo versions: the words of each bill's source PDF (pdftotext) are
/// recovered, and the payment fields of samples/truth.jsonl (account, amount, reference) can be read.
@Suite("OCR quality on samples/photos")
struct QualityTests {
    struct Photo: Sendable {
        let path: String
        let frame: Int?
        let languages: String
        var pdf: String {
            let name = (path as NSString).lastPathComponent
            // A photo's name is its bill's, with what was done to the paper after it.
            var stem = (name as NSString).deletingPathExtension
            for how in ["-nodpi", "-turned", "-upside-down", "-skew"] { stem = stem.replacingOccurrences(of: how, with: "") }
            return "samples/pdf/\(stem).pdf"
        }
    }

    static func photos() throws -> [Photo] {
        let folder = Fixture.path("samples/photos")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        var photos: [Photo] = []
        for name in names {
            let byCountry = [
                "rs-": "srp_latn+srp+eng", "at-": "deu+eng", "de-": "deu+eng", "ch-": "deu+fra+eng", "hr-": "hrv+eng",
                "si-": "slv+eng", "cz-": "ces+eng", "sk-": "slk+eng",
            ]
            let languages = byCountry.first { name.hasPrefix($0.key) }?.value ?? "eng"
            if name.hasSuffix(".tiff") || name.hasSuffix(".tif") {
                photos += [0, 1].map { Photo(path: "samples/photos/\(name)", frame: $0, languages: languages) }
            } else {
                photos.append(Photo(path: "samples/photos/\(name)", frame: nil, languages: languages))
            }
        }
        return photos
    }

    /// Words without the punctuation around them.
    static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { $0.isWhitespace }).compactMap { token in
            let trimmed = token.drop(while: { !$0.isLetter && !$0.isNumber }).reversed().drop(while: {
                !$0.isLetter && !$0.isNumber
            })
            let word = String(trimmed.reversed())
            return word.isEmpty ? nil : word
        }
    }

    /// Upper case without spaces and separators, O read as 0 and I as 1 (pp-extract's checksum-guided
    /// repair undoes both): how a payment field is compared.
    static func folded(_ text: String) -> String {
        String(text.uppercased().filter { !" .,-/\t".contains($0) }.map { $0 == "O" ? "0" : $0 == "I" ? "1" : $0 })
    }

    static func sourceText(pdf: String, page: Int) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pdftotext")
        process.arguments = ["-f", "\(page)", "-l", "\(page)", "-layout", Fixture.path(pdf), "-"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func photosAreReadWellEnoughForPaymentExtraction() throws {
        let photos = try Self.photos()
        #expect(photos.count >= 10)
        let truth = try String(contentsOfFile: Fixture.path("samples/truth.jsonl"), encoding: .utf8)
            .split(separator: "\n").compactMap { try? JSON.parse(String($0)) }
        let tessdata = try Tessdata.locate()

        // All pages through the same parallel map pp-ocr uses, one engine set per worker and language list.
        var results: [JSON] = []
        var queue = photos[...]
        let map = OrderedParallelMap<Photo, JSON>(jobs: coreCount) {
            var engines: [String: PageOCR] = [:]
            return { photo in
                var options = OCROptions(tessdata: tessdata)
                options.languages = photo.languages
                // Some photos are of paper turned on the desk (90, 180, 270 degrees).
                options.rotatePages = true
                let ocr = engines[photo.languages] ?? PageOCR(options: options)
                engines[photo.languages] = ocr
                return ocr.process(
                    Fixture.page(Fixture.path(photo.path), frame: photo.frame, extra: ["source": .string(photo.path)]))
            }
        }
        try map.run(next: { queue.popFirst() }, emit: { results.append($0) })

        var found = 0
        var total = 0
        var report: [String] = []
        for (photo, out) in zip(photos, results) {
            #expect(out["text_source"] == "ocr", "\(photo.path): \(out["error"]?.encoded() ?? "")")
            let text = Fixture.text(out)
            var expected: [String: Int] = [:]
            for word in Self.words(try Self.sourceText(pdf: photo.pdf, page: (photo.frame ?? 0) + 1)) {
                expected[word, default: 0] += 1
            }
            var read: [String: Int] = [:]
            for word in Self.words(text) { read[word, default: 0] += 1 }
            let pageFound = expected.reduce(0) { $0 + min($1.value, read[$1.key] ?? 0) }
            let pageTotal = expected.values.reduce(0, +)
            found += pageFound
            total += pageTotal
            let accuracy = Double(pageFound) / Double(max(pageTotal, 1))
            report.append("\(photo.path)#\(photo.frame ?? 0): \(pageFound)/\(pageTotal)")
            #expect(accuracy >= 0.8, "\(photo.path): word accuracy \(accuracy)")

            // The payment fields, on the page that carries them (the first, or the slip of a 2-page bill).
            guard photo.frame ?? 0 == 0 || photo.path.hasSuffix("-2p.tiff") else { continue }
            guard let fields = truth.first(where: { $0["source"]?.stringValue == photo.path }) else {
                Issue.record("\(photo.path) is not in samples/truth.jsonl")
                continue
            }
            let lines = (out["lines"]?.arrayValue ?? []).compactMap { $0["text"]?.stringValue }.map(Self.folded)
            func readable(_ key: String) -> Bool {
                guard let value = fields[key]?.stringValue else { return true }
                var forms = [Self.folded(value)]
                // A Serbian account 3-13-2 is printed short, without the zeros that pad the middle part.
                if key == "account", value.count == 18, value.allSatisfy(\.isNumber) {
                    let digits = Array(value)
                    let middle = String(digits[3..<16]).drop(while: { $0 == "0" })
                    forms.append(String(digits[0..<3]) + middle + String(digits[16..<18]))
                }
                return lines.contains { line in forms.contains { line.contains($0) } }
            }
            let fieldsPage = photo.path.hasSuffix("-2p.tiff") ? (photo.frame == 1) : true
            if fieldsPage {
                for key in ["account", "amount", "reference"] {
                    #expect(readable(key), "\(photo.path): \(key) \(fields[key]?.stringValue ?? "") not readable")
                }
            }
        }
        let accuracy = Double(found) / Double(max(total, 1))
        print("word accuracy on samples/photos: \(found)/\(total) = \(accuracy)\n" + report.joined(separator: "\n"))
        #expect(accuracy >= 0.9)
    }
}
