import Testing

/// Extract stays a place to read: a Swift file past `maxLines` holds more than one concept and is split
/// along them (an extension file per stage), as Sources/Extract/Page/Layout*.swift are.
@Suite struct SourceFileSizeTests {
    /// The most lines a Swift file of Sources/Extract has.
    static let maxLines = 300

    @Test func noSwiftFileOfExtractIsOverTheLimit() {
        // `sources` splits at each newline, so a file ending in one has an empty last element.
        let counts = TunedNumbersTests.sources.map { file in
            (file.path, file.lines.last == "" ? file.lines.count - 1 : file.lines.count)
        }
        #expect(counts.count > 50, "the Swift files of Sources/Extract were not found")
        let long = counts.filter { $0.1 > Self.maxLines }.map { "Sources/Extract/\($0.0): \($0.1) lines" }
        #expect(long.isEmpty, "over \(Self.maxLines) lines, split along the concepts:\n\(long.joined(separator: "\n"))")
    }
}
