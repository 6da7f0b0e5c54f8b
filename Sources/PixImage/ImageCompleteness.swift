#if canImport(Glibc)
    import Glibc
#endif

/// Whether a JPEG or PNG file ends as it should (JPEG end-of-image marker, PNG IEND chunk), so a
/// file cut short in transfer is reported here rather than failing later in OCR. Trailing bytes
/// some cameras append after the image are allowed (the tail is searched, not only the last bytes).
/// libpng and libjpeg print their complaints about a cut file straight on stderr, where no hook reaches
/// them: such a file is turned away here, before a decoder sees it.
public enum ImageCompleteness {
    public enum Kind: Sendable { case jpeg, png }

    /// JPEG or PNG from the first bytes; nil for other formats (not checked).
    public static func kind(path: String) -> Kind? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var head = [UInt8](repeating: 0, count: 4)
        guard fread(&head, 1, 4, file) == 4 else { return nil }
        if head.starts(with: [0xFF, 0xD8]) { return .jpeg }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return .png }
        return nil
    }

    /// Checked before leptonica (and libjpeg or libpng under it) reads the file. Plain stdio, no
    /// Foundation: pp-pages links this target and keeps Foundation out of its memory.
    public static func isComplete(path: String, kind: Kind) -> Bool {
        guard let file = fopen(path, "rb") else { return false }
        defer { fclose(file) }
        guard fseeko(file, 0, SEEK_END) == 0 else { return false }
        let size = Int(ftello(file))
        let tailLength = min(size, kind == .jpeg ? 1 << 20 : 1 << 12)
        guard tailLength > 0, fseeko(file, off_t(size - tailLength), SEEK_SET) == 0 else { return false }
        var tail = [UInt8](repeating: 0, count: tailLength)
        guard fread(&tail, 1, tailLength, file) == tailLength else { return false }
        let marker: [UInt8] = kind == .jpeg ? [0xFF, 0xD9] : Array("IEND".utf8)
        guard tail.count >= marker.count else { return false }
        return (0...(tail.count - marker.count)).reversed().contains { tail[$0..<$0 + marker.count].elementsEqual(marker) }
    }
}
