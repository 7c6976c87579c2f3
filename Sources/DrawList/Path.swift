import Geometry

/// How overlapping contours fill.
public enum FillRule: Sendable { case nonZero, evenOdd }

/// Closed polygons in device pixels (curves are flattened before they get here).
public struct Path: Sendable {
    public var contours: [[Point]]
    public init(contours: [[Point]] = []) { self.contours = contours }

    public var isEmpty: Bool { contours.allSatisfy { $0.count < 3 } }

    /// The pixels of `clip` the points' extent touches (floor and ceil), safe for any
    /// coordinates: the extent is clamped to the clip before it becomes whole pixels; all of
    /// `clip` when a point is not finite, empty when there is no contour to draw.
    public func pixelBounds(within clip: PixelRect) -> PixelRect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for c in contours where c.count >= 3 {
            for p in c {
                guard p.x.isFinite, p.y.isFinite else { return clip }
                minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
            }
        }
        guard minX <= maxX, minY <= maxY else { return .empty }
        @inline(__always) func limit(_ v: Double, _ lo: Int, _ hi: Int) -> Double { min(max(v, Double(lo)), Double(hi)) }
        return PixelRect(x0: Int(saturating: limit(minX, clip.x0, clip.x1).rounded(.down)), y0: Int(saturating: limit(minY, clip.y0, clip.y1).rounded(.down)),
                         x1: Int(saturating: limit(maxX, clip.x0, clip.x1).rounded(.up)), y1: Int(saturating: limit(maxY, clip.y0, clip.y1).rounded(.up)))
            .intersection(clip)
    }

    /// Each contour clipped to `rect` (Sutherland-Hodgman). Clipping every closed contour
    /// against a convex region keeps the winding number of every point inside it, so both fill
    /// rules give the same coverage inside `rect` afterwards.
    public func clipped(to rect: PixelRect) -> Path {
        let x0 = Double(rect.x0), x1 = Double(rect.x1), y0 = Double(rect.y0), y1 = Double(rect.y1)
        var out: [[Point]] = []
        for c in contours where c.count >= 3 {
            // A contour wholly inside comes out of the four passes unchanged.
            if c.allSatisfy({ $0.x >= x0 && $0.x <= x1 && $0.y >= y0 && $0.y <= y1 }) { out.append(c); continue }
            var poly = c
            poly = Path.clip(poly) { $0.x >= x0 } intersect: { p, q in
                let t = (x0 - p.x) / (q.x - p.x); return Point(x0, p.y + (q.y - p.y) * t) }
            poly = Path.clip(poly) { $0.x <= x1 } intersect: { p, q in
                let t = (x1 - p.x) / (q.x - p.x); return Point(x1, p.y + (q.y - p.y) * t) }
            poly = Path.clip(poly) { $0.y >= y0 } intersect: { p, q in
                let t = (y0 - p.y) / (q.y - p.y); return Point(p.x + (q.x - p.x) * t, y0) }
            poly = Path.clip(poly) { $0.y <= y1 } intersect: { p, q in
                let t = (y1 - p.y) / (q.y - p.y); return Point(p.x + (q.x - p.x) * t, y1) }
            if poly.count >= 3 { out.append(poly) }
        }
        return Path(contours: out)
    }

    static func clip(_ poly: [Point], inside: (Point) -> Bool, intersect: (Point, Point) -> Point) -> [Point] {
        guard poly.count >= 3 else { return [] }
        var out: [Point] = []
        out.reserveCapacity(poly.count + 4)
        var prev = poly[poly.count - 1]
        var prevIn = inside(prev)
        for p in poly {
            let pIn = inside(p)
            if pIn {
                if !prevIn { out.append(intersect(prev, p)) }
                out.append(p)
            } else if prevIn {
                out.append(intersect(prev, p))
            }
            prev = p
            prevIn = pIn
        }
        return out
    }
}
