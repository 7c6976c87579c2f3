import JSONText
import Compositing
import Foundation
import PNGCodec
import Raster
import SceneModel
import Simulation
import TableEngine
import Synchronization
import Hashing

/// One written frame, as recorded in manifest.json.
public struct FrameRecord: Sendable {
    public var index: Int
    public var time: Double
    public var file: String
    public var fileSHA256: String
    public var pixelsSHA256: String
    public var width: Int
    public var height: Int
}

public struct RenderFailure: Error, CustomStringConvertible {
    public var description: String
    /// True when the request itself was wrong (exit status 64), false for I/O failures.
    public var isUsage = false
    /// The exit status: 64 for a bad scene or request, 73 for a refused output folder, 1 for a
    /// failed write.
    public var exitStatus: Int32
    /// The frame that failed, for failures that belong to one frame (budgets).
    public var frame: Int?

    public init(description: String, isUsage: Bool = false, exitStatus: Int32? = nil, frame: Int? = nil) {
        self.description = Message.cutLongTokens(description)
        self.isUsage = isUsage
        self.exitStatus = exitStatus ?? (isUsage ? 64 : 1)
        self.frame = frame
    }

    /// Of two failures, the one to report: the lower frame (frames are taken in order and
    /// frames in flight finish, so this is the first failing frame whatever the thread count);
    /// a failure without a frame (a write) wins, as the first seen.
    public static func first(_ a: RenderFailure?, _ b: RenderFailure) -> RenderFailure {
        guard let a else { return b }
        guard let fa = a.frame else { return a }
        guard let fb = b.frame else { return b }
        return fb < fa ? b : a
    }

    /// Keeps `error` as a run's failure: a `RenderFailure` by `first`; any other error only
    /// when nothing failed before it.
    static func keep(_ error: any Error, in failure: borrowing Mutex<RenderFailure?>) {
        if let f = error as? RenderFailure {
            failure.withLock { $0 = RenderFailure.first($0, f) }
        } else {
            failure.withLock { if $0 == nil { $0 = RenderFailure(description: "\(error)") } }
        }
    }
}

/// Renders frames on `jobs` threads and writes each one as soon as it is done, so memory stays
/// bounded by the jobs, not the frame count. Every file is written under a temporary name and
/// renamed when complete; an interrupted run leaves whole frames or none.
public struct FrameWriter {
    public let scene: Scene
    public let resources: SceneResources
    public let options: RenderOptions
    public let outputPath: String
    /// The scene file's SHA-256, written to the manifest (merge checks its parts share it).
    public let sceneSHA256: String?
    /// Called once per written frame, in the order frames finish, with how many are done (1,
    /// 2, ... total; calls never overlap).
    public var progress: (@Sendable (_ frame: Int, _ done: Int, _ total: Int) -> Void)?

    public init(_ loaded: LoadedScene, options: RenderOptions, outputPath: String) {
        scene = options.apply(to: loaded.scene)
        resources = loaded.resources
        self.options = options
        self.outputPath = outputPath
        sceneSHA256 = loaded.sourceSHA256
    }

    /// Frame indices this run renders, checked against the scene's frame count.
    public func frameIndices() throws(RenderFailure) -> [Int] {
        let count = scene.frameCount
        let c = scene.canvas
        let limits = options.limits
        // Blame the flag only when it was given; otherwise the scene's own values.
        let scaleSource = options.scale != nil ? "--scale \(JSON.format(c.scale))" : "canvas"
        guard c.width * c.scale <= Canvas.maxPixels, c.height * c.scale <= Canvas.maxPixels,
              c.pixelWidth > 0, c.pixelHeight > 0 else {
            throw RenderFailure(description: "\(scaleSource): expected a frame of 1 to \(Int(Canvas.maxPixels)) pixels each way, found \(c.pixelWidth)x\(c.pixelHeight)", isUsage: true)
        }
        let pixels = c.pixelWidth * c.pixelHeight
        guard pixels <= limits.canvasPixels else {
            throw RenderFailure(description: "\(scaleSource): " + Limits.message(\.canvasPixels, limit: limits.canvasPixels,
                                                                                found: "\(c.pixelWidth)x\(c.pixelHeight) = \(pixels)"), isUsage: true)
        }
        guard count <= limits.frames else {
            let source = options.fps != nil ? "--fps \(JSON.format(scene.fps))" : "duration"
            throw RenderFailure(description: "\(source): " + Limits.message(\.frames, limit: limits.frames,
                found: "\(count) (duration \(JSON.format(scene.duration)) s x \(JSON.format(scene.fps)) fps, plus one)"), isUsage: true)
        }
        if let table = scene.table { try FrameWriter.checkSimulation(table, scene: scene, frames: count, limits: limits) }
        var all = Array(0..<count)
        if let r = options.frames {
            guard r.lowerBound >= 0, r.upperBound < count else {
                throw RenderFailure(description: "--frames \(r.lowerBound)..\(r.upperBound): expected a range A..B within 0..\(count - 1), the scene has \(count) frames", isUsage: true)
            }
            all = Array(r)
        }
        return options.shard.map { $0.select(all) } ?? all
    }

    public static func fileName(index: Int, count: Int) -> String {
        let digits = max(4, String(max(count - 1, 0)).count)
        let n = String(index)
        return "frame-" + String(repeating: "0", count: max(0, digits - n.count)) + n + ".png"
    }

    /// The frames grouped into runs of consecutive frames whose layer trees are equal: their
    /// pixels are equal too, so each run is rasterized and encoded once (a table at rest before
    /// a tap, after an animation ends). Simulation is cheap; this pass keeps one tree at a time.
    public func plan(_ indices: [Int], renderer: FrameRenderer) -> [[Int]] {
        var runs: [[Int]] = []
        var previous: (index: Int, tree: [PresentationLayer])?
        for i in indices {
            let tree = renderer.layers(atFrame: i)
            if let p = previous, p.index == i - 1, p.tree == tree, !runs.isEmpty {
                runs[runs.count - 1].append(i)
            } else {
                runs.append([i])
            }
            previous = (i, tree)
        }
        return runs
    }

    /// Renders and writes; returns the records in frame order.
    @discardableResult
    public func run() throws(RenderFailure) -> [FrameRecord] {
        let indices = try frameIndices()
        // The folder is checked before the first new frame is written; the frames go to its
        // staging folder and replace an earlier render only once all are written: see
        // OutputFolder.
        let folder = try OutputFolder.prepare(outputPath, force: options.force, createParents: options.createParents, staged: true)
        let renderer = FrameRenderer(scene: scene, resources: resources)
        let count = scene.frameCount
        let runs = plan(indices, renderer: renderer)
        let scheduler = FrameScheduler(jobs: options.jobs, tasks: indices.count)
        // A run is rendered and encoded once, then its frame files are written in chunks that
        // any worker may take (follow-ups, taken before new runs), so a long run at rest does
        // not keep one worker writing while the other idles, and at most about one encoded
        // frame per worker is in memory.
        let encoder = PNGFrameEncoder(options)
        let out = folder.writePath
        let scene = self.scene, resources = self.resources, useCache = options.maskCache, limits = options.limits, shared = renderer.shared
        let shortcuts = options.shortcuts, raster = options.raster
        let records: [FrameRecord]
        do throws(RenderFailure) {
            records = try scheduler.run(runs.indices.map(Task.render), total: indices.count, worker: {
                // Each worker keeps its own masks from frame to frame (labels that did not move).
                FrameRenderer(scene: scene, resources: resources, cache: useCache ? MaskCache() : nil, keepsBetweenFrames: true,
                              budget: RasterBudget(limits: limits), shortcuts: shortcuts, raster: raster, sharing: shared)
            }, perform: { renderer, task, queue in
                let encoded: PNGFrameEncoder.Encoded, frames: [Int]
                switch task {
                case .render(let r):
                    encoded = try renderer.encode(frame: runs[r][0], with: encoder)
                    let chunks = stride(from: 0, to: runs[r].count, by: FrameWriter.writeChunk).map {
                        Array(runs[r][$0..<min($0 + FrameWriter.writeChunk, runs[r].count)])
                    }
                    queue.followUp(chunks.dropFirst().map { Task.write(encoded, $0) })
                    frames = chunks[0]
                case .write(let e, let f):
                    (encoded, frames) = (e, f)
                }
                return try FrameWriter.write(encoded, frames: frames, count: count, scene: scene, folder: out).map { ($0.index, $0) }
            }, progress: progress)
        } catch {
            // A run that failed leaves no frames of its own behind, and an earlier render as it was.
            throw folder.abandon(error)
        }
        try folder.complete(records.map(\.file)) { () throws(RenderFailure) in try writeManifest(records) }
        return records
    }

    /// Frames written per task: small enough to share a long run between workers.
    static let writeChunk = 8

    enum Task: Sendable {
        case render(Int)
        case write(PNGFrameEncoder.Encoded, [Int])
    }

    /// Writes `encoded` under the file name of each frame in the staging folder `folder` (every
    /// frame file is written).
    static func write(_ encoded: PNGFrameEncoder.Encoded, frames: [Int], count: Int, scene: Scene, folder: String) throws -> [FrameRecord] {
        var records: [FrameRecord] = []
        for index in frames {
            let name = fileName(index: index, count: count)
            try AtomicFile.writeNew(encoded.png, to: folder + "/" + name)
            records.append(FrameRecord(index: index, time: scene.time(ofFrame: index), file: name,
                                       fileSHA256: encoded.fileSHA256, pixelsSHA256: encoded.pixelsSHA256,
                                       width: encoded.width, height: encoded.height))
        }
        return records
    }

    /// Writes to a hidden temporary name in the same folder, then renames (POSIX rename replaces
    /// an existing file atomically). Plain POSIX calls: Foundation's file API cost about a
    /// millisecond per frame here.
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(RenderFailure) {
        let file = try AtomicFile(path)
        try file.append(bytes)
        try file.commit()
    }
    func writeManifest(_ records: [FrameRecord]) throws(RenderFailure) {
        var header = ManifestHeader(frameCount: scene.frameCount, fps: scene.fps, width: scene.canvas.pixelWidth,
                                    height: scene.canvas.pixelHeight, scale: scene.canvas.scale, generator: "tablerender \(Version.tablerender)",
                                    libraries: Version.libraries, shard: options.shard)
        header.fonts = resources.fontFiles
        header.sceneSHA256 = sceneSHA256
        header.selection = options.frames ?? 0...max(scene.frameCount - 1, 0)
        header.raster = options.raster == .exact ? nil : options.raster.rawValue
        header.appearance = options.appearance
        try FrameWriter.writeManifest(header, records, to: outputPath)
    }

    /// What a manifest says besides its frames.
    public struct ManifestHeader: Equatable, Sendable {
        public var frameCount: Int
        public var fps: Double
        public var width: Int
        public var height: Int
        /// Pixels per point (written since 0.2; nil in older manifests).
        public var scale: Double?
        public var generator: String
        public var libraries: [(name: String, version: String)]
        /// "I/N" for one shard of a sharded render; nil for a whole render (or a merge).
        public var shard: Shard?
        /// The SHA-256 of the scene file's bytes (since 0.4).
        public var sceneSHA256: String?
        /// The frames asked for (`--frames`), written by a shard so merge can check the parts
        /// share it and together hold all of it.
        public var selection: ClosedRange<Int>?
        /// How coverage was computed when it was not the default exact sweep (`--raster cells`,
        /// an experiment): such frames are not the exact ones, so merge keeps them apart and
        /// verify refuses them as goldens. Nil (and not written) for the default.
        public var raster: String?
        /// The font files the scene's text was drawn with (empty in manifests written before they
        /// were recorded, and for scenes without text): another file of one face draws other pixels.
        public var fonts: [ManifestFont] = []
        /// The appearance given on the command line (`--appearance`) over the scene's: verify
        /// draws the scene in it. Nil (and not written): the scene's own.
        public var appearance: Appearance?

        public static func == (a: ManifestHeader, b: ManifestHeader) -> Bool {
            a.frameCount == b.frameCount && a.fps == b.fps && a.width == b.width && a.height == b.height && a.scale == b.scale
                && a.generator == b.generator && a.libraries.map { "\($0.name) \($0.version)" } == b.libraries.map { "\($0.name) \($0.version)" }
                && a.shard == b.shard && a.sceneSHA256 == b.sceneSHA256 && a.selection == b.selection && a.raster == b.raster
                && a.fonts == b.fonts && a.appearance == b.appearance
        }
    }

    /// A font file a render drew text with: its face's family and style, its file name and the
    /// SHA-256 of its bytes.
    public struct ManifestFont: Equatable, Sendable, CustomStringConvertible {
        /// The face's family and style as FreeType reads them ("Inter", "Semi Bold").
        public var family: String
        public var style: String
        /// The file's name (without its folder, which differs between machines).
        public var file: String
        /// SHA-256 of the file's bytes, lowercase hex.
        public var sha256: String
        /// A font file record.
        public init(family: String, style: String, file: String, sha256: String) {
            self.family = family; self.style = style; self.file = file; self.sha256 = sha256
        }
        /// "Inter Regular (Inter-Regular.otf, sha256 0123456789ab...)".
        public var description: String { "\(family) \(style) (\(file), sha256 \(sha256.prefix(12))...)" }
    }

    /// Writes SHA256SUMS, then manifest.json (last: a manifest present means the folder is
    /// complete). The one writer of both, for renders and merges, so a merge of shards gives
    /// the bytes of an unsharded render.
    public static func writeManifest(_ h: ManifestHeader, _ records: [FrameRecord], to folder: String) throws(RenderFailure) {
        var top: [(key: String, value: JSON)] = [("frameCount", .int(h.frameCount)), ("fps", .number(h.fps)),
                                                  ("width", .int(h.width)), ("height", .int(h.height))]
        if let scale = h.scale { top.append(("scale", .number(scale))) }
        top.append(("generator", .string(h.generator)))
        top.append(("libraries", .object(h.libraries.map { ($0.name, .string($0.version)) })))
        if !h.fonts.isEmpty {
            top.append(("fonts", .array(h.fonts.map { f in
                .object([("family", .string(f.family)), ("style", .string(f.style)), ("file", .string(f.file)), ("sha256", .string(f.sha256))])
            })))
        }
        if let scene = h.sceneSHA256 { top.append(("sceneSha256", .string(scene))) }
        if let raster = h.raster { top.append(("raster", .string(raster))) }
        if let a = h.appearance { top.append(("appearance", .string(a.rawValue))) }
        if let shard = h.shard { top.append(("shard", .string("\(shard)"))) }
        if let s = h.selection, h.shard != nil { top.append(("selection", .string("\(s.lowerBound)..\(s.upperBound)"))) }
        top.append(("frames", .array(records.map { r in
            .object([("index", .int(r.index)), ("time", .number(r.time)), ("file", .string(r.file)), ("sha256", .string(r.fileSHA256)),
                     ("pixelsSha256", .string(r.pixelsSHA256)), ("width", .int(r.width)), ("height", .int(r.height))])
        })))
        let json = JSONWriter.string(.object(top), layout: .rows) + "\n"
        let sums = records.map { "\($0.fileSHA256)  \($0.file)\n" }.joined()
        try writeAtomically(Array(sums.utf8), to: folder + "/SHA256SUMS")
        try writeAtomically(Array(json.utf8), to: folder + "/manifest.json")
    }
}

/// Shard I of N (1-based): a contiguous block of the frames, so runs of frames at rest stay
/// together. Shard i of n takes positions [(i-1)·count/n, i·count/n) of the frames to render.
public struct Shard: Equatable, Sendable, CustomStringConvertible {
    public var index: Int
    public var count: Int
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= 10_000, i >= 1, i <= n else { return nil }
        index = i
        count = n
    }
    public var description: String { "\(index)/\(count)" }

    public func select(_ frames: [Int]) -> [Int] {
        let lo = (index - 1) * frames.count / count, hi = index * frames.count / count
        return Array(frames[lo..<hi])
    }
}
