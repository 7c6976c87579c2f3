import ArgumentParser
import Foundation
import PNGCodec
import SceneModel
import TableRender

@main
struct TableRenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tablerender",
        abstract: "Renders iOS table-view and Core Animation scenes to PNG frames.",
        discussion: "tablerender SCENE.json OUT/ writes frame-0000.png ..., manifest.json and SHA256SUMS.",
        subcommands: [Render.self, Bench.self],
        defaultSubcommand: Render.self)
}

/// `A..B`, an inclusive range of frame indices.
struct FrameRange: ExpressibleByArgument {
    var range: ClosedRange<Int>
    init?(argument: String) {
        let parts = argument.components(separatedBy: "..")
        if parts.count == 1, let a = Int(parts[0]), a >= 0 { range = a...a; return }
        guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), a >= 0, b >= a else { return nil }
        range = a...b
    }
}

extension PNGCodec.Filter: ExpressibleByArgument {}
extension PNGCodec.Strategy: ExpressibleByArgument {}

struct CommonOptions: ParsableArguments {
    @Option(help: "Frames per second, overriding the scene's fps.")
    var fps: Double?
    @Option(help: "Pixels per point, overriding canvas.scale.")
    var scale: Double?
    @Option(help: "Render only frames A..B (inclusive).")
    var frames: FrameRange?
    @Option(help: "Frames rendered at once (default: all cores). Output is identical for every value.")
    var jobs: Int?
    @Option(name: .customLong("png-level"), help: "zlib compression level 0-9 (3: fastest for UI frames; 6: smallest).")
    var pngLevel: Int = 3
    @Option(name: .customLong("png-filter"), help: "PNG row filter: none, sub, up, average, paeth, all (none is fastest and smallest on UI frames).")
    var pngFilter: PNGCodec.Filter = .none
    @Option(name: .customLong("png-strategy"), help: "zlib strategy: default, filtered, huffman, rle, fixed (default is smallest; see notes/benchmarks.md).")
    var pngStrategy: PNGCodec.Strategy = .default

    func validate() throws {
        if let fps, !(fps > 0 && fps <= 1000) { throw ValidationError("--fps expects a number > 0 and <= 1000") }
        if let scale, !(scale > 0 && scale <= 8) { throw ValidationError("--scale expects a number > 0 and <= 8") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs expects a whole number >= 1") }
        if !(0...9).contains(pngLevel) { throw ValidationError("--png-level expects 0 to 9") }
    }

    var renderOptions: RenderOptions {
        RenderOptions(fps: fps, scale: scale, frames: frames?.range, jobs: jobs ?? 0, pngLevel: pngLevel, pngFilter: pngFilter,
                      pngStrategy: pngStrategy)
    }
}

/// Loads a scene or exits 64 (EX_DATAERR-style usage status) with one line per problem.
func loadScene(_ path: String) throws -> LoadedScene {
    do {
        return try SceneLoader.load(path: path)
    } catch {
        FileHandle.standardError.write(Data((error.description + "\n").utf8))
        throw ExitCode(64)
    }
}

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Render every frame of a scene to PNG files (the default command).")

    @Argument(help: "The scene JSON file.")
    var scene: String
    @Argument(help: "The output folder (created when the scene is valid).")
    var out: String
    @OptionGroup var options: CommonOptions

    func run() throws {
        let model = try loadScene(scene)
        let writer = FrameWriter(model, options: options.renderOptions, outputPath: out)
        do {
            _ = try writer.frameIndices()
            let records = try writer.run()
            let w = records.first?.width ?? 0, h = records.first?.height ?? 0
            print("\(scene): wrote \(records.count) frames (\(w)x\(h)) to \(out)")
        } catch {
            FileHandle.standardError.write(Data("\(scene): \(error.description)\n".utf8))
            throw ExitCode(error.isUsage ? 64 : 1)
        }
    }
}

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Time the pipeline phases on a scene and print one JSON line.")

    @Argument(help: "The scene JSON file.")
    var scene: String
    @Option(help: "How many times to render the frames; the fastest pass is reported (best of N).")
    var `repeat`: Int = 1
    @Flag(name: .customLong("no-mask-cache"), help: "Rasterize every path in every frame (to measure the cache).")
    var noMaskCache = false
    @Option(name: .customLong("export-draws"), help: "Also write each frame's draws (device-space polygons and paints) to this file, one JSON line per frame, for bench/skia_compare.py.")
    var exportDraws: String?
    @OptionGroup var options: CommonOptions

    func run() throws {
        let model = try loadScene(scene)
        var renderOptions = options.renderOptions
        renderOptions.maskCache = !noMaskCache
        let result = try Benchmark(model, options: renderOptions, repeats: max(1, `repeat`), label: scene,
                                   exportPath: exportDraws).run()
        print(result)
    }
}
