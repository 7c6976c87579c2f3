import Foundation
import Geometry
import LayerTree

/// UIKit's path object, as app code builds a `shadowPath` or a shape layer's path
/// (`UIBezierPath(roundedRect: bounds, cornerRadius: 12).cgPath`).
open class UIBezierPath {
    let path = CGMutablePath()

    /// An empty path.
    public init() {}

    /// A closed rectangle.
    public convenience init(rect: CGRect) {
        self.init()
        path.addRect(rect)
    }

    /// The ellipse inscribed in `rect`.
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        path.addEllipse(in: rect)
    }

    /// A rounded rectangle with iOS's continuous corners, as UIKit has drawn it since iOS 7: the
    /// same outline as a layer with `cornerCurve = .continuous` and this `cornerRadius`, so a
    /// `shadowPath` made with it fits the card.
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        let r = rect.standardized
        let corners = CornerCurve.continuousCorners(in: Rect(Double(r.minX), Double(r.minY), Double(r.width), Double(r.height)),
                                                   radius: Double(cornerRadius))
        guard !corners.isEmpty else { path.addRect(r); return }
        for (n, c) in corners.enumerated() {
            let q = c.points.map { CGPoint(x: CGFloat($0.x), y: CGFloat($0.y)) }
            if n == 0 { path.move(to: q[0]) } else { path.addLine(to: q[0]) }
            for i in stride(from: 0, to: 12, by: 4) {
                if i > 0 { path.addLine(to: q[i]) }
                path.addCurve(to: q[i + 3], control1: q[i + 1], control2: q[i + 2])
            }
        }
        path.closeSubpath()
    }

    /// Starts a new subpath at `point`.
    open func move(to point: CGPoint) { path.move(to: point) }
    /// A straight line to `point`.
    open func addLine(to point: CGPoint) { path.addLine(to: point) }
    /// A cubic Bézier curve to `endPoint`.
    open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }
    /// A quadratic Bézier curve to `endPoint`.
    open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) { path.addQuadCurve(to: endPoint, control: controlPoint) }
    /// Closes the subpath.
    open func close() { path.closeSubpath() }

    /// The path as Core Graphics' path (a copy).
    open var cgPath: CGPath { path.mutableCopy() ?? CGPath() }
}
