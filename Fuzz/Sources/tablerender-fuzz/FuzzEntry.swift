import Compositing
import Foundation
import Raster
import SceneModel
import TableRender
import TableRenderReview

/// The fuzzing entry points (libFuzzer; Fuzz/run.sh), kept out of the library it exercises. Anything input can reach must end in a value
/// or a message, never a trap, a hang or a blow-up. One per kind of input (`Target`, chosen by
/// TABLERENDER_FUZZ_TARGET in Fuzz/run.sh):
/// - `scene`: decode and validate a scene, then render three frames at a small scale;
/// - `table`: a scene whose table and script run through the simulation for every frame (the
///   budgets checked first, as a render does);
/// - `script`: the bytes choose a table and up to 24 script events (``ScriptFuzz``), which then
///   run as `table` does;
/// - `golden`: the input is a golden's manifest.json beside real frames: verify reads it and
///   compares a small scene against it, writing a report;
/// - `merge`: the input is the manifest of the second of two shard folders: merge reads, checks
///   and joins them.
enum FuzzEntry {
    enum Target: String, Sendable { case scene, table, script, golden, merge }

    static func run(_ bytes: [UInt8], assets: String) {
        guard let loaded = try? SceneLoader.load(bytes: bytes, displayName: "fuzz.json", directory: assets) else { return }
        var scene = loaded.scene
        // Small frames keep each input fast; the geometry still goes through every stage.
        let longest = max(scene.canvas.width, scene.canvas.height)
        if longest * scene.canvas.scale > 64 { scene.canvas.scale = 64 / longest }
        guard scene.canvas.pixelWidth > 0, scene.canvas.pixelHeight > 0 else { return }
        // A render prices the table before simulating it and refuses what is past the budget;
        // simulating such a scene anyway spent a minute under AddressSanitizer on one seed
        // (the corpus's script-updates-budget, 600 overlapping updates on 20,000 rows).
        if let table = scene.table {
            guard (try? FrameWriter.checkSimulation(table, scene: scene, frames: scene.frameCount, limits: Limits())) != nil else { return }
        }
        // The frames are tiny: a tenth of the path work keeps each input well inside the fuzzer's
        // timeout under AddressSanitizer (a path at the full budget takes ~4 s a frame there).
        var limits = Limits()
        limits.pathWork /= 10
        let renderer = FrameRenderer(scene: scene, resources: loaded.resources, budget: RasterBudget(limits: limits))
        let count = min(scene.frameCount, Limits().frames)
        for frame in Set([0, count / 2, count - 1]) where frame >= 0 {
            let pixmap = renderer.render(frame: frame)
            _ = pixmap.unpremultipliedRGBA()
        }
    }

    /// Every frame of the scene's table and script simulated (no drawing), within a hundredth of
    /// the default simulation budget (AddressSanitizer is about ten times slower).
    static func table(_ bytes: [UInt8], assets: String) {
        var options = LoadOptions()
        options.limits.simulationWork /= 100
        guard let loaded = try? SceneLoader.load(bytes: bytes, displayName: "fuzz.json", directory: assets, options: options) else { return }
        var render = RenderOptions()
        render.limits = options.limits
        let writer = FrameWriter(loaded, options: render, outputPath: "")
        guard let indices = try? writer.frameIndices() else { return }
        let renderer = FrameRenderer(scene: writer.scene, resources: loaded.resources)
        for i in indices { _ = renderer.layers(atFrame: i) }
    }

    /// The small scene the golden and merge targets render: six frames of 24 x 16 pixels.
    static let fixedScene = Array("""
        {"version": 1, "canvas": {"size": [24, 16], "scale": 1, "background": "#ffffff"}, "fps": 10, "duration": 0.5,
         "layers": [{"name": "a", "frame": [4, 4, 10, 8], "backgroundColor": "#3478F6"}],
         "animations": [{"layer": "a", "keyPath": "transform.rotation.z", "from": 0, "to": 60, "duration": 0.5}]}
        """.utf8)

    /// Makes the folders the golden and merge targets read beside their input: a golden of the
    /// fixed scene, and its two shards; their manifests are copied into `seeds` (the fuzzer's
    /// first inputs). Returns the workspace, nil when it cannot be made.
    static func prepare(workspace: String, seeds: String?) -> String? {
        guard let loaded = try? SceneLoader.load(bytes: fixedScene, displayName: "fixed.json", directory: workspace) else { return nil }
        mkdir(workspace, 0o755)
        do {
            _ = try FrameWriter(loaded, options: RenderOptions(), outputPath: PathName.join(workspace, "golden")).run()
            for i in 1...2 {
                var options = RenderOptions()
                options.shard = Shard("\(i)/2")
                _ = try FrameWriter(loaded, options: options, outputPath: PathName.join(workspace, "p\(i)")).run()
            }
            if let seeds {
                mkdir(seeds, 0o755)
                for (folder, name) in [("golden", "golden-manifest.json"), ("p2", "shard-2-manifest.json")] {
                    guard let bytes = FileManager.default.contents(atPath: PathName.join(PathName.join(workspace, folder), "manifest.json")) else { return nil }
                    try write(Array(bytes), to: PathName.join(seeds, name))
                }
            }
        } catch { return nil }
        return workspace
    }

    /// The input as the golden's manifest.json; verify against it with a report.
    static func golden(_ bytes: [UInt8], workspace: String) {
        let golden = PathName.join(workspace, "golden")
        guard (try? write(bytes, to: PathName.join(golden, "manifest.json"))) != nil,
              let loaded = try? SceneLoader.load(bytes: fixedScene, displayName: "fixed.json", directory: workspace),
              let manifest = try? Manifest.read(folder: golden) else { return }
        var options = VerifyOptions()
        options.jobs = 1
        options.report = PathName.join(workspace, "report")
        options.force = true
        _ = try? Verifier(scenePath: "fixed.json", loaded: loaded, golden: manifest, options: options).run()
    }

    /// The input as the second shard's manifest.json; merge the two shards.
    static func merge(_ bytes: [UInt8], workspace: String) {
        let part = PathName.join(workspace, "p2")
        guard (try? write(bytes, to: PathName.join(part, "manifest.json"))) != nil else { return }
        _ = try? Merge.run(output: PathName.join(workspace, "merged"), parts: [PathName.join(workspace, "p1"), part], force: true)
    }

    /// Writes a file whole (the fuzzer's own workspace; not the output-folder code under test).
    static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
