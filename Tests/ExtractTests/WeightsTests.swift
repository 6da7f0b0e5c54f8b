import Foundation
import Testing

@testable import Extract

/// The rule weights are data (Sources/Extract/Model/weights.json): every weight the code asks for by
/// name must be there, or it would silently count 0.
@Suite struct WeightsTests {
    static let extractFolder: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Sources/Extract")
    }()

    @Test func theWeightsLoad() throws {
        let weights = try Scoring.loaded.get()
        #expect(weights["amount.label_due"] == 1200)
        #expect(weights.count >= 70)
    }

    @Test func everyWeightTheCodeNamesIsInTheData() throws {
        // Subfolders too (Codes/).
        let files = (FileManager.default.enumerator(atPath: Self.extractFolder.path)?.allObjects as? [String] ?? []).filter {
            $0.hasSuffix(".swift")
        }
        let pattern = try NSRegularExpression(pattern: #"\bw\("([a-z_0-9.]+)"\)"#)
        var named: Set<String> = []
        for file in files {
            let text = try String(contentsOf: Self.extractFolder.appendingPathComponent(file), encoding: .utf8)
            for m in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                named.insert((text as NSString).substring(with: m.range(at: 1)))
            }
        }
        #expect(named.count >= 50)
        let missing = named.filter { Scoring.defaults[$0] == nil }.sorted()
        #expect(missing.isEmpty, "weights named in the code but not in Model/weights.json: \(missing)")
    }
}
