import Foundation
import PPShared

/// A folder of fixtures through the built `pp-ingest`, its records through `pp-extract`: the page and the
/// document records, each by the file name of its source.
struct IngestExtractRun: Sendable {
    var pages: [String: JSON] = [:]
    var documents: [String: JSON] = [:]

    static func of(folder: String) -> Result<IngestExtractRun, BatchFixtureError> {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("pp-run-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        func bySource(_ data: Data) throws -> [String: JSON] {
            var records: [String: JSON] = [:]
            for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
                let record = try JSON.parse(String(line))
                records[String(record["source"]?.stringValue?.split(separator: "/").last ?? "")] = record
            }
            return records
        }
        do {
            let bin = GoldenCase.productsFolder.path
            let pages = try BatchFixture.shell("\"$1/pp-ingest\" --work \"$2\" \"$3\"", bin, work.path, folder)
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            let file = work.appendingPathComponent("pages.jsonl")
            try pages.write(to: file)
            let documents = try BatchFixture.shell("\"$1/pp-extract\" \"$2\"", bin, file.path)
            return .success(IngestExtractRun(pages: try bySource(pages), documents: try bySource(documents)))
        } catch let error as BatchFixtureError {
            return .failure(error)
        } catch {
            return .failure(BatchFixtureError(message: "\(error)"))
        }
    }
}
