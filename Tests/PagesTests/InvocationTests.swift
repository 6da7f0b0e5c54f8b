import PPShared
import Testing

@testable import Pages

@Suite("command line and JSON operations")
struct InvocationTests {
    func parse(_ text: String, env: [String: String] = [:]) throws -> Invocation {
        try Invocation.parse(text.split(separator: " ").map(String.init), environment: env)
    }

    @Test func operationsKeepTheirOrder() throws {
        let inv = try parse("in.pdf --delete 3 --order z-1 --move 2 --to z --rotate -90:1 --insert-at 2 Tests -o out.pdf")
        #expect(inv.input == "in.pdf")
        #expect(inv.output == "out.pdf")
        #expect(
            inv.operations == [
                .delete(PageRange("3")), .order(PageRange("z-1")), .move(PageRange("2"), to: .end),
                .rotate(degrees: -90, range: PageRange("1")), .insert(at: .page(2), file: "Tests", range: nil),
            ])
    }

    @Test func passwordFromTheEnvironmentUnlessGiven() throws {
        #expect(try parse("a.pdf --delete 1 -o b.pdf", env: ["PP_PDF_PASSWORD": "s"]).password == "s")
        #expect(try parse("a.pdf --password p --delete 1 -o b.pdf", env: ["PP_PDF_PASSWORD": "s"]).password == "p")
    }

    @Test(arguments: [
        ("a.pdf --delete 1", "say where to write: -o OUT.pdf, or --in-place"),
        ("a.pdf -o b.pdf", "no operation given (e.g. --delete 3, --order z-1)"),
        ("a.pdf --move 1 -o b.pdf", "--move 1 needs --to N right after it"),
        ("a.pdf --to 1 -o b.pdf", "--to comes only right after --move RANGE"),
        ("a.pdf --delete 1-q -o b.pdf", "--delete 1-q: page range '1-q': '1-q' is not a page, a-b, z or rN"),
        ("a.pdf --rotate 45 -o b.pdf", "--rotate 45: degrees must be 90, 180, 270 or -90 (a multiple of 90)"),
        ("a.pdf --delete 1 -o b.pdf --in-place", "give either -o OUT.pdf or --in-place, not both"),
        ("a.pdf b.pdf --delete 1 -o c.pdf", "one input PDF at a time (got 'a.pdf', 'b.pdf')"),
        ("a.pdf --frobnicate -o c.pdf", "unknown option '--frobnicate'"),
        ("a.pdf --insert-at 2", "--insert-at needs a file after the position (N FILE)"),
    ])
    func badCommandLinesAreUsageErrors(_ text: String, _ message: String) {
        #expect(throws: ToolError.usage(message)) { try parse(text) }
    }

    @Test func fileSpecSplitsAtARangeOnlyWhenTheNameIsNotAFile() {
        let exists: (String) -> Bool = { $0 == "odd:name.pdf" || $0 == "a.pdf" }
        #expect(splitFileSpec("a.pdf:1-2", exists: exists) == ("a.pdf", PageRange("1-2")))
        #expect(splitFileSpec("a.pdf:1-z:odd", exists: exists) == ("a.pdf", PageRange("1-z:odd")))
        #expect(splitFileSpec("odd:name.pdf", exists: exists) == ("odd:name.pdf", nil))
        #expect(splitFileSpec("a.pdf", exists: exists) == ("a.pdf", nil))
        #expect(splitFileSpec("a.pdf:x2", exists: exists) == ("a.pdf", PageRange("x2")))
        #expect(splitFileSpec("b.pdf:x2", exists: exists) == ("b.pdf:x2", nil))
    }

    @Test func jsonOperations() throws {
        func op(_ text: String) throws -> PageOperation { try operation(fromJSON: try JSON.parse(text)) }
        #expect(try op(#"{"op":"delete","pages":"3"}"#) == .delete(PageRange("3")))
        #expect(try op(#"{"op":"delete","pages":3}"#) == .delete(PageRange("3")))
        #expect(try op(#"{"op":"insert","at":2,"file":"scan.jpg"}"#) == .insert(at: .page(2), file: "scan.jpg", range: nil))
        #expect(
            try op(#"{"op":"append","file":"x.pdf","pages":"1-2"}"#) == .insert(at: .end, file: "x.pdf", range: PageRange("1-2")))
        #expect(try op(#"{"op":"move","pages":"2","to":"z"}"#) == .move(PageRange("2"), to: .end))
        #expect(try op(#"{"op":"rotate","degrees":-90}"#) == .rotate(degrees: -90, range: nil))
        #expect(throws: ToolError.usage(#"unknown "op":"flip" (delete, keep, order, move, insert, append, rotate)"#)) {
            try op(#"{"op":"flip"}"#)
        }
        #expect(throws: ToolError.usage(#""op":"insert" needs "at" (a page number or "z")"#)) {
            try op(#"{"op":"insert","file":"a.pdf"}"#)
        }
    }
}
