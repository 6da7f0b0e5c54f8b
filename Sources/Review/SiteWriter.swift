import Foundation
import Lexicons
import PPShared
import Records

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
        let plan = PicturePlan(entries)
        let pictures = plan.make(into: folder)
        var index: [JSON] = []
        var pending: [JSON] = []
        for (number, entry) in entries.enumerated() {
            var shown: [SitePicture?] = []
            for page in plan.pages[number] {
                switch page.flatMap({ pictures[$0] }) {
                case .success(let picture): shown.append(picture)
                case .failure(let error):
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
        report.pictures = pictures.filter { (try? $0.get()) != nil }.count
        try writeData("index.js", call: "index", .array(index))
        try writeText("index.html", SiteFiles.html)
        try writeText("review.css", SiteFiles.css)
        try writeText(Self.marker, SiteScript.source)
        let used =
            pictures.compactMap { try? $0.get().path }
            + (0...(max(0, entries.count - 1) / Self.chunk)).map { "data/docs-\($0).js" }
        removeLeftovers(keeping: Set(used))
        return report
    }

    /// Pictures and data files of an earlier, larger site in this folder: nothing points at them any more.
    private func removeLeftovers(keeping kept: Set<String>) {
        for sub in ["data", "img"] {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder + "/" + sub)) ?? [] {
                let path = sub + "/" + name
                guard path != "data/index.js", !kept.contains(path), !name.hasPrefix(".") else { continue }
                try? FileManager.default.removeItem(atPath: folder + "/" + path)
            }
        }
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

/// The page pictures of a site: each source file once, named by the order it was first met, made on all
/// cores (a PDF page rendered or a TIFF converted costs a tenth of a second or more; a copy next to nothing).
struct PicturePlan {
    /// Per document, per page: the index of its picture in `sources`, or why it has none.
    let pages: [[Result<Int, ToolError>]]
    /// The distinct pictures, with the page view that first named each (for the size it states) and that
    /// page in words (for what goes wrong with the picture).
    let sources: [(source: PictureSource, view: PageView, page: String)]

    init(_ entries: [ReviewEntry]) {
        var index: [PictureSource: Int] = [:]
        var sources: [(source: PictureSource, view: PageView, page: String)] = []
        pages = entries.map { entry in
            entry.pageViews.map { view in
                guard let from = PictureSource.of(view: view, source: entry.source) else {
                    return .failure(
                        ToolError(
                            .record, code: "no_picture", "\(entry.describe(page: view)): no thumbnail, image or PDF to show"))
                }
                if let known = index[from] { return .success(known) }
                index[from] = sources.count
                sources.append((from, view, entry.describe(page: view)))
                return .success(sources.count - 1)
            }
        }
        self.sources = sources
    }

    /// Copies or makes every picture into `folder`/img; one result per source, in order.
    func make(into folder: String) -> [Result<SitePicture, ToolError>] {
        let results = Results<Result<SitePicture, ToolError>>(count: sources.count, empty: .failure(ToolError.usage("")))
        let sources = self.sources
        concurrentForEach(sources.count) { i in
            let made = Result { () throws(ToolError) -> SitePicture in
                do throws(ToolError) {
                    return try Self.make(sources[i].source, view: sources[i].view, name: "img/\(i + 1)", folder: folder)
                } catch {
                    throw ToolError(.record, code: error.code, "\(sources[i].page): \(error.message)")
                }
            }
            results.set(i, made)
        }
        return results.values
    }

    private static func make(_ from: PictureSource, view: PageView, name: String, folder: String) throws(ToolError) -> SitePicture
    {
        // A PNG or a JPEG (by its bytes) is copied as it is, once checked; the rest is decoded and written as a PNG.
        if case .file(let path, frame: 0) = from {
            let file = try PictureFile(path: path)
            if let ext = file.browserFormat {
                try file.copy(to: folder + "/" + name + "." + ext)
                // The size the page view states for the picture it names (the thumbnail first, as `PictureSource.of`).
                let size =
                    view.thumbnail?.path != nil
                    ? (view.thumbnail?.width, view.thumbnail?.height) : (view.image?.width, view.image?.height)
                return SitePicture(
                    path: name + "." + ext, width: size.0 ?? file.header.width, height: size.1 ?? file.header.height)
            }
        }
        let picture = try from.load()
        try picture.writePNG(to: folder + "/" + name + ".png")
        return SitePicture(path: name + ".png", width: picture.width, height: picture.height)
    }
}

/// Results filled in by worker threads, each slot by one of them; read once all are done.
final class Results<Value>: @unchecked Sendable {
    private let lock = Lock()
    private var slots: [Value]

    init(count: Int, empty: Value) { slots = Array(repeating: empty, count: count) }

    func set(_ index: Int, _ value: Value) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }
}
