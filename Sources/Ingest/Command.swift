import Foundation
import PPShared
import Records

/// pp-ingest's command line: the option table, the configuration it builds, and the run.
public enum IngestCommand {
    public static let spec = CommandSpec(
        name: "pp-ingest",
        summary: "open PDFs, images, XML e-invoices, e-mails, ZIPs and office files, write one page record per page (JSON Lines)",
        usage: [
            "pp-ingest [options] FILE|FOLDER...",
            "pp-ingest [options] -              (records with \"source\", or one path per line, on stdin)",
        ],
        options: [
            .value("dpi", "N", help: "render pages without usable text at N dpi (default 300)"),
            .flag("color", help: "render in colour (default: 8-bit gray)"),
            .flag("raster", help: "render every page, also those with a usable text layer"),
            .value("work", "DIR", help: "folder for rasters, thumbnails and attachments (default .pp-work)"),
            .value("max-megapixels", "N", help: "pixel budget per page image; huger pages get a lower dpi (default 40)"),
            .value("thumbnails", "W", help: "also write a PNG thumbnail W pixels wide per page"),
            .value("password", "PW", help: "user password for encrypted PDFs (better: PP_PDF_PASSWORD)"),
            .value("image-dpi", "N", help: "resolution assumed for images that state none (default 300)"),
            .flag("no-codes", help: "do not read QR, PDF417, Data Matrix and Aztec codes on the pages"),
            .value("office-timeout", "S", help: "seconds LibreOffice may take to convert a .docx/.xlsx/.odt/.ods (default 120)"),
            .value(
                "max-page-content", "SIZE",
                help: "decoded content of a PDF page read at most (default 4M); a bigger page is a page_too_complex error record"),
            .value("jobs", short: "j", "N", help: "pages worked on in parallel (default: all cores)"),
        ] + ProgressRule.options + LineLimit.options,
        examples: [
            ("pp-ingest bills/*.pdf photos/*.jpg > pages.jsonl", "one page record per page of every file"),
            ("pp-ingest bills/ | pp-ocr | pp-extract --profile rs", "a whole folder, recursively, through the pipeline"),
            ("PP_PDF_PASSWORD=secret pp-ingest locked.pdf", "an encrypted PDF, the password kept out of `ps`"),
            ("pp-ingest --raster --color --thumbnails 200 scan.pdf", "render every page in colour, with thumbnails"),
            ("pp-pages a.pdf --delete 2 -o b.pdf | pp-ingest -", "ingest what pp-pages wrote"),
            ("pp-ingest --no-codes bills/", "skip reading payment codes (a little faster on pages with none)"),
            ("pp-ingest xrechnung/*.xml | pp-extract", "XML e-invoices without a PDF (UBL 2.1, CII): one record each"),
            (
                "pp-ingest inbox.mbox mail.eml | pp-ocr | pp-extract",
                "every attachment of every mail, each with its mail's headers"
            ),
        ],
        notes: """
            Page records carry "lines" (words and boxes in PDF points, origin top-left) when the PDF
            has usable text, and "image" (a PNG in the work folder, or the image file itself) when
            the page needs OCR. Rasters are named by the file's SHA-256 and reused when present, so
            a rerun or an interrupted batch is cheap. Attachments (e.g. Factur-X XML) are listed on
            the first page record and saved to the work folder. QR, PDF417, Data Matrix and Aztec
            codes found on a page are in its "codes" (type, text exactly as encoded, box in points),
            read with zxing-cpp (not Micro QR, which no payment code is). An XML e-invoice on its
            own (UBL 2.1 Invoice or CreditNote, UN/CEFACT CII: XRechnung, Peppol BIS, Factur-X/ZUGFeRD
            XML) is one record with "media":"xml",
            "pages":0 and the file itself in "attachments", its syntax and specification recognised; XML
            with a DTD (external entities, entity bombs) is refused as an error record. E-mails (.eml,
            mbox) and ZIP archives: each attachment or file in them is an input of its own, its source
            named "mail.eml#2:bill.pdf" (the second mail's bill.pdf) or "bills.zip:a.pdf", and the
            records of a mail's attachments carry "mail" (number, from, subject, date, message_id).
            A mail with nothing to read, a ZIP bomb or a mail of thousands of parts is an error record.
            Office documents (.docx, .xlsx, .odt, .ods) are converted to PDF by LibreOffice (headless, a
            private profile, --office-timeout) and read as that PDF; without LibreOffice they are error
            records naming the Debian packages to install. Only regular files are read: a FIFO, a device or
            a socket (also behind a link), named or in a folder, is a not_a_regular_file error record. A PDF
            page whose decoded content passes --max-page-content is a page_too_complex error record.
            """)

    /// Builds the options from the parsed command line and environment.
    public static func options(_ args: ParsedArguments, environment: [String: String]) throws(ToolError) -> IngestOptions {
        var o = IngestOptions()
        o.dpi = try args.int("dpi", default: 300, in: 10...2400)
        o.color = args.has("color")
        o.rasterAll = args.has("raster")
        if let work = args.value("work") {
            guard !work.isEmpty else { throw .usage("--work needs a folder name") }
            o.workFolder = work
        }
        o.maxPixels = try args.int("max-megapixels", default: 40, in: 1...1000) * 1_000_000
        if args.value("thumbnails") != nil { o.thumbnailWidth = try args.int("thumbnails", default: 200, in: 8...4000) }
        o.password = args.value("password") ?? environment["PP_PDF_PASSWORD"]
        o.imageDPI = try args.int("image-dpi", default: 300, in: 10...2400)
        o.codes = !args.has("no-codes")
        o.officeTimeout = try args.int("office-timeout", default: 120, in: 1...3600)
        o.maxPageContent = try args.byteCount(
            "max-page-content", default: IngestOptions.defaultMaxPageContent, in: IngestOptions.maxPageContentRange)
        return o
    }

    /// Runs pp-ingest: every input's pages, in input order, on --jobs worker threads.
    public static func run(_ args: ParsedArguments, diagnostics: Diagnostics) throws -> ExitStatus {
        let options = try options(args, environment: ProcessInfo.processInfo.environment)
        let jobs = try args.int("jobs", default: coreCount, in: 1...256)
        if args.operands.isEmpty, isatty(0) == 1 {
            throw ToolError.usage("no input: give files or folders, or '-' to read paths or records from stdin")
        }
        let operands = StreamInputs.names(args.operands)
        let pipeline = RecordPipeline<PageTask, PageOutput>(
            tool: spec.name, jobs: jobs, sink: OutputSink(autoFlush: true),
            progress: try ProgressDisplay(tool: spec.name, arguments: args),
            // A page task tells the record it will write, and that record is done when its result is.
            units: ProgressUnits(told: { [$0.summary] }, done: { told, _ in told })
        ) {
            let worker = PageWorker(options: options)
            return { task in worker.run(task) }
        }
        // Before pp-ingest waits for more stdin, every finished record goes out first (the pipeline's
        // stdin drains), so a slow producer (pp-pages, a person typing paths) sees each page when it is done.
        let stdin = operands.contains("-") ? pipeline.standardInput() : nil
        let inputs = InputStream(operands: operands, stdin: stdin, workFolder: options.workFolder)
        inputs.onEmptyFolder = { folder in
            diagnostics.warning("'\(folder)' holds no file pp-ingest reads (\(InputStream.supportedKinds))")
        }
        _ = inputs.planAll()
        let planner = Planner(options: options)
        var tasks: [PageTask] = []
        var taskIndex = 0
        var more: (() -> [PageTask]?)?

        return try pipeline.run(
            read: {
                while taskIndex == tasks.count {
                    tasks.removeAll(keepingCapacity: true)
                    taskIndex = 0
                    // The further mails of an mbox, one at a time, before the next input.
                    if let next = more {
                        if let batch = next() { tasks = batch } else { more = nil }
                        continue
                    }
                    guard let event = try inputs.next() else { return nil }
                    switch event {
                    case .record(let record): tasks.append(.record(record))
                    case .file(let item): (tasks, more) = planner.planStreaming(item)
                    }
                }
                defer { taskIndex += 1 }
                return tasks[taskIndex]
            },
            write: { output in try pipeline.write(encoded: output.bytes, isError: output.isError) })
    }
}

extension PageTask {
    /// The members of the record this task writes that count for progress (`kind`, `doc`, `page`, `pages`,
    /// `planned_documents`), known before the page is worked on.
    var summary: JSON {
        switch self {
        case .record(let record): return record
        case .page(let info, let index):
            let base = info.baseRecord(page: index + 1)
            var told = PageRecord()
            told.kind = base.kind
            told.doc = base.doc
            told.page = base.page
            told.pages = base.pages
            told.plannedDocuments = base.plannedDocuments
            return told.json
        }
    }
}
