import PPShared

#if canImport(Glibc)
    import Glibc
#endif

/// Where tesseract's language data lives and which languages are there.
public struct Tessdata: Sendable {
    public let directory: String
    /// Installed recognition languages ("osd" is listed separately), sorted.
    public let languages: [String]
    public let hasOSD: Bool
    /// The version of the pp-assets set the data comes from; nil for the system's data.
    public var assetVersion: Int? = nil

    /// The folder tesseract itself would use: $TESSDATA_PREFIX, else Debian's and the usual install folders.
    public static func locate(override: String? = nil) throws(ToolError) -> Tessdata {
        var candidates: [String] = []
        if let override {
            candidates = [override]
        } else {
            if let prefix = getenv("TESSDATA_PREFIX") {
                let text = String(cString: prefix)
                candidates += [text, text + "/tessdata"]
            }
            // A set pp-assets installed comes before the system's data (tesseract reads one folder, so a
            // tessdata set must hold every language it is used with).
            if let active = ActiveAssets.current?.folder("tessdata") { candidates.append(active) }
            candidates += [
                "/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata",
                "/usr/share/tessdata", "/usr/local/share/tessdata",
            ]
        }
        for folder in candidates {
            let names = traineddataNames(in: folder)
            if !names.isEmpty {
                let fromAssets = ActiveAssets.current.flatMap { $0.folder("tessdata") == folder ? $0.version : nil }
                return Tessdata(
                    directory: folder, languages: names.filter { $0 != "osd" }.sorted(), hasOSD: names.contains("osd"),
                    assetVersion: fromAssets)
            }
        }
        let hint =
            override != nil ? "--tessdata \(override!)" : "the tesseract data folders (\(candidates.joined(separator: ", ")))"
        throw ToolError(
            .fatal, code: "no_tessdata",
            "no tesseract language data (*.traineddata) in \(hint): install tesseract-ocr-eng or set TESSDATA_PREFIX")
    }

    static func traineddataNames(in folder: String) -> [String] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name.hasSuffix(".traineddata") { names.append(String(name.dropLast(".traineddata".count))) }
        }
        return names
    }

    /// Checks a "+"-joined language list; an unknown one is a usage error listing what is installed.
    public func validate(_ languages: String) throws(ToolError) {
        let parts = languages.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        let installed = "installed: \(self.languages.joined(separator: ", "))"
        guard !parts.isEmpty, !parts.contains(where: \.isEmpty) else {
            throw .usage("--lang needs language names joined by '+', like eng or srp_latn+deu (\(installed))")
        }
        let unknown = parts.filter { !self.languages.contains($0) }
        guard unknown.isEmpty else {
            // A name a user can install by; a typo ("xyz") gets the same hint, and the installed list beside it.
            let what = unknown.count == 1 ? "language '\(unknown[0])' is" : "languages '\(unknown.joined(separator: "', '"))' are"
            let packages = unknown.map(MissingPackNotes.package(for:)).joined(separator: " ")
            throw .usage("tesseract \(what) not installed (Debian: apt-get install \(packages); \(installed))")
        }
    }
}
