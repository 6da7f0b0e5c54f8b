import Foundation

/// Whether a JPEG or PNG file ends as it should (JPEG end-of-image marker, PNG IEND chunk), so a
/// file cut short in transfer is reported here rather than failing later in OCR. Trailing bytes
/// some cameras append after the image are allowed (the tail is searched, not only the last bytes).
/// libpng and libjpeg print their complaints about a cut file straight on stderr, where no hook reaches
/// them: such a file is turned away here, before a decoder sees it.
public enum ImageCompleteness {
    public enum Kind: Sendable { case jpeg, png }

    /// JPEG or PNG from the first bytes; nil for other formats (not checked).
    public static func kind(path: String) -> Kind? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 4), head.count == 4 else { return nil }
        if head.starts(with: [0xFF, 0xD8]) { return .jpeg }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return .png }
        return nil
    }

    /// Checked before leptonica (and libjpeg or libpng under it) reads the file.
    public static func isComplete(path: String, kind: Kind) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let size = try? handle.seekToEnd() else { return false }
        let tailLength = min(size, kind == .jpeg ? 1 << 20 : 1 << 12)
        try? handle.seek(toOffset: size - tailLength)
        guard let tail = try? handle.read(upToCount: Int(tailLength)) else { return false }
        let marker = kind == .jpeg ? Data([0xFF, 0xD9]) : Data("IEND".utf8)
        return tail.range(of: marker, options: .backwards) != nil
    }
}
