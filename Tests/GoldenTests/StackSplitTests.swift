import Foundation
import PPShared
import Testing

/// `pp-extract --split auto` on stacks of sample bills joined into one PDF by pp-pages: each bill must
/// come out as a document of its own, with its page range.
@Suite("stack splitting") struct StackSplitTests {
    /// Two stacks of different bills (10 and 21), single- and multi-page, with and without page numbers,
    /// payment slips and codes, credit notes and bills that ask for no payment.
    static let stacks: [[String]] = [
        [
            "at-versicherung-2p", "en-gb-supplies", "en-ie-consulting-3p", "rs-grejanje-cyr-2p", "at-webshop",
            "rs-telekom-latin-2p", "de-hosting-rechnung", "hr-voda-hub3", "en-nl-saas", "rs-struja-latin",
        ],
        [
            "at-strom-zahlungsanweisung", "at-telekom-zahlungsanweisung", "ch-garage-scor-eur", "cz-faktura-spayd",
            "en-be-logistics", "en-ch-precision", "en-fr-hotel", "si-elektrika-upn", "sk-voda-bysquare",
            "rs-telekom-latin-2p", "nopay-gutschrift-at", "at-hausverwaltung", "rs-infostan-cyr", "rs-vodovod-cyr",
            "rs-osiguranje-cyr", "rs-faktura-latin", "rs-internet-latin", "ch-strom-qrr", "nopay-bezahlt-de",
            "nopay-direct-debit-en", "at-installateur-skonto",
        ],
    ]

    /// A sample's pages, from its name (samples/README.md: "-2p" is two pages).
    static func pageCount(_ name: String) -> Int {
        guard let last = name.split(separator: "-").last, last.hasSuffix("p"), let n = Int(last.dropLast()) else { return 1 }
        return n
    }

    @Test(arguments: [0, 1]) func eachBillOfAStackIsADocument(_ index: Int) throws {
        let bills = Self.stacks[index]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pp-stack-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let stack = folder.appendingPathComponent("stack.pdf").path
        let edit = try ToolRun.run(
            tool: "pp-pages",
            arguments: ["samples/pdf/\(bills[0]).pdf"] + bills.dropFirst().flatMap { ["--append", "samples/pdf/\($0).pdf"] }
                + ["-o", stack], stdin: nil)
        #expect(edit.status == 0, "\(String(decoding: edit.stderr, as: UTF8.self))")
        let ingest = try ToolRun.run(
            tool: "pp-ingest", arguments: ["--work", folder.appendingPathComponent("work").path, stack], stdin: nil)
        let extract = try ToolRun.run(tool: "pp-extract", arguments: ["--split", "auto"], stdin: ingest.stdout)
        let documents = try String(decoding: extract.stdout, as: UTF8.self).split(separator: "\n").map {
            try JSON.parse(String($0))
        }

        // The first page of every bill, and the pages where the split put one.
        var expected: Set<Int> = []
        var page = 1
        for bill in bills {
            expected.insert(page)
            page += Self.pageCount(bill)
        }
        let total = page - 1
        let found = Set(documents.compactMap { $0["split"]?["page_range"]?.arrayValue?.first?.intValue })
        let gapsRight = (2...total).filter { expected.contains($0) == found.contains($0) }.count
        let rate = Double(gapsRight) / Double(total - 1)
        #expect(
            rate >= 0.95,
            "page boundaries right: \(gapsRight) of \(total - 1); expected \(expected.sorted()), found \(found.sorted())")
        #expect(documents.count == bills.count)
        for (part, document) in documents.enumerated() {
            #expect(document["split"]?["part"]?.intValue == part + 1)
            #expect(document["split"]?["parts"]?.intValue == documents.count)
            let range = document["split"]?["page_range"]?.arrayValue?.compactMap(\.intValue) ?? []
            #expect(document["pages"]?.intValue == (range.count == 2 ? range[1] - range[0] + 1 : -1))
        }
    }

    /// --split none (the default) keeps one document per input, whatever it holds.
    @Test func splitNoneKeepsTheStackWhole() throws {
        let records = try String(
            contentsOf: GoldenCase.repositoryRoot.appendingPathComponent("Tests/Golden/pp-extract/split-stack/stdin"),
            encoding: .utf8)
        let whole = try ToolRun.run(tool: "pp-extract", arguments: ["--split", "none"], stdin: Data(records.utf8))
        let plain = try ToolRun.run(tool: "pp-extract", arguments: [], stdin: Data(records.utf8))
        #expect(whole.stdout == plain.stdout)
        #expect(String(decoding: whole.stdout, as: UTF8.self).split(separator: "\n").count == 1)
        let bad = try ToolRun.run(tool: "pp-extract", arguments: ["--split", "sometimes"], stdin: Data())
        #expect(bad.status == 2)
    }
}
