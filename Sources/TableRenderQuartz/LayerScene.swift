import JSONText
import Foundation
import Hashing
import SceneJSON
import SceneModel
import TableRender

/// A scene built in Swift: a screen, a clock and a tree of ``CALayer``s with their animations.
/// It is recorded into the scene model, the same values a scene file decodes to: ``load(options:)``
/// validates that model with the scene format's messages (each names the layer or view it is
/// about) and renders it without writing JSON text, and ``json()`` encodes it as a version-1
/// scene that `tablerender` renders to the same pixels.
///
/// ```swift
/// var scene = LayerScene(size: CGSize(width: 375, height: 667), scale: 2, fps: 60, duration: 1)
/// let card = CALayer()
/// card.frame = CGRect(x: 20, y: 100, width: 335, height: 120)
/// card.backgroundColor = UIColor.systemBlue.cgColor
/// let fold = CABasicAnimation(keyPath: "transform.rotation.x")
/// fold.fromValue = -CGFloat.pi / 2
/// fold.toValue = 0
/// fold.duration = 0.5
/// card.add(fold, forKey: "fold")
/// scene.layers.append(card)
/// try Renderer(scene).render(to: "out")
/// ```
@preconcurrency @MainActor
public struct LayerScene {
    /// The screen in points.
    public var size: CGSize
    /// Pixels per point.
    public var scale: CGFloat
    /// Under everything; nil is clear.
    public var backgroundColor: CGColor?
    /// Whether every layer's edges are antialiased: what `UIViewEdgeAntialiasing` in an app's
    /// Info.plist does. False by default, as on iOS: only layers with `allowsEdgeAntialiasing`.
    public var edgeAntialiasing = false
    /// The iPhone whose screen this is (`"iPhone 15"`: see ``init(device:fps:duration:directory:)``):
    /// its safe area becomes a full-screen table's content insets and places the status bar.
    public internal(set) var device: String?
    /// Whether the status bar is drawn over everything (the time, cellular, Wi-Fi, battery). By
    /// default, on a whole phone's screen (a ``device``'s, or a 375 x 667 screen showing a
    /// ``rootViewController`` or a ``tableView``), as a screen recording shows it; set it to
    /// leave it out or to draw it on any screen.
    public var showsStatusBar: Bool {
        get { statusBarChoice ?? isPhoneScreen }
        set { statusBarChoice = newValue }
    }
    var statusBarChoice: Bool?
    /// Whether the home indicator is drawn at the bottom, over everything. By default, on a
    /// phone screen whose device has one (the phones without a Home button).
    public var showsHomeIndicator: Bool {
        get { homeIndicatorChoice ?? (isPhoneScreen && (device.flatMap(Device.named)?.safeAreaBottom ?? 0) > 0) }
        set { homeIndicatorChoice = newValue }
    }
    var homeIndicatorChoice: Bool?
    /// Whether the scene is a whole phone's screen, which gets its device's chrome (as
    /// `Scene.isPhoneScreen` decides for a scene file).
    var isPhoneScreen: Bool {
        device != nil || ((rootViewController != nil || tableView != nil) && size == CGSize(width: 375, height: 667))
    }
    /// The status bar's look: `.default` and `.darkContent` draw black items, `.lightContent` white.
    public var statusBarStyle = UIStatusBarStyle.default
    /// The time the status bar shows (Apple's screenshots show 9:41).
    public var statusBarTime = "9:41"
    /// The navigation bar a ``UINavigationController`` root shows (or a scene file had).
    var navigation: NavigationBarModel?
    /// Frames per second.
    public var fps: Double
    /// Seconds; the frames show `t = 0` through `t = duration`.
    public var duration: Double
    /// The top-level layers, back to front, over the table.
    public var layers: [CALayer] = []
    /// The table view under the layers, if any.
    public var tableView: UITableView?
    /// What the finger does to the table, in time order.
    public var script: [TableScriptEvent] = []
    /// The folder relative image and font files are read from.
    public var directory: String
    /// The name messages give the scene (as a scene file's path).
    public var displayName = "LayerScene"
    /// Completion blocks (of `UIView.animate`, `CATransaction`), `DispatchQueue` work and display
    /// link ticks waiting for their scene time: they run as code then, before any later
    /// ``at(_:_:)`` and before the scene is written, so what they change shows from that time.
    var pending: PendingCompletions { runtime.pending }
    /// The root view controller's view, and the changes scroll steps made.
    let window = SceneWindow()
    /// What UIKit keeps process-wide (the screen, the graphics contexts), this scene's own.
    let runtime = SceneRuntime()
    /// The view controller the scene shows, as an app's window shows its root view controller:
    /// setting it loads its view, sizes it to the screen and calls the lifecycle methods in
    /// UIKit's order; its table (a `UITableViewController`'s, or the first in its view) becomes
    /// ``tableView`` and its other subviews are drawn over it. Set ``script`` first: the first
    /// layout asks the data source for the cells of the rows in view at time 0.
    public var rootViewController: UIViewController? {
        didSet { if let vc = rootViewController, vc !== oldValue { running { present(vc) } } }
    }

    /// A scene of `size` points at `scale`, `duration` seconds long at `fps`, reading files from `directory`.
    public init(size: CGSize, scale: CGFloat = 1, fps: Double = 60, duration: Double, directory: String = ".") {
        self.size = size; self.scale = scale; self.fps = fps; self.duration = duration; self.directory = directory
    }

    /// A scene of an iPhone's screen (its size and scale from `device`, for example
    /// `"iPhone 15"`), with its status bar and, where it has one, its home indicator; nil for a name the format does not know.
    public init?(device: String, fps: Double = 60, duration: Double, directory: String = ".") {
        guard let d = Device.named(device) else { return nil }
        self.init(size: CGSize(width: d.width, height: d.height), scale: CGFloat(d.scale), fps: fps, duration: duration, directory: directory)
        self.device = device
    }

    /// The scene as scene-format JSON (version 1), or the problems of what cannot be written.
    public func json() throws(SceneError) -> String { JSONWriter.write(SceneEncoder.scene(try recorded().scene)) }

    /// The last frame's time: app code runs until then and no longer (a completion block that
    /// starts the next animation, forever, stops at the scene's end).
    var endTime: Double {
        guard fps > 0, fps.isFinite, duration.isFinite else { return max(duration, 0) }
        return max(duration, (duration * fps).rounded() / fps)
    }

    /// The scene recorded into the model (issues 50, steps 3 and 6): app code run to the scene's
    /// end, then the layers, their animations and steps, the table and the script as model
    /// values, with a description of each layer by JSON path (for messages). The table's
    /// `willDisplay` is run for it (``recordDisplay(_:into:names:)``) and the table is bound as a
    /// decoded one is (its template into its rows, its updates checked against its data).
    func recorded(limits: Limits = Limits()) throws(SceneError) -> (scene: Scene, layerNames: [String: String]) {
        try running { () throws(SceneError) in try recordedHere(limits: limits) }
    }

    /// ``recorded(limits:)`` with this scene's runtime in effect.
    private func recordedHere(limits: Limits) throws(SceneError) -> (scene: Scene, layerNames: [String: String]) {
        advanceApp(to: endTime, includingFrame: true)
        if let time = pending.overrun {
            let why = "app code: more than \(PendingCompletions.maxRuns) blocks (completions of UIView.animate and CATransaction, DispatchQueue work, CADisplayLink ticks) ran by \(JSON.format(time)) s; a completion or block that queues the next one with no delay never lets the scene's time move on"
            throw SceneError(file: displayName, problems: [SceneProblem(path: "", message: why)])
        }
        if let t = tableView, let extra = (t.layer.sublayers ?? []).first ?? t.layer.sceneRemoved.first?.layer {
            // The engine draws the table's rows, not the table layer's own subtree: said, not left out.
            let who = SceneWriter.described(extra, name: extra.name)
            throw SceneError(file: displayName, problems: [SceneProblem(path: "table", message: "UITableView: \(who) added to the table view itself is not drawn yet: add it to the view controller's view (over the table), to the table's header or footer view, or to a cell's contentView")])
        }
        // What the shown views' code was refused before the scene ran (set up front), then in it.
        let shown = (rootViewController?.view).map { [$0] } ?? []
        let before = (shown + layers.compactMap(\.view)).flatMap(\.refusedInTree)
        let refused = before + runtime.refused
        if !refused.isEmpty { throw SceneError(file: displayName, problems: refused.map { SceneProblem(path: "", message: $0) }) }
        window.flushRuns()
        var writer = SceneWriter()
        writer.maxNesting = limits.nesting
        writer.limits = limits
        writer.canvasWidth = size.width
        writer.directory = directory
        writer.collectNames(layers)
        let models = layers.enumerated().map { writer.layer($1, path: "layers[\($0)]") }
        let table = tableView.map { writer.tableModel($0) }
        guard writer.problems.isEmpty else {
            throw SceneError(file: displayName, problems: writer.problems.map { LayerScene.named($0, writer.layerNames) })
        }
        var canvas = Canvas(width: Double(size.width), height: Double(size.height), scale: Double(scale), background: backgroundColor?.model ?? .clear)
        canvas.edgeAntialiasing = edgeAntialiasing
        canvas.device = device.flatMap(Device.named)
        canvas.appearance = runtime.appearance
        canvas.contentSizeCategory = runtime.contentSizeCategory
        var scene = Scene(canvas: canvas, fps: fps, duration: duration, layers: models, animations: writer.animations,
                          table: table, script: SceneWriter.scriptModel(tableEvents(tableView), directory: directory), directory: directory)
        scene.changes = writer.changes
        scene.navigationBar = navigation
        if showsStatusBar {
            // `.default` is black items over light content and white over dark, as on iOS.
            let style: StatusBarModel.Style = switch statusBarStyle {
            case .lightContent: .lightContent
            case .darkContent: .darkContent
            case .default: StatusBarModel(appearance: runtime.appearance).style
            }
            scene.statusBar = StatusBarModel(time: statusBarTime, style: style)
        }
        scene.homeIndicator = showsHomeIndicator
        // Checked before it is bound and simulated (which take its values as valid).
        let problems = scene.validate(limits: limits)
        guard problems.isEmpty else { throw SceneError(file: displayName, problems: problems.map { LayerScene.named($0, writer.layerNames) }) }
        if let t = tableView {
            let problems = scene.bindTable(limits: limits)
            guard problems.isEmpty else { throw SceneError(file: displayName, problems: problems.map { LayerScene.named($0, writer.layerNames) }) }
            if t.displayHook != nil { try recordDisplay(t, into: &scene, names: writer.layerNames) }
        }
        return (scene, writer.layerNames)
    }

    /// Runs `changes` at `time` seconds into the scene, as app code running then: what it
    /// changes inside `UIView.animate` blocks (and `beginAnimations` ... `commitAnimations`)
    /// animates with that block's duration, delay and curve; what it changes on a layer that
    /// is not a view's animates implicitly with the `CATransaction`'s duration (0.25 s) and
    /// timing, unless it disables actions; anything else changes at that moment. Until then the
    /// scene shows the values from before. Layers made in `changes` animate nothing as they are
    /// set up; added to the scene's layers, they show from `time`; a layer removed shows until
    /// `time`. A `CATransaction` completion block runs as code at the time its animations end.
    /// Call it in time order.
    public func at(_ time: Double, _ changes: () -> Void) {
        running {
            advanceApp(to: time)
            record(at: time, changes)
        }
    }

    /// Runs `body` with this scene's runtime in effect (its clock's frames as the scene's now).
    func running<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        runtime.fps = fps
        runtime.endTime = endTime
        return try runtime.running(body)
    }

    /// Runs the waiting completion blocks due by `time`, earliest first (a block may queue more).
    func runCompletions(upTo time: Double) {
        while let next = pending.takeFirst(upTo: time) { record(at: next.time, step: next.step, next.block) }
    }


    /// `changes` as code running at `time`: their animations added, their completions queued.
    func record(at time: Double, step: Bool = false, _ changes: () -> Void) {
        // The table's geometry as of the code running now (cleared after: the closure holds the scene).
        runtime.clock = time
        let table = tableView, outer = table?.app.geometry
        table?.app.geometry = { [self] in table.flatMap { simulation($0)?.sim } }
        defer { table?.app.geometry = outer }
        let context = ChangeContext.context(.at(time)) {
            changes()
            // The run loop's layout pass after the code: constraints it changed move views now.
            if let root = window.root, root.layoutDue { root.layoutIfNeeded() }
        }
        // Code outside a scroll step ends the runs of step changes (so its changes come after them).
        if !step { window.flushRuns() }
        for c in context.changes {
            if AnimatedKey.byPath[c.keyPath] == nil {
                // A property that does not animate: a step of the model value, for a layer of the
                // scene's tree (a cell's layers are the table's, written with its rows).
                if inScene(c.layer) {
                    if c.layer.sceneStart[c.keyPath] == nil { c.layer.sceneStart[c.keyPath] = c.old }
                    c.layer.sceneSteps.append((time, c.keyPath, c.new))
                }
                continue
            }
            if step && c.animation == nil {
                window.sample(c, at: time)
                continue
            }
            window.flushRun(c.layer, c.keyPath)
            if c.layer.sceneStart[c.keyPath] == nil { c.layer.sceneStart[c.keyPath] = c.old }
            let a = c.animation.map { $0.animation(c.keyPath, from: LayerScene.animatableOld(c), to: c.new) } ?? {
                let b = CABasicAnimation(keyPath: c.keyPath)
                b.fromValue = SceneWriter.animatable(c.new)
                b.toValue = SceneWriter.animatable(c.new)
                b.duration = 0.25
                return b
            }()
            a.beginTime = time + (c.animation?.delay ?? 0)
            a.fillMode = .forwards
            a.isRemovedOnCompletion = false
            c.layer.add(a, forKey: nil)
            if let block = c.animation, case .spring = block.timing.value {
                // UIKit removes its spring animation when its duration ends and the new value
                // shows; a spring cut off there has not quite arrived, so the new value is held
                // from then on (as the table's row updates do, TimingCurve.ended).
                let hold = CABasicAnimation(keyPath: c.keyPath)
                hold.fromValue = SceneWriter.animatable(c.new)
                hold.toValue = hold.fromValue
                hold.beginTime = a.beginTime + a.duration
                hold.duration = 0.001
                hold.fillMode = .forwards
                hold.isRemovedOnCompletion = false
                c.layer.add(hold, forKey: nil)
            }
        }
        // Completion blocks run as code at the time their animations end.
        for done in context.completions { pending.add(time: max(done.time, time), done.block) }
        tableView?.noteCellChanges(self, at: time)
    }

    /// The value a change animates from: the old value, or for a gradient's `locations` that
    /// were none, the even spacing they stood for (Core Animation interpolates from what it drew).
    static func animatableOld(_ c: LayerChange) -> Any {
        guard c.keyPath == "locations", (c.old as? [NSNumber]) == nil, let g = c.layer as? CAGradientLayer else { return c.old }
        let n = g.colors?.count ?? 0
        return (0..<n).map { NSNumber(value: n > 1 ? Double($0) / Double(n - 1) : 0) }
    }

    /// Whether `layer` is in the scene's own tree (under ``layers``, masks included).
    func inScene(_ layer: CALayer) -> Bool {
        var top = layer
        while let up = top.superlayer ?? top.maskOwner { top = up }
        return layers.contains { $0 === top }
    }

    /// ``json()`` as UTF-8 bytes, for a file `tablerender` renders.
    public func jsonData() throws(SceneError) -> Data { Data(try json().utf8) }

    /// The validated scene with its images and fonts loaded, as `tablerender` loads a file.
    /// Problems name the layer: `layers[0].sublayers[1].opacity (layer "card"): expected ...`.
    /// The model as recorded is validated and loaded: it is never written as JSON text and
    /// parsed back (issue 50).
    public func load(options: LoadOptions = LoadOptions()) throws(SceneError) -> LoadedScene {
        let r = try recorded(limits: options.limits)
        do {
            return try SceneLoader.load(scene: r.scene, displayName: displayName, directory: directory, options: options,
                                        sourceSHA256: SHA256.hex(Array(JSONWriter.write(SceneEncoder.scene(r.scene)).utf8)))
        } catch {
            throw SceneError(file: error.file, problems: error.problems.map { LayerScene.named($0, r.layerNames) })
        }
    }

    /// Adds the layer a JSON path is in to a problem's path, from the longest matching prefix.
    static func named(_ p: SceneProblem, _ names: [String: String]) -> SceneProblem {
        var prefix = p.path
        while !prefix.isEmpty {
            if let who = names[prefix], !p.message.hasPrefix(who) {
                let rest = p.path.dropFirst(prefix.count)
                return SceneProblem(path: "\(prefix) (\(who))\(rest)", message: p.message)
            }
            guard let cut = prefix.lastIndex(where: { $0 == "." || $0 == "[" }) else { break }
            prefix = String(prefix[..<cut])
        }
        return p
    }
}
