import PPShared

#if canImport(Glibc)
    import Glibc
#endif

/// The pp-cardcheck command: its option table, configuration and the stream loop.
public enum CardCheckCommand {
    public static let spec = CommandSpec(
        name: "pp-cardcheck",
        summary: "validate payment-card input: brand, length, Luhn, expiry, CVC, payment-info records",
        usage: [
            "pp-cardcheck [OPTIONS] [FILE…]   (JSON Lines; no FILE or '-' reads stdin)",
            "pp-cardcheck --lines [OPTIONS] [FILE…]   (one card number per line)",
        ],
        options: [
            .flag("lines", help: "read one card number per line of text instead of JSON records"),
            .value("today", "YYYY-MM-DD", help: "the date expiry is checked against (default: today, UTC)"),
            .value("max-years-ahead", "N", help: "an expiry more than N years ahead is too_far (default 19)"),
            .flag("unionpay-luhn", help: "enforce the Luhn check for UnionPay (off by default, as card-validator)"),
            .value("card-types", "FILE", help: "JSON file that adds, replaces or removes card types (docs/records.md)"),
            .flag(
                "format",
                help: "add card.formatted, the grouped, masked number (\"4111 11•• •••• 1111\"; typed so far: \"4111 11\")"),
            .flag("require-complete", help: "a missing CVC or expiry makes the card incomplete when its brand requires it"),
            .flag("reveal", help: "also output the full number and CVC (never without this flag)"),
            .value("jobs", short: "j", "N", help: "check on N threads (default: all cores); output keeps input order"),
        ] + LineLimit.options,
        examples: [
            ("pp-cardcheck cards.jsonl", "one verdict per record; exit 1 when some card is not valid"),
            (
                "echo '{\"number\":\"4111 1111 1111 1111\",\"expiry\":\"12/30\",\"cvc\":\"123\"}' | pp-cardcheck",
                "check one card from stdin"
            ),
            ("pp-cardcheck --lines --format numbers.txt", "check bare numbers, show them grouped and masked"),
            (
                "pp-cardcheck --card-types mybrands.json --today 2026-11-29 cards.jsonl",
                "add a private-label brand and fix the date for reproducible results"
            ),
        ],
        notes: """
            Input records: {"number": "…", "expiry": "MM/YY" or {"month","year"}, "cvc": "…"}, or payment-info
            records {"type":"CREDIT_CARD","userInfo":{"billingCardNumber",…},"approved":true}. "number" must be
            a string. Output: the record without "number" and "cvc", plus "card", "expiry", "cvc", "errors",
            "status" (valid | incomplete | invalid). Full numbers and CVCs are never printed without --reveal.
            """)

    /// Builds the checker from parsed options.
    public static func checker(from args: ParsedArguments) throws(ToolError) -> CardChecker {
        var brands = BrandTable.standard
        // Card types from a set pp-assets installed change the shipped table first; --card-types then applies.
        var assetsVersion: Int?
        if let active = ActiveAssets.current, let folder = active.folder("cards") {
            let file = folder + "/card-types.json"
            if let data = readFile(file) {
                let json: JSON
                do { json = try JSON.parse(data) } catch {
                    throw .usage("\(file): not valid JSON (\(error.reason) at byte \(error.offset + 1))")
                }
                brands = try CardTypesFile.apply(json, to: brands, file: file)
                assetsVersion = active.version
            }
        }
        if let file = args.value("card-types") {
            guard let data = readFile(file) else {
                throw .usage("cannot read card types file '\(file)'")
            }
            let json: JSON
            do { json = try JSON.parse(data) } catch {
                throw .usage("\(file): not valid JSON (\(error.reason) at byte \(error.offset + 1))")
            }
            brands = try CardTypesFile.apply(json, to: brands, file: file)
        }
        var checker = CardChecker(
            brands: brands, today: try today(args.value("today")),
            maxYearsAhead: try args.int("max-years-ahead", default: 19, in: 0...100),
            enforceUnionPayLuhn: args.has("unionpay-luhn"), includeFormatted: args.has("format"),
            requireComplete: args.has("require-complete"), reveal: args.has("reveal"))
        checker.assetsVersion = assetsVersion
        return checker
    }

    static func today(_ text: String?) throws(ToolError) -> YearMonth {
        guard let text else {
            var now = time(nil)
            var parts = tm()
            gmtime_r(&now, &parts)
            return YearMonth(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1)
        }
        let parts = text.split(separator: "-")
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]), (1...12).contains(m), (1...31).contains(d)
        else { throw .usage("--today needs a date like 2026-11-29, not '\(text)'") }
        return YearMonth(year: y, month: m)
    }

    /// Runs the stream: every input, every record, one verdict each, checked on `--jobs` threads in
    /// batches and written in input order; returns the exit status.
    public static func run(_ args: ParsedArguments, diagnostics: Diagnostics) throws -> ExitStatus {
        let checker = try checker(from: args)
        let jobs = try args.int("jobs", default: coreCount, in: 1...256)
        let bareNumbers = args.has("lines")
        // pp-cardcheck has no progress line (no --progress option).
        let pipeline = RecordPipeline<LineBatch, BatchResult>(tool: spec.name, jobs: jobs, sink: OutputSink(autoFlush: false)) {
            { batch in checker.check(batch: batch, bareNumbers: bareNumbers) }
        }
        let batches = BatchReader(StreamInputs.names(args.operands).map { ($0, pipeline.open($0)) })
        return try pipeline.run(
            read: batches.next,
            write: { result in
                try pipeline.sink.write(bytes: result.output)
                for message in result.messages { diagnostics.error(message) }
                pipeline.note(result.status)
            })
    }
}
