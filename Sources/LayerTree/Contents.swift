import Geometry

/// `CAGradientLayer`'s axial gradient.
public struct Gradient: Equatable, Sendable {
    public var colors: [Color]
    public var locations: [Double]?
    public var startPoint: Point
    public var endPoint: Point
    public init(colors: [Color], locations: [Double]? = nil, startPoint: Point = Point(0.5, 0), endPoint: Point = Point(0.5, 1)) {
        self.colors = colors; self.locations = locations; self.startPoint = startPoint; self.endPoint = endPoint
    }
}

/// `CALayer.contentsGravity`. As in Core Animation, "top" means maximum y and "bottom" minimum
/// y, so on iOS's y-down layers `top` pins the image to the visual bottom (reference 2.9).
public enum ContentsGravity: String, Sendable, CaseIterable {
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
    case resize, resizeAspect, resizeAspectFill
}

public enum FontWeight: String, Sendable, CaseIterable { case regular, medium, semibold, bold }

/// Which font file a text layer uses.
public enum FontSource: Hashable, Sendable {
    case system(FontWeight)
    case file(path: String, written: String)
}

public enum TextAlignment: String, Sendable { case left, center, right, natural }
public enum Truncation: String, Sendable { case tail, head, middle, clip }

/// Where the lines sit in the bounds: centred as a `UILabel` does, or from the top as a
/// `CATextLayer` does.
public enum TextVerticalAlignment: String, Sendable, CaseIterable { case center, top }

/// One step of a path, in the layer's coordinates (arcs are already cubics).
public enum PathCommand: Equatable, Sendable {
    case move(Point)
    case line(Point)
    case quad(Point, Point)
    case cubic(Point, Point, Point)
    case close
}

/// A path as SVG path data and its commands (`shadowPath`): the text is what a scene wrote and
/// writes back, the commands what is drawn.
public struct SVGPath: Equatable, Sendable {
    public var source: String
    public var commands: [PathCommand]
    public init(source: String, commands: [PathCommand]) { self.source = source; self.commands = commands }
}

/// How a shape's fill treats overlapping contours (`CAShapeLayer.fillRule`).
public enum ShapeFillRule: String, Sendable { case nonZero, evenOdd }

/// `CAShapeLayer`'s content.
public struct ShapeContent: Equatable, Sendable {
    public var commands: [PathCommand]
    public var fillColor: Color?
    public var strokeColor: Color?
    public var lineWidth: Double
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    public var miterLimit: Double
    public var fillRule: ShapeFillRule
    /// Where the stroke starts and ends along the path, as fractions of its whole length (all
    /// subpaths in order): `strokeStart`, `strokeEnd`. Nothing is stroked when end <= start.
    public var strokeStart = 0.0
    public var strokeEnd = 1.0
    /// `lineDashPattern`: lengths (points) of dashes and gaps, repeated along each subpath; none
    /// or empty strokes solid.
    public var lineDashPattern: [Double]?
    /// `lineDashPhase`: how far into the pattern each subpath begins (points).
    public var lineDashPhase = 0.0

    public init(commands: [PathCommand], fillColor: Color?, strokeColor: Color?, lineWidth: Double, lineCap: LineCap,
                lineJoin: LineJoin, miterLimit: Double, fillRule: ShapeFillRule) {
        self.commands = commands; self.fillColor = fillColor; self.strokeColor = strokeColor; self.lineWidth = lineWidth
        self.lineCap = lineCap; self.lineJoin = lineJoin; self.miterLimit = miterLimit; self.fillRule = fillRule
    }

    /// A path with `CAShapeLayer`'s defaults: opaque black fill, no stroke, width 1, butt caps,
    /// miter joins, miter limit 10, nonzero fill.
    public init(commands: [PathCommand]) {
        self.init(commands: commands, fillColor: .black, strokeColor: nil, lineWidth: 1, lineCap: .butt, lineJoin: .miter,
                  miterLimit: 10, fillRule: .nonZero)
    }
}
