import Foundation
import PDFRender
import Testing

@testable import Ingest

/// Text that runs past a page's edge: poppler takes the page's rectangle as a selection, which ended at the
/// line that crosses the right edge, and the lines under it were lost from the text layer.
@Suite struct TextPastEdgeTests {
    /// A one-page PDF of Helvetica lines (x, y, text) on an A4 page.
    static func pdf(_ lines: [(Double, Double, String)]) -> Data {
        var out = Data("%PDF-1.4\n".utf8)
        var offsets: [Int] = []
        func object(_ body: String) {
            offsets.append(out.count)
            out += Data("\(offsets.count) 0 obj\n\(body)\nendobj\n".utf8)
        }
        let content = lines.map { x, y, text in "BT /F1 7 Tf \(x) \(y) Td (\(text)) Tj ET" }.joined(separator: "\n")
        object("<< /Type /Catalog /Pages 2 0 R >>")
        object("<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
        object("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>")
        object("<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream")
        object("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
        var table = "xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n"
        for o in offsets { table += String(format: "%010d 00000 n \n", o) }
        let xref = out.count
        return out + Data("\(table)trailer\n<< /Size \(offsets.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n".utf8)
    }

    @Test func aLineUnderOneThatRunsPastTheRightEdgeIsRead() throws {
        let accounts = (1...5).map { "\($0). Numer rachunku PL72 9959 3982 9009 0828 3533 1574" }.joined(separator: " / ")
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("past-edge-\(getpid()).pdf")
        try Self.pdf([(40, 40, accounts), (40, 30, "BIC PKOPPLPWXXX"), (40, 100, "Invoice 2024-001")]).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let page = try #require(try PDFDocument.open(path: url.path, password: nil).page(0))
        let (w, h) = page.size
        let text = PageText(raw: page.textLayer(), width: w, height: h)
        let lines = text.lines.map { $0.words.map(\.text).joined(separator: " ") }
        #expect(lines.contains("BIC PKOPPLPWXXX"))
        #expect(lines.contains("Invoice 2024-001"))
        // What lies past the edge is not on the page: its characters are left out.
        #expect(lines.contains { $0.hasPrefix("1. Numer rachunku") })
        #expect(!lines.joined().contains("5. Numer"))
    }
}
