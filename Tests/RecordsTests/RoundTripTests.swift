import Foundation
import PPShared
import Records
import Testing

/// Every record line the golden cases hold (tools' inputs and outputs: page, document, error and other
/// kinds, hostile numbers among them) decodes into the record types and encodes back to the same bytes.
@Suite struct RoundTripTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden")

    /// The JSON object lines of every golden `stdin` and `stdout`.
    static let lines: [String] = {
        let files = FileManager.default.enumerator(at: golden, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { ["stdin", "stdout"].contains($0.lastPathComponent) } ?? []
        return files.sorted { $0.path < $1.path }.flatMap { file in
            ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
                .filter { $0.hasPrefix("{") && (try? JSON.parse($0))?.members != nil }
        }
    }()

    @Test func theGoldenCasesHoldRecords() {
        #expect(Self.lines.count > 300)
    }

    @Test func pageRecordsWriteBackWhatTheyRead() throws {
        for line in Self.lines {
            let json = try JSON.parse(line)
            #expect(PageRecord(json)?.json.encoded() == json.encoded(), "\(line.prefix(200))")
        }
    }

    @Test func documentRecordsWriteBackWhatTheyRead() throws {
        for line in Self.lines {
            let json = try JSON.parse(line)
            #expect(DocumentRecord(json)?.json.encoded() == json.encoded(), "\(line.prefix(200))")
        }
    }
}
