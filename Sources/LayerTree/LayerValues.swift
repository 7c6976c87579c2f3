import Geometry

/// A layer's plain values: `CALayer`'s numbers, points, rectangles, colours and switches, with
/// Core Animation's defaults.
///
/// The scene's layer (`LayerModel`) and the presentation layer (``PresentationLayer``) both keep
/// one of these and read its fields as their own (`layer.cornerRadius`), so a plain property is
/// declared once for the scene, the simulation and compositing. How each is written in JSON,
/// checked, animated and named in Swift is SceneModel's property table (`LayerProperties`),
/// which a test holds to this struct.
public struct LayerValues: Equatable, Sendable {
    public var bounds = Rect.zero
    public var position = Point.zero
    public var anchorPoint = Point(0.5, 0.5)
    public var anchorPointZ = 0.0
    public var zPosition = 0.0
    public var opacity = 1.0
    public var hidden = false
    public var allowsGroupOpacity = true
    public var backgroundColor: Color?
    public var cornerRadius = 0.0
    /// Which corners `cornerRadius` rounds (`maskedCorners`; all four by default).
    public var maskedCorners = CornerMask.all
    /// The shape of the rounded corners (`cornerCurve`): quarter circles, or iOS's continuous curve.
    public var cornerCurve = CornerCurve.circular
    public var borderWidth = 0.0
    public var borderColor = Color.black
    public var masksToBounds = false
    public var doubleSided = true
    /// Whether the layer's own edges are antialiased (`allowsEdgeAntialiasing`; false by default,
    /// as on iOS, where they are drawn aliased while what is inside them stays smooth).
    public var allowsEdgeAntialiasing = false
    /// `CATransformLayer`: the sublayers keep their 3D places (not flattened into this layer's
    /// plane), and the layer draws nothing itself.
    public var transformLayer = false
    public var shadowColor = Color.black
    public var shadowOpacity = 0.0
    public var shadowOffset = Point(0, -3)
    public var shadowRadius = 3.0
    /// `shadowPath`: the shadow's shape in the layer's space, instead of what the layer draws.
    public var shadowPath: SVGPath?
    /// What shows through the layer is blurred (a Gaussian of this radius in points; 0: none):
    /// Core Animation's backdrop (`CABackdropLayer`, behind `UIVisualEffectView`'s blur), drawn
    /// under the layer's background, which then tints it.
    public var backdropBlur = 0.0

    public init() {}
}

/// `CACornerMask`: corners of the bounds by their minimum or maximum x and y. On iOS's y-down
/// layers minimum y is the top, so `minXMinY` is the top-left corner.
public struct CornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue & 15 }
    public static let minXMinY = CornerMask(rawValue: 1)
    public static let maxXMinY = CornerMask(rawValue: 2)
    public static let minXMaxY = CornerMask(rawValue: 4)
    public static let maxXMaxY = CornerMask(rawValue: 8)
    public static let all: CornerMask = [.minXMinY, .maxXMinY, .minXMaxY, .maxXMaxY]
    /// Core Animation's Swift names (`layerMinXMinYCorner` ...), in bit order.
    public static let names = ["layerMinXMinYCorner", "layerMaxXMinYCorner", "layerMinXMaxYCorner", "layerMaxXMaxYCorner"]
}

/// `CALayerCornerCurve`: how `cornerRadius` rounds a corner. `circular` is a quarter circle;
/// `continuous` is the curve iOS 7 introduced for `UIBezierPath(roundedRect:cornerRadius:)`
/// and iOS 13 made a layer property: it leaves the edge 1.528665 × the radius from the corner
/// and its curvature rises smoothly instead of jumping at the tangent point.
public enum CornerCurve: String, Sendable, CaseIterable {
    case circular, continuous

    /// The continuous corner as cubic pieces in a corner's own unit space: the corner at the
    /// origin, the incoming edge along `v = 0`, `u` the distance from the corner along it and `v`
    /// the distance in from it; the radius is 1. Three cubics joined by two short lines.
    ///
    /// `smooth` is the iOS shape measured from `UIBezierPath(roundedRect:cornerRadius:)` on a
    /// device (PaintCode, "Code for iOS 7 rounded rectangles", 2014; Mani, "Exploring iOS 7
    /// rounded corners", 2013), made symmetric about the diagonal: it leaves the edge at 1.52866
    /// (`CALayer.cornerCurveExpansionFactor(.continuous)`, 1.528665). `round` is the quarter
    /// circle cut at the same places, so the two blend point by point.
    public static let smoothCorner: [Point] = [
        Point(1.52866483, 0), Point(1.08849323, 0), Point(0.86840689, 0), Point(0.66993427, 0.06549600),
        Point(0.63149399, 0.07491100), Point(0.37282392, 0.16905899), Point(0.16905899, 0.37282392), Point(0.07491100, 0.63149399),
        Point(0.06549600, 0.66993427), Point(0, 0.86840689), Point(0, 1.08849323), Point(0, 1.52866483),
    ]
    public static let roundCorner: [Point] = [
        Point(1, 0), Point(0.88655351, 0), Point(0.77393413, 0.01930416), Point(0.66696385, 0.05708594),
        Point(0.62993390, 0.07099458), Point(0.37476589, 0.17263987), Point(0.17263987, 0.37476589), Point(0.07099458, 0.62993390),
        Point(0.05708594, 0.66696385), Point(0.01930416, 0.77393413), Point(0, 0.88655351), Point(0, 1),
    ]

    /// The four continuous corners of `rect` with radius `radius` (at most half the shorter
    /// side), clockwise on screen from the top right, each with its corner and the corner's point
    /// of the rectangle: twelve points in
    /// `rect`'s space, three cubics (`p0 c1 c2 p3`) joined by lines. Empty when the radius is 0.
    ///
    /// When half the shorter side is less than 1.52866 × the radius, each corner eases toward the
    /// circular one of the same radius until, at half the shorter side, it is a capsule: Figma's
    /// rule for its corner smoothing (Furse, "Desperately seeking squircles", 2018: with too little
    /// room the smoothing gives way first). How Core Animation shapes a continuous corner that
    /// short is unconfirmed.
    public static func continuousCorners(in r: Rect, radius: Double) -> [(corner: CornerMask, at: Point, points: [Point])] {
        let half = max(min(r.width, r.height) / 2, 0)
        let rad = min(max(radius, 0), half)
        guard rad > 0 else { return [] }
        let s = ((half - rad) / ((smoothCorner[0].x - 1) * rad)).clamped(0, 1)
        let unit = zip(smoothCorner, roundCorner).map { Point((s * $0.x + (1 - s) * $1.x) * rad, (s * $0.y + (1 - s) * $1.y) * rad) }
        // Each corner's point, the direction along its incoming edge away from it (u) and the
        // inward normal (v).
        let frames: [(CornerMask, o: Point, u: Point, v: Point)] = [
            (.maxXMinY, Point(r.maxX, r.minY), Point(-1, 0), Point(0, 1)), (.maxXMaxY, Point(r.maxX, r.maxY), Point(0, -1), Point(-1, 0)),
            (.minXMaxY, Point(r.minX, r.maxY), Point(1, 0), Point(0, -1)), (.minXMinY, Point(r.minX, r.minY), Point(0, 1), Point(1, 0)),
        ]
        return frames.map { c in
            (c.0, c.o, unit.map { Point(c.o.x + $0.x * c.u.x + $0.y * c.v.x, c.o.y + $0.x * c.u.y + $0.y * c.v.y) })
        }
    }
}
