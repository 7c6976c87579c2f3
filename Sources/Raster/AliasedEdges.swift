import Geometry
import DrawList

/// `allowsEdgeAntialiasing` false, as on a device by default: a layer's own edges are drawn
/// aliased while what is inside them (rounded corners, a border's inner edge) stays antialiased.
extension DrawExecutor {
    /// `coverage` with the edges of `quad` (a layer's bounds in device pixels, convex) aliased.
    ///
    /// Only pixels an edge of the quad passes through change. There a pixel whose centre is
    /// outside the quad gets nothing, and one whose centre is inside gets the path's exact
    /// coverage plus the part of the pixel outside the quad, as if the layer's content went on
    /// past its edge: where the path runs along the edge that is the whole pixel, and where it
    /// leaves the edge (a rounded corner) its own coverage shows. Pixels no edge passes through
    /// are inside or outside the quad whole and keep their coverage.
    func aliased(_ coverage: Mask, edges quad: [Point]) -> Mask {
        guard quad.count >= 3, quad.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return coverage }
        let r = coverage.rect
        var out = coverage
        var crossings: [Double] = [], band: [(Int, Int)] = []
        let clip = PixelClip(points: quad.count)
        for y in r.y0..<r.y1 {
            DrawExecutor.band(of: quad, row: y, into: &band)
            guard !band.isEmpty else { continue }
            DrawExecutor.crossings(of: quad, atY: Double(y) + 0.5, into: &crossings)
            let row = (y - r.y0) * r.width
            for (from, to) in band {
                let lo = max(from, r.x0), hi = min(to, r.x1)
                guard lo < hi else { continue }
                for x in lo..<hi {
                    let i = row + (x - r.x0)
                    let c = Int(out.data[i])
                    guard c > 0 else { continue }
                    let cx = Double(x) + 0.5
                    var inside = false
                    var k = 0
                    while k + 1 < crossings.count {
                        if cx >= crossings[k] && cx < crossings[k + 1] { inside = true; break }
                        k += 2
                    }
                    guard inside else { out.data[i] = 0; continue }
                    guard c < 255 else { continue }
                    let q = Int((clip.area(of: quad, x: x, y: y) * 255).rounded())
                    out.data[i] = UInt8(min(255, c + max(0, 255 - q)))
                }
            }
        }
        return out
    }

    /// The pixels of row `y` the polygon's edges pass through, as merged half-open ranges of x.
    static func band(of polygon: [Point], row y: Int, into ranges: inout [(Int, Int)]) {
        ranges.removeAll(keepingCapacity: true)
        let y0 = Double(y), y1 = y0 + 1
        guard var a = polygon.last else { return }
        for b in polygon {
            defer { a = b }
            let lo = min(a.y, b.y), hi = max(a.y, b.y)
            guard hi >= y0, lo <= y1 else { continue }
            // The edge's x where it enters and leaves the row (all of it when horizontal).
            var xa = a.x, xb = b.x
            if a.y != b.y {
                let ta = ((max(lo, y0) - a.y) / (b.y - a.y)).clamped(0, 1), tb = ((min(hi, y1) - a.y) / (b.y - a.y)).clamped(0, 1)
                xa = a.x + ta * (b.x - a.x)
                xb = a.x + tb * (b.x - a.x)
            }
            let from = Int(saturating: min(xa, xb).rounded(.down)), to = Int(saturating: max(xa, xb).rounded(.down)) + 1
            ranges.append((from, to))
        }
        ranges.sort { $0.0 < $1.0 }
        // Merged in place: `kept` ranges so far, each overlapping none after it.
        var kept = 0
        for i in ranges.indices {
            if kept > 0, ranges[i].0 <= ranges[kept - 1].1 {
                ranges[kept - 1].1 = max(ranges[kept - 1].1, ranges[i].1)
            } else {
                ranges[kept] = ranges[i]
                kept += 1
            }
        }
        ranges.removeLast(ranges.count - kept)
    }

    /// Where the polygon's edges cross the line at `y`, sorted (pairs bound the inside, even-odd);
    /// an edge counts when one end is at or below `y` and the other above (half-open, so a
    /// vertex on the line is counted once).
    static func crossings(of polygon: [Point], atY y: Double, into xs: inout [Double]) {
        xs.removeAll(keepingCapacity: true)
        guard var a = polygon.last else { return }
        for b in polygon {
            if (a.y <= y) != (b.y <= y) {
                let t = (y - a.y) / (b.y - a.y)
                let x = a.x + t * (b.x - a.x)
                if x.isFinite { xs.append(x) }
            }
            a = b
        }
        xs.sort()
    }
}

/// The exact area of a convex polygon inside one pixel: the polygon clipped to the pixel's four
/// sides in turn (Sutherland-Hodgman), then the shoelace formula. It owns two scratch buffers,
/// reused for every pixel, large enough for any polygon (a cut at most doubles the point count;
/// a convex one gains at most one point).
final class PixelClip {
    let capacity: Int
    let a: UnsafeMutablePointer<Point>, b: UnsafeMutablePointer<Point>

    init(points: Int) {
        capacity = 16 * (points + 1)
        a = .allocate(capacity: capacity)
        b = .allocate(capacity: capacity)
    }

    deinit {
        a.deallocate()
        b.deallocate()
    }

    func area(of polygon: [Point], x: Int, y: Int) -> Double {
        guard 16 * polygon.count <= capacity else { return 0 }
        let x0 = Double(x), y0 = Double(y)
        var n = 0
        for p in polygon { a[n] = p; n += 1 }
        n = PixelClip.clip(a, n, into: b, vertical: true, at: x0, keepAbove: true)
        n = PixelClip.clip(b, n, into: a, vertical: true, at: x0 + 1, keepAbove: false)
        n = PixelClip.clip(a, n, into: b, vertical: false, at: y0, keepAbove: true)
        n = PixelClip.clip(b, n, into: a, vertical: false, at: y0 + 1, keepAbove: false)
        guard n >= 3 else { return 0 }
        var twice = 0.0
        var p = a[n - 1]
        for i in 0..<n {
            let q = a[i]
            twice += p.x * q.y - q.x * p.y
            p = q
        }
        return min(abs(twice) / 2, 1)
    }

    /// The part of `src[0..<n]` on one side of the line x = `at` (vertical) or y = `at` (the side
    /// of larger values when `keepAbove`), written to `dst`; its point count (at most 2n).
    @inline(__always)
    static func clip(_ src: UnsafeMutablePointer<Point>, _ n: Int, into dst: UnsafeMutablePointer<Point>,
                     vertical: Bool, at bound: Double, keepAbove: Bool) -> Int {
        guard n > 0 else { return 0 }
        @inline(__always) func d(_ v: Point) -> Double {
            let c = vertical ? v.x : v.y
            return keepAbove ? c - bound : bound - c
        }
        var m = 0
        var p = src[n - 1], dp = d(p)
        for i in 0..<n {
            let q = src[i], dq = d(q)
            if (dp < 0) != (dq < 0) {
                let t = dp / (dp - dq)
                dst[m] = vertical ? Point(bound, p.y + t * (q.y - p.y)) : Point(p.x + t * (q.x - p.x), bound)
                m += 1
            }
            if dq >= 0 { dst[m] = q; m += 1 }
            p = q
            dp = dq
        }
        return m
    }
}
