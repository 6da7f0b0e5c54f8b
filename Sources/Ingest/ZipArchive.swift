import CArchive
import Foundation
import PPShared

/// The files of a ZIP archive (a mail's attachment, or a file given), unpacked with libarchive into the
/// work folder within bounds, so a ZIP bomb costs at most `maxTotalBytes` of disk and a few seconds.
enum ZipArchive {
    static let maxEntries = 1000
    static let maxEntryBytes = 100 << 20
    static let maxTotalBytes = 300 << 20
    /// libarchive's AE_IFREG (a cast macro, not imported): a regular file.
    static let regularFile: mode_t = 0o100000

    /// One file of the archive: saved (`path`), or why not.
    struct Entry {
        /// The name in the archive, with its folders ("bills/march.pdf").
        let name: String
        var path: String?
        var problem: (code: String, message: String)?
    }

    /// Unpacks every file (folders, links and macOS resource forks left out) below `folder`. Throws when
    /// the archive cannot be read at all; an archive cut short keeps the entries read before the fault,
    /// and the fault is the last entry's problem.
    static func unpack(path: String, into folder: String) throws(ToolError) -> [Entry] {
        guard let archive = archive_read_new() else {
            throw ToolError(.record, code: "zip_damaged", "libarchive could not start")
        }
        defer { archive_read_free(archive) }
        archive_read_support_format_zip(archive)
        guard archive_read_open_filename(archive, path, 1 << 16) == ARCHIVE_OK else {
            throw ToolError(.record, code: "zip_damaged", "is not a ZIP archive libarchive can read (\(message(archive)))")
        }
        var entries: [Entry] = []
        var total = 0
        var names: Set<String> = []
        var header: OpaquePointer?
        while true {
            let status = archive_read_next_header(archive, &header)
            if status == ARCHIVE_EOF { break }
            guard status == ARCHIVE_OK || status == ARCHIVE_WARN, let header else {
                entries.append(
                    Entry(name: "(entry \(entries.count + 1))", problem: ("zip_damaged", "cannot be read: \(message(archive))")))
                break
            }
            let name =
                archive_entry_pathname_utf8(header).map { String(cString: $0) }
                ?? archive_entry_pathname(header).map(RawNames.escaped(cString:)) ?? "entry-\(entries.count + 1)"
            guard archive_entry_filetype(header) == Self.regularFile, !name.hasPrefix("__MACOSX/"),
                !(name as NSString).lastPathComponent.hasPrefix(".")
            else { continue }
            guard entries.count < maxEntries else {
                entries.append(
                    Entry(
                        name: name,
                        problem: ("zip_too_large", "is past the first \(maxEntries) files of the archive; the rest is not read")))
                break
            }
            var local = Planner.safeName(name, index: entries.count)
            if names.contains(local) { local = "\(entries.count + 1)-" + local }
            names.insert(local)
            var entry = Entry(name: name)
            let target = folder + "/" + local
            var written = 0
            var fault: String?
            do throws(ToolError) {
                try WorkFolder.make(folder)
                let file = try AtomicFile(destination: target)
                var buffer = [UInt8](repeating: 0, count: 1 << 16)
                while true {
                    let n = buffer.withUnsafeMutableBytes { archive_read_data(archive, $0.baseAddress, $0.count) }
                    if n == 0 { break }
                    if n < 0 { fault = message(archive) }
                    written += max(n, 0)
                    total += max(n, 0)
                    if n < 0 || written > maxEntryBytes || total > maxTotalBytes {
                        file.discard()
                        throw ToolError(.record, code: "write_failed", "cannot write '\(target)'")
                    }
                    try file.write(Array(buffer[0..<n]))
                }
                try file.commit()
                entry.path = target
            } catch {
                if written > maxEntryBytes {
                    entry.problem = (
                        "zip_too_large", "unpacks to more than \(maxEntryBytes >> 20) MB (a ZIP bomb?); it was not read"
                    )
                } else if total > maxTotalBytes {
                    entry.problem = (
                        "zip_too_large",
                        "takes the archive past \(maxTotalBytes >> 20) MB unpacked (a ZIP bomb?); the rest is not read"
                    )
                } else if let fault {
                    entry.problem = ("zip_damaged", "cannot be unpacked: \(fault)")
                } else {
                    entry.problem = ("write_failed", "cannot be saved in the work folder: \(error.message)")
                }
            }
            entries.append(entry)
            if total > maxTotalBytes || fault != nil { break }
        }
        return entries
    }

    private static func message(_ archive: OpaquePointer) -> String {
        archive_error_string(archive).map { String(cString: $0) } ?? "unknown error"
    }
}
