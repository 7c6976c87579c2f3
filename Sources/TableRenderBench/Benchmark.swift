import Compositing
import Foundation
import PNGCodec
import Raster
import SceneModel
import TableRender
import Synchronization
import Hashing
import JSONText

/// Times each phase of the pipeline per frame (release builds; never part of the tests).
///
/// Every frame is rendered, encoded and written (frames at rest are not reused here, so the
/// figures are the cost of a frame, not of a run). Phases, in milliseconds per frame summed over
/// the worker threads:
/// - `simulate`: scene time to the presentation layer tree (animations, table state);
/// - `build`: the compositor's walk of that tree: matrices, projection, outlines, text layout;
/// - `composite`: offscreen groups (allocation, shadow blur, compositing onto the parent);
/// - `raster`: coverage masks and pixel fills;
/// - `encode`: straight alpha and PNG encoding (libpng, zlib); `hash`: SHA-256 of file and
///   pixels; `write`: the file written under a temporary name and renamed, as a render does.
/// `framesPerSecond` is wall-clock over the whole pass. With `--repeat N` the pass with the
/// shortest wall time is reported (best of N). A last, single-threaded pass encodes every frame
/// both ways in turn: `libpng` is libpng alone on the same pixels and settings with its output
/// dropped, and `encodeVsLibpng` is our encode time over it.
public struct Benchmark {
    let loaded: LoadedScene
    let scene: Scene
    let options: RenderOptions
    let repeats: Int
    let label: String
    let exportPath: String?

    /// `exportPath`: also write every frame's draws there (JSON lines) for bench/skia_compare.py.
    public init(_ loaded: LoadedScene, options: RenderOptions, repeats: Int, label: String = "", exportPath: String? = nil) {
        self.loaded = loaded
        self.label = label
        self.exportPath = exportPath
        scene = options.apply(to: loaded.scene)
        self.options = options
        self.repeats = repeats
    }

    struct Totals {
        var simulate = Duration.zero, build = Duration.zero, composite = Duration.zero, raster = Duration.zero
        var encode = Duration.zero, hash = Duration.zero, write = Duration.zero
        var bytes = 0
        static func + (a: Totals, b: Totals) -> Totals {
            Totals(simulate: a.simulate + b.simulate, build: a.build + b.build, composite: a.composite + b.composite,
                   raster: a.raster + b.raster, encode: a.encode + b.encode, hash: a.hash + b.hash,
                   write: a.write + b.write, bytes: a.bytes + b.bytes)
        }
    }

    /// One JSON line: milliseconds per frame per phase, frames per second, bytes, peak memory.
    public func run() throws -> String {
        let writer = FrameWriter(loaded, options: options, outputPath: "")
        let indices = try writer.frameIndices()
        let jobs = FrameScheduler.jobs(options.jobs, tasks: indices.count)
        // A new folder of this run's own (mkdtemp), never a name someone could have planted.
        var template = Array((NSTemporaryDirectory() + "tablerender-bench-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw RenderFailure(description: "bench: cannot make a temporary folder: \(String(cString: strerror(errno)))")
        }
        let folder = String(cString: made)
        defer { try? FileManager.default.removeItem(atPath: folder) }

        var best: (wall: Duration, totals: Totals)?
        for _ in 0..<repeats {
            let pass = try timedPass(indices, jobs: jobs, folder: folder)
            if best == nil || pass.wall < best!.wall { best = pass }
        }
        let (wall, t) = best!
        let floor = try encodeFloor(indices)
        if let exportPath { try exportDraws(indices, to: exportPath) }

        let n = Double(indices.count)
        func ms(_ d: Duration) -> Double { Benchmark.seconds(d) * 1000 / n }
        // Figures to a given number of decimals (the shortest text that reads back as them).
        func f(_ v: Double, _ decimals: Double = 3) -> JSON {
            let p = Foundation.pow(10, decimals)
            return .number(v.isFinite ? (v * p).rounded() / p : 0)
        }
        let phases: [(String, Duration)] = [("simulate", t.simulate), ("build", t.build), ("composite", t.composite),
                                            ("raster", t.raster), ("encode", t.encode), ("hash", t.hash), ("write", t.write)]
        let pipeline: Double = ms(t.simulate) + ms(t.build) + ms(t.composite) + ms(t.raster)
        let line = JSON.object([
            ("scene", .string(label)), ("width", .int(scene.canvas.pixelWidth)), ("height", .int(scene.canvas.pixelHeight)),
            ("frames", .int(indices.count)), ("jobs", .int(jobs)), ("repeat", .int(repeats)),
            ("msPerFrame", .object(phases.map { ($0.0, f(ms($0.1))) })), ("simulateToRaster", f(pipeline)),
            ("libpng", f(floor.libpng / n * 1000)), ("encodeVsLibpng", f(floor.ours / floor.libpng, 2)),
            ("framesPerSecond", f(n / Benchmark.seconds(wall), 2)), ("bytesPerFrame", .int(t.bytes / max(indices.count, 1))),
            ("peakMemoryMB", .int(Benchmark.peakMemoryMB())),
        ] + (options.raster == .exact ? [] : [("raster", .string(options.raster.rawValue))]))
        return JSONWriter.string(line, layout: .line)
    }

    /// What each thread keeps: its renderer and profile, and its own sums.
    struct Worker {
        let renderer: FrameRenderer
        let profile: RenderProfile
        var totals = Totals()
    }

    /// Every frame once, on `jobs` threads of the frame scheduler.
    func timedPass(_ indices: [Int], jobs: Int, folder: String) throws -> (wall: Duration, totals: Totals) {
        let sum = Mutex(Totals())
        let loaded = self.loaded, scene = self.scene, options = self.options
        let count = scene.frameCount
        let encoder = PNGFrameEncoder(options)
        // The simulation is made once and shared by the workers, as `render` does.
        let shared = FrameRenderer(scene: scene, resources: loaded.resources).shared
        let clock = ContinuousClock()
        let start = clock.now
        _ = try FrameScheduler(jobs: jobs, tasks: indices.count).run(indices, total: indices.count, worker: {
            let profile = RenderProfile()
            let renderer = FrameRenderer(scene: scene, resources: loaded.resources, profile: profile,
                                         cache: options.maskCache ? MaskCache() : nil, keepsBetweenFrames: true,
                                         budget: RasterBudget(limits: options.limits), shortcuts: options.shortcuts,
                                         raster: options.raster, sharing: shared)
            return Worker(renderer: renderer, profile: profile)
        }, perform: { w, index, _ -> [(frame: Int, output: Void)] in
            let renderer = w.renderer, profile = w.profile
            var t0 = clock.now
            let layers = renderer.layers(atFrame: index)
            w.totals.simulate += clock.now - t0
            profile.reset()
            t0 = clock.now
            let pixmap = renderer.render(layers: layers)
            let render = clock.now - t0
            if let why = renderer.budgetExceeded {
                throw RenderFailure(description: "frame \(index): \(why)", isUsage: true, frame: index)
            }
            w.totals.raster += profile[.raster]
            w.totals.composite += profile[.composite]
            w.totals.build += render - profile[.raster] - profile[.composite]
            // Encoding and hashing as a render does them, timed apart. The straight-alpha pixels
            // (the pixmap's own storage when opaque) are let go before the pixmap is recycled.
            let png = try { () throws -> [UInt8] in
                t0 = clock.now
                let rgba = pixmap.unpremultipliedRGBA()
                let png = try PNGCodec.encode(rgba: rgba, width: pixmap.width, height: pixmap.height, level: encoder.level,
                                              filter: encoder.filter, strategy: encoder.strategy, software: Version.software)
                w.totals.encode += clock.now - t0
                t0 = clock.now
                _ = SHA256.hex(png)
                _ = SHA256.hex(rgba)
                w.totals.hash += clock.now - t0
                return png
            }()
            renderer.recycle(pixmap)
            t0 = clock.now
            try FrameWriter.writeAtomically(png, to: folder + "/" + FrameWriter.fileName(index: index, count: count))
            w.totals.write += clock.now - t0
            w.totals.bytes += png.count
            return [(index, ())]
        }, finish: { (w: consuming Worker) in
            let mine = w.totals
            sum.withLock { $0 = $0 + mine }
        })
        return (clock.now - start, sum.withLock { $0 })
    }

    /// Our encode and libpng alone on the same pixels, alternating which goes first; seconds.
    func encodeFloor(_ indices: [Int]) throws -> (ours: Double, libpng: Double) {
        let renderer = FrameRenderer(scene: scene, resources: loaded.resources)
        let clock = ContinuousClock()
        var ours = Duration.zero, libpng = Duration.zero
        for (k, i) in indices.enumerated() {
            let pixmap = renderer.render(frame: i)
            let w = pixmap.width, h = pixmap.height
            func timeOurs() throws {
                let t0 = clock.now
                let rgba = pixmap.unpremultipliedRGBA()
                _ = try PNGCodec.encode(rgba: rgba, width: w, height: h, level: options.pngLevel,
                                        filter: options.pngFilter, strategy: options.pngStrategy, software: Version.software)
                ours += clock.now - t0
            }
            // The reference gets its straight-alpha pixels for free.
            let straight = pixmap.unpremultipliedRGBA()
            func timeLibpng() throws {
                let t0 = clock.now
                _ = try PNGCodec.encodedLength(rgba: straight, width: w, height: h, level: options.pngLevel,
                                               filter: options.pngFilter, strategy: options.pngStrategy, software: Version.software)
                libpng += clock.now - t0
            }
            if k % 2 == 0 { try timeOurs(); try timeLibpng() } else { try timeLibpng(); try timeOurs() }
        }
        return (Benchmark.seconds(ours), Benchmark.seconds(libpng))
    }

    /// One JSON object per line and frame: size, background (straight RGBA) and draws, streamed
    /// (one job, so the frames come in order; one line in memory at a time).
    func exportDraws(_ indices: [Int], to path: String) throws {
        let scene = self.scene, resources = loaded.resources
        let encoder = DrawExportEncoder(background: scene.canvas.background)
        let file = Mutex(try AtomicFile(path))
        do {
            _ = try FrameScheduler(jobs: 1, tasks: indices.count).run(indices, total: indices.count, worker: {
                FrameRenderer(scene: scene, resources: resources, recorder: DrawRecorder())
            }, perform: { renderer, index, _ -> [(frame: Int, output: Void)] in
                let line = try renderer.encode(frame: index, with: encoder)
                try file.withLock { f throws(RenderFailure) in try f.append(line) }
                return [(index, ())]
            })
        } catch {
            file.withLock { $0.abandon() }
            throw error
        }
        try file.withLock { f throws(RenderFailure) in try f.commit() }
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    /// VmHWM from /proc/self/status, in MB (0 where unavailable).
    static func peakMemoryMB() -> Int {
        guard let s = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in s.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kb = Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
            return kb / 1024
        }
        return 0
    }
}

/// The bench's second encoder: a frame as one JSON line of what it filled (size, background in
/// straight RGBA, the draws and how many were skipped), for bench/skia_compare.py.
struct DrawExportEncoder: FrameEncoder {
    let background: Color
    var recordsDraws: Bool { true }

    func encode(_ frame: RenderedFrame) throws -> [UInt8] {
        let (draws, skipped) = frame.draws ?? ([], 0)
        let line = JSON.object([("frame", .int(frame.index)), ("width", .int(frame.pixmap.width)), ("height", .int(frame.pixmap.height)),
                                ("background", .array([background.r, background.g, background.b, background.a].map(JSON.number))),
                                ("skipped", .int(skipped)), ("draws", .array(draws))])
        return Array((JSONWriter.string(line, layout: .line) + "\n").utf8)
    }
}
