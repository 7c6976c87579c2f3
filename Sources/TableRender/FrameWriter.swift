import Compositing
import Foundation
import PNGCodec
import Raster
import SceneModel
import Synchronization

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
}

/// Renders frames on `jobs` threads and writes each one as soon as it is done, so memory stays
/// bounded by the jobs, not the frame count. Every file is written under a temporary name and
/// renamed when complete; an interrupted run leaves whole frames or none.
public struct FrameWriter {
    public let scene: Scene
    public let resources: Resources
    public let options: RenderOptions
    public let outputPath: String

    public init(_ loaded: LoadedScene, options: RenderOptions, outputPath: String) {
        scene = options.apply(to: loaded.scene)
        resources = loaded.resources
        self.options = options
        self.outputPath = outputPath
    }

    /// Frame indices this run renders, checked against the scene's frame count.
    public func frameIndices() throws(RenderFailure) -> [Int] {
        let count = scene.frameCount
        let c = scene.canvas
        guard c.width * c.scale <= Canvas.maxPixels, c.height * c.scale <= Canvas.maxPixels,
              c.pixelWidth > 0, c.pixelHeight > 0 else {
            throw RenderFailure(description: "--scale \(c.scale): expected a frame of 1 to \(Int(Canvas.maxPixels)) pixels each way, found \(c.pixelWidth)x\(c.pixelHeight)", isUsage: true)
        }
        guard count <= 100_000 else {
            throw RenderFailure(description: "--fps \(scene.fps): expected at most 100000 frames, found \(count)", isUsage: true)
        }
        guard let r = options.frames else { return Array(0..<count) }
        guard r.lowerBound >= 0, r.upperBound < count else {
            throw RenderFailure(description: "--frames \(r.lowerBound)..\(r.upperBound): expected a range within 0..\(count - 1), the scene has \(count) frames", isUsage: true)
        }
        return Array(r)
    }

    public static func fileName(index: Int, count: Int) -> String {
        let digits = max(4, String(max(count - 1, 0)).count)
        let n = String(index)
        return "frame-" + String(repeating: "0", count: max(0, digits - n.count)) + n + ".png"
    }

    public static func defaultJobs() -> Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// The frames grouped into runs of consecutive frames whose layer trees are equal: their
    /// pixels are equal too, so each run is rasterized and encoded once (a table at rest before
    /// a tap, after an animation ends). Simulation is cheap; this pass keeps one tree at a time.
    public func plan(_ indices: [Int], renderer: FrameRenderer) -> [[Int]] {
        var runs: [[Int]] = []
        var previous: (index: Int, tree: [LayerModel])?
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
        let fm = FileManager.default
        do {
            try fm.createDirectory(atPath: outputPath, withIntermediateDirectories: true)
        } catch {
            throw RenderFailure(description: "\(outputPath): cannot create the output folder: \(error.localizedDescription)")
        }
        let renderer = FrameRenderer(scene: scene, resources: resources)
        let count = scene.frameCount
        let jobs = options.jobs > 0 ? options.jobs : FrameWriter.defaultJobs()
        let runs = plan(indices, renderer: renderer)
        let slotOf = Dictionary(uniqueKeysWithValues: indices.enumerated().map { ($1, $0) })
        let next = Mutex(0)
        let results = Mutex([FrameRecord?](repeating: nil, count: indices.count))
        let failure = Mutex<String?>(nil)
        let level = options.pngLevel, filter = options.pngFilter, out = outputPath
        let work: @Sendable (Int) -> Void = { _ in
            while true {
                let r: Int = next.withLock { n in defer { n += 1 }; return n }
                if r >= runs.count || failure.withLock({ $0 != nil }) { return }
                do {
                    let records = try FrameWriter.renderAndWrite(run: runs[r], count: count, renderer: renderer,
                                                                 level: level, filter: filter, folder: out)
                    results.withLock { all in for record in records { all[slotOf[record.index] ?? 0] = record } }
                } catch {
                    failure.withLock { if $0 == nil { $0 = "\(error)" } }
                    return
                }
            }
        }
        if jobs == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: jobs, execute: work) }
        if let message = failure.withLock({ $0 }) { throw RenderFailure(description: message) }
        let records = results.withLock { $0.compactMap { $0 } }
        try writeManifest(records)
        return records
    }

    /// Renders the first frame of a run once, encodes it once, and writes its bytes under every
    /// frame name of the run (every frame file is still written).
    static func renderAndWrite(run: [Int], count: Int, renderer: FrameRenderer, level: Int,
                               filter: PNGCodec.Filter, folder: String) throws -> [FrameRecord] {
        guard let first = run.first else { return [] }
        let pixmap = renderer.render(frame: first)
        let rgba = pixmap.unpremultipliedRGBA()
        let png = try PNGCodec.encode(rgba: rgba, width: pixmap.width, height: pixmap.height, level: level, filter: filter)
        let fileHash = PNGCodec.sha256Hex(png), pixelHash = PNGCodec.sha256Hex(rgba)
        var records: [FrameRecord] = []
        for index in run {
            let name = fileName(index: index, count: count)
            try writeAtomically(png, to: folder + "/" + name)
            records.append(FrameRecord(index: index, time: renderer.scene.time(ofFrame: index), file: name,
                                       fileSHA256: fileHash, pixelsSHA256: pixelHash, width: pixmap.width, height: pixmap.height))
        }
        return records
    }

    /// Writes to a hidden temporary name in the same folder, then renames.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(RenderFailure) {
        let url = URL(fileURLWithPath: path)
        let tmp = url.deletingLastPathComponent().appendingPathComponent("." + url.lastPathComponent + ".tmp")
        do {
            try Data(bytes).write(to: tmp)
            if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
            try FileManager.default.moveItem(at: tmp, to: url)
        } catch {
            try? FileManager.default.removeItem(at: tmp)
            throw RenderFailure(description: "\(path): cannot write: \(error.localizedDescription)")
        }
    }

    func writeManifest(_ records: [FrameRecord]) throws(RenderFailure) {
        var json = "{\n"
        json += "  \"frameCount\": \(scene.frameCount),\n"
        json += "  \"fps\": \(scene.fps),\n"
        json += "  \"width\": \(scene.canvas.pixelWidth),\n"
        json += "  \"height\": \(scene.canvas.pixelHeight),\n"
        json += "  \"frames\": [\n"
        json += records.map { r in
            "    {\"index\": \(r.index), \"time\": \(r.time), \"file\": \"\(r.file)\", \"sha256\": \"\(r.fileSHA256)\", "
                + "\"pixelsSha256\": \"\(r.pixelsSHA256)\", \"width\": \(r.width), \"height\": \(r.height)}"
        }.joined(separator: ",\n")
        json += "\n  ]\n}\n"
        try FrameWriter.writeAtomically(Array(json.utf8), to: outputPath + "/manifest.json")
        let sums = records.map { "\($0.fileSHA256)  \($0.file)\n" }.joined()
        try FrameWriter.writeAtomically(Array(sums.utf8), to: outputPath + "/SHA256SUMS")
    }
}
