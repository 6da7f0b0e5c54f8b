import Foundation
import Testing

@testable import PPShared

/// Writes bytes to a temporary file and returns its path.
func temporaryFile(_ bytes: [UInt8]) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("pp-test-\(UUID().uuidString)").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
}

func readAll(_ bytes: [UInt8], chunkSize: Int = 1 << 16) throws -> [JSONLine] {
    let path = try temporaryFile(bytes)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let reader = JSONLinesReader(try LineReader(path: path, chunkSize: chunkSize), tool: "pp-test")
    var items: [JSONLine] = []
    while let item = try reader.next() { items.append(item) }
    return items
}

@Suite("JSON Lines reader")
struct ReaderTests {
    @Test("CRLF line ends, blank lines and a missing final newline")
    func lineEnds() throws {
        let items = try readAll(Array("{\"a\":1}\r\n\r\n   \n{\"b\":2}\n{\"c\":3}".utf8))
        let values = items.compactMap { item -> JSON? in
            if case .record(let v, _) = item { return v }
            return nil
        }
        #expect(values == [["a": 1], ["b": 2], ["c": 3]])
        if case .record(_, let line) = items[1] { #expect(line == 4) }
    }

    @Test("a bad line becomes an error naming input and line, without its text, and the stream goes on")
    func badLineContinues() throws {
        let items = try readAll(Array("{\"a\":1}\nsecret 4111111111111111\n[1,2]\n{\"d\":4}\n".utf8))
        #expect(items.count == 4)
        guard case .unreadable(let error, let line) = items[1] else {
            Issue.record("line 2 should be unreadable")
            return
        }
        #expect(line == 2)
        #expect(error.message.contains("line 2"))
        #expect(!error.message.contains("4111"))
        guard case .unreadable(let notObject, _) = items[2] else {
            Issue.record("an array line is not a record")
            return
        }
        #expect(notObject.code == "not_an_object")
        guard case .record(let last, let lastLine) = items[3] else {
            Issue.record("the stream goes on after bad lines")
            return
        }
        #expect(last == ["d": 4] && lastLine == 4)
    }

    @Test("invalid UTF-8 becomes an unreadable line")
    func invalidUTF8() throws {
        var bytes = Array("{\"a\":\"".utf8)
        bytes += [0xFF, 0xFE]
        bytes += Array("\"}\n{\"b\":1}\n".utf8)
        let items = try readAll(bytes)
        guard case .unreadable(let error, 1) = items[0] else {
            Issue.record("expected an unreadable first line")
            return
        }
        #expect(error.message.contains("UTF-8"))
        #expect(items.count == 2)
    }

    @Test("a 10 MB line is read whole, through a small buffer")
    func longLine() throws {
        let payload = String(repeating: "x", count: 10 << 20)
        let bytes = Array("{\"big\":\"\(payload)\"}\n{\"after\":true}\n".utf8)
        let items = try readAll(bytes, chunkSize: 4096)
        #expect(items.count == 2)
        guard case .record(let big, 1) = items[0] else {
            Issue.record("the long line should parse")
            return
        }
        #expect(big["big"]?.stringValue?.utf8.count == 10 << 20)
    }

    @Test("a missing file is a usage error naming it")
    func missingFile() {
        #expect(throws: ToolError.self) { _ = try LineReader(path: "no/such/file.jsonl") }
        do {
            _ = try LineReader(path: "no/such/file.jsonl")
        } catch {
            #expect(error.message.contains("no/such/file.jsonl"))
        }
    }
}
