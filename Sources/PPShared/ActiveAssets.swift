#if canImport(Glibc)
    import Glibc
#endif

/// The asset set pp-assets installed and made active (docs/assets.md), as the tools read it: profiles,
/// lexicons, model, tessdata and cards folders that take precedence over the data that shipped.
///
/// The folder is `$PP_ASSETS_DIR`, else `$XDG_DATA_HOME/pp/assets`, else `~/.local/share/pp/assets`; its
/// `active` link names the set. The link is resolved once per process, so a swap during a run does not
/// mix two sets. `PP_ASSETS_DIR=none` turns the active set off. Plain libc, like the rest of PPShared:
/// every tool reads this at start-up and none should load Foundation for it.
public struct ActiveAssets: Sendable {
    /// The resolved set folder ("…/sets/v7").
    public let folder: String
    /// The manifest version of the set.
    public let version: Int

    /// The active set of this process, or nil when there is none (the shipped data is used).
    public static let current: ActiveAssets? = find(in: dataDirectory())

    /// Where pp-assets keeps its sets, state and lock: from `environment`, else this process's.
    public static func dataDirectory(_ environment: [String: String]? = nil) -> String {
        func value(_ name: String) -> String? {
            if let environment { return environment[name] }
            return getenv(name).map { String(cString: $0) }
        }
        if let dir = value("PP_ASSETS_DIR"), !dir.isEmpty { return dir }
        if let xdg = value("XDG_DATA_HOME"), xdg.hasPrefix("/") { return xdg + "/pp/assets" }
        if let home = value("HOME"), !home.isEmpty { return home + "/.local/share/pp/assets" }
        return "/nonexistent/pp/assets"
    }

    /// The set that `root/active` points to, when it is complete (its `installed.json` is written last).
    public static func find(in root: String) -> ActiveAssets? {
        guard let target = realpath(root + "/active", nil) else { return nil }
        defer { free(target) }
        let folder = String(cString: target)
        guard let bytes = readFile(folder + "/installed.json", limit: 1 << 16), let json = try? JSON.parse(bytes),
            let version = json["version"]?.intValue
        else { return nil }
        return ActiveAssets(folder: folder, version: version)
    }

    /// `folder/kind` ("profiles", "tessdata", …) when the set has it.
    public func folder(_ kind: String) -> String? {
        var info = stat()
        let path = folder + "/" + kind
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR ? path : nil
    }
}
