/// `CAShapeLayer`'s lineCap.
public enum LineCap: String, Sendable { case butt, round, square }
/// `CAShapeLayer`'s lineJoin.
public enum LineJoin: String, Sendable { case miter, round, bevel }

/// Turns polylines into the polygons that cover their stroke. Each piece (a quad per segment,
/// a wedge per join, a cap per open end) is emitted as its own polygon with positive orientation;
/// filling all of them with the nonzero rule gives the union, and the exact-area rasterizer makes
/// that union pixel-exact without computing outlines (overlaps cost nothing).
public struct Stroker {
    public var width: Double
    public var cap: LineCap
    public var join: LineJoin
    public var miterLimit: Double
    /// Points per full circle for round caps and joins.
    public var roundSegments: Int

    public init(width: Double, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 10, roundSegments: Int = 32) {
        self.width = width; self.cap = cap; self.join = join; self.miterLimit = miterLimit
        self.roundSegments = max(8, roundSegments)
    }

    public func stroke(_ polyline: [Point], closed: Bool) -> [[Point]] {
        let h = width / 2
        guard h > 0 else { return [] }
        // Drop repeated points: zero-length segments have no direction.
        var pts: [Point] = []
        for p in polyline where pts.last.map({ $0 != p }) ?? true { pts.append(p) }
        if closed, pts.count > 1, pts.first == pts.last { pts.removeLast() }
        var out: [[Point]] = []
        guard pts.count >= 2 else {
            // A lone point: round and square caps still draw a dot, as Core Graphics does.
            if let p = pts.first {
                if cap == .round { out.append(circle(p, h)) }
                if cap == .square { out.append([Point(p.x - h, p.y - h), Point(p.x + h, p.y - h), Point(p.x + h, p.y + h), Point(p.x - h, p.y + h)]) }
            }
            return out
        }
        let n = pts.count
        let segmentCount = closed ? n : n - 1
        var dirs: [Point] = []
        for i in 0..<segmentCount {
            let a = pts[i], b = pts[(i + 1) % n]
            let d = b - a
            let len = (d.x * d.x + d.y * d.y).squareRoot()
            dirs.append(Point(d.x / len, d.y / len))
            let nrm = Point(-dirs[i].y * h, dirs[i].x * h)
            out.append(oriented([a + nrm, b + nrm, b - nrm, a - nrm]))
        }
        // Joins at interior vertices (every vertex when closed).
        let joinVertices = closed ? Array(0..<n) : Array(1..<(n - 1))
        for v in joinVertices {
            let d0 = dirs[(v - 1 + segmentCount) % segmentCount], d1 = dirs[v % segmentCount]
            addJoin(&out, at: pts[v], d0, d1, h)
        }
        if !closed {
            addCap(&out, at: pts[0], direction: Point(-dirs[0].x, -dirs[0].y), h)
            addCap(&out, at: pts[n - 1], direction: dirs[segmentCount - 1], h)
        }
        return out
    }

    func addJoin(_ out: inout [[Point]], at p: Point, _ d0: Point, _ d1: Point, _ h: Double) {
        let cross = d0.x * d1.y - d0.y * d1.x
        let dot = d0.x * d1.x + d0.y * d1.y
        if abs(cross) < 1e-12 && dot > 0 { return }
        if join == .round { out.append(circle(p, h)); return }
        // The outer side is opposite the turn.
        let s = cross > 0 ? -1.0 : 1.0
        let n0 = Point(-d0.y * s, d0.x * s), n1 = Point(-d1.y * s, d1.x * s)
        let a = p + n0 * h, b = p + n1 * h
        if join == .miter {
            let sum = n0 + n1
            let len2 = sum.x * sum.x + sum.y * sum.y
            // Miter length / line width = 1 / sin(phi / 2) = 2 / |n0 + n1|.
            if len2 > 0 && 2 / len2.squareRoot() <= miterLimit {
                let tip = p + sum * (2 * h / len2)
                out.append(oriented([p, a, tip, b]))
                return
            }
        }
        out.append(oriented([p, a, b]))
    }

    func addCap(_ out: inout [[Point]], at p: Point, direction d: Point, _ h: Double) {
        switch cap {
        case .butt: return
        case .round: out.append(circle(p, h))
        case .square:
            let nrm = Point(-d.y * h, d.x * h), e = d * h
            out.append(oriented([p + nrm, p + nrm + e, p - nrm + e, p - nrm]))
        }
    }

    func circle(_ c: Point, _ r: Double) -> [Point] {
        (0..<roundSegments).map { i in
            let (s, co) = DetMath.sinCos(degrees: 360 * Double(i) / Double(roundSegments))
            return Point(c.x + r * co, c.y + r * s)
        }
    }

    /// The polygon with positive signed area (reversed if needed).
    func oriented(_ poly: [Point]) -> [Point] {
        var area = 0.0
        for i in 0..<poly.count {
            let a = poly[i], b = poly[(i + 1) % poly.count]
            area += a.x * b.y - b.x * a.y
        }
        return area < 0 ? poly.reversed() : poly
    }
}
