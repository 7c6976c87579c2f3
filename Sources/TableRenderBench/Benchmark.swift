import Compositing
import Foundation
import PNGCodec
import Raster
import SceneModel
import TableRender
import Synchronization
import Hashing

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
        let jobs = FrameWriter.jobs(options.jobs, tasks: indices.count)
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
        func f(_ v: Double) -> String { String(format: "%.3f", v) }
        let phases: [(String, Duration)] = [("simulate", t.simulate), ("build", t.build), ("composite", t.composite),
                                            ("raster", t.raster), ("encode", t.encode), ("hash", t.hash), ("write", t.write)]
        let pipeline: Double = ms(t.simulate) + ms(t.build) + ms(t.composite) + ms(t.raster)
        var fields: [String] = []
        fields.append("\"scene\": " + Escape.json(label))
        fields.append("\"width\": \(scene.canvas.pixelWidth)")
        fields.append("\"height\": \(scene.canvas.pixelHeight)")
        fields.append("\"frames\": \(indices.count)")
        fields.append("\"jobs\": \(jobs)")
        fields.append("\"repeat\": \(repeats)")
        let phaseFields: [String] = phases.map { "\"\($0.0)\": \(f(ms($0.1)))" }
        fields.append("\"msPerFrame\": {" + phaseFields.joined(separator: ", ") + "}")
        fields.append("\"simulateToRaster\": \(f(pipeline))")
        fields.append("\"libpng\": \(f(floor.libpng / n * 1000))")
        fields.append("\"encodeVsLibpng\": " + String(format: "%.2f", floor.ours / floor.libpng))
        fields.append("\"framesPerSecond\": " + String(format: "%.2f", n / Benchmark.seconds(wall)))
        fields.append("\"bytesPerFrame\": \(t.bytes / max(indices.count, 1))")
        fields.append("\"peakMemoryMB\": \(Benchmark.peakMemoryMB())")
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// Every frame once, on `jobs` threads taking frames from a shared counter.
    func timedPass(_ indices: [Int], jobs: Int, folder: String) throws -> (wall: Duration, totals: Totals) {
        let next = Mutex(0)
        let sum = Mutex(Totals())
        let failure = Mutex<RenderFailure?>(nil)
        let loaded = self.loaded, scene = self.scene, options = self.options
        let count = scene.frameCount
        let clock = ContinuousClock()
        let start = clock.now
        let work: @Sendable (Int) -> Void = { _ in
            let profile = RenderProfile()
            let renderer = FrameRenderer(scene: scene, resources: loaded.resources, profile: profile,
                                         cache: options.maskCache ? MaskCache() : nil, keepsBetweenFrames: true,
                                         budget: RasterBudget(limits: options.limits),
                                         shortcuts: options.shortcuts)
            var t = Totals()
            while true {
                let k: Int = next.withLock { n in defer { n += 1 }; return n }
                if k >= indices.count { break }
                do {
                    var t0 = clock.now
                    let layers = renderer.layers(atFrame: indices[k])
                    t.simulate += clock.now - t0
                    profile.reset()
                    t0 = clock.now
                    let pixmap = renderer.render(layers: layers)
                    let render = clock.now - t0
                    if let why = renderer.budgetExceeded {
                        throw RenderFailure(description: "frame \(indices[k]): \(why)", isUsage: true, frame: indices[k])
                    }
                    t.raster += profile[.raster]
                    t.composite += profile[.composite]
                    t.build += render - profile[.raster] - profile[.composite]
                    let png = try { () throws -> [UInt8] in
                        t0 = clock.now
                        let rgba = pixmap.unpremultipliedRGBA()
                        let png = try PNGCodec.encode(rgba: rgba, width: pixmap.width, height: pixmap.height, level: options.pngLevel,
                                                      filter: options.pngFilter, strategy: options.pngStrategy,
                                                      software: Version.software)
                        t.encode += clock.now - t0
                        t0 = clock.now
                        _ = SHA256.hex(png)
                        _ = SHA256.hex(rgba)
                        t.hash += clock.now - t0
                        return png
                    }()
                    renderer.recycle(pixmap)
                    t0 = clock.now
                    try FrameWriter.writeAtomically(png, to: folder + "/" + FrameWriter.fileName(index: indices[k], count: count))
                    t.write += clock.now - t0
                    t.bytes += png.count
                } catch {
                    let f = error as? RenderFailure ?? RenderFailure(description: "\(error)")
                    failure.withLock { $0 = RenderFailure.first($0, f) }
                    break
                }
            }
            let mine = t
            sum.withLock { $0 = $0 + mine }
        }
        if jobs == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: jobs, execute: work) }
        let wall = clock.now - start
        if let error = failure.withLock({ $0 }) { throw error }
        return (wall, sum.withLock { $0 })
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

    /// One JSON object per line and frame: size, background (straight RGBA) and draws.
    func exportDraws(_ indices: [Int], to path: String) throws {
        let recorder = DrawRecorder()
        let renderer = FrameRenderer(scene: scene, resources: loaded.resources, recorder: recorder)
        let bg = scene.canvas.background
        // Streamed: one frame's line in memory at a time.
        let file = try AtomicFile(path)
        do {
            for i in indices {
                _ = renderer.render(frame: i)
                let (draws, skipped) = recorder.take()
                let line = "{\"frame\": \(i), \"width\": \(scene.canvas.pixelWidth), \"height\": \(scene.canvas.pixelHeight), "
                    + "\"background\": [\(bg.r), \(bg.g), \(bg.b), \(bg.a)], \"skipped\": \(skipped), "
                    + "\"draws\": [" + draws.joined(separator: ", ") + "]}\n"
                try file.append(Array(line.utf8))
            }
        } catch {
            file.abandon()
            throw error
        }
        try file.commit()
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
