import TableRender

/// libFuzzer calls this with each input. TABLERENDER_FUZZ_TARGET (set by Fuzz/run.sh) says what
/// the input is: a scene (`scene`, the default), a scene whose table is simulated (`table`), the
/// bytes that choose a table and its script (`script`, ``ScriptFuzz``), a
/// golden's manifest (`golden`) or a shard's manifest (`merge`). Images and fonts named by a
/// relative path resolve in the folder of TABLERENDER_FUZZ_ASSETS; the golden and merge targets
/// keep their folders in TABLERENDER_FUZZ_WORK.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    switch target {
    case .scene: FuzzEntry.run(bytes, assets: assetsFolder)
    case .table: FuzzEntry.table(bytes, assets: assetsFolder)
    case .script: FuzzEntry.table(ScriptFuzz.scene(bytes), assets: assetsFolder)
    case .golden: if let workspace { FuzzEntry.golden(bytes, workspace: workspace) }
    case .merge: if let workspace { FuzzEntry.merge(bytes, workspace: workspace) }
    }
    return 0
}

func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

let assetsFolder: String = environment("TABLERENDER_FUZZ_ASSETS") ?? "scenes"
let target: FuzzEntry.Target = environment("TABLERENDER_FUZZ_TARGET").flatMap(FuzzEntry.Target.init) ?? .scene
let workspace: String? = {
    guard target == .golden || target == .merge else { return nil }
    return FuzzEntry.prepare(workspace: environment("TABLERENDER_FUZZ_WORK") ?? "work", seeds: environment("TABLERENDER_FUZZ_SEEDS"))
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
    // The golden and merge targets make their folders, and their seeds, before libFuzzer reads them.
    if (target == .golden || target == .merge) && workspace == nil { return 70 }
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOne(data, size) }
}
