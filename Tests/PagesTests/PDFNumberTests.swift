import Foundation
import Testing

/// Integers a PDF gives at the ends of Int's range (found while writing the fuzz target `pages-pdf`):
/// pp-pages stopped with SIGILL on each; now such a number is read as absent, or reduced first.
@Suite("pp-pages: numbers in a PDF at the ends of Int")
struct PDFNumberTests {
    static let regressions = Harness.root.appendingPathComponent("Tests/FuzzTests/Regressions/pages-pdf").path

    /// The page labels of a PDF as qpdf reads them: [start index: first number].
    static func labelStarts(_ pdf: String) throws -> [Int: Int] {
        let json = try Harness.run("qpdf", ["--json", "--json-key=pagelabels", pdf]).stdout
        let labels = try #require(try Harness.record(json)["pagelabels"] as? [[String: Any]])
        var starts: [Int: Int] = [:]
        for item in labels {
            let label = item["label"] as? [String: Any]
            starts[item["index"] as? Int ?? -1] = label?["/St"] as? Int ?? 1
        }
        return starts
    }

    @Test(arguments: [
        // /St 9223372036854775807 is no first number (1 and more, up to Int32's): the pages count from 1.
        ("labels-first-number-at-int-max.pdf", [0: 2, 1: 1]),
        // A range that starts at page -9223372036854775807 starts nowhere: the pages are numbered as without it.
        ("labels-start-at-minus-int-max.pdf", [0: 2, 1: 1]),
    ])
    func pageLabelsOutOfRangeAreIgnored(_ name: String, _ expected: [Int: Int]) throws {
        let out = try Harness.folder().appendingPathComponent("out.pdf").path
        let r = try Harness.pages([Self.regressions + "/" + name, "--order", "z-1", "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Self.labelStarts(out) == expected)
    }

    @Test("/Rotate 9223372036854775807, no multiple of 90, is no turn: --rotate 90 gives 90")
    func aRotationOutOfRangeIsReducedFirst() throws {
        let out = try Harness.folder().appendingPathComponent("out.pdf").path
        let r = try Harness.pages([Self.regressions + "/rotate-at-int-max.pdf", "--rotate", "90", "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Harness.rotations(out) == [90, 90])
    }
}
