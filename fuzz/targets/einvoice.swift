/// libFuzzer's entry for target `einvoice` (fuzz/build.sh): the body is FuzzEntry.einvoice
/// (Tests/FuzzTests/Entries), which the regression tests run too.
@testable import FuzzEntries

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzEntry.einvoice(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
