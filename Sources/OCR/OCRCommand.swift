import Lexicons
import PPShared
import Records

#if canImport(Glibc)
    import Glibc
#endif

/// The pp-ocr command: options, the reader → parallel OCR → writer wiring, and the exit status.
public enum OCRCommand {
    public static let spec = CommandSpec(
        name: "pp-ocr",
        summary: "read the text of scanned pages and photos (Tesseract), with boxes and confidences",
        usage: ["pp-ocr [options] [PAGES.jsonl ...]    (no file or '-': read stdin)"],
        options: [
            .value(
                "lang", short: "l", "LANGS",
                help: "tesseract languages joined by '+', e.g. srp_latn+deu+eng; auto (default): per page, by script and words"),
            .value(
                "psm", "N",
                help:
                    "tesseract page segmentation mode 1, 3-13 (default 3: automatic; a page 1.6 times as high as wide is also read as one block, 6, and the reading that reads more is kept)"
            ),
            .value("dpi", "N", help: "resolution of images that state none, or whose dpi pp-ingest assumed (default 300)"),
            .flag("no-deskew", help: "do not straighten skewed pages (default: straighten from 0.3 degrees)"),
            .flag("rotate-pages", help: "detect pages that are sideways or upside down (OSD) and turn them"),
            .value("rotate-min-conf", "X", help: "orientation confidence needed to turn a page (default 2)"),
            .value(
                "page-timeout", "SECONDS",
                help: "time limit per page, then an error record (default 120; 0: none; at most 1000000)"),
            .flag("force", help: "also OCR pages that already have text (a PDF text layer or an earlier OCR)"),
            .flag(
                "text-layer",
                help: "also write each page's reading as an invisible-text PDF page (ocr.text_layer) for pp-pages --searchable"),
            .flag(
                "straighten",
                help: "read a photo of a sheet on a desk as the sheet: cut out, perspective corrected (\"ocr\".\"paper\")"),
            .value("jobs", short: "j", "N", help: "pages recognized in parallel, one engine each (default: all cores)"),
            .value("tessdata", "DIR", help: "folder of *.traineddata (default: $TESSDATA_PREFIX or the system's)"),
        ] + ProgressRule.options + LineLimit.options,
        examples: [
            (
                "pp-ingest scans/*.pdf | pp-ocr --lang srp_latn+deu+eng | pp-extract --profile rs",
                "OCR the pages without a text layer, then extract payment data"
            ),
            (
                "pp-ingest photos/ | pp-ocr --rotate-pages -j 2 > pages.jsonl",
                "OCR photos, turning upside-down ones, on two cores"
            ),
            ("pp-ocr --force --psm 6 < pages.jsonl", "OCR every page again, each as one block of text"),
            (
                "pp-ingest scan.pdf | pp-ocr --text-layer | pp-pages scan.pdf --searchable - -o searchable.pdf",
                "make a scanned PDF searchable: each OCR'd page gets Tesseract's invisible text under it"
            ),
            (
                "pp-ingest bill-on-desk.jpg | pp-ocr --straighten | pp-extract",
                "read a phone photo of a bill cropped to the paper and straightened first"
            ),
        ],
        notes: """
            Reads page records (pp-ingest's output). A page with "image" and no text ("text_source": null) gets
            "lines" (each with "words") with boxes in PDF points (pixels x 72/dpi) and confidences 0-100,
            "text_source": "ocr" and "ocr": {engine, lang, psm, dpi, mean_conf, deskew_degrees, rotation}.
            --lang auto tells a page's language from words (pp-extract's lexicons) read cheaply first: the page's
            own text with --force, else a few of its longest lines read with eng; when they tell nothing, OSD
            gives the script (Latin eng, Cyrillic srp+eng, Greek ell+eng). The page is read once in that language
            (a Cyrillic or Greek one with eng), and again only when that reading's words show another one; "ocr"
            then also has script, detected, detected_from, read_again and, when read again, first_pass.
            --text-layer adds "ocr"."text_layer": {pdf (base64), matrix, size}, the reading as Tesseract's own
            PDF renderer writes it in text-only mode, placed on the page as pp-ingest gave it (docs/records.md).
            --straighten looks for a sheet of paper with the desk showing around it (its four corners, from the
            bright, colourless region that keeps off the photo's border) and reads the sheet alone, made an upright
            rectangle of its own aspect, its background whitened; the record's boxes and "size" are then the sheet's, and
            "ocr"."paper" gives the corners found (the photo's pixels). Scans and photos the paper fills are read as
            they are. Other records pass through untouched. A missing or unreadable image, or a page over the time limit,
            becomes an error record and the run goes on.
            """)

    /// --page-timeout's seconds: up to 11 days, far inside what the deadline arithmetic holds (a limit of
    /// 1e19 seconds made the nanoseconds overflow and stopped pp-ocr with SIGILL).
    static let pageTimeoutRange: ClosedRange<Double> = 0...1_000_000

    /// Debian's libgomp reads OMP_THREAD_LIMIT before main runs; without it each engine spins extra threads.
    /// When the variable is unset, set it and exec this program again (once; same arguments, same stdin).
    public static func ensureSingleThreadedOpenMP() {
        guard getenv("OMP_THREAD_LIMIT") == nil else { return }
        setenv("OMP_THREAD_LIMIT", "1", 1)
        execv("/proc/self/exe", CommandLine.unsafeArgv)
        // exec failed: go on; omp_set_dynamic(1) per page still limits the threads.
    }

    public static func run(_ args: ParsedArguments, _ diagnostics: Diagnostics) throws -> ExitStatus {
        let tessdata = try Tessdata.locate(override: args.value("tessdata"))
        var options = OCROptions(tessdata: tessdata)
        options.languages = args.value("lang") ?? "auto"
        if options.languages == "auto" {
            options.auto = try autoLanguages(tessdata, diagnostics)
        } else {
            try tessdata.validate(options.languages)
        }
        options.pageSegMode = try args.int("psm", default: 3, in: 1...13)
        if options.pageSegMode == 2 {
            throw ToolError.usage("--psm 2 finds the layout only and reads no text; use 1 or 3-13")
        }
        options.fallbackDPI = try args.int("dpi", default: 300, in: 50...2400)
        options.givenDPI = args.value("dpi") != nil ? options.fallbackDPI : nil
        options.deskew = !args.has("no-deskew")
        options.rotatePages = args.has("rotate-pages")
        if options.rotatePages, !tessdata.hasOSD {
            throw ToolError(
                .usage, code: "usage",
                "--rotate-pages needs tesseract's orientation data osd.traineddata (Debian: tesseract-ocr-osd), not found in the language data folder"
            )
        }
        options.rotateMinConfidence = try args.number("rotate-min-conf", default: 2.0, in: 0...1000)
        let timeout = try args.number("page-timeout", default: 120, in: pageTimeoutRange)
        options.pageTimeout = timeout > 0 ? timeout : nil
        options.force = args.has("force")
        options.straighten = args.has("straighten")
        if args.has("text-layer") {
            guard let fonts = TextLayerPDF.fontFolder(tessdata: tessdata) else {
                throw ToolError.usage(
                    "--text-layer needs tesseract's pdf.ttf (Debian: libtesseract5 or tesseract-ocr), not found beside the language data"
                )
            }
            options.textLayerFonts = fonts
        }
        let jobs = try args.int("jobs", default: coreCount, in: 1...256)
        options.engines = EnginePool(workers: jobs)

        let frozen = options
        // Engines are shared by the workers for the whole run, whatever the number of input files.
        let pipeline = RecordPipeline<Item, JSON>(
            tool: spec.name, jobs: jobs, window: jobs + 2, sink: OutputSink(),
            progress: try ProgressDisplay(tool: spec.name, arguments: args), units: Item.pages
        ) {
            let ocr = PageOCR(options: frozen)
            var runner: PageRunner?
            return { item in
                switch item {
                case .page(let page): return ocr.process(page, runner: &runner)
                case .passing(let record), .ready(let record): return record
                }
            }
        }
        let records = pipeline.records(args.operands)
        return try pipeline.run(
            read: {
                while let input = try records.next() {
                    switch input {
                    case .record(let record, _, _):
                        // Decoded once, here; a record that needs no reading leaves as it came.
                        guard let page = PageRecord(record), PageOCR.needsOCR(page, force: frozen.force) else {
                            return .passing(record)
                        }
                        return .page(page)
                    case .unreadable(let record, _): return .ready(record)
                    case .unopenable(let record, let error):
                        diagnostics.error(error.message)
                        return .ready(record)
                    case .endOfInput: continue
                    }
                }
                return nil
            },
            write: pipeline.write(record:))
    }

    /// --lang auto's choices from the lexicons pp-extract uses (its resource folder, share/pp/lexicons or
    /// $PP_LEXICONS); without any, pages keep their first reading.
    static func autoLanguages(_ tessdata: Tessdata, _ diagnostics: Diagnostics) throws(ToolError) -> AutoLanguages {
        let store = LexiconStore.standard()
        let lexicons = try store.loadAll()
        if lexicons.isEmpty {
            diagnostics.note(
                "note: --lang auto found no lexicons (looked in \(store.folders.joined(separator: ", "))); pages are read by script only; set PP_LEXICONS"
            )
        }
        return AutoLanguages(tessdata: tessdata, lexicons: lexicons, notes: MissingPackNotes { diagnostics.note($0) })
    }

    /// A page record to read, a record read that needs no reading, or a record that is written as it is
    /// (the error record of a bad line or file).
    enum Item: Sendable {
        case page(PageRecord)
        case passing(JSON)
        case ready(JSON)

        /// pp-ocr's progress: the records read, one each (a page tells its document's pages).
        static var pages: ProgressUnits<Item, JSON> {
            .records { item in
                switch item {
                case .page(let page): [page.json]
                case .passing(let record): [record]
                case .ready: []
                }
            }
        }
    }
}
