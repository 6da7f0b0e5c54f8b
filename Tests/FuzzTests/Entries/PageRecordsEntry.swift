import PPShared

@testable import Extract

/// Target `page-records`: pp-extract from page records to document records — the assembler, the
/// reading of lines, words, boxes and confidences, profile choice, language detection, every finder,
/// the payment codes on the page, scoring and the fitted model.
extension FuzzEntry {
    /// Every shipped profile (`--profile auto`), every lexicon and the shipped model, loaded once.
    static let extractor: DocumentProcessor = {
        let store = ProfileStore(folders: [FuzzRepo.profiles])
        guard let profiles = try? store.loadAll(), !profiles.isEmpty, let lexicons = try? store.lexicons.loadAll() else {
            fatalError("fuzz: cannot load the shipped profiles from \(FuzzRepo.profiles)")
        }
        let model = try? ConfidenceModel.decode(ShippedData.readJSON(FuzzRepo.model, kind: "model"), source: "model")
        return DocumentProcessor(choice: .auto(profiles), lexicons: lexicons, model: model)
    }()

    /// The input as pp-extract's stdin: records assembled into documents, each document processed and encoded.
    static func pageRecords(_ bytes: [UInt8]) {
        let assembler = DocumentAssembler()
        var outputs: [DocumentAssembler.Output] = []
        for record in FuzzInput.records(bytes, tool: "pp-extract") {
            outputs += assembler.add(withoutFiles(record))
        }
        outputs += assembler.finish()
        for case .document(let pages) in outputs {
            let document = extractor.process(pages)
            FuzzCheck.require(document["kind"]?.stringValue == "document", "a document record without kind document")
            _ = document.encoded()
        }
    }

    /// The record without `attachments`: their `path` names a file to read, and which files a fuzzer
    /// names is no part of this target (the e-invoice target reads such files' content).
    static func withoutFiles(_ record: JSON) -> JSON {
        var r = record
        r["attachments"] = nil
        return r
    }
}
