import CPoppler
import Digest
import Foundation
import PPShared
import Records

/// File names as the OS holds them: any bytes but "/" and NUL. A folder walk reads them as bytes, so a
/// name that is not UTF-8 (a Latin-1 "café" from an old archive) is found like any other. Records are
/// UTF-8, so such a file is shown with its odd bytes escaped (`RawNames.escaped`), and opened (by pp-ingest
/// and by the tools after it) through a symbolic link in the work folder whose name is UTF-8. An operand
/// that is not UTF-8 is read the same way, from its bytes on the command line.
enum FileNames {
    /// A path found on disk: what to open and what to show.
    static func item(bytes: [UInt8], base: PageRecord, workFolder: String) -> InputEvent {
        if let text = String(validating: bytes, as: UTF8.self) {
            return .file(InputItem(path: text, source: text, base: base))
        }
        let shown = RawNames.escaped(bytes)
        if bytes.contains(0), let problem = PathCheck.problem(String(decoding: bytes, as: UTF8.self), name: shown) {
            return InputStream.errorRecord(base: base, source: shown, problem)  // a link would point at the cut name
        }
        do throws(ToolError) {
            let link = try alias(bytes: bytes, shown: shown, workFolder: workFolder)
            return .file(InputItem(path: link, source: shown, base: base))
        } catch {
            return InputStream.errorRecord(base: base, source: shown, error)
        }
    }

    /// A symbolic link `<work>/names/<hash>-<shown base name>` to the file, the hash that of its absolute
    /// path; made once and reused (a link made by another run at the same time is the same link).
    static func alias(bytes: [UInt8], shown: String, workFolder: String) throws(ToolError) -> String {
        var target = bytes
        if bytes.first != UInt8(ascii: "/") {
            target = Array(FileManager.default.currentDirectoryPath.utf8) + [UInt8(ascii: "/")] + bytes
        }
        let folder = (workFolder.hasSuffix("/") ? workFolder : workFolder + "/") + "names"
        var base = ""
        for scalar in baseName(of: shown).unicodeScalars where base.utf8.count < 120 { base.unicodeScalars.append(scalar) }
        let link = folder + "/" + SHA256.hex(of: target).prefix(16) + "-" + base
        func failure(_ code: Int32) -> ToolError {
            ToolError(
                .record, code: "cannot_read",
                "cannot read '\(shown)': its name is not UTF-8, and the link to it in the work folder ('\(link)') cannot be made: \(systemErrorText(code))"
            )
        }
        do {
            try WorkFolder.make(folder)
        } catch {
            throw ToolError(.record, code: "cannot_read", "cannot read '\(shown)': \(error.message)")
        }
        let made = RawNames.withCPath(target) { symlink($0, link) }
        if made != 0, errno != EEXIST { throw failure(errno) }
        return link
    }

    /// What a folder walk found: the supported files, and the entries it could not look at.
    struct Walk {
        var files: [[UInt8]] = []
        /// A folder that cannot be read, or an entry whose path the OS refuses (ENAMETOOLONG: deeper than
        /// PATH_MAX): each an error record, so nothing vanishes and no folder is called empty that is not.
        var problems: [(path: [UInt8], error: ToolError)] = []
    }

    /// Supported files below `folder`, recursively, as path bytes sorted by those bytes; hidden entries,
    /// the work folder and symbolic links to folders (they could loop back up the tree) are skipped.
    static func walk(folder: [UInt8], skipping workFolder: String) -> Walk {
        let skip = URL(fileURLWithPath: workFolder).standardizedFileURL.path
        var walk = Walk()
        var stack = [folder.last == UInt8(ascii: "/") ? folder : folder + [UInt8(ascii: "/")]]
        while let dir = stack.popLast() {
            if let text = String(validating: dir, as: UTF8.self), URL(fileURLWithPath: text).standardizedFileURL.path == skip {
                continue
            }
            let listed = entries(of: dir)
            if let code = listed.failure {
                walk.problems.append((dir, InputFileProblem.folderError(code, path: RawNames.escaped(Array(dir.dropLast())))))
            }
            for (name, type) in listed.names where name.first != UInt8(ascii: ".") {
                let path = dir + name
                switch kind(of: path) {
                case .folder: stack.append(path + [UInt8(ascii: "/")])
                case .file where isSupported(name): walk.files.append(path)
                case .refused(let code) where type == DT_DIR || isSupported(name):
                    let error =
                        type == DT_DIR
                        ? InputFileProblem.folderError(code, path: RawNames.escaped(path))
                        : InputFileProblem.error(code, path: RawNames.escaped(path))
                    walk.problems.append((path, error))
                default: break
                }
            }
        }
        walk.files.sort { $0.lexicographicallyPrecedes($1) }
        walk.problems.sort { $0.path.lexicographicallyPrecedes($1.path) }
        return walk
    }

    /// The names in a folder (readdir) as bytes, with their type as the folder tells it (d_type); the
    /// errno when the folder cannot be opened.
    static func entries(of dir: [UInt8]) -> (names: [(name: [UInt8], type: Int)], failure: Int32?) {
        guard let handle = RawNames.withCPath(dir, { opendir($0) }) else { return ([], errno) }
        defer { closedir(handle) }
        var names: [(name: [UInt8], type: Int)] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [0x2E], name != [0x2E, 0x2E] { names.append((name, Int(entry.pointee.d_type))) }
        }
        return (names, nil)
    }

    enum Kind {
        case file, folder, other
        /// The OS refuses the path itself (too long); the folder's d_type still tells a folder.
        case refused(Int32)
    }

    /// What a path is: a folder (not through a link), a file (also through a link), or neither.
    static func kind(of path: [UInt8]) -> Kind {
        var st = stat()
        guard RawNames.withCPath(path, { stat($0, &st) }) == 0 else {
            return errno == ENAMETOOLONG ? .refused(errno) : .other  // else a dangling link, gone meanwhile
        }
        if (st.st_mode & S_IFMT) == S_IFDIR {
            var own = stat()
            let isLink = RawNames.withCPath(path, { lstat($0, &own) }) == 0 && (own.st_mode & S_IFMT) == S_IFLNK
            return isLink ? .other : .folder
        }
        return .file
    }

    /// Whether the name ends in one of pp-ingest's extensions, in any case.
    static func isSupported(_ name: [UInt8]) -> Bool {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")) else { return false }
        let ext = String(decoding: name[(dot + 1)...], as: UTF8.self).lowercased()
        return InputStream.supportedExtensions.contains(ext)
    }
}
