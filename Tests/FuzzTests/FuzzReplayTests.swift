import EInvoiceXML
import Foundation
import Testing

@testable import Extract

/// The fuzz targets' inputs that must keep passing, run through the same entries as in the fuzz
/// build (fuzz/build.sh): the crashes the fuzzer found and their relatives
/// (Tests/FuzzTests/Regressions/<target>/), the hand seeds (fuzz/seeds/<target>/) and the inputs kept
/// from long runs (fuzz/corpus/<target>/, fuzz/keep.py). An input that traps again ends this test run
/// the way it ended the fuzzer.
@Suite struct FuzzReplayTests {
    /// The entry of each target, by the target's name (fuzz/targets/<name>.swift).
    static let entries: [String: @Sendable ([UInt8]) -> Void] = [
        "json-lines": FuzzEntry.jsonLines, "page-records": FuzzEntry.pageRecords, "card-records": FuzzEntry.cardRecords,
        "card-types": FuzzEntry.cardTypes, "pages-ops": FuzzEntry.pagesOps, "numbers": FuzzEntry.numbers,
        "payment-codes": FuzzEntry.paymentCodes, "einvoice": FuzzEntry.einvoice, "profiles": FuzzEntry.profiles,
        "image-headers": FuzzEntry.imageHeaders, "pages-pdf": FuzzEntry.pagesPDF,
    ]

    static let regressions = FuzzRepo.root + "/Tests/FuzzTests/Regressions"
    static let seeds = FuzzRepo.root + "/fuzz/seeds"
    static let kept = FuzzRepo.root + "/fuzz/corpus"

    /// "<target>/<file>" for every file below `folder`, sorted.
    static func inputs(below folder: String) -> [String] {
        let files = FileManager.default
        return ((try? files.contentsOfDirectory(atPath: folder)) ?? []).sorted().flatMap { target in
            ((try? files.contentsOfDirectory(atPath: folder + "/" + target)) ?? []).sorted().map { target + "/" + $0 }
        }
    }

    func replay(_ input: String, below folder: String) throws {
        let target = String(input.prefix { $0 != "/" })
        let entry = try #require(Self.entries[target], "no fuzz target '\(target)'")
        let bytes = try #require(FileManager.default.contents(atPath: folder + "/" + input), "cannot read \(input)")
        entry([UInt8](bytes))
    }

    @Test(arguments: inputs(below: regressions)) func regressionStaysFixed(_ input: String) throws {
        try replay(input, below: Self.regressions)
    }

    @Test(arguments: inputs(below: seeds)) func handSeedPasses(_ input: String) throws {
        try replay(input, below: Self.seeds)
    }

    @Test(arguments: inputs(below: kept)) func keptInputPasses(_ input: String) throws {
        try replay(input, below: Self.kept)
    }

    /// Every target has an entry here, a libFuzzer file and hand seeds.
    @Test func everyTargetIsWired() throws {
        let targets = try FileManager.default.contentsOfDirectory(atPath: FuzzRepo.root + "/fuzz/targets")
            .filter { $0.hasSuffix(".swift") }.map { String($0.dropLast(6)) }.sorted()
        #expect(targets == Self.entries.keys.sorted())
        #expect(Self.inputs(below: Self.seeds).map { String($0.prefix { $0 != "/" }) }.uniqued() == targets)
    }

    /// XML that FoundationXML's parser trapped on reads safely through libxml2 (`XMLLeaves`): a DTD is
    /// refused, a cut name is not well-formed, and none of them holds payment facts; an invoice in UTF-8 or
    /// in another declared encoding reads.
    @Test func einvoiceRegressionsAreRefusedNotParsed() throws {
        for input in Self.inputs(below: Self.regressions) where input.hasPrefix("einvoice/") {
            let data = try #require(FileManager.default.contents(atPath: Self.regressions + "/" + input))
            let invoice = EInvoice.parse(data)
            #expect(invoice?.payeeIBAN == nil && invoice?.amountDue == nil, "\(input)")
            if input.contains("dtd-") {
                #expect(throws: XMLLeaves.Failure.doctype) { try XMLLeaves.read(data) }
            }
        }
        let cii = try #require(FileManager.default.contents(atPath: Self.seeds + "/einvoice/cii.xml"))
        #expect(EInvoice.parse(cii)?.payeeIBAN == "DE89370400440532013000")
        let latin1 = Data(
            "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><Invoice><PaymentMeans><PaymentID>M\u{FC}ller</PaymentID></PaymentMeans></Invoice>"
                .data(using: .isoLatin1)!)
        #expect(EInvoice.parse(latin1)?.reference == "M\u{FC}ller")
        #expect(EInvoice.parse(Data("<?xml version='1.0' encoding='utf-8'?><?pi?><Invoice/>".utf8)) != nil)
    }
}

extension Array where Element: Hashable {
    /// The elements in order, each once.
    fileprivate func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
