import Foundation
import PNGCodec
import SceneModel
import TableRender
import TableRenderReview

extension FrameStrip {
    /// Which frames a strip holds.
    enum Selection: Sendable {
        /// Every frame (or `VerifyOptions.frames`).
        case all
        /// The frames at these times, in seconds (each the frame of its time at the scene's fps).
        case times([Double])
    }

    /// Renders `loaded`'s frames exactly as `tablerender` writes them (into a temporary folder,
    /// read back with its manifest), or a failed strip that says why not.
    static func render(_ loaded: LoadedScene, name: String, selection: Selection, options: VerifyOptions) -> FrameStrip {
        let folder = NSTemporaryDirectory() + "tablerender-snapshot-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var render = RenderOptions(fps: options.fps, scale: options.scale, frames: options.frames, jobs: options.jobs)
        render.limits = options.limits
        render.createParents = true
        do throws(RenderFailure) {
            let indices: [Int]?
            switch selection {
            case .all: indices = nil
            case .times(let times): indices = try frameIndices(times, loaded: loaded, render: render)
            }
            var header: FrameWriter.ManifestHeader?
            var records: [FrameRecord] = []
            // One render per frame asked for (a range would render the frames between them too).
            let runs: [ClosedRange<Int>?] = indices.map { $0.map { $0...$0 } } ?? [options.frames]
            for (n, range) in runs.enumerated() {
                var one = render
                one.frames = range
                _ = try FrameWriter(loaded, options: one, outputPath: folder + "/\(n)").run()
                let m = try Manifest.read(folder: folder + "/\(n)")
                header = header ?? m.header
                records += m.records.map { var r = $0; r.file = "\(n)/" + r.file; return r }
            }
            guard var header, let first = records.first else { return .failed("\(name): no frames were rendered") }
            guard header.height > 0, records.count <= FrameStrip.maxRows / header.height else {
                return .failed("\(name): \(records.count) frames of \(header.height) pixels make a strip taller than the \(FrameStrip.maxRows) rows a PNG reader takes: snapshot fewer frames (.frames(at:)) or at a lower scale")
            }
            var frames: [Frame] = []
            for r in records {
                let png = try readFile(folder + "/" + r.file)
                let decoded: (rgba: [UInt8], width: Int, height: Int)
                do { decoded = try PNGCodec.decode(png) } catch { throw RenderFailure(description: "\(r.file): \(error.description)") }
                frames.append(Frame(index: r.index, time: r.time, rgba: decoded.rgba))
            }
            // The manifest of the frames the strip holds, as verify reads a golden's.
            header.selection = nil
            header.shard = nil
            let listing = records.map { var r = $0; r.file = FrameWriter.fileName(index: r.index, count: header.frameCount); return r }
            try FrameWriter.writeManifest(header, listing, to: folder)
            let manifest = try readFile(folder + "/manifest.json")
            var strip = FrameStrip(width: first.width, height: first.height, frames: frames, manifest: manifest)
            strip.source = Source(name: name, loaded: loaded, options: options)
            return strip
        } catch {
            return .failed("\(name): \(error.description)")
        }
    }

    /// The frame index of each time, at the fps the frames are rendered at; a time between two
    /// frames or outside the scene is refused, since the frames are rendered on their grid.
    static func frameIndices(_ times: [Double], loaded: LoadedScene, render: RenderOptions) throws(RenderFailure) -> [Int] {
        let scene = render.apply(to: loaded.scene)
        let count = scene.frameCount
        var out: [Int] = []
        for t in times {
            let exact = t * scene.fps
            guard exact.isFinite, exact >= 0, exact <= Double(count - 1) + 1e-6 else {
                throw RenderFailure(description: "time \(t): expected a time within the scene, 0 to \(Double(count - 1) / scene.fps) s", isUsage: true)
            }
            let index = Int(exact.rounded())
            guard abs(exact - Double(index)) < 1e-6 else {
                throw RenderFailure(description: "time \(t): expected the time of a frame (a multiple of 1/\(scene.fps) s); the nearest are \(Double(Int(exact)) / scene.fps) and \(Double(Int(exact) + 1) / scene.fps) s", isUsage: true)
            }
            if !out.contains(index) { out.append(index) }
        }
        guard !out.isEmpty else { throw RenderFailure(description: "expected at least one time", isUsage: true) }
        return out
    }

    static func readFile(_ path: String) throws(RenderFailure) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { throw RenderFailure(description: "\(path): cannot read the rendered file") }
        return [UInt8](data)
    }
}
