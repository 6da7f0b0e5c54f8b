import Foundation
import PPShared
import Testing

@testable import Extract

/// The accuracy bar on samples/: page records made by pp-ingest (and pp-ocr for photos) from every sample
/// are committed in Tests/ExtractTests/Fixtures/samples-pages.jsonl; this runs pp-extract's logic with
/// `--profile auto` on them and `pp-extract eval` against samples/truth.jsonl.
@Suite struct SamplesAccuracyTests {
    func readLines(_ path: String) throws -> [JSON] {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
        return try text.split(separator: "\n").map { try JSON.parse(String($0)) }
    }

    @Test func samplesMeetTheAccuracyBarByRulesAlone() throws { try checkSamples(model: nil) }

    @Test func samplesMeetTheAccuracyBarWithTheShippedModel() throws { try checkSamples(model: try shippedModel()) }

    func checkSamples(model: ConfidenceModel?) throws {
        // Attachment paths in the fixture are relative to the repository root.
        let pages = try readLines("Tests/ExtractTests/Fixtures/samples-pages.jsonl").map { page -> JSON in
            guard let attachments = page["attachments"]?.arrayValue else { return page }
            var p = page
            p["attachments"] = .array(
                attachments.map { a in
                    var a = a
                    if let path = a["path"]?.stringValue { a["path"] = .string(repositoryRoot.appendingPathComponent(path).path) }
                    return a
                })
            return p
        }
        let store = ProfileStore(folders: [profileFolder])
        let processor = DocumentProcessor(
            choice: .auto(try store.loadAll()), lexicons: try store.lexicons.loadAll(), model: model)
        let assembler = DocumentAssembler()
        var results: [JSON] = []
        for p in pages {
            for out in assembler.add(p) {
                switch out {
                case .document(let d): results.append(processor.process(d))
                case .passThrough(let r): results.append(r)
                }
            }
        }
        let truth = try readLines("samples/truth.jsonl")
        let (report, summary) = Evaluation.run(truth: truth, results: results)
        let fields = report["fields"]!
        for field in ["account", "amount", "reference"] {
            let rate = fields[field]?["top1_rate"]?.doubleValue ?? 0
            #expect(rate >= 0.97, "\(field) top-1 \(rate) is below 97%\n\(summary)")
        }
        let precision = report["confident_precision"]?.doubleValue ?? 0
        #expect(precision >= 0.98, "confident precision \(precision) is below 98%\n\(summary)")
        // Only the deliberately unreadable sample (garbage.pdf) may lack a result.
        #expect((report["missing_results"]?.arrayValue?.count ?? 99) <= 1, "\(summary)")
        #expect(report["payment_expected_right"]?.intValue == report["documents"]?.intValue, "\(summary)")
    }
}
