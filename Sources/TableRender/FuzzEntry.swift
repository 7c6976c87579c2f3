import Compositing
import Raster
import SceneModel

/// The fuzzing entry point (Fuzz/, libFuzzer): decode and validate `bytes` as a scene, then
/// render its first frame, and a frame in the middle, at a small scale, under the default
/// budgets. Anything input can reach must end in a value or a message, never a trap.
public enum FuzzEntry {
    public static func run(_ bytes: [UInt8], assets: String) {
        guard let loaded = try? SceneLoader.load(bytes: bytes, displayName: "fuzz.json", directory: assets) else { return }
        var scene = loaded.scene
        // Small frames keep each input fast; the geometry still goes through every stage.
        let longest = max(scene.canvas.width, scene.canvas.height)
        if longest * scene.canvas.scale > 64 { scene.canvas.scale = 64 / longest }
        guard scene.canvas.pixelWidth > 0, scene.canvas.pixelHeight > 0 else { return }
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
}
