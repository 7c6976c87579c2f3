import Compositing
import Foundation
import TableRender
import PNGCodec
import Raster
import SceneModel
import Hashing

/// What `tablerender verify` can be told besides the scene and the golden.
public struct VerifyOptions: Sendable {
    /// The largest difference in any channel (0...255) of a pixel still counted as equal.
    public var tolerance = 0
    /// The share of a frame's pixels (0...1) that may differ beyond `tolerance` and still pass.
    public var maxDiffRatio = 0.0
    /// Frames rendered at once (0: all cores). Results are identical for every value.
    public var jobs = 0
    public var limits = Limits()
    /// The folder that receives summary.json, junit.xml, index.html and the images.
    public var report: String?
    /// Write the report into a folder that holds files tablerender did not write.
    public var force = false
    /// Settings asked for on the command line: they must agree with the golden's.
    public var fps: Double?
    public var scale: Double?
    /// Verify only these frames (all must be in the golden).
    public var frames: ClosedRange<Int>?

    public init() {}
}

/// The smallest rectangle, in pixels, that holds every changed pixel.
public struct PixelBox: Sendable, Equatable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    public var description: String { "x \(x)..\(x + width - 1), y \(y)..\(y + height - 1)" }
}

/// One frame of the golden against the same frame rendered now.
public struct FrameComparison: Sendable {
    public var index: Int
    public var time: Double
    public var width: Int
    public var height: Int
    public var expectedPixelsSHA256: String
    public var actualPixelsSHA256: String
    /// Pixels with any channel different (the exact count, whatever the tolerance); nil when the
    /// golden holds no file for this frame (a manifest kept alone), so only the hashes compare.
    public var pixelsDiffering: Int?
    /// Pixels with a channel differing by more than the tolerance.
    public var pixelsOverTolerance: Int?
    /// The largest difference in any channel of any pixel (0...255).
    public var maxChannelDelta: Int?
    /// Where the pixels changed (nil when none did, or when it cannot be known).
    public var box: PixelBox?
    /// Within the tolerance and the ratio of differing pixels allowed.
    public var passed: Bool
    /// The golden's PNG file is not the bytes its manifest records, but its decoded pixels are
    /// (an image optimiser or a Git filter re-encoded it): compared by its pixels all the same.
    public var goldenReencoded = false
    /// The report's images for this frame (file names in the report folder), when written.
    public var expectedImage: String?
    public var actualImage: String?
    public var diffImage: String?

    public var identical: Bool { expectedPixelsSHA256 == actualPixelsSHA256 }
    public var pixelCount: Int { width * height }
}

/// The outcome of `verify`: every frame compared, in frame order.
public struct VerifyResult: Sendable {
    public var scene: String
    /// The golden's manifest.json.
    public var golden: String
    public var tolerance: Int
    public var maxDiffRatio: Double
    public var frameCount: Int
    public var fps: Double
    public var comparisons: [FrameComparison]
    /// What draws text here and differs from what drew the golden's (font files, FreeType,
    /// HarfBuzz, FriBidi, ICU), one sentence each: why text may differ where frames do.
    public var textSources: [String] = []

    /// Frames whose pixels are not exactly the golden's (tolerance or not).
    public var differing: [FrameComparison] { comparisons.filter { !$0.identical } }
    /// Frames that fail: beyond the tolerance and the ratio allowed.
    public var failing: [FrameComparison] { comparisons.filter { !$0.passed } }
    public var passed: Bool { comparisons.allSatisfy(\.passed) }

    /// How the run ends: what the command line and the report each put in words.
    public enum Outcome: Equatable, Sendable {
        case allMatch
        /// Frames differ (this many), every one within the tolerance.
        case withinTolerance(differing: Int)
        /// Frames fail (this many; the first one's index).
        case failed(failing: Int, first: Int)
    }

    public var outcome: Outcome {
        let failing = self.failing
        if let first = failing.first { return .failed(failing: failing.count, first: first.index) }
        let differing = self.differing.count
        return differing == 0 ? .allMatch : .withinTolerance(differing: differing)
    }
}

/// Where a golden lives: GOLDEN is a manifest.json or a folder that holds one.
public struct GoldenLocation: Sendable {
    public var folder: String
    public var manifest: String

    public init(_ path: String) {
        var isDirectory: ObjCBool = false
        if path.hasSuffix("/manifest.json") || path == "manifest.json"
            || (FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue) {
            folder = PathName.parent(path)
            manifest = path
        } else {
            folder = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
            manifest = folder + "/manifest.json"
        }
    }

    /// A manifest is there (a complete earlier render).
    public var exists: Bool {
        var st = stat()
        return stat(manifest, &st) == 0
    }
}

/// `tablerender verify`: renders a scene with its golden's settings and compares the decoded
/// pixels of every frame with the golden's (pixel hashes first; a frame whose hash differs is
/// decoded from the golden's PNG and compared pixel by pixel). PNG bytes are never compared:
/// they depend on zlib and the compression settings.
public struct Verifier {
    public let scenePath: String
    public let loaded: LoadedScene
    public let golden: Manifest
    public let options: VerifyOptions
    /// Called once per compared frame (calls never overlap), as `FrameWriter.progress`.
    public var progress: (@Sendable (_ frame: Int, _ done: Int, _ total: Int) -> Void)?

    public init(scenePath: String, loaded: LoadedScene, golden: Manifest, options: VerifyOptions) {
        self.scenePath = scenePath
        self.loaded = loaded
        self.golden = golden
        self.options = options
    }

    /// The scene as the golden was rendered (its scale and fps) and the frames to compare, or
    /// a usage failure that says plainly why the golden does not fit.
    public func plan() throws(RenderFailure) -> (scene: Scene, records: [FrameRecord]) {
        let g = golden.header, where_ = golden.folder
        func unfit(_ message: String) -> RenderFailure { RenderFailure(description: "\(where_): " + message, isUsage: true) }
        let again = "record a new golden if the change is intended (tablerender verify \(scenePath) \(where_) --record, after removing \(where_))"
        if let r = g.raster {
            throw unfit("the golden was drawn with --raster \(r), an experiment whose pixels are not the exact rasterizer's, and verify draws with the exact one: \(again)")
        }
        if let s = g.shard { throw unfit("expected a whole render, found shard \(s) of a sharded render (join the parts with tablerender merge first)") }
        guard !golden.records.isEmpty else { throw unfit("expected a golden with frames, found a manifest that lists none") }
        var scene = loaded.scene
        // The scale: recorded since 0.2; older manifests have only the pixel size.
        let scale = g.scale ?? Double(g.width) / scene.canvas.width
        if let asked = options.scale, asked != scale {
            throw unfit("the golden was rendered at scale \(JSON.format(scale)), not --scale \(JSON.format(asked)): drop --scale to verify at the golden's scale")
        }
        if let asked = options.fps, asked != g.fps {
            throw unfit("the golden was rendered at \(JSON.format(g.fps)) fps, not --fps \(JSON.format(asked)): drop --fps to verify at the golden's fps")
        }
        scene.fps = g.fps
        if scale.isFinite, scale > 0 { scene.canvas.scale = scale }
        guard scene.canvas.pixelWidth == g.width, scene.canvas.pixelHeight == g.height else {
            throw unfit("expected frames of \(scene.canvas.pixelWidth)x\(scene.canvas.pixelHeight) pixels (the scene's canvas \(JSON.format(scene.canvas.width))x\(JSON.format(scene.canvas.height)) at scale \(JSON.format(scene.canvas.scale))), found \(g.width)x\(g.height) in the golden: the canvas changed; \(again)")
        }
        guard scene.frameCount == g.frameCount else {
            throw unfit("expected a golden of \(scene.frameCount) frames (the scene's duration \(JSON.format(scene.duration)) s at \(JSON.format(g.fps)) fps, plus one), found \(g.frameCount): the duration changed; \(again)")
        }
        for r in golden.records where r.width != g.width || r.height != g.height {
            throw unfit("manifest.json: frame \(r.index) is \(r.width)x\(r.height), expected \(g.width)x\(g.height) as the manifest says")
        }
        var records = golden.records.sorted { $0.index < $1.index }
        if let range = options.frames {
            let listed = Set(records.map(\.index))
            if let missing = range.first(where: { !listed.contains($0) }) {
                throw unfit("--frames \(range.lowerBound)..\(range.upperBound): frame \(missing) is not in the golden (it holds \(records.count) of \(g.frameCount) frames)")
            }
            records = records.filter { range.contains($0.index) }
        }
        // The same checks as a render (budgets on canvas pixels and frames).
        var renderOptions = RenderOptions(fps: scene.fps, scale: scene.canvas.scale)
        renderOptions.limits = options.limits
        _ = try FrameWriter(LoadedScene(scene: scene, resources: loaded.resources), options: renderOptions, outputPath: "").frameIndices()
        return (scene, records)
    }

    /// Renders and compares every frame of the plan, writing the report when asked.
    public func run() throws(RenderFailure) -> VerifyResult {
        // The report folder is cleared first: a verify that fails for any reason (a golden that
        // does not fit included) never leaves an earlier report's "passed" behind.
        let reportFolder = try options.report.map { (path: String) throws(RenderFailure) -> OutputFolder in
            try OutputFolder.prepare(path, force: options.force, kind: .report, createParents: true)
        }
        let scene: Scene, records: [FrameRecord]
        do throws(RenderFailure) { (scene, records) = try plan() } catch {
            if let folder = reportFolder {
                // A golden that does not fit still leaves a report that says so (and fails in junit.xml).
                try? folder.complete([]) { () throws(RenderFailure) in
                    try VerifyReport.writeProblem(error.description, scene: scenePath, golden: golden.folder + "/manifest.json", to: folder.path)
                }
            }
            throw error
        }
        let resources = loaded.resources, limits = options.limits, tolerance = options.tolerance, ratio = options.maxDiffRatio
        let goldenFolder = golden.folder, report = options.report
        let comparisons: [FrameComparison]
        // The simulation is made once and shared by the workers.
        let shared = FrameRenderer(scene: scene, resources: resources).shared
        do throws(RenderFailure) {
            comparisons = try FrameScheduler(jobs: options.jobs, tasks: records.count).run(records, total: records.count, worker: {
                FrameRenderer(scene: scene, resources: resources, cache: MaskCache(), budget: RasterBudget(limits: limits), sharing: shared)
            }, perform: { renderer, record, _ in
                [(record.index, try Verifier.compare(record, frameCount: scene.frameCount, renderer: renderer, golden: goldenFolder,
                                                     tolerance: tolerance, ratio: ratio, report: report))]
            }, progress: progress)
        } catch {
            reportFolder?.removeRendered()
            throw error
        }
        var result = VerifyResult(scene: scenePath, golden: golden.folder + "/manifest.json", tolerance: options.tolerance,
                                  maxDiffRatio: options.maxDiffRatio, frameCount: scene.frameCount, fps: scene.fps,
                                  comparisons: comparisons)
        result.textSources = Verifier.textSources(golden: golden.header, fonts: loaded.resources.fontFiles, libraries: Version.libraries)
        if let folder = reportFolder {
            try folder.complete([]) { () throws(RenderFailure) in try VerifyReport.write(result, to: folder.path) }
        }
        return result
    }

    /// The files and libraries that draw text here and differ from the golden's, as sentences
    /// ("text may differ: the golden was drawn with Inter Regular (...), this machine has ...").
    /// A golden older than the record (no fonts, no FriBidi or ICU) says nothing of what it lacks.
    public static func textSources(golden g: FrameWriter.ManifestHeader, fonts: [FrameWriter.ManifestFont],
                                   libraries: [(name: String, version: String)]) -> [String] {
        var out: [String] = []
        let theirs = Dictionary(g.libraries.map { ($0.name, $0.version) }, uniquingKeysWith: { a, _ in a })
        for (name, version) in libraries where ["FreeType", "HarfBuzz", "FriBidi", "ICU"].contains(name) {
            if let v = theirs[name], v != version { out.append("text may differ: the golden was drawn with \(name) \(v), this machine has \(name) \(version)") }
        }
        guard !g.fonts.isEmpty else { return out }
        func face(_ f: FrameWriter.ManifestFont) -> String { "\(f.family) \(f.style)" }
        for old in g.fonts where !fonts.contains(old) {
            if let now = fonts.first(where: { face($0) == face(old) }) {
                out.append("text may differ: the golden was drawn with \(old), this machine has \(now)")
            } else {
                out.append("text may differ: the golden was drawn with \(old), which this machine does not draw the scene with")
            }
        }
        for new in fonts where !g.fonts.contains(where: { face($0) == face(new) }) {
            out.append("text may differ: this machine draws with \(new), the golden was not drawn with it")
        }
        return out
    }

    /// Renders one frame and compares it with the golden's.
    static func compare(_ record: FrameRecord, frameCount: Int, renderer: FrameRenderer, golden: String, tolerance: Int, ratio: Double,
                        report: String?) throws(RenderFailure) -> FrameComparison {
        let pixmap = try renderer.checkedRender(frame: record.index)
        let actual = pixmap.unpremultipliedRGBA()
        let width = pixmap.width, height = pixmap.height
        renderer.recycle(pixmap)
        var c = FrameComparison(index: record.index, time: record.time, width: width, height: height,
                                expectedPixelsSHA256: record.pixelsSHA256, actualPixelsSHA256: SHA256.hex(actual),
                                pixelsDiffering: 0, pixelsOverTolerance: 0, maxChannelDelta: 0, box: nil, passed: true)
        // The golden's frame, when it keeps one, must be the file and the pixels its manifest
        // records, matching or not: a manifest is never taken on its word.
        let goldenFile = PathName.join(golden, record.file)
        let goldenPNG = AssetFiles.readRegular(goldenFile, maxBytes: Merge.maxFrameBytes)
        func damaged(_ why: String) -> RenderFailure {
            RenderFailure(description: "\(goldenFile): expected the frame its manifest records, found \(why): the golden is damaged; restore it from version control or record it again",
                          isUsage: true, frame: record.index)
        }
        // No file under the name: a hashes-only golden; anything else there (a folder, a FIFO, a link to a device, a huge file) is damage.
        var st = stat()
        if goldenPNG == nil, lstat(goldenFile, &st) == 0 || errno != ENOENT {
            throw damaged("something other than a PNG file of at most \(Merge.maxFrameBytes >> 20) MB")
        }
        var expected: [UInt8]?
        if let png = goldenPNG {
            // PNG bytes depend on the encoder: a file re-encoded since (an optimiser, a Git filter)
            // is compared by its pixels, which must be the ones the manifest records.
            c.goldenReencoded = SHA256.hex(png) != record.fileSHA256
            let decoded: (rgba: [UInt8], width: Int, height: Int)
            do { decoded = try PNGCodec.decode(png, maxPixels: width * height) } catch { throw damaged("a file that is not a PNG of \(width)x\(height) pixels (\(error))") }
            // Pixels equal to the ones rendered now have the hash just computed (no second hash).
            guard decoded.width == width, decoded.height == height,
                  c.identical ? decoded.rgba == actual : SHA256.hex(decoded.rgba) == record.pixelsSHA256 else {
                throw damaged(c.goldenReencoded ? "a file whose bytes are not its sha256 and whose pixels are not its pixelsSha256"
                                                : "other pixels than its pixelsSha256")
            }
            if c.identical { return c }
            let d = PixelDiff(expected: decoded.rgba, actual: actual, width: width, height: height, tolerance: tolerance)
            c.pixelsDiffering = d.differing
            c.pixelsOverTolerance = d.overTolerance
            c.maxChannelDelta = d.maxDelta
            c.box = d.box
            c.passed = Double(d.overTolerance) <= ratio * Double(width * height)
            expected = decoded.rgba
        } else {
            if c.identical { return c }
            c.passed = false
            c.pixelsDiffering = nil; c.pixelsOverTolerance = nil; c.maxChannelDelta = nil
        }
        if let report {
            let n = String(FrameWriter.fileName(index: record.index, count: frameCount).dropFirst(6).dropLast(4))
            func encode(_ rgba: [UInt8]) throws(RenderFailure) -> [UInt8] {
                do { return try PNGCodec.encode(rgba: rgba, width: width, height: height, level: 6, software: Version.software) } catch {
                    throw RenderFailure(description: "\(report): \(error.description)")
                }
            }
            let actualName = "actual-\(n).png"
            try FrameWriter.writeAtomically(encode(actual), to: report + "/" + actualName)
            c.actualImage = actualName
            if let goldenPNG, let expected {
                let expectedName = "expected-\(n).png", diffName = "diff-\(n).png"
                try FrameWriter.writeAtomically(goldenPNG, to: report + "/" + expectedName)
                let diff = PixelDiff.image(expected: expected, actual: actual, width: width, height: height, tolerance: tolerance)
                try FrameWriter.writeAtomically(encode(diff), to: report + "/" + diffName)
                c.expectedImage = expectedName
                c.diffImage = diffName
            }
        }
        return c
    }
}

/// Two frames of straight-alpha RGBA compared pixel by pixel.
public struct PixelDiff: Equatable, Sendable {
    /// Pixels with any channel different.
    public var differing = 0
    /// Pixels with a channel differing by more than the tolerance.
    public var overTolerance = 0
    public var maxDelta = 0
    public var box: PixelBox?

    public init(expected: [UInt8], actual: [UInt8], width: Int, height: Int, tolerance: Int) {
        let count = min(expected.count, actual.count, width * height * 4)
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        expected.withUnsafeBufferPointer { e in
            actual.withUnsafeBufferPointer { a in
                var i = 0
                while i < count {
                    let d = max(PixelDiff.delta(e[i], a[i]), PixelDiff.delta(e[i + 1], a[i + 1]),
                                PixelDiff.delta(e[i + 2], a[i + 2]), PixelDiff.delta(e[i + 3], a[i + 3]))
                    if d > 0 {
                        differing += 1
                        if d > tolerance { overTolerance += 1 }
                        if d > maxDelta { maxDelta = d }
                        let p = i / 4, x = p % width, y = p / width
                        minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                    }
                    i += 4
                }
            }
        }
        if maxX >= 0 { box = PixelBox(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1) }
    }

    @inline(__always) static func delta(_ a: UInt8, _ b: UInt8) -> Int { a > b ? Int(a - b) : Int(b - a) }

    /// Colour of a pixel that differs beyond the tolerance (red), and within it (amber).
    public static let overColor: (UInt8, UInt8, UInt8) = (230, 20, 60)
    public static let withinColor: (UInt8, UInt8, UInt8) = (255, 170, 0)

    /// The diff picture: changed pixels in red (beyond the tolerance) or amber (within it) over
    /// a dimmed, grey copy of the expected frame (composited on white), so the change stands
    /// out and the layout around it stays readable. Opaque.
    public static func image(expected: [UInt8], actual: [UInt8], width: Int, height: Int, tolerance: Int) -> [UInt8] {
        let count = min(expected.count, actual.count, width * height * 4)
        var out = [UInt8](repeating: 255, count: width * height * 4)
        var i = 0
        while i < count {
            let d = max(delta(expected[i], actual[i]), delta(expected[i + 1], actual[i + 1]),
                        delta(expected[i + 2], actual[i + 2]), delta(expected[i + 3], actual[i + 3]))
            if d > 0 {
                let c = d > tolerance ? overColor : withinColor
                out[i] = c.0; out[i + 1] = c.1; out[i + 2] = c.2
            } else {
                // Luma (BT.709 weights in 8-bit fixed point) over white, then pulled towards white.
                let a = Int(expected[i + 3])
                let luma = (54 * Int(expected[i]) + 183 * Int(expected[i + 1]) + 19 * Int(expected[i + 2])) >> 8
                let overWhite = (luma * a + 255 * (255 - a) + 127) / 255
                let v = UInt8(truncatingIfNeeded: (overWhite + 2 * 255) / 3)
                out[i] = v; out[i + 1] = v; out[i + 2] = v
            }
            i += 4
        }
        return out
    }
}
