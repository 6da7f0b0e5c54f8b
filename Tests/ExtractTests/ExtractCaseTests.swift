import Foundation
import Testing

@testable import Extract

/// Every case of Tests/ExtractTests/Cases/*.cases: a page, a profile, and what the extractor must make of it.
@Suite struct ExtractCaseTests {
    @Test(arguments: try CaseFiles.all())
    func extractCase(_ c: ExtractCase) throws {
        for ranking in c.rankings {
            let e = try c.run(ranking)
            let misses = c.misses(in: e)
            guard !misses.isEmpty else { continue }
            let path = CaseFiles.folder.appendingPathComponent(c.file).path
            Issue.record(
                Comment(rawValue: c.report(misses, e, ranking: ranking)),
                sourceLocation: SourceLocation(fileID: "ExtractTests/" + c.file, filePath: path, line: c.line, column: 1))
        }
    }

    /// The runner's own checks: a wrong expectation fails and says what was got.
    @Test func aWrongExpectationIsAMiss() throws {
        var parser = CaseParser(file: "test.cases")
        let cases = try parser.parse(
            """
            case wrong on purpose
            profile sepa
            40 100 IBAN: AT61 1904 3002 3457 3201
            account top = AT611904300234573202
            account top = AT611904300234573201 has iban-checksum
            account no AT6*
            """)
        let c = try #require(cases.first)
        let misses = c.misses(in: try c.run(.rules))
        #expect(misses.map(\.0.line) == [4, 6])
        #expect(misses.first?.1.hasPrefix("account AT611904300234573201 ") == true)
    }

    @Test func faultsInACaseFileNameTheLine() {
        for (text, line) in [
            ("case a\nprofile sepa\n40 x text\naccount none", 3), ("case a\nprofile sepa\naccount tip", 3),
            ("profile sepa", 1), ("case a\nprofile sepa\nfoo none", 3), ("case a\nprofile sepa\naccount top at most", 3),
            ("case a\nprofile sepa", 1), ("case a\naccount none", 1),
        ] {
            var parser = CaseParser(file: "bad.cases")
            let error = #expect(throws: CaseFileError.self, "\(text)") { try parser.parse(text) }
            #expect(error?.line == line && error?.file == "bad.cases", "\(text): \(String(describing: error))")
        }
    }
}
