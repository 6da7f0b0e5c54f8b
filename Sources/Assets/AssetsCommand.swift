import FoundationEssentials
import Glibc
import PPShared

/// pp-assets' command line: one table of options for every subcommand, and the dispatch.
public enum AssetsCommand {
    public static let spec = CommandSpec(
        name: "pp-assets",
        summary: "over-the-air updates of profiles, lexicons, weights, OCR models and card types, signed and atomic",
        usage: [
            "pp-assets check|update|status|verify|reset|rollback|cancel [OPTIONS]",
            "pp-assets publish DIR --key KEYFILE -o REPO [--project P] [--stage S] [--rotate-from OLDKEY]",
            "pp-assets keygen -o PREFIX",
        ],
        options: [
            .value("config", "FILE", help: "configuration file (default $XDG_CONFIG_HOME/pp/assets.json)"),
            .value("server", "URL", help: "repository base URL (http or https)"),
            .value("project", "NAME", help: "project on the server (default pp)"),
            .value("stage", "NAME", help: "stage on the server (default release)"),
            .value("pin", "N", help: "stay at manifest version N"),
            .value("data-dir", "DIR", help: "where sets are installed (default $XDG_DATA_HOME/pp/assets)"),
            .value(
                "public-key", "KEY",
                help: "trusted minisign public key, a file or its base64 line (default: share/pp/release-key.pub)"),
            .value("key-file", "FILE", help: "file holding the API key (mode 600); or set PP_ASSETS_KEY"),
            .value("timeout", "S", help: "seconds to connect, and the window of --min-rate (default 20)"),
            .value(
                "min-rate", "B",
                help: "bytes/s a transfer must keep over each --timeout window, else it is too slow (default 1024)"),
            .value(
                "request-deadline", "S", help: "seconds one file may take, retries included (default 900)"),
            .value("deadline", "S", help: "seconds the whole check or update may take to fetch (default 3600)"),
            .value("retries", "N", help: "attempts after a network failure or a stall, with backoff (default 4)"),
            .value("key", "FILE", help: "publish: minisign secret key to sign with"),
            .value("rotate-from", "FILE", help: "publish: the old secret key, which signs the move to --key"),
            .value("output", short: "o", "DIR", help: "publish: the repository folder; keygen: the key files' prefix"),
            .value("version-number", "N", help: "publish: the manifest version (default: the published one + 1)"),
            .value("expires-days", "D", help: "publish: days until the manifest expires (default 30)"),
        ],
        examples: [
            ("pp-assets update --server https://assets.example.com", "install the newest signed set, with progress events"),
            ("pp-assets status", "which set the tools use now, and since when"),
            ("pp-assets publish newdata --key team.key -o repo", "sign newdata/profiles/… etc. into a servable repo"),
            ("pp-assets reset", "go back to the data that shipped with the program"),
        ],
        notes: """
            Events are JSON Lines on stdout: {"kind":"asset_event","event":"update_available"|"progress"|"error"|
            "finished",…}. The API key comes only from PP_ASSETS_KEY or --key-file, and is never printed. SIGINT,
            SIGTERM or `pp-assets cancel` stop an update with an error event "cancelled"; the active set is kept. A
            transfer below --min-rate is "too_slow", one past a deadline "deadline" (exit 2); what arrived stays in
            staging for the next update.
            The tools read the active set from $PP_ASSETS_DIR (default $XDG_DATA_HOME/pp/assets). See docs/assets.md.
            """)

    public static func run(_ args: ParsedArguments, environment: [String: String]) throws -> ExitStatus {
        guard let command = args.operands.first else {
            throw ToolError.usage("name a command: check, update, status, verify, reset, rollback, cancel, publish, keygen")
        }
        let events = AssetEvents()
        switch command {
        case "publish": return try publish(args, events: events, environment: environment)
        case "keygen": return try keygen(args)
        case "check", "update", "status", "verify", "reset", "rollback", "cancel":
            guard args.operands.count == 1 else { throw ToolError.usage("'\(command)' takes no operands") }
        default: throw ToolError.usage("unknown command '\(command)'")
        }
        let context = try AssetsContext.load(args, environment: environment)
        let maintenance = Maintenance(store: AssetStore(root: context.dataDirectory), events: events)
        do {
            switch command {
            case "check": _ = try Updater(context: context, events: events).check()
            case "update":
                Cancellation.install()
                _ = try Updater(context: context, events: events).update()
            case "status": try maintenance.status()
            case "verify": return try maintenance.verify() > 0 ? .findings : .ok
            case "reset": try maintenance.reset()
            case "rollback": try maintenance.rollback()
            default:
                if try !maintenance.cancel() { try events.error(ToolError(.fatal, code: "idle", "no update is running")) }
            }
        } catch let error as ToolError where error.kind != .usage {
            try events.error(error)
            throw error
        }
        return .ok
    }

    static func readKey(_ path: String, environment: [String: String]) throws(ToolError) -> Minisign.SecretKey {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw ToolError(.usage, code: "bad_secret_key", "cannot read the secret key '\(path)'")
        }
        do { return try Minisign.SecretKey(text: text, password: environment["PP_ASSETS_KEY_PASSWORD"]) } catch {
            throw ToolError(.usage, code: error.code, "'\(path)': \(error.message)")
        }
    }

    static func publish(_ args: ParsedArguments, events: AssetEvents, environment: [String: String]) throws -> ExitStatus {
        guard args.operands.count == 2, let keyPath = args.value("key"), let output = args.value("output") else {
            throw ToolError.usage("publish needs a folder, --key KEYFILE and -o REPO")
        }
        var publisher = Publisher(key: try readKey(keyPath, environment: environment))
        if let old = args.value("rotate-from") { publisher.rotateFrom = try readKey(old, environment: environment) }
        if let p = args.value("project") { publisher.project = p }
        if let s = args.value("stage") { publisher.stage = s }
        if args.value("version-number") != nil {
            publisher.version = try args.int("version-number", default: 1, in: 1...Int(Int32.max))
        }
        publisher.expiresAfter = Double(try args.int("expires-days", default: 30, in: 1...3650)) * 86400
        let manifest = try publisher.publish(args.operands[1], to: output)
        try events.record([
            "kind": "asset_published", "version": .int(manifest.version), "assets": .int(manifest.assets.count),
            "bytes": .int(manifest.totalBytes), "expires": .string(Manifest.dateText(manifest.expires)),
        ])
        return .ok
    }

    /// Writes PREFIX.key (not encrypted, mode 600) and PREFIX.pub in minisign's formats.
    static func keygen(_ args: ParsedArguments) throws -> ExitStatus {
        guard let prefix = args.value("output") else { throw ToolError.usage("keygen needs -o PREFIX") }
        guard !FileManager.default.fileExists(atPath: prefix + ".key") else {
            throw ToolError(.usage, code: "exists", "'\(prefix).key' exists; not overwriting a secret key")
        }
        let key = Minisign.SecretKey.generate()
        try AtomicFile.write(Array(key.fileText.utf8), to: prefix + ".key", mode: 0o600)
        try AtomicFile.write(Array(key.publicKey.fileText.utf8), to: prefix + ".pub", mode: 0o644)
        try AssetEvents().record(["kind": "asset_key", "public_key": .string(key.publicKey.base64)])
        return .ok
    }
}
