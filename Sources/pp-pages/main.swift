import PPShared
import Pages

#if canImport(Glibc)
    import Glibc
#endif

// pp-pages: edit a PDF's pages. The logic lives in Sources/Pages; this file wires the
// command line to it and maps outcomes to exit statuses (through runTool).
let arguments = RawNames.commandLine  // a file name that is not UTF-8 escaped, and opened by its bytes

runTool(pagesCommand, arguments: arguments) { parsed, diagnostics in
    var environment: [String: String] = [:]
    if let value = getenv("PP_PDF_PASSWORD") { environment["PP_PDF_PASSWORD"] = String(cString: value) }
    let invocation = try Invocation.parse(arguments, environment: environment)
    let sink = OutputSink()
    guard let input = invocation.input else {
        let settings = BatchSettings(
            password: invocation.password, decrypt: invocation.decrypt, breakSignature: invocation.breakSignature,
            deterministicID: invocation.deterministicID)
        let progress = try ProgressDisplay(tool: pagesCommand.name, arguments: parsed)
        return try runBatch(
            path: invocation.opsFile!, settings: settings, sink: sink, diagnostics: diagnostics, progress: progress)
    }
    let operations = try invocation.opsFile.map { path throws(ToolError) in try readOperations(from: path) }
    let job = EditJob(
        input: input, output: invocation.output, inPlace: invocation.inPlace, password: invocation.password,
        decrypt: invocation.decrypt, breakSignature: invocation.breakSignature,
        deterministicID: invocation.deterministicID, operations: operations ?? invocation.operations)
    let outcome: EditOutcome
    do {
        outcome = try performEdit(job)
    } catch let error as ToolError where error.code == "file_missing" || error.code == "write_failed" {
        // An input that cannot be read, or a result that could not be written whole (a full disk), is an
        // error record, as in every tool (exit 3); nothing was written under the output's name.
        diagnostics.error(error.message)
        let record: JSON = ["kind": "pages", "source": .string(input)]
        try sink.write(record.markedAsError(error, tool: pagesCommand.name))
        return .recordErrors
    } catch let error as ToolError {
        // One file on the command line: a failed edit is a failed run (exit 2), and nothing was written.
        throw ToolError(.fatal, code: error.code, error.message)
    }
    try sink.write(outcome.record)
    for warning in outcome.warnings { diagnostics.warning(warning) }
    return outcome.warnings.isEmpty ? .ok : .recordErrors
}
