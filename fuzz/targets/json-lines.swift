/// libFuzzer's entry for target `json-lines` (fuzz/build.sh): the body is FuzzEntry.jsonLines
/// (Tests/FuzzTests/Entries), which the regression tests run too.
@testable import FuzzEntries

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzEntry.jsonLines(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
