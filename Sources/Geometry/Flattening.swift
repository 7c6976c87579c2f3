/// Turns curves into polylines in whatever space the points are in.
public enum Flattening {
    /// Segments for a quadratic so that no point strays more than `tolerance` from the curve
    /// (Wang's formula for degree 2: n = sqrt(|P0 - 2P1 + P2| / (4 tol))).
    public static func segments(quadratic p0: Point, _ p1: Point, _ p2: Point, tolerance: Double) -> Int {
        let dx = p0.x - 2 * p1.x + p2.x, dy = p0.y - 2 * p1.y + p2.y
        return count((dx * dx + dy * dy).squareRoot() * 0.25, tolerance)
    }

    /// Wang's formula for a cubic: n = sqrt(3/4 * max |P_i - 2P_i+1 + P_i+2| / tol).
    public static func segments(cubic p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, tolerance: Double) -> Int {
        let ax = p0.x - 2 * p1.x + p2.x, ay = p0.y - 2 * p1.y + p2.y
        let bx = p1.x - 2 * p2.x + p3.x, by = p1.y - 2 * p2.y + p3.y
        let m = max((ax * ax + ay * ay).squareRoot(), (bx * bx + by * by).squareRoot())
        return count(m * 0.75, tolerance)
    }

    static func count(_ d: Double, _ tolerance: Double) -> Int {
        guard d.isFinite, tolerance > 0, d > 0 else { return 1 }
        let n = (d / tolerance).squareRoot().rounded(.up)
        // Clamped before it becomes an Int: a finite count past Int.max trapped (the fuzzer: a
        // cubic's control points ~1e30 apart, a tiny tolerance).
        return n.isFinite ? Int(min(max(n, 1), 256)) : 1
    }

    /// Appends the points of a quadratic after p0 (p0 itself is not appended).
    public static func appendQuadratic(_ out: inout [Point], _ p0: Point, _ p1: Point, _ p2: Point, tolerance: Double) {
        let n = segments(quadratic: p0, p1, p2, tolerance: tolerance)
        for i in 1...n {
            let t = Double(i) / Double(n), u = 1 - t
            if i == n { out.append(p2); break }
            out.append(Point(u * u * p0.x + 2 * u * t * p1.x + t * t * p2.x, u * u * p0.y + 2 * u * t * p1.y + t * t * p2.y))
        }
    }

    /// Appends the points of a cubic after p0.
    public static func appendCubic(_ out: inout [Point], _ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, tolerance: Double) {
        let n = segments(cubic: p0, p1, p2, p3, tolerance: tolerance)
        for i in 1...n {
            if i == n { out.append(p3); break }
            let t = Double(i) / Double(n), u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            out.append(Point(a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y))
        }
    }
}
