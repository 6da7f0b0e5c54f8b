import PPShared

@testable import Pages

/// Target `pages-pdf`: pp-pages on a PDF it is given — qpdf opens it, and pp-pages' own code walks what
/// qpdf found: the page count, inherited attributes, page labels, outlines, form fields, links, signatures,
/// then writes the edited result and hashes it. The input is IN.pdf of three edits: one that deletes and
/// turns (labels renumbered, outlines, fields and links of deleted pages dropped), one that reverses the
/// pages, and one that appends the document to itself (inserted pages and their labels).
extension FuzzEntry {
    static func pagesPDF(_ bytes: [UInt8]) {
        _ = FuzzFiles.withFile(bytes, named: "in.pdf") { folder, input in
            let edits: [[PageOperation]] = [
                [.delete(PageRange("1")), .rotate(degrees: 90, range: PageRange("1-z:odd"))],
                [.order(PageRange("z-1"))],
                [.insert(at: .end, file: input, range: nil), .move(PageRange("z"), to: .page(1))],
            ]
            for operations in edits {
                let job = EditJob(
                    input: input, output: folder + "/out.pdf", inPlace: false, deterministicID: true, operations: operations)
                guard let outcome = try? performEdit(job) else { continue }
                let pages = outcome.record["pages"]?.intValue ?? 0
                FuzzCheck.require(pages >= 1, "an edited PDF of \(pages) pages")
            }
        }
    }
}
