import Foundation
import Testing

/// Every number an option takes is checked (CheckedNumbers through ParsedArguments): a value out of
/// range, infinite, not a number or beyond any integer type is a usage error (exit 2) naming the option
/// and its range, never a trap. Before, `pp-ocr --page-timeout 1e300` (also 1e19, twenty nines) was
/// accepted and pp-ocr stopped with SIGILL at its first page, converting the limit to nanoseconds.
@Suite("option numbers on the built tools")
struct OptionNumberTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let tool: String
        let arguments: [String]
        let message: String
        var testDescription: String { ([tool] + arguments).joined(separator: " ") }
    }

    static let twentyNines = String(repeating: "9", count: 20)
    static let pdf = "samples/pdf/at-webshop.pdf"
    static let out = FileManager.default.temporaryDirectory.appendingPathComponent("pp-option-numbers.pdf").path

    /// tool, arguments, the message on stderr.
    static let cases: [Case] = [
        Case(
            tool: "pp-ocr", arguments: ["--page-timeout", "1e300"],
            message: "--page-timeout needs a number from 0 to 1000000, not '1e300'"),
        Case(
            tool: "pp-ocr", arguments: ["--page-timeout", "1e19"],
            message: "--page-timeout needs a number from 0 to 1000000, not '1e19'"),
        Case(
            tool: "pp-ocr", arguments: ["--page-timeout", twentyNines], message: "--page-timeout needs a number from 0 to 1000000"
        ),
        Case(
            tool: "pp-ocr", arguments: ["--page-timeout", "nan"],
            message: "--page-timeout needs a number from 0 to 1000000, not 'nan'"),
        Case(
            tool: "pp-ocr", arguments: ["--page-timeout", "-1"],
            message: "--page-timeout needs a number from 0 to 1000000, not '-1'"),
        Case(
            tool: "pp-ocr", arguments: ["--rotate-min-conf", "1e300"], message: "--rotate-min-conf needs a number from 0 to 1000"),
        Case(tool: "pp-ocr", arguments: ["--jobs", "1e19"], message: "--jobs needs a whole number from 1 to 256, not '1e19'"),
        Case(tool: "pp-ocr", arguments: ["--dpi", "1e300"], message: "--dpi needs a whole number from 50 to 2400"),
        Case(tool: "pp-ocr", arguments: ["--psm", twentyNines], message: "--psm needs a whole number from 1 to 13"),
        Case(tool: "pp-ocr", arguments: ["--max-line", "0"], message: "--max-line needs a size from 1 KiB to 1 TiB"),
        Case(tool: "pp-ingest", arguments: ["--jobs", "1e19", "-"], message: "--jobs needs a whole number from 1 to 256"),
        Case(tool: "pp-ingest", arguments: ["--dpi", twentyNines, "-"], message: "--dpi needs a whole number from 10 to 2400"),
        Case(
            tool: "pp-ingest", arguments: ["--thumbnails", "1e300", "-"],
            message: "--thumbnails needs a whole number from 8 to 4000"),
        Case(
            tool: "pp-ingest", arguments: ["--max-megapixels", "1e19", "-"],
            message: "--max-megapixels needs a whole number from 1 to 1000"),
        Case(
            tool: "pp-ingest", arguments: ["--image-dpi", "-5", "-"], message: "--image-dpi needs a whole number from 10 to 2400"),
        Case(
            tool: "pp-ingest", arguments: ["--office-timeout", "1e300", "-"],
            message: "--office-timeout needs a whole number from 1 to 3600"),
        Case(tool: "pp-ingest", arguments: ["--max-line", "1e300", "-"], message: "--max-line needs a size from 1 KiB to 1 TiB"),
        Case(
            tool: "pp-ingest", arguments: ["--max-page-content", "99999999999999999999T", "-"],
            message: "--max-page-content needs a size"),
        Case(tool: "pp-extract", arguments: ["--jobs", "1e19"], message: "--jobs needs a whole number from 1 to 256"),
        Case(
            tool: "pp-extract", arguments: ["--max-candidates", "1e300"],
            message: "--max-candidates needs a whole number from 1 to 50"),
        Case(
            tool: "pp-extract", arguments: ["--max-line", "2T"],
            message: "--max-line needs a size from 1 KiB to 1 TiB (bytes, or with K, M, G or T), not '2T'"),
        Case(tool: "pp-cardcheck", arguments: ["--jobs", twentyNines], message: "--jobs needs a whole number from 1 to 256"),
        Case(
            tool: "pp-cardcheck", arguments: ["--max-years-ahead", "1e19"],
            message: "--max-years-ahead needs a whole number from 0 to 100"),
        Case(tool: "pp-cardcheck", arguments: ["--max-line", "1.5M"], message: "--max-line needs a size from 1 KiB to 1 TiB"),
        Case(tool: "pp-pages", arguments: [pdf, "--delete", "1e20", "-o", out], message: "'1e20' is not a page"),
        Case(
            tool: "pp-pages", arguments: [pdf, "--move", "1", "--to", twentyNines, "-o", out], message: "not a page number or z"),
        Case(tool: "pp-pages", arguments: [pdf, "--insert-at", "1e19", pdf, "-o", out], message: "not a page number or z"),
        Case(
            tool: "pp-pages", arguments: ["--ops", "-", "--max-line", "-1K"],
            message: "--max-line needs a size from 1 KiB to 1 TiB"),
        Case(
            tool: "pp-assets", arguments: ["status", "--timeout", "1e300"],
            message: "timeout '1e300': a whole number from 1 to 86400"),
        Case(tool: "pp-assets", arguments: ["status", "--retries", twentyNines], message: "a whole number from 0 to 100"),
        Case(tool: "pp-assets", arguments: ["status", "--pin", "1e20"], message: "version '1e20': a whole number from 1 to"),
        Case(tool: "pp-assets", arguments: ["status", "--min-rate", "-1"], message: "min-rate '-1': a whole number from 1 to"),
        Case(
            tool: "pp-assets", arguments: ["status", "--deadline", "nan"],
            message: "deadline 'nan': a whole number from 1 to 2592000"),
        Case(
            tool: "pp-assets", arguments: ["status", "--request-deadline", "1e19"],
            message: "request-deadline '1e19': a whole number from 1 to 2592000"),
    ]

    @Test("out of range: exit 2 and the option's range, never a trap", arguments: cases)
    func outOfRange(_ row: Case) throws {
        let run = try ToolRun.run(tool: row.tool, arguments: row.arguments, stdin: Data())
        let stderr = String(decoding: run.stderr, as: UTF8.self)
        #expect(run.status == 2, "\(row.testDescription): exit \(run.status), \(stderr)")
        #expect(stderr.contains(row.message), "\(stderr)")
        #expect(run.stdout.isEmpty)
    }
}
