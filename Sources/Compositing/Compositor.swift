import Geometry
import Raster
import SceneModel

/// Renders a presentation layer tree into device pixels, composing layers as Core Animation does
/// (reference section 2.11): each layer draws shadow, background, gradient, sublayers (sorted,
/// flattened into its plane) and border; group opacity, shadows and masksToBounds go through an
/// offscreen pixmap.
public struct Compositor: Sendable {
    public let pixelWidth: Int
    public let pixelHeight: Int
    public let scale: Double
    public let resources: Resources
    let rasterizer = Rasterizer()
    /// Set by the bench command to split a render's time into phases; nil otherwise.
    public let profile: RenderProfile?
    /// Masks kept between frames (one per rendering thread); nil rasterizes every path anew.
    public let cache: MaskCache?
    /// Set by the bench command to export the frame's draws; nil otherwise.
    public let recorder: DrawRecorder?
    /// Text layouts kept between frames, with the mask cache (one per rendering thread).
    let layoutCache: TextLayoutCache?
    /// The last frame's pixmap, given back for the next frame, with the mask cache.
    let spare: PixmapSpare?
    /// Edges per frame and work per path; nil draws without limits.
    public let budget: RasterBudget?

    public init(canvas: Canvas, resources: Resources = Resources(), profile: RenderProfile? = nil, cache: MaskCache? = nil,
                recorder: DrawRecorder? = nil, budget: RasterBudget? = nil) {
        self.budget = budget
        self.cache = cache
        layoutCache = cache == nil ? nil : TextLayoutCache()
        spare = cache == nil ? nil : PixmapSpare()
        self.recorder = recorder
        pixelWidth = canvas.pixelWidth
        pixelHeight = canvas.pixelHeight
        scale = canvas.scale
        self.resources = resources
        self.profile = profile
    }

    public var deviceRect: PixelRect { PixelRect(x0: 0, y0: 0, x1: pixelWidth, y1: pixelHeight) }

    /// One frame: the background, then the layers back to front.
    public func render(layers: [LayerModel], background: Color) -> Pixmap {
        cache?.beginFrame()
        layoutCache?.beginFrame()
        budget?.beginFrame()
        let t0 = profile?.now()
        let fill = PremultipliedColor(straightR: background.r, g: background.g, b: background.b, a: background.a)
        var target = spare?.take(rect: deviceRect, filledWith: fill) ?? Pixmap(rect: deviceRect, filledWith: fill)
        if let t0 { profile?.add(.raster, since: t0) }
        // The canvas is the root plane: top-level layers are flattened into it, then scaled to pixels.
        let deviceFromRoot = Transform3D.scale(scale, scale, 1).flattenedInput
        drawSublayers(layers, parentSpace: deviceFromRoot, sortSpace: .identity, into: &target, alpha: 255, clipRect: deviceRect)
        return target
    }

    /// Gives a frame's pixmap back for the next frame (see `PixmapSpare`); nothing without a
    /// cache.
    public func recycle(_ pixmap: consuming Pixmap) {
        spare?.put(pixmap)
    }

    /// The coverage of a path, through the cache when there is one.
    func coverage(_ path: Path, rule: FillRule, clip: PixelRect) -> Mask? {
        guard let budget else {
            guard let cache else { return rasterizer.mask(path, rule: rule, clip: clip) }
            return cache.mask(path, rule: rule, clip: clip) { rasterizer.mask(path, rule: rule, clip: clip) }
        }
        var points = 0
        for c in path.contours { points += c.count }
        guard budget.spend(edges: points) else { return nil }
        let rasterize = { () -> Mask? in
            switch rasterizer.mask(path, rule: rule, clip: clip, workLimit: budget.limits.pathWork) {
            case .mask(let m): return m
            case .overBudget: budget.overPathWork(); return nil
            }
        }
        guard let cache else { return rasterize() }
        return cache.mask(path, rule: rule, clip: clip, rasterize: rasterize)
    }

    /// Sublayers back to front: by depth in the parent's space (zPosition for flat layers),
    /// then array order, so 3D-transformed siblings are painter-sorted.
    func drawSublayers(_ layers: [LayerModel], parentSpace: Transform3D, sortSpace: Transform3D,
                       into target: inout Pixmap, alpha: Int, clipRect: PixelRect) {
        let keyed = layers.enumerated().map { (i, l) -> (Double, Int) in
            let c = Point(l.bounds.x + l.bounds.width / 2, l.bounds.y + l.bounds.height / 2)
            let p = (l.superFromLayer * sortSpace).apply(c.x, c.y)
            let depth = p.w > 0 ? p.z / p.w : -Double.greatestFiniteMagnitude
            return (depth, i)
        }
        let order = keyed.sorted { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }.map { $0.1 }
        for i in order {
            draw(layers[i], parentSpace: parentSpace, into: &target, alpha: alpha, clipRect: clipRect)
        }
    }

    /// The rectangle a one-contour path describes when its four corners are axis-aligned on
    /// whole pixels.
    static func wholePixelRect(_ path: Path) -> PixelRect? {
        guard path.contours.count == 1, let c = path.contours.first, c.count == 4 else { return nil }
        var xs: [Int] = [], ys: [Int] = []
        for p in c {
            guard p.x.isFinite, p.y.isFinite, p.x == p.x.rounded(), p.y == p.y.rounded(), abs(p.x) < 1e9, abs(p.y) < 1e9 else { return nil }
            xs.append(Int(p.x)); ys.append(Int(p.y))
        }
        let x0 = xs.min()!, x1 = xs.max()!, y0 = ys.min()!, y1 = ys.max()!
        // Axis-aligned: every corner is a corner of the bounding box, and the corners go round it.
        for i in 0..<4 {
            let j = (i + 1) % 4
            guard xs[i] == x0 || xs[i] == x1, ys[i] == y0 || ys[i] == y1, xs[i] == xs[j] || ys[i] == ys[j] else { return nil }
        }
        return PixelRect(x0: x0, y0: y0, x1: x1, y1: y1)
    }

    /// The device pixel rectangle a layer's bounds cover when its matrix only scales and moves
    /// them onto whole pixels; clipping to it is then exact without a mask.
    static func pixelAlignedRect(_ bounds: Rect, _ m: Transform3D) -> PixelRect? {
        guard m.m12 == 0, m.m21 == 0, m.m14 == 0, m.m24 == 0, m.m44 == 1, m.m11 > 0, m.m22 > 0 else { return nil }
        let xs = [bounds.minX * m.m11 + m.m41, bounds.maxX * m.m11 + m.m41]
        let ys = [bounds.minY * m.m22 + m.m42, bounds.maxY * m.m22 + m.m42]
        var ints: [Int] = []
        for v in xs + ys {
            let r = v.rounded()
            guard abs(v - r) < 1e-7, abs(r) < 1e9 else { return nil }
            ints.append(Int(r))
        }
        return PixelRect(x0: ints[0], y0: ints[2], x1: ints[1], y1: ints[3])
    }

    func draw(_ layer: LayerModel, parentSpace: Transform3D, into target: inout Pixmap, alpha: Int, clipRect: PixelRect) {
        guard !layer.hidden, layer.opacity > 0 else { return }
        let deviceFromLayer = layer.superFromLayer * parentSpace
        let homography = deviceFromLayer.planeHomography
        let det = homography.determinant
        guard det.isFinite else { return }
        if !layer.doubleSided && !(det > 0) { return }

        let opacity = Int(saturating: (layer.opacity.clamped(0, 1) * 255).rounded())
        let hasShadow = layer.shadowOpacity > 0 && layer.shadowColor.a > 0 && !layer.masksToBounds
        let hasBackground = (layer.backgroundColor?.a ?? 0) > 0 && !layer.bounds.isEmpty
        let hasGradient = (layer.gradient?.colors.isEmpty == false) && !layer.bounds.isEmpty
        let hasBorder = layer.borderWidth > 0 && layer.borderColor.a > 0 && !layer.bounds.isEmpty
        let shape = layer.shape.flatMap { $0.commands.isEmpty ? nil : $0 }
        let shapeDraws = shape.map { ($0.fillColor.map { $0.a > 0 } == true ? 1 : 0) + ($0.strokeColor.map { $0.a > 0 } == true && $0.lineWidth > 0 ? 1 : 0) } ?? 0
        let hasImage = layer.image.map { resources.images[$0.path] != nil } ?? false
        let hasText = layer.text.map { !$0.string.isEmpty && $0.color.a > 0 } ?? false
        let drawCount = (hasBackground ? 1 : 0) + (hasGradient ? 1 : 0) + (hasBorder ? 1 : 0) + shapeDraws + layer.sublayers.count
            + (hasImage ? 1 : 0) + (hasText ? 1 : 0)
        guard drawCount > 0 else { return }
        // masksToBounds on an unrounded rectangle that lands on whole pixels clips exactly by
        // limiting every fill to that rectangle: no mask and no offscreen group are needed.
        let alignedClip = layer.masksToBounds && layer.cornerRadius == 0
            ? Compositor.pixelAlignedRect(layer.bounds, deviceFromLayer) : nil
        let clips = layer.masksToBounds && alignedClip == nil
        let innerClip = alignedClip.map { clipRect.intersection($0) } ?? clipRect
        if innerClip.isEmpty { return }
        let group = hasShadow || (clips && !layer.sublayers.isEmpty)
            || (opacity < 255 && layer.allowsGroupOpacity && drawCount > 1)

        let centre = Point(layer.bounds.x + layer.bounds.width / 2, layer.bounds.y + layer.bounds.height / 2)
        let pxPerPt = Projection.pixelsPerPoint(deviceFromLayer, at: centre)
        let segments = Projection.segments(forRadius: layer.cornerRadius * pxPerPt)
        let outline = Projection.roundedRect(layer.bounds, radius: layer.cornerRadius, segments: segments)
        let devicePath = Path(contours: [Projection.project(outline, deviceFromLayer)])

        var clipMask: Mask?
        if clips {
            let t0 = profile?.now()
            clipMask = coverage(devicePath, rule: .nonZero, clip: target.rect.intersection(innerClip))
            if let t0 { profile?.add(.raster, since: t0) }
            if clipMask == nil { return }
        }

        let tGroup = profile?.now()
        let groupRect = clipMask?.rect ?? target.rect.intersection(innerClip)
        // Memory: a shadowed group holds three planes of its area; time: it costs about nine fills
        // of it (measured: 36 against 4 ns a pixel).
        let groupArea = group ? groupRect.width * groupRect.height : 0
        let groupMemory = groupArea * (hasShadow ? 3 : 1)
        if group, let budget, !budget.spend(pixels: groupArea * (hasShadow ? 9 : 1)) || !budget.take(offscreen: groupMemory) { return }
        defer { if group { budget?.give(offscreen: groupMemory) } }
        var groupPixmap: Pixmap? = group ? Pixmap(rect: groupRect) : nil
        if let tGroup { profile?.add(.composite, since: tGroup) }
        let ownAlpha = group ? 255 : Pixmap.mul255(alpha, opacity)

        func paint(_ path: Path, _ p: Paint, _ rule: FillRule) {
            if let recorder {
                if groupPixmap == nil && clipMask == nil {
                    recorder.record(path, paint: p, rule: rule, alpha: ownAlpha, clip: target.rect.intersection(innerClip))
                } else {
                    recorder.skip()
                }
            }
            let t0 = profile?.now()
            defer { if let t0 { profile?.add(.raster, since: t0) } }
            // A path's coverage is zero outside its points' pixel bounds: what the frame's pixel
            // budget counts (before any shortcut, so every thread counts the same).
            let bounds = path.pixelBounds(within: target.rect.intersection(innerClip))
            if let budget, !budget.spend(pixels: bounds.width * bounds.height) { return }
            // A fill of the colour the target is known to have wherever it would land changes
            // nothing (see `Pixmap.Known`): no coverage is needed.
            if groupPixmap == nil, case .solid(let color) = p, target.unchanged(byFillOf: color, within: bounds) {
                return
            }
            // A solid rectangle on whole pixels covers exactly its pixels: fill them directly.
            if case .solid(let color) = p, let r = Compositor.wholePixelRect(path) {
                if groupPixmap != nil {
                    groupPixmap!.fill(rect: r.intersection(innerClip), color: color, alpha: ownAlpha)
                } else {
                    target.fill(rect: r.intersection(innerClip), color: color, alpha: ownAlpha, clip: clipMask)
                }
                return
            }
            if groupPixmap != nil {
                guard let m = coverage(path, rule: rule, clip: groupPixmap!.rect.intersection(innerClip)) else { return }
                groupPixmap!.fill(m, paint: p, alpha: ownAlpha)
            } else {
                guard let m = coverage(path, rule: rule, clip: target.rect.intersection(innerClip)) else { return }
                target.fill(m, paint: p, alpha: ownAlpha, clip: clipMask)
            }
        }

        if hasBackground, let bg = layer.backgroundColor {
            paint(devicePath, .solid(PremultipliedColor(straightR: bg.r, g: bg.g, b: bg.b, a: bg.a)), .nonZero)
        }
        if hasGradient, let g = layer.gradient, let layerFromDevice = homography.inverse {
            paint(devicePath, .linearGradient(gradientPaint(g, bounds: layer.bounds, layerFromDevice: layerFromDevice)), .nonZero)
        }
        if hasImage, let image = layer.image {
            drawImage(image, bounds: layer.bounds, deviceFromLayer: deviceFromLayer, homography: homography, paint: paint)
        }
        if hasText, let text = layer.text {
            drawText(text, bounds: layer.bounds, deviceFromLayer: deviceFromLayer, pxPerPt: pxPerPt, paint: paint)
        }
        if let shape, shapeDraws > 0 {
            drawShape(shape, deviceFromLayer: deviceFromLayer, pxPerPt: pxPerPt, paint: paint)
        }
        if !layer.sublayers.isEmpty {
            let childSpace = layer.sublayerPivoted.flattenedOutput * deviceFromLayer
            if groupPixmap != nil {
                drawSublayers(layer.sublayers, parentSpace: childSpace, sortSpace: layer.sublayerPivoted,
                              into: &groupPixmap!, alpha: 255, clipRect: innerClip)
            } else {
                drawSublayers(layer.sublayers, parentSpace: childSpace, sortSpace: layer.sublayerPivoted,
                              into: &target, alpha: ownAlpha, clipRect: innerClip)
            }
        }
        if hasBorder {
            let bw = min(layer.borderWidth, min(layer.bounds.width, layer.bounds.height) / 2)
            let inner = Rect(layer.bounds.x + bw, layer.bounds.y + bw, layer.bounds.width - 2 * bw, layer.bounds.height - 2 * bw)
            var contours = devicePath.contours
            if !inner.isEmpty {
                let innerShape = Projection.roundedRect(inner, radius: max(layer.cornerRadius - bw, 0), segments: segments)
                contours.append(Projection.project(innerShape, deviceFromLayer))
            }
            let c = layer.borderColor
            paint(Path(contours: contours), .solid(PremultipliedColor(straightR: c.r, g: c.g, b: c.b, a: c.a)), .evenOdd)
        }

        guard let groupPixmap else { return }
        let tComposite = profile?.now()
        defer { if let tComposite { profile?.add(.composite, since: tComposite) } }
        let groupAlpha = Pixmap.mul255(alpha, opacity)
        if hasShadow {
            drawShadow(of: layer, content: groupPixmap, deviceFromLayer: deviceFromLayer, centre: centre,
                       pxPerPt: pxPerPt, into: &target, alpha: groupAlpha, clipRect: clipRect)
        }
        target.composite(groupPixmap, alpha: groupAlpha, clip: clipMask)
    }

    /// `CAShapeLayer`: the fill, then the stroke, both in the layer's space, flattened to a
    /// quarter device pixel.
    func drawShape(_ shape: ShapeContent, deviceFromLayer: Transform3D, pxPerPt: Double,
                   paint: (Path, Paint, FillRule) -> Void) {
        let tolerance = 0.25 / max(pxPerPt, 1e-6)
        // Flattening stops at the frame's edge budget: a path of huge curves cannot take the memory.
        guard let subpaths = ShapeOutline.subpaths(shape.commands, tolerance: tolerance, maxPoints: budget?.limits.edgesPerFrame ?? .max) else {
            budget?.overEdges()
            return
        }
        if let fill = shape.fillColor, fill.a > 0 {
            let contours = subpaths.filter { $0.points.count >= 3 }.map { Projection.project($0.points, deviceFromLayer) }
            paint(Path(contours: contours), .solid(PremultipliedColor(straightR: fill.r, g: fill.g, b: fill.b, a: fill.a)),
                  shape.fillRule == .evenOdd ? .evenOdd : .nonZero)
        }
        if let stroke = shape.strokeColor, stroke.a > 0, shape.lineWidth > 0 {
            let radiusPx = shape.lineWidth / 2 * pxPerPt
            let stroker = Stroker(width: shape.lineWidth, cap: shape.lineCap, join: shape.lineJoin, miterLimit: shape.miterLimit,
                                  roundSegments: 4 * Projection.segments(forRadius: radiusPx))
            var contours: [[Point]] = []
            var points = 0
            let maxPoints = budget?.limits.edgesPerFrame ?? .max
            // A stroke has at most a join or cap of 4 x segments points plus a quad per point.
            let perPoint = 4 * Projection.segments(forRadius: radiusPx) + 12
            for sp in subpaths {
                let (estimate, overflow) = sp.points.count.multipliedReportingOverflow(by: perPoint)
                if overflow || estimate > maxPoints - points { budget?.overEdges(); return }
                for piece in stroker.stroke(sp.points, closed: sp.closed) {
                    points += piece.count
                    if points > maxPoints { budget?.overEdges(); return }
                    contours.append(Projection.project(piece, deviceFromLayer))
                }
            }
            paint(Path(contours: contours), .solid(PremultipliedColor(straightR: stroke.r, g: stroke.g, b: stroke.b, a: stroke.a)), .nonZero)
        }
    }

    /// The layer's shadow: its composited alpha, blurred with sigma = shadowRadius (points, so
    /// times the local pixels per point) and moved by shadowOffset in the layer's own space.
    func drawShadow(of layer: LayerModel, content: Pixmap, deviceFromLayer: Transform3D, centre: Point,
                    pxPerPt: Double, into target: inout Pixmap, alpha: Int, clipRect: PixelRect) {
        let area = content.dirty
        guard !area.isEmpty else { return }
        var alphaPlane = Mask(rect: area)
        for y in area.y0..<area.y1 {
            let s = ((y - content.rect.y0) * content.rect.width - content.rect.x0) * 4 + 3
            let d = (y - area.y0) * area.width - area.x0
            for x in area.x0..<area.x1 { alphaPlane.data[d + x] = content.data[s + 4 * x] }
        }
        let from = deviceFromLayer.apply(centre.x, centre.y)
        let to = deviceFromLayer.apply(centre.x + layer.shadowOffset.x, centre.y + layer.shadowOffset.y)
        var offset = Point(0, 0)
        if from.w > Projection.nearW && to.w > Projection.nearW { offset = to.projected - from.projected }
        let sigma = layer.shadowRadius * pxPerPt
        let blurred = Blur.blurred(alphaPlane, sigma: sigma, dx: offset.x, dy: offset.y)
        let c = layer.shadowColor
        let color = PremultipliedColor(straightR: c.r, g: c.g, b: c.b, a: c.a * layer.shadowOpacity)
        target.fill(blurred, paint: .solid(color), alpha: alpha, limit: clipRect)
    }

    func gradientPaint(_ g: Gradient, bounds: Rect, layerFromDevice: Homography) -> LinearGradientPaint {
        let n = g.colors.count
        let locations: [Double]
        if let l = g.locations, l.count == n { locations = l } else {
            locations = (0..<n).map { n > 1 ? Double($0) / Double(n - 1) : 0 }
        }
        let stops = zip(locations, g.colors).map { ($0, $1.r, $1.g, $1.b, $1.a) }
        let start = Point(bounds.x + g.startPoint.x * bounds.width, bounds.y + g.startPoint.y * bounds.height)
        let end = Point(bounds.x + g.endPoint.x * bounds.width, bounds.y + g.endPoint.y * bounds.height)
        return LinearGradientPaint(layerFromDevice: layerFromDevice, start: start, end: end, stops: stops)
    }
}

extension Transform3D {
    /// `diag(1, 1, 0, 1) · self`: flattens incoming points to z = 0 first.
    var flattenedInput: Transform3D {
        var t = self
        t.m31 = 0; t.m32 = 0; t.m33 = 0; t.m34 = 0
        return t
    }
    /// `self · diag(1, 1, 0, 1)`: flattens the result into the plane z = 0.
    var flattenedOutput: Transform3D { flattened }
}
