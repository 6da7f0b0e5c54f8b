import Foundation

/// Where pp's shipped data files are (profiles, lexicons, the model): the SwiftPM resource bundle beside the
/// executable, or `../share/pp/…` relative to it (what `make install` lays out); an environment variable names
/// another file or folder, and an asset set pp-assets installed (`ActiveAssets`) comes before what shipped.
/// The one place that looks these up.
public enum ShippedData {
    /// The running executable's path (through /proc, so a link to it counts as the tool's own place).
    public static func executablePath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    public static var executableFolder: String { (executablePath() as NSString).deletingLastPathComponent }

    /// The profile folders, first match wins: $PP_PROFILES, the active asset set's profiles, the SwiftPM
    /// resource bundle beside the executable, then `../share/pp/profiles` relative to it.
    public static func profileFolders(executable: String? = nil) -> [String] {
        var folders: [String] = []
        if let env = ProcessInfo.processInfo.environment["PP_PROFILES"], !env.isEmpty { folders.append(env) }
        // A set pp-assets installed comes before what shipped; its lexicons are the sibling folder.
        if let active = ActiveAssets.current?.folder("profiles") { folders.append(active) }
        let dir = ((executable ?? executablePath()) as NSString).deletingLastPathComponent
        folders.append(dir + "/pp_Extract.resources/Profiles")
        folders.append(dir + "/pp_Extract.resources")
        folders.append(((dir as NSString).deletingLastPathComponent as NSString).appendingPathComponent("share/pp/profiles"))
        return folders
    }

    /// The file `Model/NAME` ($ENV when set), and the places looked at.
    public static func modelFile(_ name: String, environment variable: String) -> (path: String?, searched: [String]) {
        if let env = ProcessInfo.processInfo.environment[variable], !env.isEmpty {
            return (FileManager.default.fileExists(atPath: env) ? env : nil, [env])
        }
        let dir = executableFolder
        let active = ActiveAssets.current?.folder("model").map { [$0 + "/" + name] } ?? []
        let searched =
            active + [
                dir + "/pp_Extract.resources/Model/" + name,
                ((dir as NSString).deletingLastPathComponent as NSString).appendingPathComponent("share/pp/model/" + name),
            ]
        return (searched.first { FileManager.default.fileExists(atPath: $0) }, searched)
    }

    /// A data file's JSON: `kind` names it in errors ("profile"), which say the file and the fault.
    public static func readJSON(_ path: String, kind: String) throws(ToolError) -> JSON {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ToolError(.usage, code: "unreadable_\(kind)", "cannot read \(kind) file '\(path)'")
        }
        do { return try JSON.parse(Array(data)) } catch {
            throw ToolError(
                .usage, code: "bad_\(kind)", "\(kind) '\(path)': not valid JSON (\(error.reason) at byte \(error.offset + 1))")
        }
    }

    /// The names of the `.json` files in `folders`, without the extension, sorted and without repeats.
    public static func jsonNames(in folders: [String]) -> [String] {
        var out: Set<String> = []
        for f in folders {
            for n in (try? FileManager.default.contentsOfDirectory(atPath: f)) ?? [] where n.hasSuffix(".json") {
                out.insert(String(n.dropLast(5)))
            }
        }
        return out.sorted()
    }
}
