import FoundationEssentials
import Glibc
import PPShared

/// Where updates come from and go to: the configuration file (`--config`, else
/// `$XDG_CONFIG_HOME/pp/assets.json`), each key overridden by its flag. The API key is read only from
/// `PP_ASSETS_KEY` or a key file that no one else may read, never from the command line or the
/// configuration itself, and is never printed.
public struct AssetsContext: Sendable {
    public var server: String?
    public var project = "pp"
    public var stage = "release"
    /// Stay at this manifest version (fetched from `<stage>/<version>/manifest.json`).
    public var pinned: Int?
    public var dataDirectory: String
    /// The key trust starts from: `public_key` / `--public-key`, else the release key installed with the
    /// program (ShippedKey); nil when there is neither.
    public var publicKey: Minisign.PublicKey?
    public var settings = Downloader.Settings()

    /// The keys a configuration file may hold, each also a flag of the same name with "-" for "_".
    static let keys = [
        "server", "project", "stage", "version", "data_dir", "public_key", "key_file", "timeout", "retries", "min_rate",
        "request_deadline", "deadline",
    ]
    /// The keys whose values reach C as strings (file names, the URL): C would cut one at a NUL byte and
    /// use another file or address.
    static let cStringKeys = ["server", "data_dir", "public_key", "key_file"]

    public static func load(_ args: ParsedArguments, environment: [String: String]) throws(ToolError) -> AssetsContext {
        var values: [String: String] = [:]
        let home = environment["HOME"] ?? "/nonexistent"
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        let configPath = args.value("config") ?? configHome + "/pp/assets.json"
        if let data = FileManager.default.contents(atPath: configPath),
            !data.allSatisfy({ [0x20, 0x0A, 0x0D, 0x09].contains($0) })
        {
            let json: JSON
            do { json = try JSON.parse(Array(data)) } catch {
                throw ToolError(.usage, code: "bad_config", "config '\(configPath)': not valid JSON (\(error.reason))")
            }
            guard let object = json.members else {
                throw ToolError(.usage, code: "bad_config", "config '\(configPath)': not an object")
            }
            for (key, value) in object {
                guard keys.contains(key) else {
                    let hint = key.contains("api") ? "; the API key comes from PP_ASSETS_KEY or key_file" : ""
                    throw ToolError(.usage, code: "bad_config", "config '\(configPath)': unknown key '\(key)'\(hint)")
                }
                // A number as its text when it is no Int (1e20), so that it is refused, not ignored.
                if case .number(let text) = value {
                    values[key] = value.intValue.map(String.init) ?? text
                } else {
                    values[key] = value.stringValue
                }
            }
        } else if args.value("config") != nil, !FileManager.default.fileExists(atPath: configPath) {
            throw ToolError(.usage, code: "bad_config", "cannot read config '\(configPath)'")
        }
        for key in keys {
            if let value = args.value(flag(key)) { values[key] = value }
        }
        for key in cStringKeys where values[key]?.utf8.contains(0) == true {
            throw ToolError(.usage, code: "bad_config", "\(key): a NUL byte in it would cut it short; refused")
        }
        var context = AssetsContext(
            server: values["server"], dataDirectory: values["data_dir"] ?? ActiveAssets.dataDirectory(environment))
        if let project = values["project"] { context.project = project }
        if let stage = values["stage"] { context.stage = stage }
        for (name, text) in [("project", context.project), ("stage", context.stage)] {
            guard Manifest.isSafeName("profiles/" + text) else {
                throw ToolError(.usage, code: "usage", "\(name) '\(text)': letters, digits, '.', '_' and '-' only")
            }
        }
        if let pin = values["version"] {
            guard let v = Int(pin), (1...Manifest.maximumNumber).contains(v) else {
                throw ToolError.usage("version '\(pin)': a whole number from 1 to \(Manifest.maximumNumber)")
            }
            context.pinned = v
        }
        if let key = values["public_key"] {
            context.publicKey = try ShippedKey.read(key, origin: "public key")
        } else if let file = ShippedKey.file() {
            context.publicKey = try ShippedKey.read(file, origin: "the installed release key")
        }
        // What each limit may be set to (seconds, or bytes per second for min_rate), and where it goes.
        let limits: [(key: String, range: ClosedRange<Int>, field: WritableKeyPath<Downloader.Settings, Int>)] = [
            ("timeout", 1...86_400, \.timeout), ("retries", 0...100, \.retries),
            ("min_rate", 1...(1 << 40), \.minimumRate), ("request_deadline", 1...2_592_000, \.requestDeadline),
            ("deadline", 1...2_592_000, \.deadline),
        ]
        for limit in limits {
            guard let text = values[limit.key] else { continue }
            guard let value = Int(text), limit.range.contains(value) else {
                throw ToolError.usage(
                    "\(flag(limit.key)) '\(text)': a whole number from \(limit.range.lowerBound) to \(limit.range.upperBound)")
            }
            context.settings[keyPath: limit.field] = value
        }
        context.settings.apiKey = try apiKey(environment: environment, keyFile: values["key_file"])
        return context
    }

    /// The flag of a configuration key: the key with "-" for "_" ("version" is `--pin`).
    static func flag(_ key: String) -> String { key == "version" ? "pin" : String(key.map { $0 == "_" ? "-" : $0 }) }

    /// `PP_ASSETS_KEY`, else the first line of the key file, which must not be readable by group or others.
    static func apiKey(environment: [String: String], keyFile: String?) throws(ToolError) -> String? {
        if let key = environment["PP_ASSETS_KEY"], !key.isEmpty { return key }
        guard let keyFile else { return nil }
        var info = stat()
        guard stat(keyFile, &info) == 0 else {
            throw ToolError(.usage, code: "key_file", "cannot read the key file '\(keyFile)'")
        }
        guard info.st_mode & 0o077 == 0 else {
            throw ToolError(
                .usage, code: "key_file",
                "the key file '\(keyFile)' may be read by others (mode \(String(info.st_mode & 0o777, radix: 8))): "
                    + "chmod 600 it")
        }
        guard let text = try? String(contentsOfFile: keyFile, encoding: .utf8),
            let line = text.split(whereSeparator: \.isNewline).first, !line.isEmpty
        else { throw ToolError(.usage, code: "key_file", "the key file '\(keyFile)' is empty") }
        return trimmed(String(line))
    }

    /// The key to start trust from; an error that says how to name one when there is none.
    public func trustRoot() throws(ToolError) -> Minisign.PublicKey {
        guard let publicKey else {
            throw ToolError(
                .fatal, code: "no_public_key",
                "no trusted key: give --public-key FILE or \"public_key\" in the config, or install pp with its "
                    + "release key (make release-key; docs/assets.md \"Keys\")")
        }
        return publicKey
    }

    /// The folder of the stage on the server; the pinned version's folder when pinned.
    public func manifestURL() throws(ToolError) -> String {
        guard var base = server, !base.isEmpty else {
            throw ToolError(.usage, code: "no_server", "no server: give --server URL or \"server\" in the config file")
        }
        while base.hasSuffix("/") { base.removeLast() }
        let stageURL = "\(base)/\(project)/\(stage)"
        return pinned.map { "\(stageURL)/\($0)/manifest.json" } ?? "\(stageURL)/manifest.json"
    }

    /// Where the asset of a manifest lives: under the manifest's own version folder.
    public func assetURL(_ asset: Manifest.Asset, manifestVersion: Int) -> String {
        var base = server ?? ""
        while base.hasSuffix("/") { base.removeLast() }
        return "\(base)/\(project)/\(stage)/\(manifestVersion)/\(asset.name)"
    }
}
