import Foundation
import PPShared
import Records

#if canImport(Glibc)
    import Glibc
#endif

/// Word, Excel and OpenDocument files (.docx, .xlsx, .odt, .ods): converted to PDF by LibreOffice in
/// headless mode, in a private profile folder and within a time limit, then ingested as that PDF. The
/// records keep the office file's `source` and `doc`, and say where the PDF is (`converted`).
enum OfficeDocument {
    static let extensions: Set<String> = ["docx", "xlsx", "odt", "ods"]
    /// What to install when LibreOffice is missing (Debian 12; the GUI-less builds, about 250 MB).
    static let packages = "libreoffice-core-nogui libreoffice-writer-nogui libreoffice-calc-nogui"

    /// LibreOffice's command on the PATH, nil when it is not installed.
    static func soffice(path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        for folder in (path ?? "/usr/bin:/bin").split(separator: ":") {
            for name in ["soffice", "libreoffice"] {
                let candidate = folder + "/" + name
                if access(candidate, X_OK) == 0 { return candidate }
            }
        }
        return nil
    }

    /// Converts `input` to `target` (a PDF). LibreOffice runs in a process group of its own, so that on
    /// timeout the whole of it (the launcher and soffice.bin) is killed; its profile and output live in
    /// a private folder beside the target that is removed afterwards.
    static func convert(_ input: String, to target: String, soffice: String, timeout: Int) throws(ToolError) {
        let folder = (target as NSString).deletingLastPathComponent
        try WorkFolder.make(folder)
        let scratch = folder + "/.office-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let ext = (input as NSString).pathExtension.lowercased()
        let absoluteInput = URL(fileURLWithPath: input).standardizedFileURL.path
        let document = scratch + "/in/document." + ext
        do {
            try FileManager.default.createDirectory(atPath: scratch + "/in", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: scratch + "/out", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: document, withDestinationPath: absoluteInput)
        } catch {
            throw ToolError(
                .record, code: "write_failed", "cannot prepare the conversion in '\(scratch)': \(error.localizedDescription)")
        }
        let absoluteScratch = URL(fileURLWithPath: scratch).standardizedFileURL.path
        let arguments = [
            soffice, "--headless", "--norestore", "--nologo", "--nodefault", "--nolockcheck", "--nofirststartwizard",
            "-env:UserInstallation=file://" + absoluteScratch + "/profile", "--convert-to", "pdf", "--outdir",
            absoluteScratch + "/out", absoluteScratch + "/in/document." + ext,
        ]
        guard let status = try run(arguments, timeout: timeout) else {
            throw ToolError(
                .record, code: "office_timeout",
                "LibreOffice did not finish converting it to PDF within \(timeout) s and was stopped (--office-timeout)")
        }
        let produced = scratch + "/out/document.pdf"
        guard status == 0, let size = try? FileManager.default.attributesOfItem(atPath: produced)[.size] as? Int, size > 0 else {
            throw ToolError(
                .record, code: "office_failed",
                "LibreOffice could not convert it to PDF (exit status \(status)): the file may be damaged or protected")
        }
        guard rename(produced, target) == 0 else {
            throw ToolError(.record, code: "write_failed", "cannot write '\(target)': \(systemErrorText(errno))")
        }
    }

    /// Runs a command in a new process group with stdin, stdout and stderr on /dev/null (LibreOffice
    /// talks on stdout, which carries pp-ingest's records); nil when it ran past `timeout` seconds.
    static func run(_ arguments: [String], timeout: Int) throws(ToolError) -> Int32? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var argv = arguments.map { strdup($0) }
        argv.append(nil)
        defer { for a in argv { free(a) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environ)
        guard spawned == 0 else {
            throw ToolError(
                .record, code: "office_failed", "cannot start LibreOffice (\(arguments[0])): \(systemErrorText(spawned))")
        }
        let deadline = Date().addingTimeInterval(TimeInterval(timeout))
        var status: Int32 = 0
        while true {
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid { break }
            if done < 0 && errno != EINTR { break }
            if Date() >= deadline {
                kill(-pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                return nil
            }
            usleep(50_000)
        }
        // Anything LibreOffice left running in its group goes with it.
        kill(-pid, SIGKILL)
        // WIFEXITED / WEXITSTATUS are macros Swift does not import.
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}

extension Planner {
    /// Converts an office file to PDF (reused from the work folder when it was converted before) and plans
    /// that PDF's pages under the office file's name and hash.
    func planOffice(_ item: InputItem, doc: String, failure: (String, String, String?) -> [PageTask]) -> [PageTask] {
        let ext = (item.path as NSString).pathExtension.lowercased()
        let pdf = workSubfolder(doc: doc) + "/office/document.pdf"
        if !FileManager.default.fileExists(atPath: pdf) {
            guard let soffice = OfficeDocument.soffice() else {
                return failure(
                    "office_unavailable",
                    "'\(item.source)' is an office document (.\(ext)); pp-ingest converts it to PDF with LibreOffice, which is not installed: apt-get install \(OfficeDocument.packages)",
                    doc)
            }
            do throws(ToolError) {
                try OfficeDocument.convert(item.path, to: pdf, soffice: soffice, timeout: options.officeTimeout)
            } catch {
                return failure(error.code, "'\(item.source)': \(error.message)", doc)
            }
        }
        var converted = item
        converted.path = pdf
        var conversion = Conversion()
        conversion.by = "libreoffice"
        conversion.from = ext
        conversion.pdf = pdf
        converted.base.converted = conversion
        return planPDF(converted, doc: doc, failure: failure)
    }
}
