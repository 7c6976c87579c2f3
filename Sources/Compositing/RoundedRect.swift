import Geometry
import LayerTree

/// The outline of a layer's rounded bounds: `cornerRadius`, `maskedCorners`, `cornerCurve`.
extension Projection {
    /// Rounded rectangle outline (clockwise on screen at identity), circular corners flattened to
    /// `segments` pieces per quarter circle, continuous ones to `pxPerPt`'s tenth of a device pixel.
    static func roundedRect(_ r: Rect, radius: Double, segments: Int, corners mask: CornerMask = .all,
                            curve: CornerCurve = .circular, pxPerPt: Double = 1) -> [Point] {
        let rad = min(max(radius, 0), min(r.width, r.height) / 2)
        if rad <= 0 || segments < 1 || mask.isEmpty {
            return [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.maxX, r.maxY), Point(r.minX, r.maxY)]
        }
        if curve == .continuous { return continuousRoundedRect(r, radius: rad, corners: mask, tolerance: 0.1 / max(pxPerPt, 1e-6)) }
        var pts: [Point] = []
        // Clockwise on screen from the top right; a corner maskedCorners leaves out is square.
        let corners: [(cx: Double, cy: Double, start: Double, corner: CornerMask, x: Double, y: Double)] = [
            (r.maxX - rad, r.minY + rad, 270, .maxXMinY, r.maxX, r.minY), (r.maxX - rad, r.maxY - rad, 0, .maxXMaxY, r.maxX, r.maxY),
            (r.minX + rad, r.maxY - rad, 90, .minXMaxY, r.minX, r.maxY), (r.minX + rad, r.minY + rad, 180, .minXMinY, r.minX, r.minY),
        ]
        for c in corners {
            guard mask.contains(c.corner) else { pts.append(Point(c.x, c.y)); continue }
            for i in 0...segments {
                let (s, co) = DetMath.sinCos(degrees: c.start + 90 * Double(i) / Double(segments))
                pts.append(Point(c.cx + rad * co, c.cy + rad * s))
            }
        }
        return pts
    }

    /// A rounded rectangle with continuous corners, clockwise on screen from the top right.
    ///
    /// Each corner is ``CornerCurve/continuousCorner(radius:halfShorterSide:)`` turned into place.
    static func continuousRoundedRect(_ r: Rect, radius rad: Double, corners mask: CornerMask, tolerance: Double) -> [Point] {
        let unit = CornerCurve.continuousCorner(radius: rad, halfShorterSide: min(r.width, r.height) / 2)
        // Each corner's map from (u, v): the corner point, the incoming edge's direction back
        // toward the corner's far side (u), and the inward normal (v).
        let corners: [(corner: CornerMask, o: Point, u: Point, v: Point)] = [
            (.maxXMinY, Point(r.maxX, r.minY), Point(-1, 0), Point(0, 1)), (.maxXMaxY, Point(r.maxX, r.maxY), Point(0, -1), Point(-1, 0)),
            (.minXMaxY, Point(r.minX, r.maxY), Point(1, 0), Point(0, -1)), (.minXMinY, Point(r.minX, r.minY), Point(0, 1), Point(1, 0)),
        ]
        var pts: [Point] = []
        for c in corners {
            guard mask.contains(c.corner) else { pts.append(c.o); continue }
            let q = unit.map { Point(c.o.x + $0.x * c.u.x + $0.y * c.v.x, c.o.y + $0.x * c.u.y + $0.y * c.v.y) }
            pts.append(q[0])
            for i in stride(from: 0, to: 12, by: 4) {
                if i > 0 { pts.append(q[i]) }
                Flattening.appendCubic(&pts, q[i], q[i + 1], q[i + 2], q[i + 3], tolerance: tolerance)
            }
        }
        return pts
    }
}
