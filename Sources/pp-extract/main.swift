import Extract
import Review

// pp-extract: the command lives in Sources/Extract (ExtractCommand); review's site writer sits in a
// library above Extract, so it is handed in here.
ExtractCommand.main(review: (ReviewCommand.spec, ReviewCommand.run))
