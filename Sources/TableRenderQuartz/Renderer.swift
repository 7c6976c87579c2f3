import Foundation
import Raster
import SceneModel
import TableRender

/// Renders a ``LayerScene`` (or any loaded scene) from Swift: one frame's pixels at a time, or
/// every frame into a folder exactly as `tablerender` writes it.
public struct Renderer: Sendable {
    /// The validated scene with its resources.
    public let loaded: LoadedScene
    /// The scene's simulations, made once; each frame is drawn by a renderer of its own, so a
    /// `Renderer` may draw frames on several threads at once.
    let shared: FrameRenderer.Shared

    /// Validates and loads `scene` (see ``LayerScene/load(options:)``).
    @preconcurrency @MainActor
    public init(_ scene: LayerScene, options: LoadOptions = LoadOptions()) throws(SceneError) {
        self.init(loaded: try scene.load(options: options))
    }

    /// A renderer for a scene file.
    public init(path: String, options: LoadOptions = LoadOptions()) throws(SceneError) {
        self.init(loaded: try SceneLoader.load(path: path, options: options))
    }

    /// A renderer for a scene already loaded (`SceneLoader`, ``LayerScene/load(options:)``).
    public init(loaded: LoadedScene) {
        self.loaded = loaded
        shared = FrameRenderer(loaded).shared
    }

    /// The frame at `time` seconds: premultiplied RGBA pixels (`Pixmap`).
    public func frame(at time: Double) -> Pixmap {
        let frames = FrameRenderer(scene: loaded.scene, resources: loaded.resources, sharing: shared)
        return frames.render(layers: frames.layers(atTime: time))
    }

    /// The frame at `time` as a PNG file's bytes (straight alpha, sRGB), as `tablerender` writes
    /// frames.
    public func png(at time: Double) throws -> [UInt8] {
        try PNGFrameEncoder().encode(frame(at: time)).png
    }

    /// Every frame (or `options.frames`) into `folder`, with `manifest.json` and `SHA256SUMS`,
    /// exactly as `tablerender SCENE FOLDER` writes them.
    @discardableResult
    public func render(to folder: String, options: RenderOptions = RenderOptions()) throws(RenderFailure) -> [FrameRecord] {
        try FrameWriter(loaded, options: options, outputPath: folder).run()
    }
}
