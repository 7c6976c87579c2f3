import ArgumentParser
import Foundation
import PNGCodec
import Raster
import SceneJSON
import SceneModel
import TableRender
import TableRenderReview
import TableRenderBench

// The smaller subcommands: draws, schema, merge, bench.

struct Draws: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print what a frame draws: its draw list, one command per line (device pixels; stable and diffable).",
        discussion: """
            Each line is a fill (layer, fill rule, alpha, clip rectangle, paint, path) or the begin or \
            end of a layer's scope (a clip path, an offscreen group with its alpha and shadow). Numbers \
            are rounded to a thousandth. This is the compositor's output, before any pixel is drawn.
            """)

    @Argument(help: "The scene JSON file.")
    var scene: String
    @Option(help: "The frame index.")
    var frame: Int = 0
    @Option(help: "Pixels per point, overriding canvas.scale.")
    var scale: Double?
    @Option(help: "Frames per second, overriding the scene's fps.")
    var fps: Double?
    @Flag(name: [.short, .long], help: "Print no warnings.")
    var quiet = false
    @OptionGroup(title: "Limits") var limitOptions: LimitOptions

    func validate() throws {
        try validateSettings(fps: fps, scale: scale)
        if frame < 0 { throw ValidationError("--frame expects a whole number >= 0") }
    }

    func run() throws {
        let model = try loadScene(scene, limitOptions.loadOptions(scale: scale), quiet: quiet)
        var options = RenderOptions(fps: fps, scale: scale)
        options.limits = limitOptions.limits
        let writer = FrameWriter(model, options: options, outputPath: "")
        do throws(RenderFailure) {
            let count = try writer.frameIndices().count
            guard frame < count else {
                throw RenderFailure(description: "--frame \(frame): expected a frame index within 0..\(count - 1), the scene has \(count) frames", isUsage: true)
            }
        } catch {
            printError("\(scene): \(error.description)")
            throw ExitCode(error.exitStatus)
        }
        let renderer = FrameRenderer(scene: writer.scene, resources: model.resources)
        print(renderer.drawList(frame: frame), terminator: "")
    }
}

struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the JSON Schema (draft 2020-12) of the scene format, for editors and validators.",
        discussion: "The same file as schema/scene.schema.json in the repository. The reference: docs/scene-format.md.")

    @Flag(help: "Print the reference tables of the layer properties and key paths (markdown, as docs/scene-format.md has them) instead.")
    var reference = false

    func run() throws {
        guard reference else { print(SceneSchema.json, terminator: ""); return }
        for c in LayerProperty.Container.allCases {
            print("<!-- properties: \(c.rawValue) -->\n\(LayerProperties.referenceTable(c))\n<!-- end properties -->\n")
        }
        print("<!-- properties: key paths -->\n\(LayerProperties.keyPathTable())\n<!-- end properties -->")
    }
}

struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Join the folders of a sharded render (--shard I/N) into one, as an unsharded render would write it.")

    @Argument(help: "The output folder.")
    var out: String
    @Argument(help: "The part folders, one per shard.")
    var parts: [String] = []
    @Flag(help: "Write into a folder that holds files tablerender did not write (they are left alone).")
    var force = false

    func run() throws {
        do {
            let records = try TableRenderReview.Merge.run(output: out, parts: parts, force: force)
            print("\(out): merged \(records.count) frames from \(parts.count) parts")
        } catch {
            printError("\(error.description)")
            throw ExitCode(error.exitStatus)
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
    @Flag(name: [.short, .long], help: "Print no warnings.")
    var quiet = false
    @OptionGroup var options: CommonOptions

    func run() throws {
        let model = try loadScene(scene, options.limitOptions.loadOptions(scale: options.scale), quiet: quiet)
        var renderOptions = options.renderOptions
        renderOptions.maskCache = !noMaskCache
        do {
            let result = try Benchmark(model, options: renderOptions, repeats: max(1, `repeat`), label: scene,
                                       exportPath: exportDraws).run()
            print(result)
        } catch let error as RenderFailure {
            printError("\(scene): \(error.description)")
            throw ExitCode(error.exitStatus)
        }
    }
}
