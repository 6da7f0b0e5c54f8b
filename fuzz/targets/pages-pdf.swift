/// libFuzzer's entry for target `pages-pdf` (fuzz/build.sh): the body is FuzzEntry.pagesPDF
/// (Tests/FuzzTests/Entries), which the regression tests run too.
@testable import FuzzEntries

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzEntry.pagesPDF(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
