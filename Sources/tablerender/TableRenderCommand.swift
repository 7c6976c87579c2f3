import ArgumentParser
import Foundation
import PNGCodec
import Raster
import SceneModel
import TableRender
import TableRenderReview

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
        subcommands: [Render.self, Verify.self, Validate.self, Schema.self, Draws.self, Merge.self, Bench.self, Preview.self],
        defaultSubcommand: Render.self)
}

/// `A..B`, an inclusive range of frame indices.
struct FrameRange: ExpressibleByArgument {
    var range: ClosedRange<Int>
    init?(argument: String) {
        guard let r = Manifest.range(argument) else { return nil }
        range = r
    }
}

extension FrameRange {
    /// ArgumentParser prints this after "The value 'X' is invalid for '--frames <frames>'".
    static let expected = "expected A..B with whole numbers 0 <= A <= B (for example 0..30), or one frame index N"
}

/// The budgets (see docs/limits.md): each flag raises one.
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
    @Option(name: .customLong("max-keyframe-values"), help: "Keyframe values in all animations (default \(Limits().keyframeValues)).")
    var keyframeValues: Int?
    @Option(name: .customLong("max-simulation-work"), help: "Table simulation work: rows laid out over all frames and header steps (default \(Limits().simulationWork)).")
    var simulationWork: Int?
    @Option(name: .customLong("max-edges"), help: "Path edges drawn in one frame (default \(Limits().edgesPerFrame)).")
    var edges: Int?
    @Option(name: .customLong("max-path-work"), help: "Rasterizer work on the paths of one frame: edge pairs tested plus edges visited (default \(Limits().pathWork)).")
    var pathWork: Int?
    @Option(name: .customLong("max-frame-pixels"), help: "Pixels drawn in one frame: fills and offscreen groups (default \(Limits().framePixels)).")
    var framePixels: Int?
    @Option(name: .customLong("max-offscreen-pixels"), help: "Pixels of offscreen groups alive at once while a frame is drawn (default \(Limits().offscreenPixels)).")
    var offscreenPixels: Int?
    @Option(help: "The folder images and fonts may be read from (default: the scene file's folder).")
    var assets: String?
    @Option(name: .customLong("font-dir"), help: "A folder with SF Pro's files (SF-Pro-Text-Regular.otf ...): \"system\" text is drawn with SF Pro Text and Display as on iOS instead of Inter.")
    var fontDir: String?
    @Option(help: "light or dark, overriding canvas.appearance: system colours, the table, bars and status bar in that appearance (verify: the golden's, unless given).")
    var appearance: Appearance?

    /// Each flag with the budget it sets (the flag's name comes from `Limits.flags`).
    var given: [(value: Int?, budget: WritableKeyPath<Limits, Int>)] {
        [(imagePixels, \.imagePixels), (totalImagePixels, \.totalImagePixels), (canvasPixels, \.canvasPixels),
         (layers, \.layers), (nesting, \.nesting), (pathPoints, \.pathPoints), (textLength, \.textLength),
         (frames, \.frames), (edges, \.edgesPerFrame), (pathWork, \.pathWork), (offscreenPixels, \.offscreenPixels),
         (framePixels, \.framePixels), (keyframeValues, \.keyframeValues), (simulationWork, \.simulationWork)]
    }

    func validate() throws {
        for (value, budget) in given {
            if let value, value < 1 { throw ValidationError("\(Limits.flag(budget)) expects a whole number >= 1, found \(value)") }
        }
        if let assets, assets.isEmpty { throw ValidationError("--assets expects a folder") }
        if let fontDir, fontDir.isEmpty { throw ValidationError("--font-dir expects a folder") }
    }

    var limits: Limits {
        var l = Limits()
        for (value, budget) in given { if let value { l[keyPath: budget] = value } }
        return l
    }

    /// The load options, with the `--scale` that picks images' @2x/@3x files.
    /// (`appearance`: verify's golden's, when the flag is not given.)
    func loadOptions(scale: Double?, appearance fallback: Appearance? = nil) -> LoadOptions {
        LoadOptions(limits: limits, assetsRoot: assets, scale: scale, fontDirectory: fontDir, appearance: appearance ?? fallback)
    }
}

extension PNGCodec.Filter: ExpressibleByArgument {}
extension Appearance: ExpressibleByArgument {}
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
    @Option(name: .customLong("raster"), help: ArgumentHelp("How paths become coverage: exact (default) or cells (an experiment of issue 30: faster, pixels may differ).", valueName: "method", visibility: .hidden))
    var raster: String = "exact"

    var shortcuts: Set<Shortcut> {
        if noShortcut.contains("all") { return [] }
        return Set(Shortcut.allCases).subtracting(noShortcut.compactMap(Shortcut.init(rawValue:)))
    }

    func validate() throws {
        try validateSettings(fps: fps, scale: scale, jobs: jobs, frames: frames)
        if !(0...9).contains(pngLevel) { throw ValidationError("--png-level expects 0 to 9") }
        if Rasterizer.Method(rawValue: raster) == nil { throw ValidationError("--raster \(raster): expected exact or cells") }
        for name in noShortcut where name != "all" && Shortcut(rawValue: name) == nil {
            throw ValidationError("--no-shortcut \(name): expected one of \(Shortcut.allCases.map(\.rawValue).joined(separator: ", ")), or all")
        }
    }

    @OptionGroup(title: "Limits") var limitOptions: LimitOptions

    var renderOptions: RenderOptions {
        var o = RenderOptions(fps: fps, scale: scale, frames: frames.flatMap { FrameRange(argument: $0)?.range }, jobs: jobs ?? 0, pngLevel: pngLevel, pngFilter: pngFilter,
                              pngStrategy: pngStrategy)
        o.limits = limitOptions.limits
        o.appearance = limitOptions.appearance
        o.shortcuts = shortcuts
        o.raster = Rasterizer.Method(rawValue: raster) ?? .exact
        return o
    }
}

/// The checks of the settings render, verify and draws share (each flag only when given).
func validateSettings(fps: Double?, scale: Double?, jobs: Int? = nil, frames: String? = nil) throws {
    if let fps, !(fps > 0 && fps <= 1000) { throw ValidationError("--fps expects a number > 0 and <= 1000") }
    if let scale, !(scale > 0 && scale <= 8) { throw ValidationError("--scale expects a number > 0 and <= 8") }
    if let jobs, jobs < 1 { throw ValidationError("--jobs expects a whole number >= 1") }
    if let frames, FrameRange(argument: frames) == nil { throw ValidationError("--frames \(frames): \(FrameRange.expected)") }
}

/// One message on standard error, long tokens cut (a message never echoes megabytes of input).
func printError(_ text: String) {
    FileHandle.standardError.write(Data((Message.cutLongTokens(text) + "\n").utf8))
}

/// A loaded scene's warnings on standard error, one line each ("scene.json: warning: path: ...").
/// Prints the scene's warnings, at most ``shownWarnings`` of them and a line counting the rest
/// (30,000 events after the scene's end printed 3.5 MB before); `--quiet` prints none.
func printWarnings(_ loaded: LoadedScene, _ path: String, quiet: Bool = false) {
    guard !quiet else { return }
    for w in loaded.warnings.prefix(shownWarnings) { printError("\(path): warning: \(w.description)") }
    if loaded.warnings.count > shownWarnings {
        printError("\(path): ... and \(loaded.warnings.count - shownWarnings) more warnings")
    }
}

/// The most warnings printed for one scene.
let shownWarnings = 20

/// Loads a scene or exits 64 (EX_DATAERR-style usage status) with one line per problem.
func loadScene(_ path: String, _ options: LoadOptions, quiet: Bool = false) throws -> LoadedScene {
    do {
        let loaded = try SceneLoader.load(path: path, options: options)
        printWarnings(loaded, path, quiet: quiet)
        return loaded
    } catch {
        printError(error.description)
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
    @Flag(name: [.short, .long], help: "Print only errors.")
    var quiet = false
    @Option(help: "Progress on standard error: auto (a bar on a terminal, nothing otherwise), json (one line per finished frame), none.")
    var progress: ProgressReporter.Mode = .auto
    @Option(help: ArgumentHelp("Render only shard I of N of the frames (a contiguous block) with a partial manifest; `tablerender merge` joins the parts.", valueName: "I/N"))
    var shard: String?
    @Option(help: ArgumentHelp("Also make a preview video with ffmpeg, its format from the extension: .mp4 (H.264, BT.709, faststart), .webm (VP9), .gif, .png/.apng (animated PNG). Outside OUT.", valueName: "file"))
    var video: String?
    @Option(name: .customLong("contact-sheet"), help: ArgumentHelp("Also draw a grid of frames labelled with index and time (12 evenly spaced, or every Nth with --contact-sheet-every) to this PNG, outside OUT.", valueName: "file.png"))
    var contactSheet: String?
    @Option(name: .customLong("contact-sheet-every"), parsing: .unconditional, help: "Put every Nth rendered frame on the contact sheet.")
    var contactSheetEvery: Int?
    @OptionGroup var options: CommonOptions

    func validate() throws {
        if let shard, Shard(shard) == nil { throw ValidationError("--shard \(shard): expected I/N with whole numbers 1 <= I <= N (for example 2/4)") }
        if let every = contactSheetEvery, every < 1 { throw ValidationError("--contact-sheet-every expects a whole number >= 1") }
        if let sheet = contactSheet {
            guard sheet.lowercased().hasSuffix(".png") else { throw ValidationError("--contact-sheet \(sheet): expected a file ending in .png") }
            // Compared once links are followed: a link cannot put the file into OUT.
            if PathName.isInside(sheet, out) {
                throw ValidationError("--contact-sheet \(sheet): expected a file outside the output folder \(out) (the next render would find it there)")
            }
        }
        if let video {
            if TableRenderReview.Video.format(of: video) == nil {
                throw ValidationError("--video \(video): expected a file ending in .mp4, .webm, .gif, .png or .apng")
            }
            if PathName.isInside(video, out) {
                throw ValidationError("--video \(video): expected a file outside the output folder \(out) (the next render would find it there)")
            }
            // Compared once links are followed: one preview would replace the other.
            if let sheet = contactSheet, PathName.resolved(sheet) == PathName.resolved(video) {
                throw ValidationError("--video \(video): expected another file than --contact-sheet \(sheet) (the video would replace the sheet)")
            }
        }
    }

    func run() throws {
        let model = try loadScene(scene, options.limitOptions.loadOptions(scale: options.scale), quiet: quiet)
        var renderOptions = options.renderOptions
        renderOptions.force = force
        renderOptions.shard = shard.flatMap(Shard.init)
        var writer = FrameWriter(model, options: renderOptions, outputPath: out)
        let reporter = ProgressReporter(mode: quiet ? .none : progress)
        if reporter.active { writer.progress = { frame, done, total in reporter.frameDone(frame, done: done, total: total) } }
        let records: [FrameRecord]
        do throws(RenderFailure) {
            let indices = try writer.frameIndices()
            if contactSheet != nil, let why = ContactSheet.refusal(frames: indices.count, width: writer.scene.canvas.pixelWidth,
                                                                  height: writer.scene.canvas.pixelHeight, every: contactSheetEvery,
                                                                  limits: renderOptions.limits) {
                throw RenderFailure(description: "--contact-sheet \(contactSheet ?? ""): \(why)", isUsage: true)
            }
            defer { reporter.finish() }
            records = try writer.run()
        } catch {
            printError("\(scene): \(error.description)")
            throw ExitCode(error.exitStatus)
        }
        let w = records.first?.width ?? 0, h = records.first?.height ?? 0
        if !quiet { print("\(scene): wrote \(records.count) frames (\(w)x\(h)) to \(out)") }
        // The previews' paths are checked again now that OUT exists (a link made to it before it
        // did leads into it now): a refused one is a usage error (64), and the other preview is
        // still made. Then the first failure gives the status: 1 for the sheet, 69 for ffmpeg.
        var status: Int32 = 0
        func fail(_ message: String, _ code: Int32) {
            printError("\(scene): \(message)")
            if status == 0 || code == 64 { status = code }
        }
        if let contactSheet {
            if let why = TableRenderReview.Video.intoFrames(contactSheet, out) {
                fail("--contact-sheet \(contactSheet): \(why)", 64)
            } else {
                do {
                    try ContactSheet.make(from: out, records: records, every: contactSheetEvery, output: contactSheet, limits: renderOptions.limits)
                    if !quiet { print("\(scene): drew \(contactSheet)") }
                } catch {
                    fail(error.description, 1)
                }
            }
        }
        if let video {
            if let why = TableRenderReview.Video.intoFrames(video, out) {
                fail("--video \(video): \(why)", 64)
            } else {
                do {
                    try TableRenderReview.Video.make(from: out, records: records, frameCount: writer.scene.frameCount, fps: writer.scene.fps, output: video)
                    if !quiet { print("\(scene): made \(video)") }
                } catch {
                    // The frames, manifest and sums are written; only the video is missing.
                    fail(error.description, 69)
                }
            }
        }
        if status != 0 { throw ExitCode(status) }
    }
}

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check scenes as render does, rendering nothing.",
        discussion: "Every problem of every scene is listed (at most 50 a scene). Exit status 0 when all are valid, 64 otherwise.")

    @Argument(help: "The scene JSON files.")
    var scenes: [String]
    @Flag(name: [.short, .long], help: "Print only errors (no warnings, no \"valid\" lines).")
    var quiet = false
    @OptionGroup(title: "Limits") var limitOptions: LimitOptions

    func validate() throws {
        if scenes.isEmpty { throw ValidationError("validate expects at least one scene file") }
    }

    func run() throws {
        var invalid = 0
        for scene in scenes {
            do {
                let loaded = try SceneLoader.load(path: scene, options: limitOptions.loadOptions(scale: nil))
                printWarnings(loaded, scene, quiet: quiet)
                var options = RenderOptions()
                options.limits = limitOptions.limits
                let writer = FrameWriter(loaded, options: options, outputPath: "")
                do {
                    _ = try writer.frameIndices()
                } catch {
                    printError("\(scene): \(error.description)")
                    invalid += 1
                    continue
                }
                let s = writer.scene
                if !quiet { print("\(scene): valid (\(s.frameCount) frame\(s.frameCount == 1 ? "" : "s") at \(s.canvas.pixelWidth)x\(s.canvas.pixelHeight), \(JSON.format(s.fps)) fps)") }
            } catch {
                printError(error.description)
                invalid += 1
            }
        }
        if invalid > 0 { throw ExitCode(64) }
    }
}
