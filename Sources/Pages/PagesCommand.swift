import PPShared

#if canImport(Glibc)
    import Glibc
#endif

/// pp-pages' run: one edit from the command line, or a stream of edit records (--ops without IN.pdf).
public enum PagesCommand {
    public static func run(_ parsed: ParsedArguments, _ diagnostics: Diagnostics) throws -> ExitStatus {
        var environment: [String: String] = [:]
        if let value = getenv("PP_PDF_PASSWORD") { environment["PP_PDF_PASSWORD"] = String(cString: value) }
        let invocation = try Invocation(parsed, environment: environment)
        let sink = OutputSink()
        guard let input = invocation.input else {
            var settings = BatchSettings(
                password: invocation.password, decrypt: invocation.decrypt, breakSignature: invocation.breakSignature,
                deterministicID: invocation.deterministicID, lockWait: invocation.lockWait)
            (settings.asIs, settings.whiten) = (invocation.asIs, invocation.whiten)
            let progress = try ProgressDisplay(tool: pagesCommand.name, arguments: parsed)
            return try runBatch(
                path: invocation.opsFile!, settings: settings, sink: sink, diagnostics: diagnostics, progress: progress)
        }
        let operations = try invocation.opsFile.map { path throws(ToolError) in try readOperations(from: path) }
        var job = EditJob(
            input: input, output: invocation.output, inPlace: invocation.inPlace, password: invocation.password,
            decrypt: invocation.decrypt, breakSignature: invocation.breakSignature,
            deterministicID: invocation.deterministicID, lockWait: invocation.lockWait,
            operations: operations ?? invocation.operations)
        (job.asIs, job.whiten) = (invocation.asIs, invocation.whiten)
        job.endsProcess = true  // runTool exits after this one edit
        job.textLayers =
            try invocation.searchable.map { path throws(ToolError) in
                try TextLayers.read(records: path, for: input)
            } ?? []
        let outcome: EditOutcome
        do throws(ToolError) {
            outcome = try performEdit(job)
        } catch {
            guard error.code == "file_missing" || error.code == "write_failed" else {
                // One file on the command line: a failed edit is a failed run (exit 2), and nothing was written.
                throw ToolError(.fatal, code: error.code, error.message)
            }
            // An input that cannot be read, or a result that could not be written whole (a full disk), is an
            // error record, as in every tool (exit 3); nothing was written under the output's name.
            diagnostics.error(error.message)
            let record: JSON = ["kind": "pages", "source": .string(input)]
            try sink.write(record.markedAsError(error, tool: pagesCommand.name))
            return .recordErrors
        }
        try sink.write(outcome.record)
        for warning in outcome.warnings { diagnostics.warning(warning) }
        return outcome.warnings.isEmpty ? .ok : .recordErrors
    }
}
