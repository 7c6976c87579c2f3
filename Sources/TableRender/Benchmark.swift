import Foundation
import PNGCodec
import Raster
import SceneModel

/// Times each phase of the pipeline per frame (release builds; never part of the tests).
public struct Benchmark {
    let loaded: LoadedScene
    let scene: Scene
    let options: RenderOptions
    let repeats: Int

    public init(_ loaded: LoadedScene, options: RenderOptions, repeats: Int) {
        self.loaded = loaded
        scene = options.apply(to: loaded.scene)
        self.options = options
        self.repeats = repeats
    }

    /// One JSON line: milliseconds per frame per phase, frames per second, bytes, peak memory.
    public func run() throws -> String {
        let renderer = FrameRenderer(scene: scene, resources: loaded.resources)
        let writer = FrameWriter(loaded, options: options, outputPath: "")
        let indices = try writer.frameIndices()
        let clock = ContinuousClock()
        var simulate = Duration.zero, raster = Duration.zero, encode = Duration.zero, hash = Duration.zero
        var bytes = 0
        let start = clock.now
        for _ in 0..<repeats {
            for i in indices {
                var t0 = clock.now
                let layers = renderer.layers(atFrame: i)
                simulate += clock.now - t0
                t0 = clock.now
                let pixmap = renderer.render(layers: layers)
                raster += clock.now - t0
                t0 = clock.now
                let rgba = pixmap.unpremultipliedRGBA()
                let png = try PNGCodec.encode(rgba: rgba, width: pixmap.width, height: pixmap.height,
                                              level: options.pngLevel, filter: options.pngFilter)
                encode += clock.now - t0
                t0 = clock.now
                _ = PNGCodec.sha256Hex(png)
                _ = PNGCodec.sha256Hex(rgba)
                hash += clock.now - t0
                bytes += png.count
            }
        }
        let total = clock.now - start
        let n = Double(indices.count * repeats)
        func ms(_ d: Duration) -> String {
            let v = Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
            return String(format: "%.3f", v / n)
        }
        let totalSeconds = Double(total.components.seconds) + Double(total.components.attoseconds) / 1e18
        return "{\"scene\": \"\(scene.directory)\", \"width\": \(scene.canvas.pixelWidth), \"height\": \(scene.canvas.pixelHeight), "
            + "\"frames\": \(Int(n)), \"jobs\": 1, \"msPerFrame\": {\"simulate\": \(ms(simulate)), \"raster\": \(ms(raster)), "
            + "\"encode\": \(ms(encode)), \"hash\": \(ms(hash))}, "
            + "\"framesPerSecond\": \(String(format: "%.2f", n / totalSeconds)), \"bytesPerFrame\": \(Int(Double(bytes) / n)), "
            + "\"peakMemoryMB\": \(Benchmark.peakMemoryMB())}"
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
