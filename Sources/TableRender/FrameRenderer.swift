import Compositing
import LayerTree
import Raster
import SceneModel
import Simulation
import TableEngine

/// The pipeline for one frame, as one readable function: scene time to presentation tree to
/// pixels. Pure: any frame can be rendered on any thread in any order, each thread with its own
/// renderer. A renderer is not `Sendable`: what it keeps between frames (masks, the spare
/// pixmap, gradient tables, the budget's counters, the profile) belongs to the thread that made
/// it, and the compiler holds that; what threads share is its ``Shared`` part.
public struct FrameRenderer {
    public let scene: Scene
    let presentation: Presentation
    let table: TableSimulation?

    /// What every thread's renderer of one scene may share: the scene and its simulations,
    /// immutable once made (a long table's is made once, not once per thread).
    public struct Shared: Sendable {
        let scene: Scene
        let presentation: Presentation
        let table: TableSimulation?
    }

    /// This renderer's scene and simulations, for the renderers of other threads (`sharing:`).
    public var shared: Shared { Shared(scene: scene, presentation: presentation, table: table) }
    /// The status bar and the home indicator, the same in every frame, drawn over everything.
    let statusBar: [PresentationLayer]
    let compositor: Compositor
    let executor: DrawExecutor
    /// Records each frame's fills, for an encoder that asks for them.
    let recorder: DrawRecorder?

    /// `cache` keeps masks between the frames this renderer draws; `keepsBetweenFrames` keeps
    /// text layouts and the last frame's pixmap (`cache` alone implies it). Give each thread its
    /// own renderer: none of these change a pixel. `raster` does: `.cells` is issue 30's
    /// accumulation experiment (see `Rasterizer.Method`); the default is what goldens hold.
    /// `sharing` another renderer of the same scene takes its simulation (immutable once made:
    /// a long table's is made once, not once per thread).
    public init(scene: Scene, resources: SceneResources = SceneResources(), profile: RenderProfile? = nil, cache: MaskCache? = nil,
                keepsBetweenFrames: Bool = false, recorder: DrawRecorder? = nil, budget: RasterBudget? = nil,
                shortcuts: Set<Shortcut> = Set(Shortcut.allCases), raster: Rasterizer.Method = .exact, sharing: Shared? = nil) {
        self.scene = scene
        presentation = sharing?.presentation ?? Presentation(scene: scene)
        table = sharing.map(\.table) ?? TableSimulation(scene: scene)
        statusBar = (scene.statusBar.map { StatusBar.layers($0, canvas: scene.canvas) } ?? [])
            + (scene.homeIndicator ? [StatusBar.homeIndicator(canvas: scene.canvas, style: scene.statusBar?.style ?? .darkContent)] : [])
        let keeps = keepsBetweenFrames || cache != nil
        var compositor = Compositor(pixelWidth: scene.canvas.pixelWidth, pixelHeight: scene.canvas.pixelHeight, scale: scene.canvas.scale,
                                    resources: resources.compositing, cachesLayouts: keeps,
                                    maxShapePoints: budget?.limits.edgesPerFrame ?? .max)
        compositor.edgeAntialiasing = scene.canvas.edgeAntialiasing
        self.compositor = compositor
        self.recorder = recorder
        executor = DrawExecutor(images: resources.images, cache: cache, spare: keeps ? PixmapSpare() : nil, budget: budget,
                                profile: profile, shortcuts: shortcuts, recorder: recorder, raster: raster)
    }

    /// Why the last frame rendered was stopped by a budget (nil when it was drawn whole).
    public var budgetExceeded: String? { executor.budget?.exceeded }

    public init(_ loaded: LoadedScene) {
        self.init(scene: loaded.scene, resources: loaded.resources)
    }

    /// The table (under), the free layers and the status bar (on top) at a frame's time.
    public func layers(atFrame index: Int) -> [PresentationLayer] {
        layers(atTime: scene.time(ofFrame: index))
    }

    /// The table (under), the free layers and the status bar (on top) at `t` seconds.
    public func layers(atTime t: Double) -> [PresentationLayer] {
        (table?.layers(at: t) ?? []) + presentation.layers(at: t) + statusBar
    }

    /// What a frame draws (`tablerender draws` prints it).
    public func drawList(frame index: Int) -> DrawList {
        compositor.drawList(layers: layers(atFrame: index), background: scene.canvas.background)
    }

    public func render(layers: [PresentationLayer]) -> Pixmap {
        // Each command is drawn as the compositor writes it (the same pixels as running the
        // whole list after, with the paths still in the caches).
        var frame = executor.begin(width: compositor.pixelWidth, height: compositor.pixelHeight,
                                   background: Compositor.drawColor(scene.canvas.background))
        compositor.emit(layers: layers, into: &frame)
        return frame.finish()
    }

    /// Gives a frame's pixmap back once its pixels are no longer needed: the next frame of this
    /// renderer writes into its memory (see `PixmapSpare`).
    public func recycle(_ pixmap: consuming Pixmap) {
        executor.recycle(pixmap)
    }

    public func render(frame index: Int) -> Pixmap {
        render(layers: layers(atFrame: index))
    }
}
