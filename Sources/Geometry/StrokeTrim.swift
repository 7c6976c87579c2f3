/// A polyline, open or closed (the last point joins the first).
public struct Polyline: Equatable, Sendable {
    public var points: [Point]
    public var closed: Bool
    public init(points: [Point], closed: Bool) { self.points = points; self.closed = closed }
}

/// Cuts polylines along their length before they are stroked, as `CAShapeLayer` does:
/// `strokeStart` and `strokeEnd` are fractions of the whole path's length (its subpaths one
/// after another), and a dash pattern (`lineDashPattern`, `lineDashPhase`) starts anew at each
/// subpath, as Core Graphics dashes. The dashes lie where they would on the whole path, and
/// the trim cuts them: animating `strokeEnd` over a dashed path uncovers dashes that stay put.
public enum StrokeTrim {
    /// The most pattern entries one call walks (a pattern of tiny lengths on a long path): past
    /// it the call gives up, as past `maxPoints`.
    public static let maxSteps = 4_000_000

    /// The pieces to stroke: each an open polyline, or a whole closed subpath when neither the
    /// trim nor a dash cuts it. A dash of length zero is a piece of two points 1e-9 apart
    /// along the path (its caps draw a dot facing the path's direction, as Core Graphics').
    /// Nil when more than `maxPoints` points (or `maxSteps` pattern entries) would be made.
    public static func pieces(_ subpaths: [Polyline], start: Double, end: Double, dashes: [Double]?, phase: Double,
                              maxPoints: Int) -> [Polyline]? {
        let pattern = usablePattern(dashes)
        if pattern == nil && !(start > 0) && !(end < 1) { return subpaths }
        let walks = subpaths.map(Walk.init)
        let total = walks.reduce(0) { $0 + $1.length }
        let from = max(start, 0) * total, to = min(end, 1) * total
        guard to > from else { return [] }
        var out: [Polyline] = []
        var points = 0, steps = 0
        var offset = 0.0
        func add(_ p: Polyline) -> Bool {
            points += p.points.count
            out.append(p)
            return points <= maxPoints
        }
        for walk in walks {
            defer { offset += walk.length }
            let lo = max(from - offset, 0), hi = min(to - offset, walk.length)
            guard hi > lo, walk.points.count >= 2 else { continue }
            guard let pattern else {
                let whole = lo <= 0 && hi >= walk.length && walk.closed
                guard add(whole ? Polyline(points: Array(walk.points.dropLast()), closed: true) : walk.piece(lo, hi)) else { return nil }
                continue
            }
            // The pattern's position at the subpath's start is the phase; skip whole periods
            // before `lo` so a trim far along costs nothing.
            let period = pattern.reduce(0, +)
            var p = phase.truncatingRemainder(dividingBy: period)
            if p < 0 { p += period }
            var t = -p
            if lo > 0 {
                let skip = ((lo + p) / period).rounded(.down)
                if skip > 1 { t += (skip - 1) * period }
            }
            var k = 0
            while t <= hi {
                steps += 1
                if steps > maxSteps { return nil }
                let e = t + pattern[k]
                if k % 2 == 0 {
                    let a = max(t, lo), b = min(e, hi)
                    if b > a {
                        guard add(walk.piece(a, b)) else { return nil }
                    } else if pattern[k] == 0, t >= lo, t <= hi {
                        guard add(walk.dot(t)) else { return nil }
                    }
                }
                t = e
                k = (k + 1) % pattern.count
            }
        }
        return out
    }

    /// The dash lengths as drawn: nil for none (no entries, not finite, or adding up to
    /// nothing); an odd count is repeated once, so dashes and gaps keep alternating (as SVG
    /// and Skia do).
    static func usablePattern(_ dashes: [Double]?) -> [Double]? {
        guard let d = dashes, !d.isEmpty, d.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return nil }
        let sum = d.reduce(0, +)
        guard sum > 0, sum.isFinite else { return nil }
        return d.count % 2 == 1 ? d + d : d
    }

    /// A subpath with its cumulative lengths (a closed one ends back at its first point).
    struct Walk {
        let points: [Point]
        let closed: Bool
        /// `at[i]`: the length from the start to `points[i]`.
        let at: [Double]
        var length: Double { at.last ?? 0 }

        init(_ s: Polyline) {
            var pts = s.points
            if s.closed, let first = pts.first, pts.count > 1, pts.last != first { pts.append(first) }
            points = pts
            closed = s.closed
            var acc = 0.0
            var at: [Double] = []
            at.reserveCapacity(pts.count)
            for i in pts.indices {
                if i > 0 {
                    let d = pts[i] - pts[i - 1]
                    acc += (d.x * d.x + d.y * d.y).squareRoot()
                }
                at.append(acc)
            }
            self.at = at
        }

        /// The segment holding length `s`: the last `i` with `at[i] <= s` (below the last point).
        func segment(_ s: Double) -> Int {
            var lo = 0, hi = points.count - 1
            while hi - lo > 1 {
                let mid = (lo + hi) / 2
                if at[mid] <= s { lo = mid } else { hi = mid }
            }
            return lo
        }

        func point(_ s: Double, in i: Int) -> Point {
            let span = at[i + 1] - at[i]
            guard span > 0 else { return points[i] }
            let f = min(max((s - at[i]) / span, 0), 1)
            return points[i] + (points[i + 1] - points[i]) * f
        }

        /// The open polyline from length `a` to `b`.
        func piece(_ a: Double, _ b: Double) -> Polyline {
            let i = segment(a), j = segment(b)
            var out = [point(a, in: i)]
            if j > i { out.append(contentsOf: points[(i + 1)...j]) }
            let end = point(b, in: j)
            if out.last != end || out.count == 1 { out.append(end) }
            return Polyline(points: out, closed: false)
        }

        /// A dash of length zero at `s`: two points 1e-9 apart along the path.
        func dot(_ s: Double) -> Polyline {
            var i = segment(s)
            while i + 1 < points.count - 1 && at[i + 1] - at[i] <= 0 { i += 1 }
            let p = point(s, in: i), d = points[i + 1] - points[i]
            let len = (d.x * d.x + d.y * d.y).squareRoot()
            guard len > 0 else { return Polyline(points: [p], closed: false) }
            return Polyline(points: [p, p + d * (1e-9 / len)], closed: false)
        }
    }
}
