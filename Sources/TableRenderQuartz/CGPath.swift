import JSONText
import Foundation

/// A path for ``CAShapeLayer``: Core Graphics' path calls, kept as the scene format's SVG path
/// data (`M L C Q Z`, absolute).
open class CGPath {
    /// The path as SVG path data, as the scene writes it.
    public internal(set) var svgPathData = ""
    /// The point the path is at, for the ellipse and rectangle helpers.
    var current = CGPoint.zero

    /// An empty path.
    public init() {}

    /// A path of one rectangle.
    public convenience init(rect: CGRect) {
        self.init()
        appendRect(rect)
    }

    /// A path of the ellipse inscribed in `rect`.
    public convenience init(ellipseIn rect: CGRect) {
        self.init()
        appendEllipse(rect)
    }

    /// A mutable copy.
    public func mutableCopy() -> CGMutablePath? {
        let p = CGMutablePath()
        p.svgPathData = svgPathData
        p.current = current
        return p
    }

    func op(_ letter: String, _ points: [CGPoint]) {
        if !svgPathData.isEmpty { svgPathData += " " }
        svgPathData += letter + points.map { "\(JSONWriter.number(Double($0.x))) \(JSONWriter.number(Double($0.y)))" }.joined(separator: " ")
        if let last = points.last { current = last }
    }

    func appendRect(_ r: CGRect) {
        let r = r.standardized
        op("M", [CGPoint(x: r.minX, y: r.minY)])
        op("L", [CGPoint(x: r.maxX, y: r.minY)])
        op("L", [CGPoint(x: r.maxX, y: r.maxY)])
        op("L", [CGPoint(x: r.minX, y: r.maxY)])
        op("Z", [])
    }

    /// Core Graphics' four cubic Béziers (control points at 0.5523 of the radii).
    func appendEllipse(_ r: CGRect) {
        let r = r.standardized
        let k: CGFloat = 0.5522847498
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
        op("M", [CGPoint(x: cx + rx, y: cy)])
        op("C", [CGPoint(x: cx + rx, y: cy + k * ry), CGPoint(x: cx + k * rx, y: cy + ry), CGPoint(x: cx, y: cy + ry)])
        op("C", [CGPoint(x: cx - k * rx, y: cy + ry), CGPoint(x: cx - rx, y: cy + k * ry), CGPoint(x: cx - rx, y: cy)])
        op("C", [CGPoint(x: cx - rx, y: cy - k * ry), CGPoint(x: cx - k * rx, y: cy - ry), CGPoint(x: cx, y: cy - ry)])
        op("C", [CGPoint(x: cx + k * rx, y: cy - ry), CGPoint(x: cx + rx, y: cy - k * ry), CGPoint(x: cx + rx, y: cy)])
        op("Z", [])
    }
}

/// A path built call by call, as `CGMutablePath`.
open class CGMutablePath: CGPath {
    /// An empty path.
    public override init() { super.init() }

    /// Starts a new subpath at `p`.
    public func move(to p: CGPoint) { op("M", [p]) }
    /// A straight line to `p`.
    public func addLine(to p: CGPoint) { op("L", [p]) }
    /// Lines through `points`, starting a subpath at the first.
    public func addLines(between points: [CGPoint]) {
        for (i, p) in points.enumerated() { op(i == 0 ? "M" : "L", [p]) }
    }
    /// A cubic Bézier curve to `end`.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) { op("C", [control1, control2, end]) }
    /// A quadratic Bézier curve to `end`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint) { op("Q", [control, end]) }
    /// Closes the subpath with a line to its start.
    public func closeSubpath() { op("Z", []) }
    /// A closed rectangle.
    public func addRect(_ rect: CGRect) { appendRect(rect) }
    /// The ellipse inscribed in `rect` (four cubic Béziers, as Core Graphics).
    public func addEllipse(in rect: CGRect) { appendEllipse(rect) }
    /// A rectangle with elliptical corners, as Core Graphics draws it (a quarter ellipse per
    /// corner, radii clamped to half the sides).
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat) {
        let r = rect.standardized
        let w = min(max(cornerWidth, 0), r.width / 2), h = min(max(cornerHeight, 0), r.height / 2)
        let k: CGFloat = 0.5522847498
        op("M", [CGPoint(x: r.minX + w, y: r.minY)])
        op("L", [CGPoint(x: r.maxX - w, y: r.minY)])
        op("C", [CGPoint(x: r.maxX - w + k * w, y: r.minY), CGPoint(x: r.maxX, y: r.minY + h - k * h), CGPoint(x: r.maxX, y: r.minY + h)])
        op("L", [CGPoint(x: r.maxX, y: r.maxY - h)])
        op("C", [CGPoint(x: r.maxX, y: r.maxY - h + k * h), CGPoint(x: r.maxX - w + k * w, y: r.maxY), CGPoint(x: r.maxX - w, y: r.maxY)])
        op("L", [CGPoint(x: r.minX + w, y: r.maxY)])
        op("C", [CGPoint(x: r.minX + w - k * w, y: r.maxY), CGPoint(x: r.minX, y: r.maxY - h + k * h), CGPoint(x: r.minX, y: r.maxY - h)])
        op("L", [CGPoint(x: r.minX, y: r.minY + h)])
        op("C", [CGPoint(x: r.minX, y: r.minY + h - k * h), CGPoint(x: r.minX + w - k * w, y: r.minY), CGPoint(x: r.minX + w, y: r.minY)])
        op("Z", [])
    }
}
