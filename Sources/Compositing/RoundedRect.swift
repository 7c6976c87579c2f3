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

    /// A rounded rectangle with continuous corners (``CornerCurve/continuousCorners(in:radius:)``),
    /// clockwise on screen from the top right; a corner `mask` leaves out is square.
    static func continuousRoundedRect(_ r: Rect, radius rad: Double, corners mask: CornerMask, tolerance: Double) -> [Point] {
        var pts: [Point] = []
        for (corner, at, q) in CornerCurve.continuousCorners(in: r, radius: rad) {
            guard mask.contains(corner) else { pts.append(at); continue }
            pts.append(q[0])
            for i in stride(from: 0, to: 12, by: 4) {
                if i > 0 { pts.append(q[i]) }
                Flattening.appendCubic(&pts, q[i], q[i + 1], q[i + 2], q[i + 3], tolerance: tolerance)
            }
        }
        return pts
    }
}
