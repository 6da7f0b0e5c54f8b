import PPShared

@testable import Pages

/// Target `pages-ops`: pp-pages' operation records (`--ops` lines and batch records with "source"),
/// page ranges and positions, the command line, and the edit plan they make — everything pp-pages
/// checks before it opens a PDF.
extension FuzzEntry {
    /// Each line is a record (an operation or a batch record) or, when it is no JSON, a page range
    /// and a command line. The operations of all lines are planned together on a document whose page
    /// count comes from the input's length; an inserted file has as many pages as its name's length.
    static func pagesOps(_ bytes: [UInt8]) {
        let pageCount = 1 + bytes.count % 40
        var operations: [PageOperation] = []
        for line in FuzzInput.lines(bytes) {
            guard let json = try? JSON.parse(line) else {
                let text = FuzzInput.text(line)
                _ = try? PageRange(text).pages(count: pageCount)
                _ = Position(text)
                _ = splitFileSpec(text, exists: { $0.hasSuffix(".pdf") })
                _ = try? Invocation.parse(text.split(separator: " ").map(String.init), environment: [:])
                continue
            }
            if json["source"] != nil {
                let settings = BatchSettings(password: nil, decrypt: false, breakSignature: false)
                if let job = try? job(fromRecord: json, settings: settings) { operations += job.operations }
            } else if let op = try? operation(fromJSON: json) {
                operations.append(op)
            }
        }
        let files: (String) throws(ToolError) -> Int = { name throws(ToolError) in
            if name.hasPrefix("missing") { throw ToolError(.record, code: "not_found", "'\(name)' does not exist") }
            return name.count % 12
        }
        if let plan = try? EditPlan.make(operations: operations, primaryPages: pageCount, pageCount: files) {
            FuzzCheck.require(!plan.pages.isEmpty, "an edit plan without pages")
            for page in plan.pages {
                FuzzCheck.require(page.source >= 0 && page.source <= plan.files.count, "a page from no file")
                FuzzCheck.require([0, 90, 180, 270].contains(page.rotation), "rotation \(page.rotation)")
            }
        }
    }
}
