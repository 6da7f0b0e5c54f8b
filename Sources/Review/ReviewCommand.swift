import Foundation
import Lexicons
import PPShared
import Records

/// `pp-extract review`: the results as a site a person checks and corrects in a browser, and as PNGs.
public enum ReviewCommand {
    public static let spec = CommandSpec(
        name: "pp-extract review",
        summary: "write a review site (and PNGs) showing where each value was found, to confirm or correct in a browser",
        usage: [
            "pp-extract review [RESULTS.jsonl | -] -o DIR",
            "pp-extract review [RESULTS.jsonl | -] --png DIR",
        ],
        options: [
            .value(
                "output", short: "o", "DIR",
                help:
                    "write the site here: index.html, review.css, review.js, data/, img/ (a new, empty or earlier site's folder)"),
            .value("png", "DIR", help: "write one PNG per page with the top candidates' boxes drawn"),
        ],
        examples: [
            (
                "pp-ingest --thumbnails 1000 bills/ | pp-ocr | pp-extract > results.jsonl",
                "results whose pages carry colour previews"
            ),
            ("pp-extract review results.jsonl -o review/", "then open review/index.html in a browser (file://, no server)"),
            ("pp-extract eval --truth confirmed.jsonl results.jsonl", "the site's export measures the results"),
            ("pp-extract review results.jsonl --png pages/", "one PNG per page, boxes drawn, e.g. for a CI artifact"),
        ],
        notes: """
            The site lists the documents by state (needs review, processed, processed with error, no payment
            expected, confirmed) and shows each one's pages with the box of every top candidate, green at
            confidence 1500 and above, amber from 1000, red below; hovering a box or entering a field shows the
            alternatives. The form is filled with the top candidates: Tab moves between fields, Enter accepts
            and opens the next document, arrow keys (Alt+arrow inside a field) move between documents, Esc
            goes back to the list. What is accepted stays in the browser (localStorage) until "Export
            confirmed.jsonl" writes it in the format of pp-extract eval --truth; "Import" reads such a file
            back. Pictures: the page's thumbnail (pp-ingest --thumbnails W), else its raster or image, else
            the PDF page rendered (PP_PDF_PASSWORD opens an encrypted one). A page without a picture is
            shown blank with a warning. docs/review.md has the details.
            """)

    /// Runs the command: reads the results, writes what was asked, says where it is on stderr.
    public static func run(_ parsed: ParsedArguments, _ diagnostics: Diagnostics) throws -> ExitStatus {
        let site = parsed.value("output")
        let png = parsed.value("png")
        guard site != nil || png != nil else { throw ToolError.usage("review needs -o DIR (the site) or --png DIR") }
        guard parsed.operands.count <= 1 else { throw ToolError.usage("review reads one results file (or stdin)") }
        let entries = try ReviewInput.read(StreamInputs.names(parsed.operands)[0])
        var missing: [String] = []
        if let site {
            let report = try SiteWriter(folder: site).write(entries)
            missing += report.missing
            let index = (site.hasSuffix("/") ? site : site + "/") + "index.html"
            diagnostics.note("\(report.documents) documents, \(report.pictures) pictures: open \(index) in a browser")
        }
        if let png {
            let report = try BoxedPages(folder: png).write(entries)
            missing += report.missing
            diagnostics.note("\(report.written.count) pages drawn in \(png)/")
        }
        for message in Array(Set(missing)).sorted() { diagnostics.warning(message) }
        let unseen = entries.filter { $0.record.kind == DocumentRecord.kind && !$0.record.has(\.pageViews) }
        if let first = unseen.first {
            diagnostics.warning(
                "\(unseen.count) document records have no page_views (made by an older pp-extract), so their pages "
                    + "cannot be shown, e.g. '\(first.source ?? "?")': run pp-extract on their page records again")
        }
        return .ok
    }
}
