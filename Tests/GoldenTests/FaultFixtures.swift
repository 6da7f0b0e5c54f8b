import Foundation

/// Inputs of the fault tests, made once per test run.
enum FaultFixtures {
    static let samples = GoldenCase.repositoryRoot.appendingPathComponent("samples/pdf")
    static let five = GoldenCase.repositoryRoot.appendingPathComponent("Tests/Fixtures/pages/five.pdf").path

    /// A PDF of 24 pages of about 1 MB each (24 MB: a write long enough to be hit by a signal), with
    /// images of seeded random bytes that qpdf copies as they are (DCT data is never decoded).
    static let bigPDF: String = {
        // Kept in .build between runs (made again when missing); written whole, then renamed.
        let folder = GoldenCase.repositoryRoot.appendingPathComponent(".build/fault-fixtures")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("big.pdf").path
        if !FileManager.default.fileExists(atPath: path) {
            let temporary = path + ".\(getpid()).partial"
            _ = FileManager.default.createFile(atPath: temporary, contents: makePDF(pages: 24, imageBytes: 1 << 20, seed: 15))
            rename(temporary, path)
        }
        return path
    }()

    /// A minimal PDF: one image per page, each page's content draws it.
    static func makePDF(pages: Int, imageBytes: Int, seed: UInt64) -> Data {
        var out = Data("%PDF-1.4\n%\u{E2}\u{E3}\n".utf8)
        var offsets: [Int] = []
        var random = SplitMix64(seed: seed)
        func object(_ number: Int, _ body: Data) {
            while offsets.count < number { offsets.append(0) }
            offsets[number - 1] = out.count
            out += Data("\(number) 0 obj\n".utf8) + body + Data("\nendobj\n".utf8)
        }
        let kids = (0..<pages).map { "\(3 + 3 * $0) 0 R" }.joined(separator: " ")
        object(1, Data("<< /Type /Catalog /Pages 2 0 R >>".utf8))
        object(2, Data("<< /Type /Pages /Kids [\(kids)] /Count \(pages) >>".utf8))
        for page in 0..<pages {
            let n = 3 + 3 * page
            object(
                n,
                Data(
                    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im0 \(n + 2) 0 R >> >> /Contents \(n + 1) 0 R >>"
                        .utf8))
            let content = "q 612 0 0 792 0 0 cm /Im0 Do Q"
            object(n + 1, Data("<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream".utf8))
            var pixels = [UInt8](repeating: 0, count: imageBytes)
            for i in stride(from: 0, to: imageBytes, by: 8) {
                withUnsafeBytes(of: random.next()) { word in
                    for k in 0..<min(8, imageBytes - i) { pixels[i + k] = word[k] }
                }
            }
            let header =
                "<< /Type /XObject /Subtype /Image /Width 1000 /Height 1000 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode /Length \(imageBytes) >>\nstream\n"
            object(n + 2, Data(header.utf8) + Data(pixels) + Data("\nendstream".utf8))
        }
        let xref = out.count
        var table = "xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { table += String(format: "%010d 00000 n \n", offset) }
        table += "trailer\n<< /Size \(offsets.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return out + Data(table.utf8)
    }
}

/// A small seeded generator (SplitMix64), so every run of the tests injects the same faults.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
