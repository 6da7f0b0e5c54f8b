import Foundation
import PPShared

/// Where pp-extract's shipped data files are: the SwiftPM resource bundle beside the executable, or
/// `../share/pp/…` relative to it (what `make install` lays out); an environment variable names another file.
enum ShippedData {
    static var executableFolder: String { (ProfileStore.executablePath() as NSString).deletingLastPathComponent }

    /// The file `Model/NAME` ($ENV when set), and the places looked at.
    static func modelFile(_ name: String, environment variable: String) -> (path: String?, searched: [String]) {
        if let env = ProcessInfo.processInfo.environment[variable], !env.isEmpty {
            return (FileManager.default.fileExists(atPath: env) ? env : nil, [env])
        }
        let dir = executableFolder
        let searched = [
            dir + "/pp_Extract.resources/Model/" + name,
            ((dir as NSString).deletingLastPathComponent as NSString).appendingPathComponent("share/pp/model/" + name),
        ]
        return (searched.first { FileManager.default.fileExists(atPath: $0) }, searched)
    }

    /// The names of the `.json` files in `folders`, without the extension, sorted and without repeats.
    static func jsonNames(in folders: [String]) -> [String] {
        var out: Set<String> = []
        for f in folders {
            for n in (try? FileManager.default.contentsOfDirectory(atPath: f)) ?? [] where n.hasSuffix(".json") {
                out.insert(String(n.dropLast(5)))
            }
        }
        return out.sorted()
    }
}
