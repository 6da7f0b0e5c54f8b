import Foundation
import Testing

/// PDFs made to hurt pp-pages' own reading of them (found by or while writing the fuzz target `pages-pdf`):
/// integers at the ends of Int's range, which stopped it with SIGILL, and objects that name each other
/// over and over, which made its walks of form fields quadratic.
@Suite("pp-pages on hostile PDFs")
struct HostilePDFTests {
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

    /// The CPU seconds a run of pp-pages takes (bash's `time`, so a busy machine does not count).
    static func cpuSeconds(_ arguments: [String]) throws -> Double {
        let r = try Harness.run(
            "/bin/bash", ["-c", "TIMEFORMAT=%U; time \"$0\" \"$@\" >/dev/null 2>&1", Harness.tool.path] + arguments)
        return try #require(Double(r.stderr.trimmingCharacters(in: .whitespacesAndNewlines)), "\(r.stderr)")
    }

    @Test("a thousand form fields naming one field whose kids name each other a hundred times: linear, not quadratic")
    func sharedFieldKidsAreWalkedOnce() throws {
        let out = try Harness.folder().appendingPathComponent("out.pdf").path
        let pdf = Self.regressions + "/fields-sharing-kids-a-thousand-times.pdf"
        // Before: 52 s of CPU (each field's kids walked again, 10,000 signature checks of 100 kids each).
        #expect(try Self.cpuSeconds([pdf, "--delete", "1", "-o", out]) < 5)
        #expect(try Harness.qpdfCheck(out).status == 0)
    }
}
