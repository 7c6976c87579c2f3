import ArgumentParser
import Foundation
import PNGCodec
import Raster
import SceneModel
import TableRender

@main
struct TableRenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tablerender",
        abstract: "Renders iOS table-view and Core Animation scenes to PNG frames.",
        discussion: """
            tablerender SCENE.json OUT/ writes frame-0000.png ..., manifest.json and SHA256SUMS.

            tablerender verify SCENE GOLDEN compares a render with an earlier one (see verify --help).

            The scene format: docs/scene-format.md in the repository; tablerender schema prints \
            its JSON Schema.

            Exit status: 0 done; 1 a write failed (verify: a frame differs); 64 a bad scene, flag or budget (the message names \
            the JSON path or frame, the value, the limit and the flag that raises it); 69 --video: \
            ffmpeg missing or failed (the frames are written); 73 the output folder was refused (it \
            holds files tablerender did not write: see --force).
            """,
        version: Version.description,
        subcommands: [Render.self, Verify.self, Validate.self, Schema.self, Draws.self, Merge.self, Bench.self],
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

extension FrameRange {
    /// ArgumentParser prints this after "The value 'X' is invalid for '--frames <frames>'".
    static let expected = "expected A..B with whole numbers 0 <= A <= B (for example 0..30), or one frame index N"
}

/// The budgets (see README, "Limits"): each flag raises one.
struct LimitOptions: ParsableArguments {
    @Option(name: .customLong("max-image-pixels"), help: "Pixels in one decoded image (default \(Limits().imagePixels)).")
    var imagePixels: Int?
    @Option(name: .customLong("max-total-image-pixels"), help: "Pixels in all decoded images (default \(Limits().totalImagePixels)).")
    var totalImagePixels: Int?
    @Option(name: .customLong("max-canvas-pixels"), help: "Pixels in one frame (default \(Limits().canvasPixels)).")
    var canvasPixels: Int?
    @Option(name: .customLong("max-layers"), help: "Layers and table rows (default \(Limits().layers)).")
    var layers: Int?
    @Option(name: .customLong("max-nesting"), help: "Levels of nested sublayers (default \(Limits().nesting)).")
    var nesting: Int?
    @Option(name: .customLong("max-path-points"), help: "Points in all path data (default \(Limits().pathPoints)).")
    var pathPoints: Int?
    @Option(name: .customLong("max-text-length"), help: "Bytes of text in all strings (default \(Limits().textLength)).")
    var textLength: Int?
    @Option(name: .customLong("max-frames"), help: "Frames in one render (default \(Limits().frames)).")
    var frames: Int?
    @Option(name: .customLong("max-edges"), help: "Path edges drawn in one frame (default \(Limits().edgesPerFrame)).")
    var edges: Int?
    @Option(name: .customLong("max-path-work"), help: "Rasterizer work on one path: edge pairs tested plus edges visited (default \(Limits().pathWork)).")
    var pathWork: Int?
    @Option(name: .customLong("max-frame-pixels"), help: "Pixels drawn in one frame: fills and offscreen groups (default \(Limits().framePixels)).")
    var framePixels: Int?
    @Option(name: .customLong("max-offscreen-pixels"), help: "Pixels of offscreen groups alive at once while a frame is drawn (default \(Limits().offscreenPixels)).")
    var offscreenPixels: Int?
    @Option(help: "The folder images and fonts may be read from (default: the scene file's folder).")
    var assets: String?

    /// Each flag with the budget it sets (the flag's name comes from `Limits.flags`).
    var given: [(value: Int?, budget: WritableKeyPath<Limits, Int>)] {
        [(imagePixels, \.imagePixels), (totalImagePixels, \.totalImagePixels), (canvasPixels, \.canvasPixels),
         (layers, \.layers), (nesting, \.nesting), (pathPoints, \.pathPoints), (textLength, \.textLength),
         (frames, \.frames), (edges, \.edgesPerFrame), (pathWork, \.pathWork), (offscreenPixels, \.offscreenPixels),
         (framePixels, \.framePixels)]
    }

    func validate() throws {
        for (value, budget) in given {
            if let value, value < 1 { throw ValidationError("\(Limits.flag(budget)) expects a whole number >= 1, found \(value)") }
        }
        if let assets, assets.isEmpty { throw ValidationError("--assets expects a folder") }
    }

    var limits: Limits {
        var l = Limits()
        for (value, budget) in given { if let value { l[keyPath: budget] = value } }
        return l
    }

    var loadOptions: LoadOptions { LoadOptions(limits: limits, assetsRoot: assets) }
}

extension PNGCodec.Filter: ExpressibleByArgument {}
extension PNGCodec.Strategy: ExpressibleByArgument {}

struct CommonOptions: ParsableArguments {
    @Option(help: "Frames per second, overriding the scene's fps.")
    var fps: Double?
    @Option(help: "Pixels per point, overriding canvas.scale.")
    var scale: Double?
    @Option(help: ArgumentHelp("Render only frames A..B (inclusive, for example 0..30) or one frame N.", valueName: "A..B"))
    var frames: String?
    @Option(help: "Frames rendered at once (default: all cores). Output is identical for every value.")
    var jobs: Int?
    @Option(name: .customLong("png-level"), help: "zlib compression level 0-9 (3: fastest for UI frames; 6: smallest).")
    var pngLevel: Int = 3
    @Option(name: .customLong("png-filter"), help: "PNG row filter: none, sub, up, average, paeth, all (none is fastest and smallest on UI frames).")
    var pngFilter: PNGCodec.Filter = .none
    @Option(name: .customLong("png-strategy"), help: "zlib strategy: default, filtered, huffman, rle, fixed (default is smallest; see notes/benchmarks.md).")
    var pngStrategy: PNGCodec.Strategy = .default
    @Option(name: .customLong("no-shortcut"), help: ArgumentHelp("Switch off one of the executor's shortcuts (same pixels, more work): \(Shortcut.allCases.map(\.rawValue).joined(separator: ", ")), or all. Repeatable.", valueName: "name"))
    var noShortcut: [String] = []

    var shortcuts: Set<Shortcut> {
        if noShortcut.contains("all") { return [] }
        return Set(Shortcut.allCases).subtracting(noShortcut.compactMap(Shortcut.init(rawValue:)))
    }

    func validate() throws {
        if let fps, !(fps > 0 && fps <= 1000) { throw ValidationError("--fps expects a number > 0 and <= 1000") }
        if let scale, !(scale > 0 && scale <= 8) { throw ValidationError("--scale expects a number > 0 and <= 8") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs expects a whole number >= 1") }
        if !(0...9).contains(pngLevel) { throw ValidationError("--png-level expects 0 to 9") }
        if let frames, FrameRange(argument: frames) == nil {
            throw ValidationError("--frames \(frames): \(FrameRange.expected)")
        }
        for name in noShortcut where name != "all" && Shortcut(rawValue: name) == nil {
            throw ValidationError("--no-shortcut \(name): expected one of \(Shortcut.allCases.map(\.rawValue).joined(separator: ", ")), or all")
        }
    }

    @OptionGroup(title: "Limits") var limitOptions: LimitOptions

    var renderOptions: RenderOptions {
        var o = RenderOptions(fps: fps, scale: scale, frames: frames.flatMap { FrameRange(argument: $0)?.range }, jobs: jobs ?? 0, pngLevel: pngLevel, pngFilter: pngFilter,
                              pngStrategy: pngStrategy)
        o.limits = limitOptions.limits
        o.shortcuts = shortcuts
        return o
    }
}

/// Loads a scene or exits 64 (EX_DATAERR-style usage status) with one line per problem.
func loadScene(_ path: String, _ options: LoadOptions) throws -> LoadedScene {
    do {
        return try SceneLoader.load(path: path, options: options)
    } catch {
        FileHandle.standardError.write(Data((error.description + "\n").utf8))
        throw ExitCode(64)
    }
}

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Render every frame of a scene to PNG files (the default command).")

    @Argument(help: "The scene JSON file.")
    var scene: String
    @Argument(help: "The output folder (created when the scene is valid; an earlier render in it is replaced).")
    var out: String
    @Flag(help: "Render into a folder that holds files tablerender did not write (they are left alone).")
    var force = false
    @Flag(help: "Print only errors.")
    var quiet = false
    @Option(help: "Progress on standard error: auto (a bar on a terminal, nothing otherwise), json (one line per finished frame), none.")
    var progress: ProgressReporter.Mode = .auto
    @Option(help: ArgumentHelp("Render only shard I of N of the frames (a contiguous block) with a partial manifest; `tablerender merge` joins the parts.", valueName: "I/N"))
    var shard: String?
    @Option(help: ArgumentHelp("Also make a preview video with ffmpeg, its format from the extension: .mp4 (H.264, BT.709, faststart), .webm (VP9), .gif, .png/.apng (animated PNG). Outside OUT.", valueName: "file"))
    var video: String?
    @Option(name: .customLong("contact-sheet"), help: ArgumentHelp("Also draw a grid of frames labelled with index and time (12 evenly spaced, or every Nth with --contact-sheet-every) to this PNG, outside OUT.", valueName: "file.png"))
    var contactSheet: String?
    @Option(name: .customLong("contact-sheet-every"), help: "Put every Nth rendered frame on the contact sheet.")
    var contactSheetEvery: Int?
    @OptionGroup var options: CommonOptions

    func validate() throws {
        if let shard, Shard(shard) == nil { throw ValidationError("--shard \(shard): expected I/N with whole numbers 1 <= I <= N (for example 2/4)") }
        if let every = contactSheetEvery, every < 1 { throw ValidationError("--contact-sheet-every expects a whole number >= 1") }
        if let sheet = contactSheet {
            guard sheet.lowercased().hasSuffix(".png") else { throw ValidationError("--contact-sheet \(sheet): expected a file ending in .png") }
            if URL(fileURLWithPath: sheet).standardizedFileURL.path.hasPrefix(URL(fileURLWithPath: out).standardizedFileURL.path + "/") {
                throw ValidationError("--contact-sheet \(sheet): expected a file outside the output folder \(out) (the next render would find it there)")
            }
        }
        if let video {
            if TableRender.Video.format(of: video) == nil {
                throw ValidationError("--video \(video): expected a file ending in .mp4, .webm, .gif, .png or .apng")
            }
            let outAbs = URL(fileURLWithPath: out).standardizedFileURL.path, videoAbs = URL(fileURLWithPath: video).standardizedFileURL.path
            if videoAbs.hasPrefix(outAbs + "/") {
                throw ValidationError("--video \(video): expected a file outside the output folder \(out) (the next render would find it there)")
            }
        }
    }

    func run() throws {
        let model = try loadScene(scene, options.limitOptions.loadOptions)
        var renderOptions = options.renderOptions
        renderOptions.force = force
        renderOptions.shard = shard.flatMap(Shard.init)
        var writer = FrameWriter(model, options: renderOptions, outputPath: out)
        let reporter = ProgressReporter(mode: quiet ? .none : progress)
        if reporter.active { writer.progress = { frame, done, total in reporter.frameDone(frame, done: done, total: total) } }
        let records: [FrameRecord]
        do {
            _ = try writer.frameIndices()
            defer { reporter.finish() }
            records = try writer.run()
        } catch {
            FileHandle.standardError.write(Data("\(scene): \(error.description)\n".utf8))
            throw ExitCode(error.exitStatus)
        }
        let w = records.first?.width ?? 0, h = records.first?.height ?? 0
        if !quiet { print("\(scene): wrote \(records.count) frames (\(w)x\(h)) to \(out)") }
        if let contactSheet {
            do {
                try ContactSheet.make(from: out, records: records, every: contactSheetEvery, output: contactSheet)
                if !quiet { print("\(scene): drew \(contactSheet)") }
            } catch {
                FileHandle.standardError.write(Data("\(scene): \(error.description)\n".utf8))
                throw ExitCode(1)
            }
        }
        if let video {
            do {
                try TableRender.Video.make(from: out, records: records, frameCount: writer.scene.frameCount, fps: writer.scene.fps, output: video)
                if !quiet { print("\(scene): made \(video)") }
            } catch {
                // The frames, manifest and sums are written; only the video is missing.
                FileHandle.standardError.write(Data("\(scene): \(error.description)\n".utf8))
                throw ExitCode(69)
            }
        }
    }
}

/// A path as a shell reads it back (for commands printed to be pasted).
func shellQuoted(_ s: String) -> String {
    let plain = s.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "/._-+=:,@".unicodeScalars.contains($0) }
    return plain && !s.isEmpty ? s : "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a scene with its golden's settings and compare every frame's pixels with the golden's.",
        discussion: """
            GOLDEN is an earlier render: its folder or its manifest.json. Decoded pixels are compared \
            (pixel hashes, then pixel by pixel), never PNG bytes. Exit status: 0 every frame matches \
            (within --tolerance and --max-diff-pixels); 1 a frame differs; 64 a bad scene or flag, or a \
            golden that does not fit the scene (missing, other frame count or size: the message says \
            which); 73 the report folder was refused.
            """)

    @Argument(help: "The scene JSON file.")
    var scene: String
    @Argument(help: "The golden: a folder an earlier render wrote, or its manifest.json.")
    var golden: String
    @Option(help: ArgumentHelp("Write a report to this folder: index.html (open it in a browser), summary.json, junit.xml and expected-, actual- and diff-NNNN.png for each differing frame.", valueName: "dir"))
    var report: String?
    @Option(help: "The largest difference (0-255) in any channel of a pixel still counted as equal (the report shows the exact result too).")
    var tolerance: Int = 0
    @Option(name: .customLong("max-diff-pixels"), help: ArgumentHelp("The share (0-1) of a frame's pixels that may differ beyond the tolerance and still pass.", valueName: "ratio"))
    var maxDiffPixels: Double = 0
    @Flag(help: "Record the golden (render the scene into GOLDEN) when it is missing, and only then.")
    var record = false
    @Flag(help: "Write the report (or a recorded golden) into a folder that holds files tablerender did not write.")
    var force = false
    @Flag(help: "Print only errors and, when frames differ, one line that says so.")
    var quiet = false
    @Option(help: "Progress on standard error: auto (a bar on a terminal), json (one line per compared frame), none.")
    var progress: ProgressReporter.Mode = .auto
    @Option(help: "Frames per second for --record (otherwise the golden's; a different value is refused).")
    var fps: Double?
    @Option(help: "Pixels per point for --record (otherwise the golden's; a different value is refused).")
    var scale: Double?
    @Option(help: ArgumentHelp("Compare only frames A..B of the golden (or, with --record, record only those).", valueName: "A..B"))
    var frames: String?
    @Option(help: "Frames rendered at once (default: all cores). Results are identical for every value.")
    var jobs: Int?
    @OptionGroup(title: "Limits") var limitOptions: LimitOptions

    func validate() throws {
        if !(0...255).contains(tolerance) { throw ValidationError("--tolerance expects a whole number from 0 to 255, found \(tolerance)") }
        if !(maxDiffPixels >= 0 && maxDiffPixels <= 1) { throw ValidationError("--max-diff-pixels expects a ratio from 0 to 1 (0.01 is 1 % of a frame's pixels), found \(maxDiffPixels)") }
        if let fps, !(fps > 0 && fps <= 1000) { throw ValidationError("--fps expects a number > 0 and <= 1000") }
        if let scale, !(scale > 0 && scale <= 8) { throw ValidationError("--scale expects a number > 0 and <= 8") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs expects a whole number >= 1") }
        if let frames, FrameRange(argument: frames) == nil { throw ValidationError("--frames \(frames): \(FrameRange.expected)") }
        if let report {
            let r = URL(fileURLWithPath: report).standardizedFileURL.path
            let g = URL(fileURLWithPath: GoldenLocation(golden).folder).standardizedFileURL.path
            if r == g || r.hasPrefix(g + "/") || g.hasPrefix(r + "/") {
                throw ValidationError("--report \(report): expected a folder apart from the golden \(golden) (neither inside the other)")
            }
        }
    }

    func fail(_ message: String, _ status: Int32) -> ExitCode {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        return ExitCode(status)
    }

    func run() throws {
        let loaded = try loadScene(scene, limitOptions.loadOptions)
        let location = GoldenLocation(golden)
        let range = frames.flatMap { FrameRange(argument: $0)?.range }
        if !location.exists {
            guard record else {
                let command = (["tablerender", "verify", scene, golden, "--record"]
                    + (scale.map { ["--scale", JSON.format($0)] } ?? []) + (fps.map { ["--fps", JSON.format($0)] } ?? [])).map(shellQuoted)
                throw fail("\(golden): no golden yet (no manifest.json there). Record it from the scene as it is now with:\n  \(command.joined(separator: " "))", 64)
            }
            var options = RenderOptions(fps: fps, scale: scale, frames: range, jobs: jobs ?? 0)
            options.limits = limitOptions.limits
            options.force = force
            options.createParents = true
            var writer = FrameWriter(loaded, options: options, outputPath: location.folder)
            let reporter = ProgressReporter(mode: quiet ? .none : progress)
            if reporter.active { writer.progress = { frame, done, total in reporter.frameDone(frame, done: done, total: total) } }
            do {
                _ = try writer.frameIndices()
                defer { reporter.finish() }
                let records = try writer.run()
                if !quiet { print("\(scene): recorded the golden: \(records.count) frames to \(location.folder) (verify compares against it from now on)") }
            } catch {
                throw fail("\(scene): \(error.description)", error.exitStatus)
            }
            return
        }
        if record && !quiet {
            print("\(golden): the golden exists, so it is verified, not recorded again (remove \(location.folder) to record it anew)")
        }
        var options = VerifyOptions()
        options.tolerance = tolerance
        options.maxDiffRatio = maxDiffPixels
        options.jobs = jobs ?? 0
        options.limits = limitOptions.limits
        options.report = report
        options.force = force
        options.fps = fps
        options.scale = scale
        options.frames = range
        let result: VerifyResult
        do {
            let manifest = try Manifest.read(folder: location.folder)
            var verifier = Verifier(scenePath: scene, loaded: loaded, golden: manifest, options: options)
            let reporter = ProgressReporter(mode: quiet ? .none : progress)
            if reporter.active { verifier.progress = { frame, done, total in reporter.frameDone(frame, done: done, total: total) } }
            _ = try verifier.plan()
            defer { reporter.finish() }
            result = try verifier.run()
        } catch {
            throw fail("\(scene): \(error.description)", error.exitStatus)
        }
        let differing = result.differing
        if !quiet {
            let shown = report == nil ? differing.count : 10
            for c in differing.prefix(shown) {
                print("\(scene): frame \(c.index) (t = \(VerifyReport.time(c.time)) s): \(VerifyReport.describe(c, result))")
            }
            if differing.count > shown { print("\(scene): ... and \(differing.count - shown) more differing frames (see the report)") }
        }
        let n = result.comparisons.count
        let verdict: String
        if differing.isEmpty {
            verdict = "\(scene): all \(n) frames match \(golden)"
        } else if result.passed {
            verdict = "\(scene): \(differing.count) of \(n) frames differ from \(golden), all within the tolerance"
        } else {
            verdict = "\(scene): \(result.failing.count) of \(n) frames differ from \(golden) (first: frame \(result.failing.first?.index ?? 0))"
        }
        if !quiet { print(verdict) } else if !result.passed { FileHandle.standardError.write(Data((verdict + "\n").utf8)) }
        if let report, !quiet { print("\(scene): report in \(report)/index.html") }
        if !result.passed { throw ExitCode(1) }
    }
}

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check scenes as render does, rendering nothing.",
        discussion: "Every problem of every scene is listed (at most 50 a scene). Exit status 0 when all are valid, 64 otherwise.")

    @Argument(help: "The scene JSON files.")
    var scenes: [String]
    @OptionGroup(title: "Limits") var limitOptions: LimitOptions

    func validate() throws {
        if scenes.isEmpty { throw ValidationError("validate expects at least one scene file") }
    }

    func run() throws {
        var invalid = 0
        for scene in scenes {
            do {
                let loaded = try SceneLoader.load(path: scene, options: limitOptions.loadOptions)
                var options = RenderOptions()
                options.limits = limitOptions.limits
                let writer = FrameWriter(loaded, options: options, outputPath: "")
                do {
                    _ = try writer.frameIndices()
                } catch {
                    FileHandle.standardError.write(Data("\(scene): \(error.description)\n".utf8))
                    invalid += 1
                    continue
                }
                let s = writer.scene
                print("\(scene): valid (\(s.frameCount) frame\(s.frameCount == 1 ? "" : "s") at \(s.canvas.pixelWidth)x\(s.canvas.pixelHeight), \(JSON.format(s.fps)) fps)")
            } catch {
                FileHandle.standardError.write(Data((error.description + "\n").utf8))
                invalid += 1
            }
        }
        if invalid > 0 { throw ExitCode(64) }
    }
}

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
    @OptionGroup(title: "Limits") var limitOptions: LimitOptions

    func validate() throws {
        if let fps, !(fps > 0 && fps <= 1000) { throw ValidationError("--fps expects a number > 0 and <= 1000") }
        if let scale, !(scale > 0 && scale <= 8) { throw ValidationError("--scale expects a number > 0 and <= 8") }
        if frame < 0 { throw ValidationError("--frame expects a whole number >= 0") }
    }

    func run() throws {
        let model = try loadScene(scene, limitOptions.loadOptions)
        var options = RenderOptions(fps: fps, scale: scale)
        options.limits = limitOptions.limits
        let writer = FrameWriter(model, options: options, outputPath: "")
        do throws(RenderFailure) {
            let count = try writer.frameIndices().count
            guard frame < count else {
                throw RenderFailure(description: "--frame \(frame): expected a frame index within 0..\(count - 1), the scene has \(count) frames", isUsage: true)
            }
        } catch {
            FileHandle.standardError.write(Data("\(scene): \(error.description)\n".utf8))
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

    func run() throws {
        print(SceneSchema.json, terminator: "")
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
            let records = try TableRender.Merge.run(output: out, parts: parts, force: force)
            print("\(out): merged \(records.count) frames from \(parts.count) parts")
        } catch {
            FileHandle.standardError.write(Data("\(error.description)\n".utf8))
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
    @OptionGroup var options: CommonOptions

    func run() throws {
        let model = try loadScene(scene, options.limitOptions.loadOptions)
        var renderOptions = options.renderOptions
        renderOptions.maskCache = !noMaskCache
        do {
            let result = try Benchmark(model, options: renderOptions, repeats: max(1, `repeat`), label: scene,
                                       exportPath: exportDraws).run()
            print(result)
        } catch let error as RenderFailure {
            FileHandle.standardError.write(Data("\(scene): \(error.description)\n".utf8))
            throw ExitCode(error.exitStatus)
        }
    }
}
