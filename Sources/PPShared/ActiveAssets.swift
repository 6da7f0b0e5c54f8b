import Foundation

/// The asset set pp-assets installed and made active (docs/assets.md), as the tools read it: profiles,
/// lexicons, model, tessdata and cards folders that take precedence over the data that shipped.
///
/// The folder is `$PP_ASSETS_DIR`, else `$XDG_DATA_HOME/pp/assets`, else `~/.local/share/pp/assets`; its
/// `active` link names the set. The link is resolved once per process, so a swap during a run does not
/// mix two sets. `PP_ASSETS_DIR=none` turns the active set off.
public struct ActiveAssets: Sendable {
    /// The resolved set folder ("…/sets/v7").
    public let folder: String
    /// The manifest version of the set.
    public let version: Int

    /// The active set of this process, or nil when there is none (the shipped data is used).
    public static let current: ActiveAssets? = find(in: dataDirectory())

    /// Where pp-assets keeps its sets, state and lock.
    public static func dataDirectory(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let dir = environment["PP_ASSETS_DIR"], !dir.isEmpty { return dir }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/pp/assets" }
        return (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share/pp/assets"
    }

    /// The set that `root/active` points to, when it is complete (its `installed.json` is written last).
    public static func find(in root: String) -> ActiveAssets? {
        guard let target = realpath(root + "/active", nil) else { return nil }
        defer { free(target) }
        let folder = String(cString: target)
        guard let data = FileManager.default.contents(atPath: folder + "/installed.json"),
            let json = try? JSON.parse(Array(data)), let version = json["version"]?.intValue
        else { return nil }
        return ActiveAssets(folder: folder, version: version)
    }

    /// `folder/kind` ("profiles", "tessdata", …) when the set has it.
    public func folder(_ kind: String) -> String? {
        var isDirectory: ObjCBool = false
        let path = folder + "/" + kind
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue ? path : nil
    }
}
