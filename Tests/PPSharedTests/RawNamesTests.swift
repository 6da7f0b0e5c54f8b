import Testing

@testable import PPShared

@Suite("file names that are not UTF-8")
struct RawNamesTests {
    @Test("shown with \\xHH escapes; a UTF-8 name as it is")
    func escapes() {
        #expect(RawNames.escaped(Array("a\\b café.pdf".utf8)) == "a\\b café.pdf")  // UTF-8: as it is
        #expect(RawNames.escaped([0x63, 0x61, 0x66, 0xE9]) == "caf\\xE9")
        #expect(RawNames.escaped([0x5C, 0xFF] + Array("é".utf8)) == "\\\\\\xFFé")
        #expect(RawNames.escaped([0xC0, 0xAF, 0x41]) == "\\xC0\\xAFA")  // overlong "/"
        #expect(RawNames.escaped([0x41, 0xE2, 0x82]) == "A\\xE2\\x82")  // cut short
    }

    @Test("a path that is no command-line argument opens as it reads")
    func plainPaths() {
        #expect(RawNames.argument(shownAs: "caf\\xE9.pdf") == nil)
        #expect(RawNames.withCPath("caf\\xE9.pdf") { String(cString: $0) } == "caf\\xE9.pdf")
        #expect(RawNames.withCPath([0x63, 0xE9]) { p in (0..<3).map { UInt8(bitPattern: p[$0]) } } == [0x63, 0xE9, 0])
        #expect(RawNames.commandLine.count == RawNames.argumentBytes.count)
    }
}
