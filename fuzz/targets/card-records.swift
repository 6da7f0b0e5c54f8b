/// libFuzzer's entry for target `card-records` (fuzz/build.sh): the body is FuzzEntry.cardRecords
/// (Tests/FuzzTests/Entries), which the regression tests run too.
@testable import FuzzEntries

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzEntry.cardRecords(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
