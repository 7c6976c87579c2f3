import Geometry

/// A straight-alpha sRGB colour as the scene gives it (0...1 channels; 0...1 alpha). The
/// executor premultiplies and rounds it to 8 bits, the same way for every command.
public struct DrawColor: Equatable, Sendable {
    public var r, g, b, a: Double
    public init(r: Double, g: Double, b: Double, a: Double) { self.r = r; self.g = g; self.b = b; self.a = a }
}

/// An axial gradient on a layer's plane, seen through the plane's homography (CAGradientLayer).
public struct GradientSpec: Sendable {
    /// Device point (X, Y, 1) to layer point.
    public var layerFromDevice: Homography
    /// Start and end in layer points.
    public var start: Point
    public var end: Point
    /// (location, straight r, g, b, a), sorted by location.
    public var stops: [(Double, Double, Double, Double, Double)]
    public init(layerFromDevice: Homography, start: Point, end: Point, stops: [(Double, Double, Double, Double, Double)]) {
        self.layerFromDevice = layerFromDevice; self.start = start; self.end = end; self.stops = stops
    }
}

/// An image placed at `rect` (layer points) on a layer's plane, seen through the homography.
public struct ImageSpec: Sendable {
    /// The image's key in the executor's image table (its resolved file path).
    public var image: String
    public var layerFromDevice: Homography
    public var rect: Rect
    /// A nine-part image (`contentsCenter`): nil stretches the whole image over `rect`.
    public var slices: ImageSlices?
    public init(image: String, layerFromDevice: Homography, rect: Rect, slices: ImageSlices? = nil) {
        self.image = image; self.layerFromDevice = layerFromDevice; self.rect = rect; self.slices = slices
    }
}

/// A nine-part image (Core Animation's `contentsCenter`): the centre stretches both ways, the
/// edges one way and the corners not at all. Along each axis, a texel coordinate as the image
/// would be stretched evenly over its rectangle (`ImageSpec.rect`) is mapped piecewise-linearly:
/// the caps from `edge0` to `lo` and from `hi` to `edge1` take the image's caps at their own
/// size, the centre from `lo` to `hi` takes the image's centre from `to0` to `to1`.
public struct ImageSlices: Equatable, Sendable {
    /// One axis's map, in texels of the image (level 0).
    public struct Axis: Equatable, Sendable {
        /// The shown part's edges (the same in both spaces) and the stretched centre's ends.
        public var edge0, lo, hi, edge1: Double
        /// The image's centre's ends.
        public var to0, to1: Double
        public init(edge0: Double, lo: Double, hi: Double, edge1: Double, to0: Double, to1: Double) {
            self.edge0 = edge0; self.lo = lo; self.hi = hi; self.edge1 = edge1; self.to0 = to0; self.to1 = to1
        }

        /// The image's texel coordinate for an evenly stretched one.
        @inline(__always) public func map(_ u: Double) -> Double {
            if u < lo { return lo > edge0 ? edge0 + (u - edge0) * ((to0 - edge0) / (lo - edge0)) : u - lo + to0 }
            if u > hi { return edge1 > hi ? edge1 - (edge1 - u) * ((edge1 - to1) / (edge1 - hi)) : u - hi + to1 }
            return hi > lo ? to0 + (u - lo) * ((to1 - to0) / (hi - lo)) : to0
        }
    }
    public var x: Axis
    public var y: Axis
    public init(x: Axis, y: Axis) { self.x = x; self.y = y }
}

/// What fills the covered pixels.
public enum PaintSpec: Sendable {
    case solid(DrawColor)
    case linearGradient(GradientSpec)
    case image(ImageSpec)
}

/// Fill a path (device pixels) with a paint, scaled by `alpha` (0...255) and limited to the
/// pixel rectangle `clip`.
public struct FillCommand: Sendable {
    /// The layer that draws it: its place in the frame's walk (0, 1, ...), the same number as
    /// its scope's, if it has one.
    public var layer: Int
    public var path: Path
    public var paint: PaintSpec
    public var rule: FillRule
    public var alpha: Int
    public var clip: PixelRect
    /// The layer's bounds in device pixels, when its edges are drawn aliased
    /// (`allowsEdgeAntialiasing` false): where the path runs along them, a pixel is covered
    /// when its centre is inside and not at all otherwise; elsewhere coverage is exact.
    public var aliasedEdges: [Point]?
    public init(layer: Int, path: Path, paint: PaintSpec, rule: FillRule, alpha: Int, clip: PixelRect, aliasedEdges: [Point]? = nil) {
        self.layer = layer; self.path = path; self.paint = paint; self.rule = rule; self.alpha = alpha; self.clip = clip
        self.aliasedEdges = aliasedEdges
    }
}

/// A layer's shadow: the group's alpha blurred (Gaussian, `sigma` device pixels), moved by
/// `offset`, in `color`, drawn under the group and limited to `clip`.
public struct ShadowSpec: Sendable {
    public var color: DrawColor
    public var sigma: Double
    public var offset: Point
    public var clip: PixelRect
    public init(color: DrawColor, sigma: Double, offset: Point, clip: PixelRect) {
        self.color = color; self.sigma = sigma; self.offset = offset; self.clip = clip
    }
}

/// A shadow from a path (`shadowPath`): the path's coverage (nonzero, device pixels) blurred,
/// moved and filled in the shadow's colour at `alpha`, straight into the current target (no
/// offscreen group: Core Animation's fast path).
public struct ShadowFillCommand: Sendable {
    public var layer: Int
    public var path: Path
    public var shadow: ShadowSpec
    public var alpha: Int
    public init(layer: Int, path: Path, shadow: ShadowSpec, alpha: Int) {
        self.layer = layer; self.path = path; self.shadow = shadow; self.alpha = alpha
    }
}

/// What a layer with a backdrop (`backdropBlur`) shows through itself: the pixels already drawn
/// under `path` (device pixels, nonzero) blurred (Gaussian, `sigma` device pixels; near the
/// target's edges each pixel is the mean of the pixels there are, as if the edge were extended)
/// and drawn back through the path's coverage at `alpha` (0...255), within `clip`. Drawn before
/// the layer's own fills, so its background tints the blur.
///
/// A layer with a `mask` has its backdrop drawn inside the masked group (so the mask cuts it as
/// it cuts the layer's fills), reading the pixels under that group (`behind`): the group itself
/// starts with nothing to blur. A layer whose edges are drawn aliased cuts its backdrop with
/// the same stepped edges (`aliasedEdges`, as a fill's).
public struct BackdropCommand: Sendable {
    public var layer: Int
    public var path: Path
    public var sigma: Double
    public var alpha: Int
    public var clip: PixelRect
    public var aliasedEdges: [Point]?
    public var behind: Bool
    public init(layer: Int, path: Path, sigma: Double, alpha: Int, clip: PixelRect, aliasedEdges: [Point]? = nil, behind: Bool = false) {
        self.layer = layer; self.path = path; self.sigma = sigma; self.alpha = alpha; self.clip = clip
        self.aliasedEdges = aliasedEdges; self.behind = behind
    }
}

/// Drawn offscreen, then composited at `alpha` (0...255), after its shadow if any. A `masked`
/// group (`CALayer.mask`) is followed, after its content, by a `.mask` command and the mask's
/// commands: the group is composited through the alpha of what those draw.
public struct GroupSpec: Sendable {
    public var alpha: Int
    public var shadow: ShadowSpec?
    public var masked = false
    /// How many pixels of memory a pixel of the group takes while drawn (3 with a shadow: the
    /// group, its alpha plane and the blur), and what a pixel costs against the frame's pixel
    /// budget when the group opens: the budgets count them. A masked group takes 3 of each (the
    /// group, the mask and the mask's alpha plane, drawn over the group's area). Any other group
    /// costs nothing when it opens (its memory is a worker's kept pixmap, cleared where it was
    /// drawn): it pays a pixel of what was drawn in it when it is composited, and a shadow's blur
    /// 9 a pixel of that grown by the blur's reach (a tiny layer's shadow in a group as large as
    /// the frame blurs and composites the tiny layer's pixels).
    public var planes: Int { shadow == nil && !masked ? 1 : 3 }
    public var cost: Int { masked ? 3 : 0 }
    public init(alpha: Int, shadow: ShadowSpec?, masked: Bool = false) { self.alpha = alpha; self.shadow = shadow; self.masked = masked }
}

/// A layer whose content is clipped (masksToBounds on a shape that is not a whole-pixel
/// rectangle: `clipPath`, non-zero) or drawn offscreen (`group`), or both. What it draws lies in
/// `clip`.
public struct ScopeCommand: Sendable {
    /// The layer whose scope it is (see `FillCommand.layer`).
    public var layer: Int
    public var clipPath: Path?
    public var clip: PixelRect
    public var group: GroupSpec?
    /// The clip's layer bounds when its edges are aliased (see `FillCommand.aliasedEdges`).
    public var clipEdges: [Point]?
    public init(layer: Int, clipPath: Path?, clip: PixelRect, group: GroupSpec?, clipEdges: [Point]? = nil) {
        self.layer = layer; self.clipPath = clipPath; self.clip = clip; self.group = group; self.clipEdges = clipEdges
    }
}

/// Why compositing stopped a frame: a budget it checks itself (a shape whose outline alone is
/// over the frame's edges).
public enum StopReason: String, Sendable {
    case edges
}

/// One step of a frame, in device pixels.
public enum DrawCommand: Sendable {
    case fill(FillCommand)
    case shadow(ShadowFillCommand)
    /// A layer's backdrop: what is drawn under it, blurred.
    case backdrop(BackdropCommand)
    /// Starts a clipped or grouped scope; every `begin` has its `end`.
    case begin(ScopeCommand)
    /// In a masked group: what follows, up to its `end`, draws the mask.
    case mask
    case end
    /// The frame goes over a budget here: nothing after it is drawn.
    case stop(StopReason)
}

/// Where commands go as the compositor writes them: a `DrawList` (to print, test or keep), or
/// the executor drawing each one as it comes (a render: the paths are rasterized while they
/// are still in the processor's caches).
public protocol DrawSink {
    mutating func add(_ command: DrawCommand)
}

/// What a frame draws: the compositor's output and the executor's input.
public struct DrawList: Sendable {
    public var width: Int
    public var height: Int
    public var background: DrawColor
    public var commands: [DrawCommand]
    public init(width: Int, height: Int, background: DrawColor, commands: [DrawCommand] = []) {
        self.width = width; self.height = height; self.background = background; self.commands = commands
    }

    public var deviceRect: PixelRect { PixelRect(x0: 0, y0: 0, x1: width, y1: height) }
}

extension DrawList: DrawSink {
    public mutating func add(_ command: DrawCommand) { commands.append(command) }
}
