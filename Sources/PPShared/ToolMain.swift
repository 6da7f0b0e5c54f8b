#if canImport(Glibc)
    import Glibc
#endif

/// The version every tool reports.
public let ppVersion = "0.1.0"

/// The one place where a tool's outcome becomes text on stderr and an exit status.
///
/// `body` gets the parsed arguments (an argument that is not UTF-8 in its escaped form, `RawNames`) and
/// returns the status of a finished run.
/// --help and --version are answered here; a usage error prints one line and a
/// pointer to --help (exit 2); a closed stdout ends the run quietly with 0.
/// `subcommands` (their own tables) join the man page and completions of `--help-man` / `--completion`.
public func runTool(
    _ spec: CommandSpec, arguments: [String] = RawNames.commandLine, subcommands: [CommandSpec] = [],
    redact: @escaping @Sendable (String) -> String = { $0 },
    _ body: (ParsedArguments, Diagnostics) throws -> ExitStatus
) -> Never {
    let diagnostics = Diagnostics(tool: spec.name, redact: redact)
    // The status line takes its copy of stderr now, before any library can point fd 2 elsewhere.
    _ = StatusLine.shared
    // SIGINT, SIGTERM, SIGHUP: temporary files are removed, then the tool ends as the signal would.
    TemporaryFiles.prepareForSignals()
    let status: ExitStatus
    do {
        if let generated = try ToolInterface(main: spec, subcommands: subcommands).generatedText(for: arguments) {
            try OutputSink().write(text: generated)
            exitTool(0)
        }
        let parsed = try ParsedArguments.parse(arguments, spec: spec)
        if parsed.has("help") {
            let sink = OutputSink()
            try sink.write(text: spec.helpText)
            exitTool(0)
        }
        if parsed.has("version") {
            let sink = OutputSink()
            // The data in use is part of the version: an asset set pp-assets installed is named.
            let assets = ActiveAssets.current.map { " (assets version \($0.version), \($0.folder))" } ?? ""
            try sink.write(text: "\(spec.name) \(ppVersion)\(assets)\n")
            exitTool(0)
        }
        // The line limit is the process's: every reader the tool opens from here on keeps to it.
        try LineLimit.apply(parsed)
        status = try body(parsed, diagnostics)
    } catch let error as ToolError {
        diagnostics.error(error.message)
        if error.kind == .usage { diagnostics.emit("Try '\(spec.name) --help' for more information.\n") }
        exitTool(ExitStatus.usage.rawValue)
    } catch is OutputClosed {
        exitTool(0)
    } catch {
        diagnostics.error("\(error)")
        exitTool(ExitStatus.usage.rawValue)
    }
    exitTool(status.rawValue)
}

/// The one exit path of every tool, taken after its final flush (records leave through OutputSink,
/// diagnostics through StatusLine, both unbuffered once flushed). `_exit` ends the process without
/// exit()'s atexit handlers and C++ static destructors, which would tear down a C library's globals
/// under a thread still inside it: a page pp-ocr gave up on after --page-timeout goes on in
/// tesseract until the process ends. Workers of a finished run have already left (OrderedParallelMap).
public func exitTool(_ status: Int32) -> Never {
    fflush(nil)  // whatever a C library left in stdio's buffers
    _exit(status)
}

/// The number of cores, the default for --jobs.
public var coreCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
