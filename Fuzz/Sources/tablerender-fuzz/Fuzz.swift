import TableRender

/// libFuzzer calls this with each input: a candidate scene file. Images and fonts named by a
/// relative path resolve in the folder of TABLERENDER_FUZZ_ASSETS, set by Fuzz/run.sh.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    FuzzEntry.run(Array(UnsafeBufferPointer(start: data, count: size)), assets: assetsFolder)
    return 0
}

let assetsFolder: String = {
    if let p = getenv("TABLERENDER_FUZZ_ASSETS") { return String(cString: p) }
    return "scenes"
}()

#if canImport(Glibc)
import Glibc
#endif

/// SwiftPM links an executable's entry as `<module>_main`: hand control to libFuzzer's driver.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32) -> Int32

@_cdecl("tablerender_fuzz_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOne(data, size) }
}
