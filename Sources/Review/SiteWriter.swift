import Foundation
import PPShared

/// A page picture as the site holds it: a path relative to the site's folder.
struct SitePicture: Sendable {
    let path: String
    let width: Int
    let height: Int
}

/// Writes the review site: `index.html`, `review.css`, `review.js`, `data/index.js` (the list),
/// `data/docs-<K>.js` with the pages of `chunk` documents each (loaded when one of them opens) and the
/// page pictures in `img/`. Documents go by the chunk rather than one file each: every file is written
/// whole (fsync and rename), which costs about as much as the writing itself.
///
/// The data travel as `<script src>` files rather than JSON to fetch: a page opened from file:// may
/// load scripts beside it in every browser, but may not fetch files.
public struct SiteWriter {
    public struct Report: Sendable {
        public var documents = 0
        public var pictures = 0
        /// Pages shown without a picture, each naming the file and the fault.
        public var missing: [String] = []
    }

    /// Files the writer owns in a site folder; a folder holding other files is not overwritten.
    static let marker = "review.js"
    /// Documents per data file (review.js computes the same file from a document's number).
    static let chunk = 50

    let folder: String

    public init(folder: String) { self.folder = folder }

    public func write(_ entries: [ReviewEntry]) throws(ToolError) -> Report {
        try prepareFolder()
        var report = Report()
        var pictures = PictureStore(folder: folder)
        var index: [JSON] = []
        var pending: [JSON] = []
        for entry in entries {
            var shown: [SitePicture?] = []
            for view in entry.pageViews {
                do throws(ToolError) {
                    shown.append(try pictures.picture(for: view, source: entry.source))
                } catch {
                    shown.append(nil)
                    report.missing.append(error.message)
                }
            }
            index.append(entry.indexItem(thumbnail: shown.first??.path))
            pending.append(entry.pageData(pictures: shown))
            report.documents += 1
            if entry.number % Self.chunk == 0 || entry.number == entries.count {
                try writeData("docs-\((entry.number - 1) / Self.chunk).js", call: "documents", .array(pending))
                pending = []
            }
        }
        report.pictures = pictures.count
        try writeData("index.js", call: "index", .array(index))
        try writeText("index.html", SiteFiles.html)
        try writeText("review.css", SiteFiles.css)
        try writeText(Self.marker, SiteScript.source)
        return report
    }

    /// Makes the folder, or checks that an existing one is empty or an earlier review site.
    private func prepareFolder() throws(ToolError) {
        let files = FileManager.default
        var isFolder: ObjCBool = false
        if files.fileExists(atPath: folder, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw ToolError.usage("'\(folder)' exists and is not a folder") }
            let present = (try? files.contentsOfDirectory(atPath: folder)) ?? []
            guard present.isEmpty || present.contains(Self.marker) else {
                throw ToolError.usage("'\(folder)' holds other files than a review site; name an empty or new folder")
            }
        }
        for sub in ["", "/data", "/img"] {
            do {
                try files.createDirectory(atPath: folder + sub, withIntermediateDirectories: true)
            } catch {
                throw ToolError(
                    .fatal, code: "cannot_write", "cannot make the folder '\(folder + sub)': \(error.localizedDescription)")
            }
        }
    }

    /// A data file: one call of the site's script with the value, `<` written as `\u003c` so no text of a
    /// document can close a script element wherever the data is embedded.
    private func writeData(_ name: String, call: String, _ value: JSON) throws(ToolError) {
        let json = value.encoded().replacingOccurrences(of: "<", with: "\\u003c")
        try writeText("data/" + name, "ppReview.\(call)(\(json));\n")
    }

    private func writeText(_ name: String, _ text: String) throws(ToolError) {
        do throws(ToolError) {
            try AtomicFile.write(Array(text.utf8), to: folder + "/" + name)
        } catch {
            throw ToolError(.fatal, code: error.code, error.message)  // a site with a file missing is no site
        }
    }
}

/// The page pictures of a site: each source file once, named by the order it was first met.
struct PictureStore {
    let folder: String
    private var known: [String: SitePicture] = [:]
    var count: Int { known.count }

    init(folder: String) { self.folder = folder }

    mutating func picture(for view: JSON, source: String?) throws(ToolError) -> SitePicture {
        guard let from = PictureSource.of(view: view, source: source) else {
            throw ToolError(
                .record, code: "no_picture",
                "page \(view["page"]?.intValue ?? 0) of '\(source ?? "?")': no thumbnail, image or PDF to show")
        }
        let key = "\(from)"
        if let done = known[key] { return done }
        let made: SitePicture
        let number = known.count + 1
        if let ext = from.browserReady {
            let name = "img/\(number).\(ext)"
            guard let bytes = readFile(from.path) else {
                throw ToolError(.record, code: "picture_missing", "cannot open page picture '\(from.path)'")
            }
            try AtomicFile.write(bytes, to: folder + "/" + name)
            let size = view["thumbnail"]?["path"] != nil ? view["thumbnail"] : view["image"]
            made = SitePicture(path: name, width: size?["width"]?.intValue ?? 0, height: size?["height"]?.intValue ?? 0)
        } else {
            let picture = try from.load()
            let name = "img/\(number).png"
            try picture.writePNG(to: folder + "/" + name)
            made = SitePicture(path: name, width: picture.width, height: picture.height)
        }
        known[key] = made
        return made
    }
}
