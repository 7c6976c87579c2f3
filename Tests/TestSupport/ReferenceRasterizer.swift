import Geometry
import Raster

/// The slow, obviously correct rasterizer the fast one is checked against. For one pixel it cuts
/// the pixel's height at every vertex, every crossing of two edges and every crossing of the
/// pixel's left and right sides; inside each piece the filled length along x is linear in y, so
/// its value at the piece's middle times the piece's height is the exact area.
public enum ReferenceRasterizer {
    public static func coverage(_ contours: [[Point]], rule: FillRule, x px: Int, y py: Int) -> Double {
        var edges: [(Point, Point)] = []
        for c in contours where c.count >= 3 {
            for i in 0..<c.count { edges.append((c[i], c[(i + 1) % c.count])) }
        }
        let top = Double(py), bottom = Double(py + 1), left = Double(px), right = Double(px + 1)
        var cuts = [top, bottom]
        func addCut(_ y: Double) { if y > top && y < bottom { cuts.append(y) } }
        func xAt(_ e: (Point, Point), _ y: Double) -> Double {
            e.0.x + (y - e.0.y) * (e.1.x - e.0.x) / (e.1.y - e.0.y)
        }
        for e in edges {
            addCut(e.0.y); addCut(e.1.y)
            if e.0.x != e.1.x {
                for side in [left, right] {
                    let t = (side - e.0.x) / (e.1.x - e.0.x)
                    if t > 0 && t < 1 { addCut(e.0.y + t * (e.1.y - e.0.y)) }
                }
            }
        }
        for i in 0..<edges.count {
            for j in (i + 1)..<edges.count {
                let (p, q) = edges[i], (r, s) = edges[j]
                let d = (q.x - p.x) * (s.y - r.y) - (q.y - p.y) * (s.x - r.x)
                if d == 0 { continue }
                let t = ((r.x - p.x) * (s.y - r.y) - (r.y - p.y) * (s.x - r.x)) / d
                let u = ((r.x - p.x) * (q.y - p.y) - (r.y - p.y) * (q.x - p.x)) / d
                if t > 0 && t < 1 && u > 0 && u < 1 { addCut(p.y + t * (q.y - p.y)) }
            }
        }
        cuts.sort()
        var area = 0.0
        for k in 0..<(cuts.count - 1) {
            let a = cuts[k], b = cuts[k + 1]
            if b <= a { continue }
            let ym = (a + b) / 2
            var crossings: [(x: Double, dir: Int)] = []
            for e in edges where e.0.y != e.1.y {
                let lo = min(e.0.y, e.1.y), hi = max(e.0.y, e.1.y)
                if ym > lo && ym < hi { crossings.append((xAt(e, ym), e.1.y > e.0.y ? 1 : -1)) }
            }
            crossings.sort { $0.x < $1.x }
            var winding = 0
            var length = 0.0
            for i in 0..<crossings.count {
                winding += crossings[i].dir
                let filled = rule == .nonZero ? winding != 0 : winding % 2 != 0
                if filled && i + 1 < crossings.count {
                    let x0 = max(crossings[i].x, left), x1 = min(crossings[i + 1].x, right)
                    if x1 > x0 { length += x1 - x0 }
                }
            }
            area += length * (b - a)
        }
        return area
    }
}
