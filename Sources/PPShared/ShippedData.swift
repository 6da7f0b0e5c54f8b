#if canImport(Glibc)
    import Glibc
#endif

/// Where pp's shipped data files are (profiles, lexicons, the model): the SwiftPM resource bundle beside the
/// executable, or `../share/pp/…` relative to it (what `make install` lays out); an environment variable names
/// another file or folder, and an asset set pp-assets installed (`ActiveAssets`) comes before what shipped.
/// The one place that looks these up. Plain libc, like the rest of PPShared: every tool links it, and a tool
/// that loads Foundation for it starts slower and maps more (pp-pages: 4 MB of its peak memory).
public enum ShippedData {
    /// The running executable's path (through /proc, so a link to it counts as the tool's own place).
    public static func executablePath() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return CommandLine.arguments[0] }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public static var executableFolder: String { parent(executablePath()) }

    /// The folder of `path`: its last component and the slashes before it taken off ("/" for a path in the
    /// root, "" for a bare name).
    static func parent(_ path: String) -> String {
        var p = Substring(path)
        while p.count > 1, p.hasSuffix("/") { p = p.dropLast() }
        guard let slash = p.lastIndex(of: "/") else { return "" }
        var folder = p[..<slash]
        while folder.hasSuffix("/") { folder = folder.dropLast() }
        return folder.isEmpty ? "/" : String(folder)
    }

    /// `folder` and `name` joined by one slash.
    static func joined(_ folder: String, _ name: String) -> String {
        folder.isEmpty ? name : folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    private static func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// The profile folders, first match wins: $PP_PROFILES, the active asset set's profiles, the SwiftPM
    /// resource bundle beside the executable, then `../share/pp/profiles` relative to it.
    public static func profileFolders(executable: String? = nil) -> [String] {
        var folders: [String] = []
        if let env = environment("PP_PROFILES"), !env.isEmpty { folders.append(env) }
        // A set pp-assets installed comes before what shipped; its lexicons are the sibling folder.
        if let active = ActiveAssets.current?.folder("profiles") { folders.append(active) }
        let dir = parent(executable ?? executablePath())
        folders.append(dir + "/pp_Extract.resources/Profiles")
        folders.append(dir + "/pp_Extract.resources")
        folders.append(joined(parent(dir), "share/pp/profiles"))
        return folders
    }

    /// The file `Model/NAME` ($ENV when set), and the places looked at.
    public static func modelFile(_ name: String, environment variable: String) -> (path: String?, searched: [String]) {
        if let env = environment(variable), !env.isEmpty {
            return (exists(env) ? env : nil, [env])
        }
        let dir = executableFolder
        let active = ActiveAssets.current?.folder("model").map { [$0 + "/" + name] } ?? []
        let searched =
            active + [
                dir + "/pp_Extract.resources/Model/" + name,
                joined(parent(dir), "share/pp/model/" + name),
            ]
        return (searched.first(where: exists), searched)
    }

    /// A data file's JSON: `kind` names it in errors ("profile"), which say the file and the fault.
    public static func readJSON(_ path: String, kind: String) throws(ToolError) -> JSON {
        guard let data = readFile(path) else {
            throw ToolError(.usage, code: "unreadable_\(kind)", "cannot read \(kind) file '\(path)'")
        }
        do { return try JSON.parse(data) } catch {
            throw ToolError(
                .usage, code: "bad_\(kind)", "\(kind) '\(path)': not valid JSON (\(error.reason) at byte \(error.offset + 1))")
        }
    }

    /// The names of the `.json` files in `folders`, without the extension, sorted and without repeats.
    public static func jsonNames(in folders: [String]) -> [String] {
        var out: Set<String> = []
        for f in folders {
            guard let dir = opendir(f) else { continue }
            defer { closedir(dir) }
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name.hasSuffix(".json") { out.insert(String(name.dropLast(5))) }
            }
        }
        return out.sorted()
    }
}
