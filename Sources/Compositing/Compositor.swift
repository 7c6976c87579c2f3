import Geometry
import DrawList
import LayerTree

/// Turns a presentation layer tree into a frame's draw list in device pixels, composing layers
/// as Core Animation does (reference section 2.11): each layer draws shadow, background,
/// gradient, contents, sublayers (sorted, flattened into its plane) and border; group opacity,
/// shadows and masksToBounds become scopes (an offscreen group, a clip). It decides what is
/// drawn, never how: pixels, caches, shortcuts and profiling belong to Raster's `DrawExecutor`.
public struct Compositor: Sendable {
    public let pixelWidth: Int
    public let pixelHeight: Int
    public let scale: Double
    public let resources: Resources
    /// Text layouts kept between frames (one per rendering thread); nil lays out anew.
    let layoutCache: TextLayoutCache?
    /// The most points a shape's outline may have in a frame (the edge budget); past it the
    /// list ends with `stop(.edges)`.
    public let maxShapePoints: Int

    /// A frame of `pixelWidth` x `pixelHeight` device pixels, `scale` pixels per point.
    public init(pixelWidth: Int, pixelHeight: Int, scale: Double, resources: Resources = Resources(),
                cachesLayouts: Bool = false, maxShapePoints: Int = .max) {
        layoutCache = cachesLayouts ? TextLayoutCache() : nil
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.scale = scale
        self.resources = resources
        self.maxShapePoints = maxShapePoints
    }

    /// Whether every layer's edges are antialiased (the canvas's `edgeAntialiasing`, iOS's
    /// `UIViewEdgeAntialiasing`); otherwise only those of layers that allow it.
    public var edgeAntialiasing = false

    public var deviceRect: PixelRect { PixelRect(x0: 0, y0: 0, x1: pixelWidth, y1: pixelHeight) }

    /// What a frame draws: the background, then the layers back to front.
    public func drawList(layers: [PresentationLayer], background: Color) -> DrawList {
        var list = DrawList(width: pixelWidth, height: pixelHeight, background: Compositor.color(background))
        emit(layers: layers, into: &list)
        return list
    }

    /// The frame's commands, written to `sink` as the tree is walked (the background is the
    /// sink's: see `drawList`, or `DrawExecutor.begin`).
    public func emit<S: DrawSink>(layers: [PresentationLayer], into sink: inout S) {
        layoutCache?.beginFrame()
        var list = Commands(sink: sink)
        // The canvas is the root plane: top-level layers are flattened into it, then scaled to pixels.
        let deviceFromRoot = Transform3D.scale(scale, scale, 1).flattenedInput
        _ = drawSublayers(layers, parentSpace: deviceFromRoot, sortSpace: .identity, into: &list, alpha: 255, clipRect: deviceRect)
        sink = list.sink
    }

    /// A scene colour as draw lists carry it.
    public static func drawColor(_ c: Color) -> DrawColor { color(c) }

    /// The sink being written, and the number of the next layer that draws.
    struct Commands<S: DrawSink> {
        var sink: S
        var nextLayer = 0
        mutating func append(_ c: DrawCommand) { sink.add(c) }
    }

    static func color(_ c: Color, opacity: Double = 1) -> DrawColor { DrawColor(r: c.r, g: c.g, b: c.b, a: c.a * opacity) }

    /// Sublayers back to front: by depth in the parent's space (zPosition for flat layers),
    /// then array order, so 3D-transformed siblings are painter-sorted. False when the frame
    /// stopped (a budget).
    func drawSublayers<S>(_ layers: [PresentationLayer], parentSpace: Transform3D, sortSpace: Transform3D,
                          into list: inout Commands<S>, alpha: Int, clipRect: PixelRect) -> Bool {
        let layers = Compositor.liftingTransformLayers(layers)
        let keyed = layers.enumerated().map { (i, l) -> (Double, Int) in
            let c = Point(l.bounds.x + l.bounds.width / 2, l.bounds.y + l.bounds.height / 2)
            let p = (l.superFromLayer * sortSpace).apply(c.x, c.y)
            let depth = p.w > 0 ? p.z / p.w : -Double.greatestFiniteMagnitude
            return (depth, i)
        }
        let order = keyed.sorted { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }.map { $0.1 }
        for i in order {
            guard draw(layers[i], parentSpace: parentSpace, into: &list, alpha: alpha, clipRect: clipRect) else { return false }
        }
        return true
    }

    /// One layer's commands. False when the frame stopped (a budget).
    ///
    /// masksToBounds clips the layer's content to its outline; with sublayers the clip applies
    /// to them together, through an offscreen group at full alpha (the layer's opacity still
    /// reaches each sublayer as it would without the clip). Whether a clip that lands on whole
    /// pixels needs a mask or that group is the executor's to decide (`Shortcut.pixelClip`).
    /// Group opacity and a shadow make a group with the alpha. The layer's own fills
    /// (background, gradient, image, border) and its clip meet its edges and carry them when
    /// they are aliased; text and paths are contents inside them.
    func draw<S>(_ layer: PresentationLayer, parentSpace: Transform3D, into list: inout Commands<S>, alpha: Int, clipRect: PixelRect) -> Bool {
        guard let plan = LayerPlan(layer, images: resources.imageSizes) else { return true }
        let deviceFromLayer = layer.superFromLayer * parentSpace
        let homography = deviceFromLayer.planeHomography
        let det = homography.determinant
        guard det.isFinite else { return true }
        if !layer.doubleSided && !(det > 0) { return true }
        if clipRect.isEmpty { return true }
        let clips = layer.masksToBounds
        let group = plan.opacityGroup || (clips && !layer.sublayers.isEmpty)
        let o = Outline(layer, deviceFromLayer)
        let (centre, pxPerPt, segments, devicePath) = (o.centre, o.pxPerPt, o.segments, o.path)
        let edges = layer.allowsEdgeAntialiasing || edgeAntialiasing ? nil : Compositor.aliasedEdges(layer.bounds, deviceFromLayer)

        let groupAlpha = Alpha.mul255(alpha, plan.opacity)
        let scoped = clips || group
        let id = list.nextLayer
        list.nextLayer += 1
        // `mask`: the layer, shadow and sublayers included, is drawn into a group composited
        // through the alpha the mask layer draws (in this layer's space, as a sublayer).
        let mask = layer.mask
        let maskSpace = Transform3D.identity.flattenedOutput * deviceFromLayer
        // The backdrop, at the layer's opacity, before its scope (a group starts with nothing to
        // blur); with a mask, inside the masked group, read from under it.
        let backdrop = plan.hasBackdrop ? [DrawCommand.backdrop(BackdropCommand(layer: id, path: devicePath, sigma: layer.backdropBlur * pxPerPt,
                                                                                alpha: groupAlpha, clip: clipRect, aliasedEdges: edges, behind: mask != nil))] : []
        if let mask { list.append(.begin(Compositor.maskScope(mask, parentSpace: maskSpace, clipRect: clipRect, layer: id))) }
        backdrop.forEach { list.append($0) }
        if scoped {
            let shadow = plan.hasShadow && !plan.shadowFromPath ? shadowSpec(of: layer, deviceFromLayer: deviceFromLayer, centre: centre, pxPerPt: pxPerPt, clipRect: clipRect) : nil
            let spec = group ? GroupSpec(alpha: plan.opacityGroup ? groupAlpha : 255, shadow: shadow) : nil
            list.append(.begin(ScopeCommand(layer: id, clipPath: clips ? devicePath : nil, clip: clipRect, group: spec, clipEdges: clips ? edges : nil)))
        }
        let ownAlpha = plan.opacityGroup ? 255 : groupAlpha
        func paint(_ path: Path, _ p: PaintSpec, _ rule: FillRule, edges own: [Point]? = nil) {
            list.append(.fill(FillCommand(layer: id, path: path, paint: p, rule: rule, alpha: ownAlpha, clip: clipRect, aliasedEdges: own)))
        }

        // `shadowPath`: the shadow of that shape, under everything the layer draws.
        if plan.shadowFromPath, let shadowPath = layer.shadowPath {
            let spec = shadowSpec(of: layer, deviceFromLayer: deviceFromLayer, centre: centre, pxPerPt: pxPerPt, clipRect: clipRect)
            guard let path = filledOutline(shadowPath.commands, deviceFromLayer: deviceFromLayer, pxPerPt: pxPerPt) else { return stop(&list) }
            list.append(.shadow(ShadowFillCommand(layer: id, path: path, shadow: spec, alpha: ownAlpha)))
        }
        if plan.hasBackground, let bg = layer.backgroundColor {
            paint(devicePath, .solid(Compositor.color(bg)), .nonZero, edges: edges)
        }
        if plan.hasGradient, let g = layer.gradient, let layerFromDevice = homography.inverse {
            paint(devicePath, .linearGradient(gradientSpec(g, bounds: layer.bounds, layerFromDevice: layerFromDevice)), .nonZero, edges: edges)
        }
        if plan.hasImage, let image = layer.image {
            // The image's own quad is aliased (the layer's bounds when it fills them).
            drawImage(image, bounds: layer.bounds, deviceFromLayer: deviceFromLayer, homography: homography) { path, spec, rule, rect in
                paint(path, spec, rule, edges: edges == nil ? nil : Compositor.aliasedEdges(rect, deviceFromLayer))
            }
        }
        if plan.hasText, let text = layer.text {
            drawText(text, bounds: layer.bounds, deviceFromLayer: deviceFromLayer, homography: homography, pxPerPt: pxPerPt, clip: { begin in
                if !clips { list.append(begin ? .begin(ScopeCommand(layer: id, clipPath: devicePath, clip: clipRect, group: nil, clipEdges: edges)) : .end) } }) { paint($0, $1, $2) }
        }
        if let shape = plan.shape, plan.shapeDraws > 0 {
            guard drawShape(shape, deviceFromLayer: deviceFromLayer, pxPerPt: pxPerPt, paint: { paint($0, $1, $2) }) else { return stop(&list) }
        }
        if !layer.sublayers.isEmpty {
            let childSpace = layer.sublayerPivoted.flattenedOutput * deviceFromLayer
            guard drawSublayers(layer.sublayers, parentSpace: childSpace, sortSpace: layer.sublayerPivoted,
                                into: &list, alpha: ownAlpha, clipRect: clipRect) else { return false }
        }
        if plan.hasBorder {
            paint(Compositor.border(of: layer, outline: devicePath, segments: segments, deviceFromLayer: deviceFromLayer, pxPerPt: pxPerPt),
                  .solid(Compositor.color(layer.borderColor)), .evenOdd, edges: edges)
        }
        if scoped { list.append(.end) }
        if let mask {
            list.append(.mask)
            guard draw(mask, parentSpace: maskSpace, into: &list, alpha: 255, clipRect: clipRect) else { return false }
            list.append(.end)
        }
        return true
    }

    /// A layer's outline in device pixels, with the scale and corner segments it was made at.
    struct Outline {
        var centre: Point, pxPerPt: Double, segments: Int, path: Path
        init(_ layer: PresentationLayer, _ deviceFromLayer: Transform3D) {
            centre = Point(layer.bounds.x + layer.bounds.width / 2, layer.bounds.y + layer.bounds.height / 2)
            pxPerPt = Projection.pixelsPerPoint(deviceFromLayer, at: centre)
            segments = Projection.segments(forRadius: layer.cornerRadius * pxPerPt)
            let outline = Projection.roundedRect(layer.bounds, radius: layer.cornerRadius, segments: segments, corners: layer.maskedCorners,
                                                 curve: layer.cornerCurve, pxPerPt: pxPerPt)
            path = Path(contours: [Projection.project(outline, deviceFromLayer)])
        }
    }

    /// A layer's bounds in device pixels, for its edges to be drawn aliased; nil when they land
    /// on whole pixels along the axes, where aliased and exact coverage are the same.
    static func aliasedEdges(_ b: Rect, _ deviceFromLayer: Transform3D) -> [Point]? {
        let quad = Projection.project([Point(b.minX, b.minY), Point(b.maxX, b.minY), Point(b.maxX, b.maxY), Point(b.minX, b.maxY)],
                                      deviceFromLayer)
        if quad.count == 4 {
            let whole = quad.allSatisfy { $0.x == $0.x.rounded() && $0.y == $0.y.rounded() }
            let axes = (quad[0].y == quad[1].y && quad[1].x == quad[2].x && quad[2].y == quad[3].y && quad[3].x == quad[0].x)
                || (quad[0].x == quad[1].x && quad[1].y == quad[2].y && quad[2].x == quad[3].x && quad[3].y == quad[0].y)
            if whole && axes { return nil }
        }
        return quad
    }

    /// Ends the frame's list at the edge budget; false, for the caller to return.
    func stop<S>(_ list: inout Commands<S>) -> Bool {
        list.append(.stop(.edges))
        return false
    }

    /// The masked group a layer with a mask draws into, bounded by what the mask can draw.
    static func maskScope(_ mask: PresentationLayer, parentSpace: Transform3D, clipRect: PixelRect, layer id: Int) -> ScopeCommand {
        let within = maskExtent(mask, parentSpace: parentSpace, clipRect: clipRect) ?? clipRect
        return ScopeCommand(layer: id, clipPath: nil, clip: within, group: GroupSpec(alpha: 255, shadow: nil, masked: true))
    }

    /// The device pixels a mask layer can draw, when its own geometry says (no sublayers,
    /// shadow, text or image): its bounds, with its path's points and the stroke around them.
    /// Outside it the mask is clear, so the masked group need not reach further. Nil: unknown.
    static func maskExtent(_ mask: PresentationLayer, parentSpace: Transform3D, clipRect: PixelRect) -> PixelRect? {
        guard mask.sublayers.isEmpty, mask.maskLayers.isEmpty, mask.text == nil, mask.image == nil, !mask.transformLayer,
              !(mask.shadowOpacity > 0) else { return nil }
        var r = mask.bounds
        if let shape = mask.shape, !mask.masksToBounds {
            for c in shape.commands {
                switch c {
                case .move(let p), .line(let p): r = r.including(p)
                case let .quad(a, p): r = r.including(a).including(p)
                case let .cubic(a, b, p): r = r.including(a).including(b).including(p)
                case .close: break
                }
            }
            if shape.strokeColor != nil {
                // A miter reaches at most miterLimit x half the width from its point.
                let m = shape.lineWidth / 2 * max(shape.miterLimit, 1.5)
                r = Rect(r.x - m, r.y - m, r.width + 2 * m, r.height + 2 * m)
            }
        }
        guard r.x.isFinite, r.y.isFinite, r.width.isFinite, r.height.isFinite else { return nil }
        let corners = [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.maxX, r.maxY), Point(r.minX, r.maxY)]
        let device = Projection.project(corners, mask.superFromLayer * parentSpace)
        let px = Path(contours: [device]).pixelBounds(within: clipRect)
        // A pixel of margin: coverage reaches the pixel a point lies on.
        return PixelRect(x0: px.x0 - 1, y0: px.y0 - 1, x1: px.x1 + 1, y1: px.y1 + 1).intersection(clipRect)
    }

    /// The border: the outline and, inside it by borderWidth (at most half the shorter side), the
    /// inner edge with the radius less the width, filled even-odd.
    static func border(of layer: PresentationLayer, outline: Path, segments: Int, deviceFromLayer: Transform3D, pxPerPt: Double) -> Path {
        let bw = min(layer.borderWidth, min(layer.bounds.width, layer.bounds.height) / 2)
        let inner = Rect(layer.bounds.x + bw, layer.bounds.y + bw, layer.bounds.width - 2 * bw, layer.bounds.height - 2 * bw)
        var contours = outline.contours
        if !inner.isEmpty {
            let innerShape = Projection.roundedRect(inner, radius: max(layer.cornerRadius - bw, 0), segments: segments,
                                                    corners: layer.maskedCorners, curve: layer.cornerCurve, pxPerPt: pxPerPt)
            contours.append(Projection.project(innerShape, deviceFromLayer))
        }
        return Path(contours: contours)
    }

    /// Path commands filled (each subpath closed) in device pixels, flattened to a quarter
    /// device pixel; nil past the frame's edge budget.
    func filledOutline(_ commands: [PathCommand], deviceFromLayer: Transform3D, pxPerPt: Double) -> Path? {
        let tolerance = 0.25 / max(pxPerPt, 1e-6)
        guard let subpaths = ShapeOutline.subpaths(commands, tolerance: tolerance, maxPoints: maxShapePoints) else { return nil }
        return Path(contours: subpaths.filter { $0.points.count >= 3 }.map { Projection.project($0.points, deviceFromLayer) })
    }

    /// `CAShapeLayer`: the fill, then the stroke, both in the layer's space, flattened to a
    /// quarter device pixel.
    /// False when the outline would pass the frame's edge budget.
    func drawShape(_ shape: ShapeContent, deviceFromLayer: Transform3D, pxPerPt: Double,
                   paint: (Path, PaintSpec, FillRule) -> Void) -> Bool {
        let tolerance = 0.25 / max(pxPerPt, 1e-6)
        // Flattening stops at the frame's edge budget: a path of huge curves cannot take the memory.
        guard let subpaths = ShapeOutline.subpaths(shape.commands, tolerance: tolerance, maxPoints: maxShapePoints) else {
            return false
        }
        if let fill = shape.fillColor, fill.a > 0 {
            let contours = subpaths.filter { $0.points.count >= 3 }.map { Projection.project($0.points, deviceFromLayer) }
            paint(Path(contours: contours), .solid(Compositor.color(fill)), shape.fillRule == .evenOdd ? .evenOdd : .nonZero)
        }
        if let stroke = shape.strokeColor, stroke.a > 0, shape.lineWidth > 0 {
            // strokeStart, strokeEnd and the dash pattern cut the path before it is stroked.
            guard let pieces = StrokeTrim.pieces(subpaths, start: shape.strokeStart, end: shape.strokeEnd, dashes: shape.lineDashPattern,
                                                 phase: shape.lineDashPhase, maxPoints: maxShapePoints) else { return false }
            let radiusPx = shape.lineWidth / 2 * pxPerPt
            let stroker = Stroker(width: shape.lineWidth, cap: shape.lineCap, join: shape.lineJoin, miterLimit: shape.miterLimit,
                                  roundSegments: 4 * Projection.segments(forRadius: radiusPx))
            var contours: [[Point]] = []
            var points = 0
            let maxPoints = maxShapePoints
            // A stroke has at most a join or cap of 4 x segments points plus a quad per point.
            let perPoint = 4 * Projection.segments(forRadius: radiusPx) + 12
            for sp in pieces {
                let (estimate, overflow) = sp.points.count.multipliedReportingOverflow(by: perPoint)
                if overflow || estimate > maxPoints - points { return false }
                for piece in stroker.stroke(sp.points, closed: sp.closed) {
                    points += piece.count
                    if points > maxPoints { return false }
                    contours.append(Projection.project(piece, deviceFromLayer))
                }
            }
            paint(Path(contours: contours), .solid(Compositor.color(stroke)), .nonZero)
        }
        return true
    }

    /// The layer's shadow: its composited alpha, blurred with sigma = shadowRadius (points, so
    /// times the local pixels per point) and moved by shadowOffset in the layer's own space.
    func shadowSpec(of layer: PresentationLayer, deviceFromLayer: Transform3D, centre: Point, pxPerPt: Double, clipRect: PixelRect) -> ShadowSpec {
        let from = deviceFromLayer.apply(centre.x, centre.y)
        let to = deviceFromLayer.apply(centre.x + layer.shadowOffset.x, centre.y + layer.shadowOffset.y)
        var offset = Point(0, 0)
        if from.w > Projection.nearW && to.w > Projection.nearW { offset = to.projected - from.projected }
        return ShadowSpec(color: Compositor.color(layer.shadowColor, opacity: layer.shadowOpacity), sigma: layer.shadowRadius * pxPerPt,
                          offset: offset, clip: clipRect)
    }

    func gradientSpec(_ g: Gradient, bounds: Rect, layerFromDevice: Homography) -> GradientSpec {
        let n = g.colors.count
        let locations: [Double]
        if let l = g.locations, l.count == n { locations = l } else {
            locations = (0..<n).map { n > 1 ? Double($0) / Double(n - 1) : 0 }
        }
        let stops = zip(locations, g.colors).map { ($0, $1.r, $1.g, $1.b, $1.a) }
        let start = Point(bounds.x + g.startPoint.x * bounds.width, bounds.y + g.startPoint.y * bounds.height)
        let end = Point(bounds.x + g.endPoint.x * bounds.width, bounds.y + g.endPoint.y * bounds.height)
        return GradientSpec(layerFromDevice: layerFromDevice, start: start, end: end, stops: stops)
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
