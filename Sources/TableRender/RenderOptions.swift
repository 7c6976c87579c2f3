import PNGCodec
import Raster
import SceneModel

/// What the command line can change about a render.
public struct RenderOptions: Sendable {
    public var fps: Double?
    public var scale: Double?
    /// Inclusive frame range; nil renders every frame.
    public var frames: ClosedRange<Int>?
    public var jobs: Int
    public var pngLevel: Int
    public var pngFilter: PNGCodec.Filter
    public var pngStrategy: PNGCodec.Strategy
    /// Keep masks of unmoved paths between frames (same pixels; the bench can turn it off to
    /// measure it: text layouts and the frame pixmap are still kept).
    public var maskCache = true
    /// The executor's shortcuts in use (all by default; each gives the same pixels).
    public var shortcuts = Set(Shortcut.allCases)
    /// How paths become coverage: the exact-area sweep, or an experiment (`--raster cells`).
    public var raster = Rasterizer.Method.exact
    /// Budgets (frames, canvas pixels, edges per frame, work per path).
    public var limits = Limits()
    /// Render into a folder that holds files tablerender did not write (they are left alone).
    public var force = false
    /// Render only this shard of the frames (a partial manifest); `tablerender merge` joins them.
    public var shard: Shard?
    /// The `--appearance` the scene was loaded with (it applies as the scene is read, see
    /// `LoadOptions.appearance`): written in the manifest, so verify draws the golden's.
    public var appearance: Appearance?
    /// Create the output folder's missing parents (`verify --record` makes a golden at a new path).
    public var createParents = false

    public init(fps: Double? = nil, scale: Double? = nil, frames: ClosedRange<Int>? = nil, jobs: Int = 0,
                pngLevel: Int = 3, pngFilter: PNGCodec.Filter = .none, pngStrategy: PNGCodec.Strategy = .default) {
        self.fps = fps; self.scale = scale; self.frames = frames; self.jobs = jobs
        self.pngLevel = pngLevel; self.pngFilter = pngFilter
        self.pngStrategy = pngStrategy
    }

    /// The scene with the overrides applied.
    public func apply(to scene: Scene) -> Scene {
        var s = scene
        if let fps { s.fps = fps }
        if let scale { s.canvas.scale = scale }
        return s
    }
}
