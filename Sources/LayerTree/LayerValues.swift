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
    public var borderWidth = 0.0
    public var borderColor = Color.black
    public var masksToBounds = false
    public var doubleSided = true
    /// `CATransformLayer`: the sublayers keep their 3D places (not flattened into this layer's
    /// plane), and the layer draws nothing itself.
    public var transformLayer = false
    public var shadowColor = Color.black
    public var shadowOpacity = 0.0
    public var shadowOffset = Point(0, -3)
    public var shadowRadius = 3.0
    /// `shadowPath`: the shadow's shape in the layer's space, instead of what the layer draws.
    public var shadowPath: SVGPath?

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
