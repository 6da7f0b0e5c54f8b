import Foundation
import Testing

@testable import PPShared

/// The line reader's limit (LineLimit): a longer line is skipped without being held and reported in its
/// place, an endless one ends its input, and the buffer never grows past the limit.
@Suite("the line limit of the line reader")
struct LineLimitReaderTests {
    /// Every item of `bytes` read with `limit` through a small buffer.
    static func items(_ bytes: [UInt8], limit: Int) throws -> [JSONLine] {
        let path = try temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = JSONLinesReader(try LineReader(path: path, chunkSize: 64, maxLineLength: limit), tool: "pp-test")
        var items: [JSONLine] = []
        while let item = try reader.next() { items.append(item) }
        return items
    }

    @Test("lines of the limit are read; a longer one is an error in its place and the stream goes on")
    func overTheLimit() throws {
        let atLimit = "{\"a\":\"" + String(repeating: "x", count: 1024 - 8) + "\"}"
        #expect(atLimit.utf8.count == 1024)
        let long = String(repeating: "y", count: 5000)
        let items = try Self.items(Array("\(atLimit)\n\(long)\n{\"b\":2}\n\(long)".utf8), limit: 1024)
        #expect(items.count == 4)
        guard case .record(_, 1) = items[0], case .unreadable(let error, 2) = items[1], case .record(let after, 3) = items[2],
            case .unreadable(let last, 4) = items[3]
        else {
            Issue.record("unexpected items: \(items)")
            return
        }
        #expect(error.code == "line_too_long")
        #expect(error.message.hasSuffix("line 2: longer than 1 KiB (--max-line); skipped to its end"))
        #expect(!error.message.contains("yyy"))
        #expect(after == ["b": 2])
        #expect(last.code == "line_too_long", "a long last line without a newline")
    }

    @Test("a 10 MB line never makes the buffer bigger than the limit")
    func bufferStaysBounded() throws {
        let path = try temporaryFile([UInt8](repeating: 0x41, count: 10 << 20) + Array("\nok\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try LineReader(path: path, chunkSize: 4096, maxLineLength: 1 << 20)
        #expect(throws: LineTooLong.self) { try reader.nextLine() }
        #expect(reader.capacity <= 1 << 20 + 1)
        #expect(try reader.nextLine() == Array("ok".utf8))
        #expect(reader.lineNumber == 2)
        #expect(reader.capacity == 4096, "back to its first size after the skip")
    }

    @Test("an endless line (/dev/zero) ends its input after the skip bound")
    func endlessLine() throws {
        let reader = try LineReader(path: "/dev/zero", maxLineLength: 1024)
        do {
            _ = try reader.nextLine()
            Issue.record("no error for an endless line")
        } catch let long as LineTooLong {
            #expect(!long.ended)
            #expect(long.skipped > LineLimit.skipBound(1024))
            #expect(
                long.error.message
                    == "/dev/zero line 1: longer than 1 KiB (--max-line) and no end of line within 16 KiB; the rest of '/dev/zero' is not read"
            )
        }
        #expect(try reader.nextLine() == nil)
    }
}

/// Numbers and sizes written as text (option values) through CheckedNumbers: out of range is nil.
struct CheckedTextTests {
    @Test func sizes() {
        let range = 1...(1 << 40)
        let cases: [(String, Int?)] = [
            ("4096", 4096), ("64M", 64 << 20), ("64m", 64 << 20), ("64MiB", 64 << 20), ("64MB", 64 << 20), ("512K", 512 << 10),
            ("1G", 1 << 30), ("1T", 1 << 40), ("2T", nil), ("0", nil), ("-1K", nil), ("1.5M", nil), ("1e6", nil),
            ("", nil), ("M", nil), ("64iB", nil), ("99999999999999999999", nil), ("9223372036854775807K", nil), (" 5", nil),
        ]
        for (text, bytes) in cases { #expect(ByteCount.parse(text, in: range) == bytes, "\(text)") }
        #expect(ByteCount.text(64 << 20) == "64 MiB")
        #expect(ByteCount.text(1536 << 20) == "1.5 GiB")
        #expect(ByteCount.text(1000) == "1000 bytes")
    }

    @Test func wholeNumbersAndNumbers() {
        #expect(Int(checkedText: "8", in: 1...256) == 8)
        for text in ["0", "257", "1e2", "0x10", "99999999999999999999", "", "2.0", " 5"] {
            #expect(Int(checkedText: text, in: 1...256) == nil, "\(text)")
        }
        #expect(Double(checkedText: "0.25", in: 0...1_000_000) == 0.25)
        #expect(Double(checkedText: "1e2", in: 0...1_000_000) == 100)
        for text in ["1e300", "1e19", "99999999999999999999", "inf", "nan", "-1", "1e400", "", "x"] {
            #expect(Double(checkedText: text, in: 0...1_000_000) == nil, "\(text)")
        }
        #expect(Double(1_000_000).limitText == "1000000")
        #expect(0.5.limitText == "0.5")
    }
}
