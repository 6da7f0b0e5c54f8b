import Foundation
import Testing

/// Runs the built pp-pages the way a user would and checks the results with the tools a user
/// trusts: qpdf --check, pdftotext per page, pdfimages -j, pdfinfo.
enum Harness {
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        fatalError("repository root not found")
    }()

    static func fixture(_ name: String) -> String { root.appendingPathComponent("Tests/Fixtures/pages/\(name)").path }

    static let tool: URL = {
        for folder in [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()] {
            let url = folder.appendingPathComponent("pp-pages")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return root.appendingPathComponent(".build/debug/pp-pages")
    }()

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs a program; `stdin` is fed when given.
    static func run(_ executable: String, _ arguments: [String], stdin: String? = nil, env: [String: String] = [:]) throws
        -> Result
    {
        let p = Process()
        p.executableURL = executable.hasPrefix("/") ? URL(fileURLWithPath: executable) : URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = executable.hasPrefix("/") ? arguments : [executable] + arguments
        p.currentDirectoryURL = root
        var environment = ProcessInfo.processInfo.environment
        environment["PP_PDF_PASSWORD"] = nil
        for (k, v) in env { environment[k] = v }
        p.environment = environment
        let out = Pipe()
        let err = Pipe()
        let inp = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = inp
        try p.run()
        try inp.fileHandleForWriting.write(contentsOf: Data((stdin ?? "").utf8))
        try inp.fileHandleForWriting.close()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Result(
            status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    static func pages(_ arguments: [String], stdin: String? = nil, env: [String: String] = [:]) throws -> Result {
        try run(tool.path, arguments, stdin: stdin, env: env)
    }

    /// A fresh empty folder for one test.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pp-pages-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The text of each page, trimmed ("" for a page without text).
    static func pageTexts(_ pdf: String, password: String? = nil) throws -> [String] {
        let info = try run("pdfinfo", (password.map { ["-upw", $0] } ?? []) + [pdf])
        let count = Int(info.stdout.split(separator: "\n").first { $0.hasPrefix("Pages:") }!.split(separator: " ").last!)!
        return try (1...count).map { i in
            try run("pdftotext", (password.map { ["-upw", $0] } ?? []) + ["-f", "\(i)", "-l", "\(i)", pdf, "-"]).stdout
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// The /Rotate pdfinfo reports for each page.
    static func rotations(_ pdf: String) throws -> [Int] {
        let info = try run("pdfinfo", ["-f", "1", "-l", "9999", pdf]).stdout
        return info.split(separator: "\n").filter { $0.contains(" rot:") }.map { Int($0.split(separator: " ").last!)! }
    }

    static func qpdfCheck(_ pdf: String, password: String? = nil) throws -> Result {
        try run("qpdf", ["--check"] + (password.map { ["--password=\($0)"] } ?? []) + [pdf])
    }

    static func record(_ text: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
    }

    static func listing(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }
}

@Suite("pp-pages as a user sees it", .serialized)
struct UserLevelTests {
    @Test func editedPagesComeOutInTheIntendedOrder() throws {
        let dir = try Harness.folder()
        let out = dir.appendingPathComponent("out.pdf").path
        let r = try Harness.pages([
            Harness.fixture("five.pdf"), "--delete", "2", "--order", "z-1", "--insert-at", "2", Harness.fixture("photo.jpg"),
            "--append", Harness.fixture("extra.pdf") + ":3,1", "--move", "1", "--to", "z", "-o", out,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Harness.qpdfCheck(out).status == 0)
        // five minus 2, reversed: 5 4 3 1; photo at 2; extra 3 and 1 appended; then page 1 (5) moved to the end.
        #expect(try Harness.pageTexts(out) == ["", "Page 4", "Page 3", "Page 1", "Extra 3", "Extra 1", "Page 5"])
        let record = try Harness.record(r.stdout)
        #expect(record["kind"] as? String == "pages")
        #expect(record["pages"] as? Int == 7)
        #expect(record["source"] as? String == out)
        let sum = try Harness.run("sha256sum", [out]).stdout.prefix(64)
        #expect(record["doc"] as? String == "sha256:\(sum)")
    }

    @Test func insertionsBetweenKeptPagesLandWhereAsked() throws {
        // The kept pages stay in order here, so only deleted pages leave and new ones go in.
        let dir = try Harness.folder()
        let out = dir.appendingPathComponent("out.pdf").path
        let extra = Harness.fixture("extra.pdf")
        let r = try Harness.pages([
            Harness.fixture("five.pdf"), "--delete", "2", "--insert-at", "1", extra + ":2", "--insert-at", "3",
            Harness.fixture("photo.jpg"), "--append", extra + ":1", "--insert-at", "5", extra + ":3", "--insert-at", "2",
            extra + ":2", "-o", out,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Harness.qpdfCheck(out).status == 0)
        #expect(
            try Harness.pageTexts(out) == [
                "Extra 2", "Extra 2", "Page 1", "", "Page 3", "Extra 3", "Page 4", "Page 5", "Extra 1",
            ])
    }

    @Test func anInsertedJPEGKeepsItsBytes() throws {
        let dir = try Harness.folder()
        let out = dir.appendingPathComponent("out.pdf").path
        let r = try Harness.pages([Harness.fixture("five.pdf"), "--insert-at", "1", Harness.fixture("photo.jpg"), "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Harness.qpdfCheck(out).status == 0)
        _ = try Harness.run("pdfimages", ["-j", out, dir.appendingPathComponent("img").path])
        let extracted = try Data(contentsOf: dir.appendingPathComponent("img-000.jpg"))
        let original = try Data(contentsOf: URL(fileURLWithPath: Harness.fixture("photo.jpg")))
        #expect(extracted == original)
    }

    @Test func otherImagesGoThroughLeptonicaLosslessly() throws {
        let dir = try Harness.folder()
        let out = dir.appendingPathComponent("out.pdf").path
        let r = try Harness.pages([
            Harness.fixture("five.pdf"), "--keep", "1", "--append", Harness.fixture("scan.png"), "--append",
            Harness.fixture("bilevel.png"), "-o", out,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Harness.qpdfCheck(out).status == 0)
        let list = try Harness.run("pdfimages", ["-list", out]).stdout
        let rows = list.split(separator: "\n").dropFirst(2).map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        #expect(rows.count == 2)
        // page, num, type, width, height, color, comp, bpc
        #expect(rows.map { "\($0[3])x\($0[4]) \($0[5]) \($0[7])" } == ["100x50 gray 8", "64x32 gray 1"])
    }

    @Test func rotationIsRelativeToTheInheritedRotation() throws {
        let dir = try Harness.folder()
        let out = dir.appendingPathComponent("out.pdf").path
        #expect(try Harness.rotations(Harness.fixture("inherited-rotate.pdf")) == [90, 90, 90])
        let r = try Harness.pages([Harness.fixture("inherited-rotate.pdf"), "--rotate", "90:1", "--rotate", "-90:3", "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Harness.rotations(out) == [180, 90, 0])
        #expect(try Harness.qpdfCheck(out).status == 0)
    }

    @Test(arguments: [
        (["--delete", "9"], "--delete 9: page range '9': page 9 is past the end (the document has 5 pages)"),
        (["--order", "1-x"], "--order 1-x: page range '1-x': '1-x' is not a page, a-b, z or rN"),
        (["--delete", "1-z"], "the result would have no pages; a PDF needs at least one"),
        (["--move", "1", "--to", "9"], "--move 1 --to 9: --to 9 is outside 1...5 (moving 1 page of 5)"),
    ])
    func badRequestsExit2AndWriteNothing(_ ops: [String], _ message: String) throws {
        let dir = try Harness.folder()
        let out = dir.appendingPathComponent("out.pdf").path
        let r = try Harness.pages([Harness.fixture("five.pdf")] + ops + ["-o", out])
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains(message), "\(r.stderr)")
        #expect(Harness.listing(dir).isEmpty)
    }

    @Test func aWrongPasswordExits2AndWritesNothing() throws {
        let dir = try Harness.folder()
        let out = dir.appendingPathComponent("out.pdf").path
        let r = try Harness.pages([Harness.fixture("encrypted.pdf"), "--password", "wrong", "--delete", "1", "-o", out])
        #expect(r.status == 2)
        #expect(r.stderr.contains("is encrypted and the password given does not open it"))
        #expect(Harness.listing(dir).isEmpty)
    }

    @Test func encryptionIsKeptUnlessDecryptIsAsked() throws {
        let dir = try Harness.folder()
        let kept = dir.appendingPathComponent("kept.pdf").path
        let plain = dir.appendingPathComponent("plain.pdf").path
        let r1 = try Harness.pages(
            [Harness.fixture("encrypted.pdf"), "--delete", "1", "-o", kept], env: ["PP_PDF_PASSWORD": "secret"])
        #expect(try Harness.record(r1.stdout)["encryption"] as? String == "kept")
        #expect(try Harness.qpdfCheck(kept, password: "secret").status == 0)
        #expect(try Harness.run("qpdf", ["--requires-password", kept]).status == 0)  // 0: a password is required
        #expect(try Harness.pageTexts(kept, password: "secret") == ["Page 2", "Page 3", "Page 4", "Page 5"])
        let r2 = try Harness.pages([
            Harness.fixture("encrypted.pdf"), "--password", "secret", "--decrypt", "--keep", "5", "-o", plain,
        ])
        #expect(try Harness.record(r2.stdout)["encryption"] as? String == "removed")
        #expect(try Harness.run("qpdf", ["--is-encrypted", plain]).status == 2)  // 2: not encrypted
        #expect(try Harness.pageTexts(plain) == ["Page 5"])
    }

    @Test func inPlaceReplacesTheFileAndOtherwiseTheInputIsUntouched() throws {
        let dir = try Harness.folder()
        let copy = dir.appendingPathComponent("doc.pdf")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: Harness.fixture("five.pdf")), to: copy)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: copy.path)
        let before = try Data(contentsOf: copy)
        let out = dir.appendingPathComponent("out.pdf").path
        _ = try Harness.pages([copy.path, "--delete", "1", "-o", out])
        #expect(try Data(contentsOf: copy) == before)
        let r = try Harness.pages([copy.path, "--delete", "1", "--in-place"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Harness.pageTexts(copy.path) == ["Page 2", "Page 3", "Page 4", "Page 5"])
        let mode = try FileManager.default.attributesOfItem(atPath: copy.path)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        #expect(Harness.listing(dir) == ["doc.pdf", "out.pdf"])

        // Through a symbolic link: the file it points at is replaced, the link stays a link.
        let link = dir.appendingPathComponent("link.pdf")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "doc.pdf")
        let r2 = try Harness.pages([link.path, "--delete", "1", "--in-place"])
        #expect(r2.status == 0, "\(r2.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "doc.pdf")
        #expect(try Harness.pageTexts(copy.path) == ["Page 3", "Page 4", "Page 5"])
        #expect(try Harness.record(r2.stdout)["source"] as? String == link.path)
    }

    @Test func aSignedPDFIsNeverEditedSilentlyInPlace() throws {
        let dir = try Harness.folder()
        let copy = dir.appendingPathComponent("signed.pdf")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: Harness.fixture("signed.pdf")), to: copy)
        let before = try Data(contentsOf: copy)
        let r = try Harness.pages([copy.path, "--delete", "2", "--in-place"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("is digitally signed and editing it invalidates the signature"))
        #expect(try Data(contentsOf: copy) == before)
        let out = dir.appendingPathComponent("copy.pdf").path
        let r2 = try Harness.pages([copy.path, "--delete", "2", "-o", out])
        #expect(r2.status == 3)
        #expect((try Harness.record(r2.stdout)["warnings"] as? [String])?.first?.contains("no longer valid") == true)
        let r3 = try Harness.pages([copy.path, "--delete", "2", "--in-place", "--break-signature"])
        #expect(r3.status == 3)
        #expect(try Harness.pageTexts(copy.path) == ["Page 1"])
    }

    @Test func aDamagedInputIsRepairedWithAWarning() throws {
        let dir = try Harness.folder()
        let out = dir.appendingPathComponent("out.pdf").path
        let r = try Harness.pages([Harness.fixture("damaged.pdf"), "--order", "3,1", "-o", out])
        #expect(r.status == 3)
        #expect(r.stderr.contains("warning: "))
        #expect(((try Harness.record(r.stdout))["warnings"] as? [String])?.count == 1)
        #expect(try Harness.qpdfCheck(out).status == 0)
        #expect(try Harness.pageTexts(out) == ["Page 3", "Page 1"])
    }

    @Test func labelsAndBookmarksFollowTheirPages() throws {
        let dir = try Harness.folder()
        let out = dir.appendingPathComponent("out.pdf").path
        _ = try Harness.pages([Harness.fixture("labels.pdf"), "--order", "3,1", "-o", out])
        let json = try Harness.run("qpdf", ["--json", "--json-key=pagelabels", out]).stdout
        let labels = (try Harness.record(json)["pagelabels"] as? [[String: Any]]) ?? []
        // Page 3 was "A-1", page 1 was "i".
        #expect(labels.map { ($0["label"] as? [String: Any])?["/S"] as? String } == ["/D", "/r"])
        #expect(labels.map { ($0["label"] as? [String: Any])?["/P"] as? String } == ["u:A-", nil])

        let out2 = dir.appendingPathComponent("out2.pdf").path
        _ = try Harness.pages([Harness.fixture("outline.pdf"), "--delete", "2", "-o", out2])
        let outlines = try Harness.run("qpdf", ["--json", "--json-key=outlines", out2]).stdout
        let items = (try Harness.record(outlines)["outlines"] as? [[String: Any]]) ?? []
        #expect(items.map { $0["title"] as? String } == ["Chapter 1", "Chapter 2", "Chapter 3", "Chapter 4"])
        #expect(items.map { $0["destpageposfrom1"] as? Int } == [1, nil, 2, 3])
    }

    @Test func aStreamOfEditRecordsGoesOnAfterABadOne() throws {
        let dir = try Harness.folder()
        let a = dir.appendingPathComponent("a.pdf").path
        let b = dir.appendingPathComponent("b.pdf").path
        let five = Harness.fixture("five.pdf")
        let stdin = """
            {"source":"\(five)","ops":[{"op":"order","pages":"z-1"}],"output":"\(a)","customer_id":7}
            {"source":"\(five)","ops":[{"op":"delete","pages":"8"}],"output":"\(b)"}
            not json

            """
        let r = try Harness.pages(["--ops", "-"], stdin: stdin)
        #expect(r.status == 3)
        let lines = r.stdout.split(separator: "\n").map { try? Harness.record(String($0)) }
        #expect(lines.count == 3)
        #expect(lines[0]?["customer_id"] as? Int == 7)
        #expect(lines[0]?["ops"] == nil)
        #expect(lines[0]?["from"] as? String == five)
        #expect(lines[1]?["state"] as? String == "error")
        #expect(lines[2]?["state"] as? String == "error")
        #expect(try Harness.pageTexts(a) == ["Page 5", "Page 4", "Page 3", "Page 2", "Page 1"])
        #expect(Harness.listing(dir) == ["a.pdf"])
    }

    @Test func operationsFromAFileApplyToTheInput() throws {
        let dir = try Harness.folder()
        let ops = dir.appendingPathComponent("ops.jsonl")
        try Data("{\"op\":\"delete\",\"pages\":\"1-2\"}\n{\"op\":\"rotate\",\"degrees\":270,\"pages\":\"z\"}\n".utf8).write(
            to: ops)
        let out = dir.appendingPathComponent("out.pdf").path
        let r = try Harness.pages([Harness.fixture("five.pdf"), "--ops", ops.path, "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Harness.pageTexts(out) == ["Page 3", "Page 4", "Page 5"])
        #expect(try Harness.rotations(out) == [0, 0, 270])
    }
}

@Suite("deleted pages are gone")
struct DeletedPagesTests {
    /// How many page objects the file holds (qpdf --json=1 objects), reachable or not from the page tree.
    static func pageObjects(_ pdf: String) throws -> Int {
        let json = try Harness.run("qpdf", ["--json=1", "--json-key=objects", pdf]).stdout
        return json.components(separatedBy: "\"/Type\": \"/Page\"").count - 1
    }

    @Test(arguments: [("outline.pdf", "1"), ("signed.pdf", "1"), ("links.pdf", "2")])
    func noBookmarkFormFieldOrLinkKeepsADeletedPageInTheFile(_ name: String, _ range: String) throws {
        let dir = try Harness.folder()
        let out = dir.appendingPathComponent("out.pdf").path
        let r = try Harness.pages([Harness.fixture(name), "--delete", range, "-o", out])
        #expect(r.status == 0 || r.status == 3, "\(r.stderr)")
        let texts = try Harness.pageTexts(out)
        #expect(try Self.pageObjects(out) == texts.count)
        #expect(!texts.contains("Page \(range)"))
    }

    @Test func aLinkToAKeptPageStays() throws {
        let dir = try Harness.folder()
        let out = dir.appendingPathComponent("out.pdf").path
        _ = try Harness.pages([Harness.fixture("links.pdf"), "--delete", "2", "-o", out])
        let json = try Harness.run("qpdf", ["--json=1", "--json-key=pages", out]).stdout
        let pages = (try Harness.record(json)["pages"] as? [[String: Any]]) ?? []
        let first = try #require((pages.first?["object"] as? String)?.split(separator: " ").first)
        let page = try Harness.run("qpdf", ["--show-object=\(first)", out]).stdout
        // Page 1 keeps the link to the old page 3 (now page 2) and loses the one to the deleted page 2.
        let annots = try #require(page.range(of: "/Annots [")).upperBound
        let list = page[annots...].prefix { $0 != "]" }
        #expect(list.split(separator: " ").filter { $0 == "R" }.count == 1)
    }
}

@Suite("images become pages")
struct ImagePageTests {
    /// "W x H" and rotation of each page, as pdfinfo reports them.
    static func sizes(_ pdf: String) throws -> [String] {
        let info = try Harness.run("pdfinfo", ["-f", "1", "-l", "99", pdf]).stdout
        return info.split(separator: "\n").filter { $0.hasPrefix("Page") && ($0.contains(" size:") || $0.contains(" rot:")) }.map
        {
            $0.split(separator: ":", maxSplits: 1)[1].trimmingCharacters(in: .whitespaces)
        }
    }

    @Test func sizeFollowsResolutionAndEXIFOrientationTurnsThePage() throws {
        let dir = try Harness.folder()
        let out = dir.appendingPathComponent("out.pdf").path
        let r = try Harness.pages([
            Harness.fixture("five.pdf"), "--keep", "1", "--append", Harness.fixture("photo.jpg"), "--append",
            Harness.fixture("scan.png"), "--append", Harness.fixture("photo-exif6.jpg"), "-o", out,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Harness.qpdfCheck(out).status == 0)
        #expect(
            try Self.sizes(out) == [
                "595 x 842 pts (A4)", "0",
                "120 x 160 pts", "0",  // 120x160 px at 72 dpi
                "72 x 36 pts", "0",  // 100x50 px at 100 dpi
                "793.33 x 595 pts", "90",  // no resolution: fitted to the first page, turned upright by EXIF 6
            ])
    }
}

extension ImagePageTests {
    @Test func aMultiPageTIFFGivesAPagePerImageAndTakesARange() throws {
        let dir = try Harness.folder()
        let out = dir.appendingPathComponent("out.pdf").path
        let tiff = Harness.fixture("two-pages.tiff")
        let r = try Harness.pages([
            Harness.fixture("five.pdf"), "--keep", "1", "--append", tiff, "--insert-at", "1", tiff + ":2", "-o", out,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Harness.qpdfCheck(out).status == 0)
        #expect(
            try Self.sizes(out).enumerated().filter { $0.offset % 2 == 0 }.map(\.element) == [
                "30 x 40 pts", "595 x 842 pts (A4)", "40 x 30 pts", "30 x 40 pts",
            ])
    }
}

@Suite("a page tree of several levels")
struct NestedPageTreeTests {
    /// Six pages under two intermediate /Pages nodes: the first three inherit /Rotate 90 from theirs, all of them
    /// the font and the size from the root; a bookmark on page 2 and one on page 5.
    static func nestedTree(_ path: String) throws {
        var objects: [Int: String] = [
            1: "<< /Type /Catalog /Pages 2 0 R /Outlines 20 0 R >>",
            2: "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 6 /MediaBox [0 0 300 400] /Resources << /Font << /F1 30 0 R >> >> >>",
            3: "<< /Type /Pages /Parent 2 0 R /Kids [10 0 R 11 0 R 12 0 R] /Count 3 /Rotate 90 >>",
            4: "<< /Type /Pages /Parent 2 0 R /Kids [13 0 R 14 0 R 15 0 R] /Count 3 >>",
            20: "<< /Type /Outlines /First 21 0 R /Last 22 0 R /Count 2 >>",
            21: "<< /Title (two) /Parent 20 0 R /Next 22 0 R /Dest [11 0 R /Fit] >>",
            22: "<< /Title (five) /Parent 20 0 R /Prev 21 0 R /Dest [14 0 R /Fit] >>",
            30: "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        ]
        for i in 0..<6 {
            objects[10 + i] = "<< /Type /Page /Parent \(i < 3 ? 3 : 4) 0 R /Contents \(40 + i) 0 R >>"
            let text = "BT /F1 24 Tf 50 200 Td (Page \(i + 1)) Tj ET"
            objects[40 + i] = "<< /Length \(text.utf8.count) >>\nstream\n\(text)\nendstream"
        }
        var pdf = "%PDF-1.4\n"
        var offsets: [Int: Int] = [:]
        for n in objects.keys.sorted() {
            offsets[n] = pdf.utf8.count
            pdf += "\(n) 0 obj\n\(objects[n]!)\nendobj\n"
        }
        let xref = pdf.utf8.count
        let size = objects.keys.max()! + 1
        pdf += "xref\n0 \(size)\n0000000000 65535 f \n"
        for n in 1..<size { pdf += offsets[n].map { String(format: "%010d 00000 n \n", $0) } ?? "0000000000 65535 f \n" }
        pdf += "trailer\n<< /Size \(size) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        try pdf.write(toFile: path, atomically: true, encoding: .ascii)
    }

    /// How many /Pages nodes the file holds (qpdf --json=1 objects).
    static func pagesNodes(_ pdf: String) throws -> Int {
        let json = try Harness.run("qpdf", ["--json=1", "--json-key=objects", pdf]).stdout
        return json.components(separatedBy: "\"/Type\": \"/Pages\"").count - 1
    }

    // Reordering rebuilds the page list (emptied at once, then filled): the pages keep what they inherited, the
    // tree comes out flat, and a page left out stays out of the file (its bookmark points nowhere).
    @Test(arguments: [
        ("z-1", ["Page 6", "Page 5", "Page 4", "Page 3", "Page 2", "Page 1"], [0, 0, 0, 90, 90, 90], 2),
        ("6,4,2,2", ["Page 6", "Page 4", "Page 2", "Page 2"], [0, 0, 90, 90], 1),
    ])
    func reorderingANestedTreeKeepsWhatPagesInherit(
        _ order: String, _ texts: [String], _ rotations: [Int], _ bookmarks: Int
    ) throws {
        let dir = try Harness.folder()
        let input = dir.appendingPathComponent("nested.pdf").path
        let out = dir.appendingPathComponent("out.pdf").path
        try Self.nestedTree(input)
        #expect(try Harness.qpdfCheck(input).status == 0)
        let r = try Harness.pages([input, "--order", order, "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Harness.qpdfCheck(out).status == 0)
        #expect(try Harness.pageTexts(out) == texts)
        #expect(try Harness.rotations(out) == rotations)
        #expect(try Self.pagesNodes(out) == 1)
        #expect(try DeletedPagesTests.pageObjects(out) == texts.count)
        // Both bookmarks stay; the one whose page was left out points nowhere.
        let outline = try Harness.run("qpdf", ["--json=1", "--json-key=outlines", out]).stdout
        let count = { (text: String) in outline.components(separatedBy: text).count - 1 }
        #expect(count("\"title\"") == 2)
        #expect(count("\"destpageposfrom1\": ") - count("\"destpageposfrom1\": null") == bookmarks)
    }
}
