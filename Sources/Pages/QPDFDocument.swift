import CQPDF
import PPShared

#if canImport(Glibc)
    import Glibc
#endif

// Ownership (libqpdf's C API, include/qpdf/qpdf-c.h): a `QPDFDocument` owns one qpdf_data
// and calls qpdf_cleanup in deinit. Every `char const*` qpdf returns belongs to the
// qpdf_data and dies at the next call, so strings are copied out at once. Object handles
// (qpdf_oh, plain integers) are only meaningful with their document. A document whose
// pages were copied into another must stay alive until the other one is written, because
// qpdf copies stream data lazily. Not Sendable: one document per thread.

/// One PDF opened (or created empty) with libqpdf; warnings are collected, never printed.
final class QPDFDocument {
    let handle: OpaquePointer
    /// The file name used in messages (as the user gave it).
    let name: String
    /// qpdf's warnings so far (damage found and repaired while reading), as detail texts.
    private(set) var warnings: [String] = []
    /// The bytes a document read from memory is parsed from: qpdf reads them lazily, without a copy.
    private var memory: UnsafeMutableRawBufferPointer?

    /// Opens `path` (qpdf_read); `password` may be nil for unencrypted files.
    ///
    /// Throws a record error naming the file: missing or unreadable, not a PDF,
    /// damaged beyond repair, or encrypted with a password that does not match.
    init(path: String, name: String, password: String?) throws(ToolError) {
        var q = Self.makeHandle()
        var status = qpdf_read(q, path, password)
        var failure = status & Int32(QPDF_ERRORS) != 0 || qpdf_has_error(q) != 0 ? Self.takeError(q) : nil
        if let password, !password.isEmpty, failure?.code == qpdf_e_password {
            // A file whose user password is empty opens without one, whatever password was given
            // (a pipeline passes one password to all its files).
            var failed: qpdf_data? = q
            qpdf_cleanup(&failed)
            q = Self.makeHandle()
            status = qpdf_read(q, path, nil)
            let retry = status & Int32(QPDF_ERRORS) != 0 || qpdf_has_error(q) != 0 ? Self.takeError(q) : nil
            if retry == nil || retry?.code != qpdf_e_password { failure = retry }
        }
        if let error = failure {
            var mutable: qpdf_data? = q
            qpdf_cleanup(&mutable)
            switch error.code {
            case qpdf_e_password:
                throw ToolError(
                    .record, code: "pdf_password",
                    password == nil || password == ""
                        ? "'\(name)' is encrypted: give its password with --password or PP_PDF_PASSWORD"
                        : "'\(name)' is encrypted and the password given does not open it")
            case qpdf_e_system:
                var st = stat()
                if stat(path, &st) != 0 {
                    throw ToolError(.record, code: "file_missing", "'\(name)' cannot be read: \(systemErrorText(errno))")
                }
                throw ToolError(.record, code: "file_unreadable", "'\(name)' cannot be read: \(error.detail)")
            default:
                throw ToolError(.record, code: "pdf_damaged", "'\(name)' is not a PDF qpdf can open: \(error.detail)")
            }
        }
        self.handle = q
        self.name = name
        drainWarnings()
    }

    /// A new PDF without pages (qpdf_empty_pdf); `name` is for messages.
    init(emptyNamed name: String) throws(ToolError) {
        let q = Self.makeHandle()
        self.handle = q
        self.name = name
        _ = qpdf_empty_pdf(q)
        try check("make an empty PDF")
    }

    /// Reads a PDF held in memory (qpdf_read_memory), e.g. a text layer from a record; `name` is for messages.
    init(bytes: [UInt8], name: String) throws(ToolError) {
        let q = Self.makeHandle()
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
        copy.copyBytes(from: bytes)
        let status = qpdf_read_memory(q, name, copy.baseAddress!.assumingMemoryBound(to: CChar.self), UInt64(bytes.count), nil)
        if status & Int32(QPDF_ERRORS) != 0 || qpdf_has_error(q) != 0 {
            let error = Self.takeError(q)
            var failed: qpdf_data? = q
            qpdf_cleanup(&failed)
            copy.deallocate()
            throw ToolError(.record, code: "pdf_damaged", "\(name) is not a PDF qpdf can open: \(error.detail)")
        }
        self.handle = q
        self.name = name
        self.memory = copy
        drainWarnings()
    }

    deinit {
        var q: qpdf_data? = handle
        qpdf_cleanup(&q)
        memory?.deallocate()
    }

    private static func makeHandle() -> OpaquePointer {
        let q = qpdf_init()!
        qpdf_silence_errors(q)
        qpdf_set_suppress_warnings(q, QPDF_TRUE)
        return q
    }

    private static func takeError(_ q: OpaquePointer) -> (code: qpdf_error_code_e, detail: String) {
        guard let e = qpdf_get_error(q) else { return (qpdf_e_internal, "unknown error") }
        let code = qpdf_get_error_code(q, e)
        let detail = qpdf_get_error_message_detail(q, e).map { String(cString: $0) } ?? ""
        return (code, detail.isEmpty ? (qpdf_get_error_full_text(q, e).map { String(cString: $0) } ?? "") : detail)
    }

    /// Moves qpdf's pending warnings (qpdf_next_warning) into `warnings`.
    func drainWarnings() {
        while qpdf_more_warnings(handle) != 0 {
            guard let w = qpdf_next_warning(handle) else { break }
            let detail = qpdf_get_error_message_detail(handle, w).map { String(cString: $0) } ?? ""
            let full = qpdf_get_error_full_text(handle, w).map { String(cString: $0) } ?? ""
            warnings.append(detail.isEmpty ? full : detail)
        }
    }

    /// The one checking funnel: throws when the last qpdf call left an error (qpdf_has_error).
    func check(_ doing: @autoclosure () -> String) throws(ToolError) {
        drainWarnings()
        guard qpdf_has_error(handle) != 0 else { return }
        let error = Self.takeError(handle)
        throw ToolError(.record, code: "pdf_edit_failed", "cannot \(doing()) in '\(name)': \(error.detail)")
    }

    // MARK: pages and objects

    /// qpdf_get_num_pages.
    func pageCount() throws(ToolError) -> Int {
        let n = qpdf_get_num_pages(handle)
        try check("read the page tree")
        return Int(max(n, 0))
    }

    /// qpdf_get_page_n (0-based).
    func page(_ index: Int) -> qpdf_oh { qpdf_get_page_n(handle, index) }

    /// qpdf_push_inherited_attributes_to_page: /Rotate, /MediaBox, … become explicit on every page.
    func pushInheritedAttributes() throws(ToolError) {
        _ = qpdf_push_inherited_attributes_to_page(handle)
        try check("read the page tree")
    }

    /// Forgets every object handle made so far (qpdf_oh_release_all). The C API keeps each
    /// handle it returns until released, so walks over every page release as they go.
    func releaseAllHandles() { qpdf_oh_release_all(handle) }

    /// qpdf_oh_release.
    func release(_ object: qpdf_oh) { qpdf_oh_release(handle, object) }

    var root: qpdf_oh { qpdf_get_root(handle) }
    var isEncrypted: Bool { qpdf_is_encrypted(handle) != 0 }

    func key(_ object: qpdf_oh, _ key: String) -> qpdf_oh? {
        guard qpdf_oh_has_key(handle, object, key) != 0 else { return nil }
        let value = qpdf_oh_get_key(handle, object, key)
        return qpdf_oh_is_null(handle, value) != 0 ? nil : value
    }

    func int(_ object: qpdf_oh?) -> Int? {
        guard let object, qpdf_oh_is_integer(handle, object) != 0 else { return nil }
        return Int(qpdf_oh_get_int_value(handle, object))
    }

    /// An integer of the file within `range`, else nil: numbers a PDF gives are used in arithmetic only
    /// once they are bounded (docs/reliability.md, "Numbers and time").
    func int(_ object: qpdf_oh?, in range: ClosedRange<Int>) -> Int? {
        int(object).flatMap { range.contains($0) ? $0 : nil }
    }

    func number(_ object: qpdf_oh?) -> Double? {
        guard let object, qpdf_oh_is_number(handle, object) != 0 else { return nil }
        return qpdf_oh_get_numeric_value(handle, object)
    }

    func name(_ object: qpdf_oh?) -> String? {
        guard let object, qpdf_oh_is_name(handle, object) != 0 else { return nil }
        return String(cString: qpdf_oh_get_name(handle, object))
    }

    func utf8(_ object: qpdf_oh?) -> String? {
        guard let object, qpdf_oh_is_string(handle, object) != 0 else { return nil }
        return String(cString: qpdf_oh_get_utf8_value(handle, object))
    }

    func items(_ array: qpdf_oh?) -> [qpdf_oh] {
        guard let array, qpdf_oh_is_array(handle, array) != 0 else { return [] }
        let n = qpdf_oh_get_array_n_items(handle, array)
        return (0..<max(n, 0)).map { qpdf_oh_get_array_item(handle, array, $0) }
    }

    /// Walks the objects `next` leads to from `roots`, depth first, each indirect object once, and ends
    /// after `limit` steps (an object taken up, seen before or not): cycles, and kids a hostile file names
    /// a thousand times, cost no more than the references the file holds, and never more than `limit`.
    /// `next` gets an object and its depth and gives the objects it leads to, or nil to end the walk.
    /// Returns the steps taken.
    @discardableResult
    func walk(from roots: [qpdf_oh], limit: Int = 100_000, _ next: (_ object: qpdf_oh, _ depth: Int) -> [qpdf_oh]?) -> Int {
        var stack = roots.reversed().map { ($0, 0) }
        var visited: Set<Int> = []
        var count = 0
        while count < limit, let (object, depth) = stack.popLast() {
            count += 1
            let id = pageID(self, object)  // 0 for a direct object, which nothing else can name
            if id != 0, !visited.insert(id).inserted { continue }
            guard let more = next(object, depth) else { break }
            stack.append(contentsOf: more.reversed().map { ($0, depth + 1) })
        }
        return count
    }

    func isDictionary(_ object: qpdf_oh?) -> Bool {
        guard let object else { return false }
        return qpdf_oh_is_dictionary(handle, object) != 0
    }

    func set(_ object: qpdf_oh, _ key: String, _ value: qpdf_oh) { qpdf_oh_replace_key(handle, object, key, value) }
    func remove(_ object: qpdf_oh, _ key: String) { qpdf_oh_remove_key(handle, object, key) }
    func newInteger(_ value: Int) -> qpdf_oh { qpdf_oh_new_integer(handle, Int64(value)) }
    func newName(_ value: String) -> qpdf_oh { qpdf_oh_new_name(handle, value) }
    func newArray() -> qpdf_oh { qpdf_oh_new_array(handle) }
    func newDictionary() -> qpdf_oh { qpdf_oh_new_dictionary(handle) }
    func newNull() -> qpdf_oh { qpdf_oh_new_null(handle) }
    func append(_ array: qpdf_oh, _ item: qpdf_oh) { qpdf_oh_append_item(handle, array, item) }
    /// qpdf_oh_parse; the caller checks afterwards (a failed parse returns an uninitialised handle).
    func parse(_ text: String) throws(ToolError) -> qpdf_oh {
        let oh = qpdf_oh_parse(handle, text)
        try check("build a PDF object")
        return oh
    }

    // MARK: writing

    /// Writes the document into `file` (qpdf_init_write + qpdf_write); the caller commits it.
    ///
    /// `keepEncryption` false writes it decrypted; `deterministicID` gives the same bytes
    /// for the same input (not possible while keeping encryption). `observe` sees the bytes as they are written.
    /// `keepStreamBytes` writes every stream's bytes as they are (qpdf otherwise compresses streams that
    /// have no filter and re-encodes some older filters as Flate): what --searchable promises of a scan.
    func write(
        into file: AtomicFile, keepEncryption: Bool, deterministicID: Bool, keepStreamBytes: Bool = false,
        observe: ((UnsafeRawBufferPointer) -> Void)? = nil
    ) throws(ToolError) {
        var failure: ToolError?
        // qpdf does not check its last flush: it writes into a pipe, and AtomicFile checks every write.
        try file.write(
            throughPath: { path in
                do throws(ToolError) {
                    _ = qpdf_init_write(handle, path)
                    try check("start writing")
                    qpdf_set_preserve_encryption(handle, keepEncryption ? QPDF_TRUE : QPDF_FALSE)
                    if deterministicID { qpdf_set_deterministic_ID(handle, QPDF_TRUE) }
                    if keepStreamBytes {
                        qpdf_set_compress_streams(handle, QPDF_FALSE)
                        qpdf_set_decode_level(handle, qpdf_dl_none)
                    }
                    _ = qpdf_write(handle)
                    try check("write the edited PDF")
                } catch {
                    failure = error
                }
                // qpdf closes its output only when the next write is set up; a write to memory is that.
                _ = qpdf_init_write_memory(handle)
                return failure == nil
            }, observe: observe)
        if let failure { throw failure }
    }
}
