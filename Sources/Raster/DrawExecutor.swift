@_exported import DrawList
import Geometry

/// The budgets a frame is drawn under, as the executor spends them (the counts and messages
/// belong to the caller: see Compositing's `RasterBudget`). One per rendering thread.
public protocol DrawBudget: AnyObject {
    /// Why the frame was stopped, nil while it is within its budgets.
    var exceeded: String? { get }
    /// The rasterizer work the frame's paths may still take (see
    /// `Rasterizer.mask(_:rule:clip:workLimit:)`).
    var pathWorkLeft: Int { get }
    /// Counts one path's rasterizer work; false when the frame's paths took more than the budget.
    func spend(pathWork: Int) -> Bool
    func beginFrame()
    func spend(pixels: Int) -> Bool
    func spend(edges: Int) -> Bool
    func take(offscreen: Int) -> Bool
    func give(offscreen: Int)
    func overEdges()
    func overPathWork()
}

/// The executor's shortcuts: ways to get the same pixels with less work. Each can be switched
/// off by name (`--no-shortcut NAME`); a test renders every scene with all of them off and finds
/// the same pixels.
public enum Shortcut: String, CaseIterable, Sendable {
    /// A solid fill of the opaque colour the target is known to have wherever the fill lands
    /// changes nothing: skipped (see `Pixmap.Known`).
    case knownColor = "known-color"
    /// A solid fill of a path that is a rectangle on whole pixels covers exactly its pixels:
    /// written directly, without rasterizing.
    case pixelRect = "pixel-rect"
    /// A clip path that is a rectangle on whole pixels (masksToBounds on a layer that lands on
    /// the pixel grid, such as the table's bounds) clips by limiting every fill to that
    /// rectangle, without rasterizing a mask.
    case pixelClip = "pixel-clip"
}

/// Runs a draw list into a pixmap: the one place that decides how commands become pixels. It
/// owns the mask cache, the pixmap kept for the next frame, the budgets and every shortcut;
/// profiling wraps it. It reaches the pixels only through `Blitter` (generic, specialised for
/// `Pixmap`). Not thread-safe: each rendering thread owns one.
public struct DrawExecutor {
    let rasterizer: Rasterizer
    /// Masks kept between frames; nil rasterizes every path anew.
    public let cache: MaskCache?
    /// The last frame's pixmap, taken for the next one; nil allocates each frame.
    public let spare: PixmapSpare?
    public let budget: (any DrawBudget)?
    public let profile: RenderProfile?
    /// Images by the key draw lists name them with.
    public let images: [String: RasterImage]
    public let shortcuts: Set<Shortcut>
    /// Set by the bench command to export the fills; nil otherwise.
    public let recorder: DrawRecorder?
    /// Gradient lookup tables kept between frames (with the spare pixmap: what a renderer keeps
    /// between frames besides masks); nil computes each.
    let gradients: GradientTables?

    public init(images: [String: RasterImage] = [:], cache: MaskCache? = nil, spare: PixmapSpare? = nil,
                budget: (any DrawBudget)? = nil, profile: RenderProfile? = nil, shortcuts: Set<Shortcut> = Set(Shortcut.allCases),
                recorder: DrawRecorder? = nil, raster: Rasterizer.Method = .exact) {
        rasterizer = Rasterizer(method: raster)
        self.recorder = recorder
        gradients = spare == nil ? nil : GradientTables()
        self.images = images
        self.cache = cache
        self.spare = spare
        self.budget = budget
        self.profile = profile
        self.shortcuts = shortcuts
    }

    /// Gives a frame's pixmap back for the next frame (nothing without a spare).
    public func recycle(_ pixmap: consuming Pixmap) {
        spare?.put(pixmap)
    }

    static func premultiplied(_ c: DrawColor) -> PremultipliedColor {
        PremultipliedColor(straightR: c.r, g: c.g, b: c.b, a: c.a)
    }

    /// A scope being drawn: its clip mask, and whether it pushed a group pixmap.
    struct OpenScope {
        var layer: Int
        var clipMask: Mask?
        var group: GroupSpec?
        var memory: Int
        /// What the scope's content may touch (the enclosing scopes' rectangles and its own).
        var rect: PixelRect
        /// What the enclosing scopes allowed, which the scope's shadow is drawn within.
        var outer: PixelRect
        /// The clip of what is drawn straight into the current target inside the scope: its own
        /// mask with the enclosing scopes' (nil inside a group, whose composite is clipped).
        var drawMask: Mask?
        /// A masked group after its `.mask` command: the top target is the mask being drawn.
        var drawingMask = false
    }

    /// The frame: the background, then every command in order. A frame that goes over a budget
    /// stops at that command (its pixels are not used; `budget.exceeded` says why).
    public func run(_ list: DrawList) -> Pixmap {
        var frame = begin(width: list.width, height: list.height, background: list.background)
        for command in list.commands { frame.add(command) }
        return frame.finish()
    }

    /// A frame to draw commands into as they come (`Compositor.emit` writes to it).
    public func begin(width: Int, height: Int, background: DrawColor) -> Frame {
        cache?.beginFrame()
        budget?.beginFrame()
        let t0 = profile?.now()
        let rect = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
        let fill = DrawExecutor.premultiplied(background)
        let pixmap = spare?.take(rect: rect, filledWith: fill) ?? Pixmap(rect: rect, filledWith: fill)
        if let t0 { profile?.add(.raster, since: t0) }
        return Frame(executor: self, targets: [pixmap])
    }

    /// Runs commands into any target (a test's recording double, say): the same decisions as a
    /// frame's, without the frame's background, spare or profile of the whole.
    public func run<Target: Blitter>(_ commands: [DrawCommand], into target: Target) -> Target {
        var drawing = Drawing(executor: self, targets: [target])
        for command in commands { drawing.add(command) }
        return drawing.finish()
    }

    /// A frame being drawn into a pixmap (what `begin` returns and `Compositor.emit` writes to).
    public struct Frame: DrawSink {
        var drawing: Drawing<Pixmap>
        init(executor: DrawExecutor, targets: [Pixmap]) { drawing = Drawing(executor: executor, targets: targets) }
        public mutating func add(_ command: DrawCommand) { drawing.add(command) }
        /// The frame's pixels (a stopped frame may leave groups open: their pixels are not used).
        public consuming func finish() -> Pixmap { drawing.finish() }
    }

    /// Commands being drawn: the targets of the open groups over the first, and the open scopes.
    struct Drawing<Target: Blitter> {
        let executor: DrawExecutor
        var targets: [Target]
        var scopes: [OpenScope] = []

        mutating func add(_ command: DrawCommand) {
            guard executor.budget?.exceeded == nil else { return }
            switch command {
            case .fill(var f):
                let clip = scopes.last?.drawMask
                if let scope = scopes.last { f.clip = f.clip.intersection(scope.rect) }
                if let recorder = executor.recorder { executor.record(f, recorder) }
                executor.fill(f, into: &targets[targets.count - 1], clip: clip)
            case .begin(let s):
                executor.recorder?.record(s)
                if let open = executor.begin(s, targets: &targets, within: scopes.last) { scopes.append(open) }
            case .shadow(var s):
                if let scope = scopes.last { s.shadow.clip = s.shadow.clip.intersection(scope.rect) }
                executor.recorder?.record(s)
                executor.shadow(s, into: &targets[targets.count - 1], clip: scopes.last?.drawMask)
            case .backdrop(var b):
                if let scope = scopes.last { b.clip = b.clip.intersection(scope.rect) }
                executor.recorder?.skip()
                // A masked layer's backdrop reads what is under its group (the group's target
                // starts clear); when the group was not made, the target itself.
                let under = b.behind && scopes.last?.group != nil && targets.count > 1 ? targets[targets.count - 2] : nil
                executor.backdrop(b, from: under, into: &targets[targets.count - 1], clip: scopes.last?.drawMask)
            case .mask:
                executor.recorder?.record(op: "mask")
                // The mask is drawn into a target of its own over the group's pixels (over
                // nothing when the scope opened without a group: its content is not drawn).
                guard let open = scopes.last, !open.drawingMask else { return }
                let over = open.group?.masked == true ? targets[targets.count - 1].rect : .empty
                targets.append(Target(rect: over))
                scopes[scopes.count - 1].drawingMask = true
                scopes[scopes.count - 1].drawMask = nil
            case .end:
                executor.recorder?.record(op: "end")
                guard let open = scopes.popLast() else { return }
                var mask: Mask?
                if open.drawingMask, targets.count > 1, let drawn = targets.popLast() { mask = drawn.drawnAlpha() }
                executor.end(open, targets: &targets, within: scopes.last, mask: mask)
            case .stop(let reason):
                switch reason {
                case .edges: executor.budget?.overEdges()
                }
            }
        }

        /// The first target (a stopped drawing may leave groups open: their pixels are not used).
        consuming func finish() -> Target { targets[0] }
    }

    /// Hands a fill to the recorder with its resolved paint.
    func record(_ f: FillCommand, _ recorder: DrawRecorder) {
        guard let paint = paint(f.paint) else { recorder.skip(); return }
        recorder.record(f, paint: paint, images: images)
    }

    /// The coverage of a path, through the cache when there is one; nil when a budget stops it.
    func coverage(_ path: Path, rule: FillRule, clip: PixelRect) -> Mask? {
        guard let budget else {
            guard let cache else { return rasterizer.mask(path, rule: rule, clip: clip) }
            return cache.mask(path, rule: rule, clip: clip) { rasterizer.mask(path, rule: rule, clip: clip) }
        }
        var points = 0
        for c in path.contours { points += c.count }
        guard budget.spend(edges: points) else { return nil }
        // The frame pays each path's work, made now or found in the cache (kept with its mask),
        // so every thread counts the same; a path is stopped once it would pass what is left.
        let rasterize = { () -> (mask: Mask?, work: Int)? in
            switch rasterizer.mask(path, rule: rule, clip: clip, workLimit: budget.pathWorkLeft) {
            case .mask(let m, let work): return (m, work)
            case .overBudget: return nil
            }
        }
        guard let done = cache.map({ $0.measuredMask(path, rule: rule, clip: clip, rasterize: rasterize) }) ?? rasterize(),
              budget.spend(pathWork: done.work) else {
            budget.overPathWork()
            return nil
        }
        return done.mask
    }

    /// The paint a command names, ready to shade; nil for an image the executor does not have.
    func paint(_ spec: PaintSpec) -> Paint? {
        switch spec {
        case .solid(let c): return .solid(DrawExecutor.premultiplied(c))
        case .linearGradient(let g):
            return .linearGradient(LinearGradientPaint(layerFromDevice: g.layerFromDevice, start: g.start, end: g.end, stops: g.stops,
                                                       tables: gradients))
        case .image(let i):
            guard let image = images[i.image] else { return nil }
            return .image(ImagePaint(layerFromDevice: i.layerFromDevice, rect: i.rect, image: image, slices: i.slices))
        }
    }

    func fill<Target: Blitter>(_ f: FillCommand, into target: inout Target, clip: Mask?) {
        let t0 = profile?.now()
        defer { if let t0 { profile?.add(.raster, since: t0) } }
        let area = target.rect.intersection(f.clip)
        // A path's coverage is zero outside its points' pixel bounds: what the frame's pixel
        // budget counts (before any shortcut, so every thread and setting counts the same).
        let bounds = f.path.pixelBounds(within: area)
        if let budget, !budget.spend(pixels: bounds.width * bounds.height) { return }
        guard !bounds.isEmpty, let paint = paint(f.paint) else { return }
        if case .solid(let color) = paint {
            if shortcuts.contains(.knownColor), target.unchanged(byFillOf: color, within: bounds) { return }
            if shortcuts.contains(.pixelRect), let r = DrawExecutor.wholePixelRect(f.path) {
                target.fill(rect: r.intersection(f.clip), color: color, alpha: f.alpha, clip: clip)
                return
            }
        }
        guard var m = coverage(f.path, rule: f.rule, clip: area) else { return }
        if let edges = f.aliasedEdges { m = aliased(m, edges: edges) }
        target.fill(m, paint: paint, alpha: f.alpha, clip: clip, limit: nil)
    }

    /// Opens a scope inside `enclosing` (nil at the frame).
    func begin<Target: Blitter>(_ s: ScopeCommand, targets: inout [Target], within enclosing: OpenScope?) -> OpenScope? {
        let outer = enclosing.map { s.clip.intersection($0.rect) } ?? s.clip
        var area = targets[targets.count - 1].rect.intersection(outer)
        var clipPath = s.clipPath
        var group = s.group
        if let path = clipPath, let r = DrawExecutor.wholePixelRect(path, within: DrawExecutor.clipSnap) {
            // A whole-pixel rectangle covers its pixels exactly and no others: its mask is 0 or
            // 255, so clipping each fill gives the pixels clipping the group would, and a group
            // that is there only for the clip (full alpha, no shadow) is not needed.
            if let g = group, g.alpha >= 255, g.shadow == nil { group = nil }
            if shortcuts.contains(.pixelClip) {
                area = area.intersection(r)
                clipPath = nil
            }
        }
        var clipMask: Mask?
        if let clipPath {
            let t0 = profile?.now()
            clipMask = coverage(clipPath, rule: .nonZero, clip: area)
            if let m = clipMask, let edges = s.clipEdges { clipMask = aliased(m, edges: edges) }
            if let t0 { profile?.add(.raster, since: t0) }
            if clipMask == nil {
                // A budget stopped the frame: nothing more is drawn, scopes included.
                if budget?.exceeded != nil { return nil }
                // The clip covers no pixel of the area (a header collapsed to a fraction of a
                // pixel, a layer off the frame): the scope opens with nothing to draw in, as the
                // pixel-clip shortcut's empty rectangle does, so its fills draw nothing and its
                // `end` closes it and not the scope around it.
                return OpenScope(layer: s.layer, clipMask: nil, group: nil, memory: 0, rect: .empty,
                                 outer: outer, drawMask: nil)
            }
        }
        guard let group else {
            return OpenScope(layer: s.layer, clipMask: clipMask, group: nil, memory: 0, rect: area, outer: outer,
                             drawMask: Mask.product(clipMask, enclosing?.drawMask))
        }
        let t0 = profile?.now()
        defer { if let t0 { profile?.add(.composite, since: t0) } }
        let rect = clipMask?.rect ?? area
        let pixels = rect.width * rect.height
        // Only a masked group pays when it opens (its mask is drawn over its area); any group
        // pays its composite when it closes, and a shadow its blur, on what was drawn in it (a
        // tiny layer's shadow in a group the size of the frame costs the tiny layer's pixels).
        if let budget, !budget.spend(pixels: pixels * group.cost) || !budget.take(offscreen: pixels * group.planes) { return nil }
        targets.append(offscreen(rect))
        return OpenScope(layer: s.layer, clipMask: clipMask, group: group, memory: pixels * group.planes, rect: area, outer: outer, drawMask: nil)
    }

    /// A transparent group target over `rect`: a kept one when the spare has it (a pixmap's
    /// memory reused, see `PixmapSpare`), else a new one.
    func offscreen<Target: Blitter>(_ rect: PixelRect) -> Target {
        if let spare, Target.self == Pixmap.self, let kept = spare.takeGroup(rect: rect), let target = kept as? Target { return target }
        return Target(rect: rect)
    }

    /// Closes a group: its shadow and its pixels go into the target of `enclosing`, clipped by
    /// its own mask and the enclosing scopes', and by the alpha its mask drew (a masked group;
    /// none drawn masks everything out).
    func end<Target: Blitter>(_ open: OpenScope, targets: inout [Target], within enclosing: OpenScope?, mask: Mask? = nil) {
        guard let group = open.group, targets.count > 1, let content = targets.popLast() else { return }
        let t0 = profile?.now()
        defer { if let t0 { profile?.add(.composite, since: t0) } }
        defer { budget?.give(offscreen: open.memory) }
        defer { if let spare, let pixmap = content as? Pixmap { spare.putGroup(pixmap) } }
        if var shadow = group.shadow {
            shadow.clip = shadow.clip.intersection(open.outer)
            // The composite below replaces every pixel where the content is opaque when it
            // goes at full alpha through no clip (`Pixmap.composite`): the shadow there is
            // never seen, so it is not blended.
            let replaced = group.alpha >= 255 && !group.masked && open.clipMask == nil && enclosing?.drawMask == nil
            drawShadow(shadow, of: content, into: &targets[targets.count - 1], alpha: group.alpha, clip: enclosing?.drawMask,
                       skipsOpaqueContent: replaced)
        }
        var clip = Mask.product(open.clipMask, enclosing?.drawMask)
        if group.masked {
            guard let mask, !mask.rect.isEmpty else { return }
            clip = Mask.product(mask, clip)
        }
        // The composite's pixels: what was drawn in the group.
        if let budget, !budget.spend(pixels: content.dirty.width * content.dirty.height) { return }
        targets[targets.count - 1].composite(content, alpha: group.alpha, clip: clip)
    }

    /// How far from whole pixels a clip rectangle's corners may be (a layer's matrix products
    /// leave such dust): its coverage is then still exactly 0 or 255 (an error of 255 x 1e-7
    /// of a level cannot round across).
    static let clipSnap = 1e-7

    /// The rectangle a one-contour path describes when its four corners are axis-aligned on
    /// whole pixels (each within `tolerance` of one).
    static func wholePixelRect(_ path: Path, within tolerance: Double = 0) -> PixelRect? {
        guard path.contours.count == 1, let c = path.contours.first, c.count == 4 else { return nil }
        var xs: [Int] = [], ys: [Int] = []
        for p in c {
            let x = p.x.rounded(), y = p.y.rounded()
            guard p.x.isFinite, p.y.isFinite, abs(p.x - x) <= tolerance, abs(p.y - y) <= tolerance, abs(x) < 1e9, abs(y) < 1e9 else { return nil }
            xs.append(Int(x)); ys.append(Int(y))
        }
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return nil }
        // Axis-aligned: every corner is a corner of the bounding box, and the corners go round it.
        for i in 0..<4 {
            let j = (i + 1) % 4
            guard xs[i] == x0 || xs[i] == x1, ys[i] == y0 || ys[i] == y1, xs[i] == xs[j] || ys[i] == ys[j] else { return nil }
        }
        return PixelRect(x0: x0, y0: y0, x1: x1, y1: y1)
    }
}
