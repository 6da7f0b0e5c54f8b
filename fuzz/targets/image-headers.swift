/// libFuzzer's entry for target `image-headers` (fuzz/build.sh): the body is FuzzEntry.imageHeaders
/// (Tests/FuzzTests/Entries), which the regression tests run too.
@testable import FuzzEntries

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzEntry.imageHeaders(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
