import Foundation
import Testing

/// `pp-ingest | pp-ocr --text-layer | pp-pages --searchable` with the real engines, checked with poppler's
/// pdftotext and qpdf. The fixture (Tests/Fixtures/searchable/make-searchable.py) has a grey JPEG scan, a
/// born-digital page, a 1-bit scan shown through /Rotate 90 on a media box away from 0, and a skewed scan.
@Suite("pp-pages --searchable", .serialized)
struct SearchableTests {
    static let scan = Harness.root.appendingPathComponent("Tests/Fixtures/searchable/scan.pdf").path
    /// Word F1 of pdftotext's words against pp-ocr's that a page must reach.
    static let minimumF1 = 0.98
    /// How far a word's box from pdftotext may lie from pp-ocr's, in points.
    static let boxTolerance = 2.0

    static func tool(_ name: String) -> String { Harness.tool.deletingLastPathComponent().appendingPathComponent(name).path }

    /// The pipeline once: the records pp-ocr wrote and the searchable PDF, in a fresh folder.
    static func searchable() throws -> (folder: URL, records: [[String: Any]], out: String, edit: [String: Any]) {
        let folder = try Harness.folder()
        let records = folder.appendingPathComponent("pages.jsonl").path
        let out = folder.appendingPathComponent("searchable.pdf").path
        let ocr = try Harness.run(
            "/bin/sh",
            ["-c", "\"$0\" \"$1\" | \"$2\" --text-layer --lang eng > \"$3\"", tool("pp-ingest"), scan, tool("pp-ocr"), records])
        #expect(ocr.status == 0, "\(ocr.stderr)")
        let lines = try String(contentsOfFile: records, encoding: .utf8).split(separator: "\n")
        let parsed = try lines.map { try Harness.record(String($0)) }
        let edit = try Harness.pages([scan, "--searchable", records, "-o", out])
        #expect(edit.status == 0, "\(edit.stderr)")
        return (folder, parsed, out, try Harness.record(edit.stdout))
    }

    struct Word {
        var text: String
        var box: [Double]
    }

    static func pdfWords(_ pdf: String, page: Int) throws -> [Word] {
        let xml = try Harness.run("pdftotext", ["-bbox", "-f", "\(page)", "-l", "\(page)", pdf, "-"]).stdout
        let pattern = try NSRegularExpression(
            pattern: #"<word xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" yMax="([-\d.]+)">(.*?)</word>"#)
        return pattern.matches(in: xml, range: NSRange(xml.startIndex..., in: xml)).map { m in
            let group = { (i: Int) in String(xml[Range(m.range(at: i), in: xml)!]) }
            let text = group(5).replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&lt;", with: "<")
                .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
            return Word(text: text, box: (1...4).map { Double(group($0))! })
        }
    }

    /// F1 of two bags of words.
    static func f1(_ a: [String], _ b: [String]) -> Double {
        var counts: [String: Int] = [:]
        for w in a { counts[w, default: 0] += 1 }
        var common = 0
        for w in b where (counts[w] ?? 0) > 0 {
            counts[w]! -= 1
            common += 1
        }
        return a.isEmpty && b.isEmpty ? 1 : 2 * Double(common) / Double(a.count + b.count)
    }

    /// pp-ocr's words with their boxes moved back onto the page as given (the record's boxes are in the frame
    /// pp-ocr straightened the page into).
    static func ocrWords(_ record: [String: Any]) -> [Word] {
        let ocr = record["ocr"] as! [String: Any]
        let turn = ((ocr["deskew_degrees"] as? Double) ?? 0) * .pi / 180
        let size = (ocr["text_layer"] as! [String: Any])["size"] as! [Double]
        let (cx, cy) = (size[0] / 2, size[1] / 2)
        func back(_ x: Double, _ y: Double) -> (Double, Double) {
            (cx + cos(turn) * (x - cx) + sin(turn) * (y - cy), cy - sin(turn) * (x - cx) + cos(turn) * (y - cy))
        }
        return (record["lines"] as! [[String: Any]]).flatMap { line in
            (line["words"] as! [[String: Any]]).map { w in
                let b = w["box"] as! [Double]
                let (x0, y0) = back(b[0], b[1])
                let (x1, y1) = back(b[2], b[3])
                return Word(text: w["text"] as! String, box: [x0, y0, x1, y1])
            }
        }
    }

    /// The largest distance of one word's box from pdftotext's: the left edge, the right edge (Tesseract's
    /// renderer spreads a word and a trailing space over the word's box, except on a block's last word,
    /// which the record does not tell: either edge counts), and the baseline (pdftotext's bottom) against
    /// the word's bottom, on words standing on it (the top follows the font size Tesseract picks).
    static func distance(_ ocr: Word, _ pdf: Word) -> Double {
        let (o, p) = (ocr.box, pdf.box)
        let n = Double(ocr.text.count)
        let shortRight = o[0] + (o[2] - o[0]) * n / (n + 1)
        let right = min(abs(p[2] - o[2]), abs(p[2] - shortRight))
        // A word's bottom is its baseline only when it has a letter or digit and nothing below the line.
        let onLine =
            ocr.text.contains { $0.isLetter || $0.isNumber } && !ocr.text.contains { "gjpqy,;()[]{}|/Q@$".contains($0) }
        return max(abs(p[0] - o[0]), right, onLine ? abs(p[3] - o[3]) : 0)
    }

    @Test func theScannedPagesReadBackWhereTheirWordsAre() throws {
        let (folder, records, out, edit) = try Self.searchable()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(edit["text_layers"] as? [Int] == [1, 3, 4])
        #expect(edit["text_layers_skipped"] as? [Int] == [])
        #expect(try Harness.qpdfCheck(out).stdout.contains("No syntax or stream encoding errors"))
        let read = records.filter { ($0["ocr"] as? [String: Any])?["text_layer"] != nil }
        #expect(read.map { $0["page"] as! Int } == [1, 3, 4])
        for record in read {
            let page = record["page"] as! Int
            let ocr = Self.ocrWords(record)
            let pdf = try Self.pdfWords(out, page: page)
            // pdftotext's layout splits words of text on a slant; its reading order (-raw) keeps them.
            let deskewed = ((record["ocr"] as! [String: Any])["deskew_degrees"] as? Double ?? 0) != 0
            let pdfTexts =
                deskewed
                ? try Harness.run("pdftotext", ["-raw", "-f", "\(page)", "-l", "\(page)", out, "-"]).stdout.split {
                    $0 == " " || $0 == "\n"
                }.map(String.init) : pdf.map(\.text)
            let f1 = Self.f1(ocr.map(\.text), pdfTexts)
            #expect(f1 >= Self.minimumF1, "page \(page): word F1 \(f1)")
            var pool = pdf
            var far: [String] = []
            for word in ocr {
                let centre = { (b: [Double]) in ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2) }
                let (cx, cy) = centre(word.box)
                guard
                    let at = pool.indices.filter({ pool[$0].text == word.text }).min(by: {
                        let (a, b) = (centre(pool[$0].box), centre(pool[$1].box))
                        return abs(a.0 - cx) + abs(a.1 - cy) < abs(b.0 - cx) + abs(b.1 - cy)
                    })
                else { continue }
                let d = Self.distance(word, pool.remove(at: at))
                if d > Self.boxTolerance { far.append("\(word.text) \(d)") }
            }
            #expect(far.isEmpty, "page \(page): words more than \(Self.boxTolerance) pt from pp-ocr's box: \(far)")
        }
        // The born-digital page reads as it did, once.
        #expect(try Harness.pageTexts(out)[1] == Harness.pageTexts(Self.scan)[1])
    }

    /// Every stream of the input (its images, its content) is in the output with the same bytes.
    @Test func theOriginalStreamsAreByteIdentical() throws {
        let (folder, _, out, _) = try Self.searchable()
        defer { try? FileManager.default.removeItem(at: folder) }
        func streams(_ pdf: String) throws -> (images: [String], all: Set<String>) {
            let json = try Harness.run(
                "qpdf", ["--json=2", "--json-key=qpdf", "--json-stream-data=inline", "--decode-level=none", pdf]
            ).stdout
            let top = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
            let objects = (top["qpdf"] as! [Any])[1] as! [String: Any]
            var images: [String] = []
            var all: Set<String> = []
            for case let object as [String: Any] in objects.values {
                guard let stream = object["stream"] as? [String: Any], let data = stream["data"] as? String else { continue }
                all.insert(data)
                if (stream["dict"] as? [String: Any])?["/Subtype"] as? String == "/Image" { images.append(data) }
            }
            return (images.sorted(), all)
        }
        let (before, after) = (try streams(Self.scan), try streams(out))
        #expect(before.images.count == 3)
        #expect(before.images == after.images)
        #expect(before.all.isSubset(of: after.all))
    }

    @Test func aSearchablePDFIsLeftAsItIsTheSecondTime() throws {
        let (folder, records, out, _) = try Self.searchable()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The records name the scan; as the second run's records they name its copy.
        let again = folder.appendingPathComponent("again.jsonl").path
        let lines = try records.map { record -> String in
            var r = record
            r["source"] = out
            return String(decoding: try JSONSerialization.data(withJSONObject: r), as: UTF8.self)
        }
        try lines.joined(separator: "\n").write(toFile: again, atomically: true, encoding: .utf8)
        let twice = folder.appendingPathComponent("twice.pdf").path
        let run = try Harness.pages([out, "--searchable", again, "-o", twice])
        #expect(run.status == 0, "\(run.stderr)")
        let edit = try Harness.record(run.stdout)
        #expect(edit["text_layers"] as? [Int] == [])
        #expect(edit["text_layers_skipped"] as? [Int] == [1, 3, 4])
        #expect(try Harness.pageTexts(twice) == Harness.pageTexts(out))
    }

    @Test func recordsOfAnotherFileAreAUsageError() throws {
        let folder = try Harness.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let records = folder.appendingPathComponent("other.jsonl").path
        try #"{"kind":"page","source":"other.pdf","page":1,"ocr":{"text_layer":{"pdf":"","matrix":[1,0,0,1,0,0],"size":[1,1]}}}"#
            .write(toFile: records, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("out.pdf").path
        let run = try Harness.pages([Self.scan, "--searchable", records, "-o", out])
        #expect(run.status == 2)
        #expect(run.stderr.contains("no page record of"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// A photo with its records becomes a one-page PDF: the JPEG's bytes as they were, its words under it.
    @Test func aPhotoBecomesASearchablePDF() throws {
        let folder = try Harness.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The fixture's first page is a JPEG as a camera or scanner writes one (JFIF, 200 dpi).
        let stem = folder.appendingPathComponent("bill").path
        #expect(try Harness.run("pdfimages", ["-j", "-f", "1", "-l", "1", Self.scan, stem]).status == 0)
        let photo = stem + "-000.jpg"
        let records = folder.appendingPathComponent("bill.jsonl").path
        let ocr = try Harness.run(
            "/bin/sh",
            [
                "-c", "\"$0\" \"$1\" | \"$2\" --text-layer --lang eng > \"$3\"", Self.tool("pp-ingest"), photo,
                Self.tool("pp-ocr"), records,
            ])
        #expect(ocr.status == 0, "\(ocr.stderr)")
        let out = folder.appendingPathComponent("bill.pdf").path
        let run = try Harness.pages([photo, "--searchable", records, "-o", out])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Harness.record(run.stdout)["text_layers"] as? [Int] == [1])
        #expect(try Harness.qpdfCheck(out).stdout.contains("No syntax or stream encoding errors"))
        let record = try Harness.record(String(try String(contentsOfFile: records, encoding: .utf8).split(separator: "\n")[0]))
        let f1 = Self.f1(Self.ocrWords(record).map(\.text), try Self.pdfWords(out, page: 1).map(\.text))
        #expect(f1 >= Self.minimumF1, "word F1 \(f1)")
        let back = folder.appendingPathComponent("back").path
        #expect(try Harness.run("pdfimages", ["-j", out, back]).status == 0)
        #expect(FileManager.default.contentsEqual(atPath: back + "-000.jpg", andPath: photo))
        // In place would put a PDF where the photo was.
        let inPlace = try Harness.pages([photo, "--searchable", records, "--in-place"])
        #expect(inPlace.status == 2 && inPlace.stderr.contains("-o OUT.pdf"))
    }
}
