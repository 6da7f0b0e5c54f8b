import CQPDF
import Digest
import PPShared

#if canImport(Glibc)
    import Glibc
#endif

/// One edit of one PDF: what to open, what to do, where to write.
public struct EditJob: Sendable, Equatable {
    public var input: String
    /// Where the result goes; equal to `input` with `inPlace`.
    public var output: String
    public var inPlace: Bool
    public var password: String?
    public var decrypt: Bool
    public var breakSignature: Bool
    /// Derive the /ID from the content (qpdf --deterministic-id); costs an MD5 pass over the output.
    public var deterministicID: Bool
    /// In place: how long to wait for another pp-pages that edits the same file (`ReplaceLock`).
    public var lockWait: Int
    public var operations: [PageOperation]
    /// --as-is: photos are inserted as they are, not cut to the sheet of paper they show and straightened.
    public var asIs = false
    /// --whiten: a straightened sheet's background is made even and white too.
    public var whiten = false
    /// --searchable: text layers to put under pages of the input, before the operations.
    public var textLayers: [PageTextLayer] = []
    /// The process ends right after this edit (one edit from the command line): the documents are left to the
    /// exit instead of freed one object at a time (qpdf_cleanup and the heap consolidation after it, about 5% of a
    /// book's instructions). An edit of a batch frees them.
    public var endsProcess = false

    public init(
        input: String, output: String?, inPlace: Bool, password: String? = nil, decrypt: Bool = false,
        breakSignature: Bool = false, deterministicID: Bool = false, lockWait: Int = EditJob.defaultLockWait,
        operations: [PageOperation]
    ) {
        self.deterministicID = deterministicID
        self.lockWait = lockWait
        self.input = input
        self.output = inPlace ? input : (output ?? "")
        self.inPlace = inPlace
        self.password = password
        self.decrypt = decrypt
        self.breakSignature = breakSignature
        self.operations = operations
    }

    /// Seconds an edit in place waits for another one of the same file (`--lock-wait`).
    public static let defaultLockWait = 120
}

/// What an edit produced: the record for stdout and the warnings it carries.
public struct EditOutcome: Sendable {
    public var record: JSON
    public var warnings: [String]
}

/// What an edit that ends the process leaves to the exit (`EditJob.endsProcess`).
private final class LeftToExit {
    let primary: QPDFDocument
    let sources: [String: Source]
    init(_ primary: QPDFDocument, _ sources: [String: Source]) { (self.primary, self.sources) = (primary, sources) }
}

/// A document pages are taken from.
private enum Source {
    case pdf(QPDFDocument, pages: [qpdf_oh])
    case images([PageImage])
}

/// Runs one edit: opens everything, validates the whole request, and only then writes the
/// result atomically (temporary file beside the output, renamed into place).
///
/// Throws a `.record` ToolError naming the file and the fault; nothing is written then.
public func performEdit(_ job: EditJob) throws(ToolError) -> EditOutcome {
    // 1. The request itself.
    guard !job.output.isEmpty else { throw ToolError(.record, code: "bad_request", "no output file given") }
    try requireInputFile(job.input)
    if !job.inPlace, sameFile(job.input, job.output) {
        throw ToolError(
            .record, code: "bad_request", "the output '\(job.output)' is the input itself; use --in-place to replace it")
    }
    var outStat = stat()
    if !job.inPlace, stat(job.output, &outStat) == 0, (outStat.st_mode & S_IFMT) != S_IFREG {
        // A device or a pipe cannot be replaced atomically, and renaming over it would remove it.
        let what = (outStat.st_mode & S_IFMT) == S_IFDIR ? "a folder" : "not a regular file"
        throw ToolError(.record, code: "output_unwritable", "the output '\(job.output)' is \(what); name a file")
    }
    // Through a symbolic link (in place or -o): replace the file it points at, keep the link.
    let target = resolvedPath(job.output)
    let outDir = folder(of: target)
    var st = stat()
    let found = stat(outDir, &st) == 0
    guard found, (st.st_mode & S_IFMT) == S_IFDIR else {
        let what = found ? "is not a folder" : "does not exist"
        throw ToolError(.record, code: "output_unwritable", "the folder of '\(job.output)' ('\(outDir)') \(what)")
    }
    guard access(outDir, W_OK) == 0 else {
        throw ToolError(
            .record, code: "output_unwritable", "the folder '\(outDir)' is not writable: \(systemErrorText(errno))")
    }

    // In place: no other pp-pages edits the file from here until the result is renamed over it; one
    // that was editing it first has its result read here, and this edit goes on top of it.
    let lock = try job.inPlace ? lockForEdit(target, job: job) : nil

    // 2. Open the primary document and every inserted file; count pages.
    let primary = try openPrimary(job)
    try primary.pushInheritedAttributes()
    let count = try primary.pageCount()
    let labels = PageLabels.read(primary, pageCount: count)
    let signed = isSigned(primary)
    primary.releaseAllHandles()
    let layers = try TextLayerPlacement(job.textLayers, into: primary, pageCount: count)
    var sources: [String: Source] = [:]
    let plan = try EditPlan.make(operations: job.operations, primaryPages: count) { file throws(ToolError) -> Int in
        switch sources[file] {
        case .pdf(_, let pages)?: return pages.count
        case .images(let images)?: return images.count
        case nil: break
        }
        try requireInputFile(file, role: "the file to insert")
        if let images = try PageImage.load(path: file, name: file, straighten: job.asIs ? nil : .init(whiten: job.whiten)) {
            sources[file] = .images(images)
            return images.count
        }
        let doc = try QPDFDocument(path: file, name: file, password: job.password)
        try doc.pushInheritedAttributes()
        let n = try doc.pageCount()
        sources[file] = .pdf(doc, pages: (0..<n).map { doc.page($0) })
        return n
    }

    // 3. Signatures: an edit always invalidates them; never silently in place.
    var warnings: [String] = []
    if signed {
        if job.inPlace, !job.breakSignature {
            throw ToolError(
                .record, code: "signed",
                "'\(job.input)' is digitally signed and editing it invalidates the signature; write a copy with -o OUT.pdf, or add --break-signature to replace it in place"
            )
        }
        warnings.append("'\(job.input)' is digitally signed; the signature of the edited PDF is no longer valid")
    }

    // 4. Build the new page tree in the primary document (keeps its outlines, labels, forms).
    let identity =
        plan.pages.count == count
        && plan.pages.enumerated().allSatisfy { $0.element.source == 0 && $0.element.page == $0.offset + 1 }
    if !identity {
        let q = primary.handle
        let primaryPages = (0..<count).map { primary.page($0) }
        var fit = (width: 595.28, height: 841.89)
        if let first = primaryPages.first, let box = mediaBox(primary, first) { fit = box }
        var imagePages: [Int: qpdf_oh] = [:]  // source << 20 | page -> the page built for it
        /// The document and page handle a planned page comes from (image pages are built once, here).
        func origin(_ planned: PlannedPage) throws(ToolError) -> (OpaquePointer, qpdf_oh) {
            if planned.source == 0 { return (q, primaryPages[planned.page - 1]) }
            switch sources[plan.files[planned.source - 1]]! {
            case .pdf(let doc, let pages):
                return (doc.handle, pages[planned.page - 1])
            case .images(let images):
                let key = planned.source << 20 | planned.page
                if imagePages[key] == nil {
                    imagePages[key] = try images[planned.page - 1].makePage(in: primary, fit: fit)
                }
                return (q, imagePages[key]!)
            }
        }
        // When the kept pages of the document stay in their order (deletes, inserts, appends), only
        // the deleted pages come out and the new ones go in; otherwise the page list is rebuilt.
        let keptPrimary = plan.pages.filter { $0.source == 0 }.map(\.page)
        let lastPrimary = plan.pages.lastIndex { $0.source == 0 } ?? -1
        let middleInsertions = plan.pages.indices.filter { $0 < lastPrimary && plan.pages[$0].source != 0 }.count
        if zip(keptPrimary, keptPrimary.dropFirst()).allSatisfy({ $0 < $1 }), middleInsertions <= 64 {
            let keep = Set(keptPrimary)
            for page in stride(from: count, through: 1, by: -1) where !keep.contains(page) {
                _ = qpdf_remove_page(q, primaryPages[page - 1])
            }
            try primary.check("take the deleted pages out of the page tree")
            // Invariant: the tree starts with plan.pages[0..<i], then the kept pages still to come.
            for (i, planned) in plan.pages.enumerated() where planned.source != 0 {
                let (from, page) = try origin(planned)
                if i >= qpdf_get_num_pages(q) {
                    _ = qpdf_add_page(q, from, page, QPDF_FALSE)
                } else {
                    let before = qpdf_get_page_n(q, i)
                    _ = qpdf_add_page_at(q, from, page, QPDF_TRUE, before)
                    primary.release(before)
                }
                try primary.check("add a page")
            }
        } else {
            // The page list is emptied at once: qpdf_remove_page copies the whole /Kids array for every page it
            // takes out (500 pages: 125,000 entries copied, 15% of a reverse's instructions). qpdf_find_page_by_oh
            // first flattens the tree as qpdf_remove_page did (every page's /Parent becomes the root), so the pages
            // left out end as before; qpdf_add_page then puts the planned ones back.
            if let first = primaryPages.first { _ = qpdf_find_page_by_oh(q, first) }
            guard let pages = primary.key(primary.root, "/Pages"), primary.isDictionary(pages) else {
                throw ToolError(.record, code: "pdf_edit_failed", "cannot read the page tree in '\(primary.name)'")
            }
            primary.set(pages, "/Kids", primary.newArray())
            primary.set(pages, "/Count", primary.newInteger(0))
            _ = qpdf_update_all_pages_cache(q)
            try primary.check("take the pages out of the page tree")
            for planned in plan.pages {
                let (from, page) = try origin(planned)
                _ = qpdf_add_page(q, from, page, QPDF_FALSE)
                try primary.check("add a page")
            }
        }
        primary.releaseAllHandles()
        if let labels {
            var sourceLabels: [Int: [PageLabel]] = [0: labels]
            for (k, file) in plan.files.enumerated() {
                if case .pdf(let doc, let pages)? = sources[file], let l = PageLabels.read(doc, pageCount: pages.count) {
                    sourceLabels[k + 1] = l
                }
            }
            try PageLabels.write(plan: plan, labels: sourceLabels, into: primary)
            primary.releaseAllHandles()
        }
        var kept: Set<Int> = []
        for i in 0..<plan.pages.count {
            let page = primary.page(i)
            kept.insert(pageID(primary, page))
            primary.release(page)
        }
        Outlines.dropDestinations(in: primary, keeping: kept)
        FormFields.dropFields(in: primary, keeping: kept)
        primary.releaseAllHandles()
        // Only when a page of the document was deleted can a link point at a page that is gone.
        if Set(plan.pages.filter { $0.source == 0 }.map(\.page)).count < count {
            Links.dropDeadLinks(in: primary, pageCount: plan.pages.count, keeping: kept)
        }
    }
    for (i, planned) in plan.pages.enumerated() where planned.rotation != 0 {
        let page = primary.page(i)
        let rotate = primary.key(page, "/Rotate")
        // The file's /Rotate may be any integer: reduced first, so adding never overflows; one that is no
        // multiple of 90 is no turn, as viewers show it.
        let old = primary.int(rotate).map { $0 % 90 == 0 ? $0 % 360 : 0 } ?? 0
        let value = primary.newInteger((old + planned.rotation + 360) % 360)
        primary.set(page, "/Rotate", value)
        for oh in [page, value] + (rotate.map { [$0] } ?? []) { primary.release(oh) }
    }
    try primary.check("rotate pages")

    // 5. Write beside the output, then rename; the sources stay open until the write is done.
    let encrypted = primary.isEncrypted
    let destination = try AtomicFile(destination: target)
    // The record's "doc" is the SHA-256 of the bytes as they are written, not of the file read back.
    let digest = SHA256()
    do {
        try primary.write(
            into: destination, keepEncryption: !job.decrypt,
            deterministicID: job.deterministicID && (!encrypted || job.decrypt), keepStreamBytes: !job.textLayers.isEmpty,
            observe: { digest.update($0) })
        if let lock {
            if let lost = try destination.commit(replacing: lock.attributes) { warnings.append(lost) }
        } else {
            try destination.commit()
        }
    } catch {
        destination.discard()
        throw error
    }
    withExtendedLifetime((sources, lock, layers)) {}
    if job.endsProcess { _ = Unmanaged.passRetained(LeftToExit(primary, sources)) }

    // 6. The record.
    if let w = damageWarning(primary) { warnings.insert(w, at: 0) }
    for file in plan.files {
        if case .pdf(let doc, _)? = sources[file], let w = damageWarning(doc) { warnings.append(w) }
    }
    var record: [String: JSON] = [
        "kind": "pages",
        "source": .string(job.output),
        "from": .string(job.input),
        "pages": .int(plan.pages.count),
        "doc": .string("sha256:" + digest.hex()),
        "encryption": .string(encrypted ? (job.decrypt ? "removed" : "kept") : "none"),
        "warnings": .array(warnings.map { .string($0) }),
    ]
    if !plan.files.isEmpty { record["inserted"] = .array(plan.files.map { .string($0) }) }
    if !job.textLayers.isEmpty { record.merge(layers.members) { $1 } }
    return EditOutcome(record: .object(record), warnings: warnings)
}

/// One warning per damaged document: qpdf's most telling findings (its generic "file is damaged"
/// and "Attempting to reconstruct…" lines say nothing a user can act on) and how many more there were.
private func damageWarning(_ doc: QPDFDocument) -> String? {
    doc.drainWarnings()  // an inserted document's streams are read (and may warn) while the result is written
    let all = doc.warnings
    guard !all.isEmpty else { return nil }
    var telling = all.filter { $0 != "file is damaged" && !$0.hasPrefix("Attempting to reconstruct") }
    if telling.isEmpty { telling = all }
    var seen: Set<String> = []
    telling = telling.filter { seen.insert($0).inserted }
    let shown = telling.prefix(2).joined(separator: "; ")
    let more = all.count > 2 ? " (\(all.count) warnings in all)" : ""
    return "'\(doc.name)' is damaged; qpdf repaired what it could: \(shown)\(more)"
}

func pageID(_ doc: QPDFDocument, _ page: qpdf_oh) -> Int {
    Int(qpdf_oh_get_object_id(doc.handle, page)) << 16 | Int(qpdf_oh_get_generation(doc.handle, page))
}

/// The page's MediaBox width and height in points.
private func mediaBox(_ doc: QPDFDocument, _ page: qpdf_oh) -> (width: Double, height: Double)? {
    let values = doc.items(doc.key(page, "/MediaBox")).compactMap { doc.number($0) }
    guard values.count == 4 else { return nil }
    let w = abs(values[2] - values[0])
    let h = abs(values[3] - values[1])
    return w > 0 && h > 0 ? (w, h) : nil
}
