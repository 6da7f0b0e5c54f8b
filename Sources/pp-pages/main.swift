import PPShared
import Pages

// pp-pages: edit a PDF's pages. The command lives in Sources/Pages (PagesCommand); a file name that is
// not UTF-8 comes escaped and is opened by its bytes (RawNames).
runTool(pagesCommand, arguments: RawNames.commandLine, PagesCommand.run)
