import FoundationEssentials
import Glibc
import PPShared

/// The release key a client trusts when its configuration names none: the public half of the key pair
/// `make release-key` makes outside the repository, installed with the program as
/// `share/pp/release-key.pub` beside `bin/` (`make install`, `make deb`). Nothing is compiled in: a build
/// without an installed release key trusts no repository until `public_key` or `--public-key` names one,
/// and says so. Rotation goes through manifests signed by the old key (docs/assets.md "Key rotation").
public enum ShippedKey {
    /// Where the key is installed, relative to the folder that holds the executable's folder.
    public static let installedPath = "share/pp/release-key.pub"

    /// The installed release key file for the executable at `executable` (default: this process's), nil when
    /// none is installed.
    public static func file(executable: String? = nil) -> String? {
        guard let executable = executable ?? executablePath() else { return nil }
        let prefix = parentFolder(parentFolder(executable))
        let path = (prefix == "/" ? "" : prefix) + "/" + installedPath
        return access(path, F_OK) == 0 ? path : nil
    }

    /// This process's executable (/proc/self/exe).
    static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Reads a key given as a file (a minisign .pub) or as its base64 line; `origin` names it in errors.
    static func read(_ fileOrLine: String, origin: String) throws(ToolError) -> Minisign.PublicKey {
        let text = FileManager.default.contents(atPath: fileOrLine).flatMap { String(data: $0, encoding: .utf8) }
        do { return try Minisign.PublicKey(text: text ?? fileOrLine) } catch {
            let what = text == nil && fileOrLine.contains("/") ? "cannot read the file" : "not a minisign Ed25519 public key"
            throw ToolError(.usage, code: "bad_public_key", "\(origin) '\(fileOrLine)': \(what)")
        }
    }
}
