import Foundation
import PPShared
import Testing

/// pp-ingest's work bound per PDF page (--max-page-content, docs/reliability.md): qpdf measures a page's
/// decoded content before poppler reads or renders it, and a page past the bound is a page_too_complex
/// error record; the document's other pages and the other files come out. Before, a page whose few KB of
/// flate data inflate to a gigabyte kept pp-ingest busy for hours (poppler interprets every operator) and
/// the code survey's qpdf decoded it whole into memory. The PDFs are made here, a few KB on disk.
@Suite("pp-ingest's page content bound")
struct ContentBoundTests {
    /// A PDF whose pages have these content streams, each flated twice (nil: a page of one line of text).
    static func pdf(_ contents: [[UInt8]?]) -> [UInt8] {
        let text = Array("BT /F1 12 Tf 72 720 Td (A page that reads) Tj ET".utf8)
        let kids = contents.indices.map { "\(3 + 2 * $0) 0 R" }.joined(separator: " ")
        var objects: [[UInt8]] = [
            Array("<< /Type /Catalog /Pages 2 0 R >>".utf8),
            Array("<< /Type /Pages /Kids [\(kids)] /Count \(contents.count) >>".utf8),
        ]
        let font = 3 + 2 * contents.count
        for (index, content) in contents.enumerated() {
            objects.append(
                Array(
                    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 \(font) 0 R >> >> /Contents \(4 + 2 * index) 0 R >>"
                        .utf8))
            let data = content ?? text
            let filter = content == nil ? "" : " /Filter [/FlateDecode /FlateDecode]"
            objects.append(Array("<< /Length \(data.count)\(filter) >>\nstream\n".utf8) + data + Array("\nendstream".utf8))
        }
        objects.append(Array("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".utf8))
        var out = Array("%PDF-1.4\n".utf8)
        var offsets: [Int] = []
        for (i, object) in objects.enumerated() {
            offsets.append(out.count)
            out += Array("\(i + 1) 0 obj\n".utf8) + object + Array("\nendobj\n".utf8)
        }
        let xref = out.count
        out += Array("xref\n0 \(objects.count + 1)\n0000000000 65535 f \n".utf8)
        for offset in offsets {
            out += Array((String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n").utf8)
        }
        out += Array("trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n".utf8)
        return out
    }

    /// Short line segments, the operators a hostile page repeats: 14 bytes each.
    static let strokes = Array("0 0 m 9 9 l S\n".utf8)

    static func codes(_ records: [JSON]) -> [String] {
        records.map { $0["error"]?["code"]?.stringValue ?? ($0["page"]?.intValue).map { "page \($0)" } ?? "?" }
    }

    @Test("1 GiB of NUL bytes and 256 MiB of strokes in a few KB: two error records, the third page and the next file read")
    func hugePages() throws {
        let root = try FaultFolder.make("content-bound")
        defer { try? FileManager.default.removeItem(at: root) }
        let huge = root.appendingPathComponent("huge.pdf")
        let zeros = FlateFixture.twice([0], count: 1 << 30)
        let lines = FlateFixture.twice(Self.strokes, count: (256 << 20) / Self.strokes.count)
        try Data(Self.pdf([zeros, lines, nil])).write(to: huge)
        #expect(try huge.resourceValues(forKeys: [.fileSizeKey]).fileSize! < 64 << 10, "the file stays small on disk")
        let run = try BoundedRun.run(
            tool: "pp-ingest",
            ["--work", root.appendingPathComponent("work").path, huge.path, "samples/pdf/at-webshop.pdf"], limit: 60)
        #expect(!run.timedOut, "pp-ingest still ran after 60 s")
        #expect(run.status == 3, "\(run.stderr)")
        let records = try run.lines.map { try JSON.parse($0) }
        #expect(Self.codes(records) == ["page_too_complex", "page_too_complex", "page 3", "page 1"])
        #expect(
            records.first?["error"]?["message"]?.stringValue
                == "page 1 of '\(huge.path)': its content streams decode to more than 4 MiB (--max-page-content); the page is not read"
        )
        #expect(records.dropFirst(2).first?["lines"]?.arrayValue?.first?["text"]?.stringValue == "A page that reads")
        #expect(run.peakBytes < 300_000_000, "peak \(run.peakBytes / 1_000_000) MB")
    }

    @Test("--max-page-content: 600 KiB of content are refused under 512K and read under 1M")
    func theBoundIsTheFlag() throws {
        let root = try FaultFolder.make("content-flag")
        defer { try? FileManager.default.removeItem(at: root) }
        let pdf = root.appendingPathComponent("blank.pdf")
        try Data(Self.pdf([FlateFixture.twice([0], count: 600 << 10)])).write(to: pdf)  // white space: quick to render
        for (bound, expected) in [("512K", "page_too_complex"), ("1M", "page 1")] {
            let run = try BoundedRun.run(
                tool: "pp-ingest",
                ["--no-codes", "--max-page-content", bound, "--work", root.appendingPathComponent("work").path, pdf.path],
                limit: 60)
            #expect(!run.timedOut)
            #expect(Self.codes(try run.lines.map { try JSON.parse($0) }) == [expected], "--max-page-content \(bound)")
        }
    }
}
