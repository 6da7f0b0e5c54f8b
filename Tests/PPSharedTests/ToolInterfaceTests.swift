import Testing

@testable import PPShared

/// What roff and the shells would misread in help texts: a leading dot, backslashes, quotes, brackets.
@Suite struct ToolInterfaceTests {
    static let spec = CommandSpec(
        name: "pp-x", summary: "test — tool", usage: ["pp-x [FILE…]"],
        options: [
            .value("format", "text|csv", help: ".starts with a dot, has \\t and the user's [choice]"),
            .value("out", short: "o", "FILE", help: "where: here", repeatable: true),
        ], examples: [])

    @Test func manPageEscapesWhatRoffWouldRead() {
        let page = ManPage.render(ToolInterface(main: Self.spec))
        #expect(page.contains("\n\\&.starts with a dot, has \\et and the user's [choice]\n"))
        #expect(page.contains("pp\\-x \\- test \\[u2014] tool\n"))
        #expect(page.contains("\\fB\\-o\\fR, \\fB\\-\\-out\\fR \\fIFILE\\fR\nwhere: here (may be given more than once)\n"))
        #expect(page.unicodeScalars.allSatisfy { $0.isASCII })
    }

    @Test func completionsQuoteHelpTexts() {
        let interface = ToolInterface(main: Self.spec)
        let zsh = Completions.zsh(interface)
        #expect(zsh.contains("'--format=[.starts with a dot, has \\\\t and the user'\\''s \\[choice\\]]:text|csv:(text csv)'"))
        #expect(zsh.contains("'*-o+[where: here]:FILE:_files'"))
        let fish = Completions.fish(interface)
        #expect(
            fish.contains(
                "complete -c pp-x -l format -x -a 'text csv' -d '.starts with a dot, has \\\\t and the user\\'s [choice]'"))
        #expect(fish.contains("complete -c pp-x -s o -l out -r -F -d 'where: here'"))
        #expect(
            Completions.bash(interface).contains("main:--format)\n        COMPREPLY=($(compgen -W $'text\\ncsv' -- \"$cur\"))"))
    }

    @Test func hiddenRequestsAreAnsweredOnlyWhenAlone() throws {
        let interface = ToolInterface(main: Self.spec)
        #expect(try interface.generatedText(for: ["--help-man"])?.hasPrefix(".\\\"") == true)
        #expect(try interface.generatedText(for: ["--completion=fish"])?.contains("complete -c pp-x") == true)
        #expect(try interface.generatedText(for: ["--help-man", "x"]) == nil)
        #expect(throws: ToolError.self) { _ = try interface.generatedText(for: ["--completion", "csh"]) }
    }
}
