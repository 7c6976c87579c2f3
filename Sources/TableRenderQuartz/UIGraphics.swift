import Foundation

/// How open subpaths end, as Core Graphics names it.
public enum CGLineCap: Int32, Sendable { case butt, round, square }
/// How segments join, as Core Graphics names it.
public enum CGLineJoin: Int32, Sendable { case miter, round, bevel }
/// What `drawPath(using:)` paints.
public enum CGPathDrawingMode: Int32, Sendable { case fill, eoFill, stroke, fillStroke, eoFillStroke }

/// The graphics context a view's ``UIView/draw(_:)`` draws in: Core Graphics' path and paint
/// calls, kept as vectors. Each fill or stroke becomes a ``CAShapeLayer`` in the view's
/// layer, below its sublayers (where iOS keeps what `draw(_:)` drew), so what is drawn goes
/// through the scene's own rasterizer, at any scale and under any transform.
open class CGContext {
    var path = CGMutablePath()
    var strokeColor = UIColor.black.cgColor
    var fillColor = UIColor.black.cgColor
    var lineWidth: CGFloat = 1
    var lineCap = CGLineCap.butt
    var lineJoin = CGLineJoin.miter
    var miterLimit: CGFloat = 10
    /// The shapes drawn so far, in order.
    var drawn: [CAShapeLayer] = []
    let bounds: CGRect

    init(bounds: CGRect) { self.bounds = bounds }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint) { path.move(to: point) }
    /// A straight line to `point`.
    public func addLine(to point: CGPoint) { path.addLine(to: point) }
    /// Lines through `points`, starting a subpath at the first.
    public func addLines(between points: [CGPoint]) { path.addLines(between: points) }
    /// A cubic Bézier curve to `end`.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) { path.addCurve(to: end, control1: control1, control2: control2) }
    /// A quadratic Bézier curve to `end`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint) { path.addQuadCurve(to: end, control: control) }
    /// A closed rectangle.
    public func addRect(_ rect: CGRect) { path.addRect(rect) }
    /// The ellipse inscribed in `rect`.
    public func addEllipse(in rect: CGRect) { path.addEllipse(in: rect) }
    /// Another path's subpaths.
    public func addPath(_ other: CGPath) {
        guard !other.svgPathData.isEmpty else { return }
        path.svgPathData += (path.svgPathData.isEmpty ? "" : " ") + other.svgPathData
        path.current = other.current
    }
    /// Closes the current subpath.
    public func closePath() { path.closeSubpath() }
    /// Forgets the current path.
    public func beginPath() { path = CGMutablePath() }

    /// The stroke's width.
    public func setLineWidth(_ width: CGFloat) { lineWidth = width }
    /// How open subpaths end.
    public func setLineCap(_ cap: CGLineCap) { lineCap = cap }
    /// How segments join.
    public func setLineJoin(_ join: CGLineJoin) { lineJoin = join }
    /// The longest miter, in line widths.
    public func setMiterLimit(_ limit: CGFloat) { miterLimit = limit }
    /// The stroke colour.
    public func setStrokeColor(_ color: CGColor) { strokeColor = color }
    /// The fill colour.
    public func setFillColor(_ color: CGColor) { fillColor = color }

    /// Strokes the current path, then forgets it.
    public func strokePath() { drawPath(using: .stroke) }
    /// Fills the current path (non-zero winding), then forgets it.
    public func fillPath() { drawPath(using: .fill) }
    /// Fills a rectangle (the current path is kept).
    public func fill(_ rect: CGRect) { paint(rect, .fill) }
    /// Strokes a rectangle (the current path is kept).
    public func stroke(_ rect: CGRect) { paint(rect, .stroke) }

    /// Paints one rectangle as `mode` says, keeping the current path.
    private func paint(_ rect: CGRect, _ mode: CGPathDrawingMode) {
        let kept = path
        path = CGMutablePath()
        path.addRect(rect)
        drawPath(using: mode)
        path = kept
    }

    /// Paints the current path as `mode` says, then forgets it.
    public func drawPath(using mode: CGPathDrawingMode) {
        defer { path = CGMutablePath() }
        guard !path.svgPathData.isEmpty else { return }
        let shape = CAShapeLayer()
        shape.frame = bounds
        shape.path = path
        let fills = mode != .stroke, strokes = mode == .stroke || mode == .fillStroke || mode == .eoFillStroke
        shape.fillColor = fills ? fillColor : nil
        shape.fillRule = mode == .eoFill || mode == .eoFillStroke ? .evenOdd : .nonZero
        if strokes {
            shape.strokeColor = strokeColor
            shape.lineWidth = lineWidth
            shape.lineCap = [CGLineCap.butt: .butt, .round: .round, .square: .square][lineCap] ?? .butt
            shape.lineJoin = [CGLineJoin.miter: .miter, .round: .round, .bevel: .bevel][lineJoin] ?? .miter
            shape.miterLimit = miterLimit
        }
        drawn.append(shape)
    }

    /// The contexts of the views drawing now, innermost last (the scene's: ``SceneRuntime``).
    static var stack: [CGContext] {
        get { SceneRuntime.current.contexts }
        set { SceneRuntime.current.contexts = newValue }
    }
}

/// The context of the view whose ``UIView/draw(_:)`` is running, or nil outside one.
public func UIGraphicsGetCurrentContext() -> CGContext? { CGContext.stack.last }

extension UIColor {
    /// Makes this the current context's stroke colour.
    public func setStroke() { CGContext.stack.last?.setStrokeColor(cgColor) }
    /// Makes this the current context's fill colour.
    public func setFill() { CGContext.stack.last?.setFillColor(cgColor) }
    /// Makes this the current context's stroke and fill colour.
    public func set() { setStroke(); setFill() }
}

extension UIView {
    /// Runs ``draw(_:)`` when the view asked for it (``setNeedsDisplay()``, or never drawn),
    /// for the view and its subviews: what it draws replaces what it drew before.
    func displayIfNeeded() {
        if needsDisplay {
            needsDisplay = false
            for old in drawnLayers { old.removeFromSuperlayer() }
            let context = CGContext(bounds: bounds)
            CGContext.stack.append(context)
            draw(bounds)
            CGContext.stack.removeLast()
            drawnLayers = context.drawn
            for (i, shape) in context.drawn.enumerated() { layer.insertSublayer(shape, at: UInt32(i)) }
        }
        for sub in subviews { sub.displayIfNeeded() }
    }
}
