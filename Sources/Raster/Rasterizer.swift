import Geometry

/// Exact-area scanline rasterizer.
///
/// Each pixel row is cut into sub-strips at every vertex and every crossing of two edges inside
/// the row. Within a sub-strip no two edges cross, so sorting them by x gives the winding number
/// of every gap between neighbours; the gaps that the fill rule fills are disjoint trapezoids.
/// Their exact area per pixel is accumulated as "area right of the left side minus area right of
/// the right side" (the accumulation idea of font-rs and FreeType's gray raster), then prefix
/// summed along the row. Because the trapezoids are disjoint, the result is the exact area of the
/// filled region in every pixel, for both fill rules, including pixels where contours overlap
/// (plain accumulation with |winding| clamped is only an approximation there).
///
/// Geometry uses Double with `+ - * /` only, in a fixed order; the accumulated coverage is fixed
/// point (Int, 2^24 = one full pixel), so the result is the same on every machine.
public struct Rasterizer: Sendable {
    struct Edge {
        var x0, y0, x1, y1: Double
        var dxdy: Double
        var dir: Int
        @inline(__always) func x(at y: Double) -> Double { x0 + (y - y0) * dxdy }
    }

    static let one = 16_777_216.0   // 2^24: full coverage in the accumulation buffer

    public init() {}

    /// Coverage of `path` under `rule`, limited to `clip` (device pixels).
    public func mask(_ path: Path, rule: FillRule, clip: PixelRect) -> Mask? {
        // Non-finite points (a degenerate or overflowing transform) cannot be drawn; dropping
        // them keeps every later Int conversion safe.
        let finite = Path(contours: path.contours.filter { $0.allSatisfy { $0.x.isFinite && $0.y.isFinite } })
        let clipped = finite.clipped(to: clip)
        let bounds = clipped.pixelBounds.intersection(clip)
        guard !bounds.isEmpty else { return nil }
        var edges: [Edge] = []
        for c in clipped.contours {
            var prev = c[c.count - 1]
            for p in c {
                if p.y != prev.y {
                    let (a, b, dir) = prev.y < p.y ? (prev, p, 1) : (p, prev, -1)
                    edges.append(Edge(x0: a.x, y0: a.y, x1: b.x, y1: b.y, dxdy: (b.x - a.x) / (b.y - a.y), dir: dir))
                }
                prev = p
            }
        }
        guard !edges.isEmpty else { return nil }
        edges.sort { $0.y0 < $1.y0 || ($0.y0 == $1.y0 && ($0.x0 < $1.x0 || ($0.x0 == $1.x0 && $0.x1 < $1.x1))) }

        var mask = Mask(rect: bounds)
        let width = bounds.width
        // Accumulation buffer (columns 0...width) and a bitmap of the columns written in this
        // row: the prefix sum is constant between written columns, so only those are visited.
        let acc = UnsafeMutableBufferPointer<Int>.allocate(capacity: width + 2)
        acc.initialize(repeating: 0)
        let markWords = (width + 1) / 64 + 1
        let marks = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: markWords)
        marks.initialize(repeating: 0)
        defer { acc.deallocate(); marks.deallocate() }
        // Active edges, kept sorted by (x at the middle of the last sub-strip, index): from one
        // sub-strip to the next the order changes only where edges cross, which happens at cuts,
        // so the insertion sort below rarely has work to do. Scratch space is allocated once.
        let count = edges.count
        let E = UnsafeMutablePointer<Edge>.allocate(capacity: count)
        E.initialize(from: edges, count: count)
        let act = UnsafeMutablePointer<Int>.allocate(capacity: count)
        let keyOf = UnsafeMutablePointer<Double>.allocate(capacity: count)
        let xaOf = UnsafeMutablePointer<Double>.allocate(capacity: count)
        let xbOf = UnsafeMutablePointer<Double>.allocate(capacity: count)
        defer { E.deallocate(); act.deallocate(); keyOf.deallocate(); xaOf.deallocate(); xbOf.deallocate() }
        var nAct = 0
        var next = 0
        var cuts: [Double] = []
        var spans: [(lo: Double, hi: Double, edge: Int)] = []

        for row in bounds.y0..<bounds.y1 {
            let top = Double(row), bottom = Double(row + 1)
            var kept = 0
            for r in 0..<nAct where E[act[r]].y1 > top { act[kept] = act[r]; kept += 1 }
            nAct = kept
            while next < count && E[next].y0 < bottom {
                if E[next].y1 > top { act[nAct] = next; nAct += 1 }
                next += 1
            }
            if nAct == 0 { continue }

            cuts.removeAll(keepingCapacity: true)
            cuts.append(top)
            cuts.append(bottom)
            for r in 0..<nAct {
                let e = E[act[r]]
                if e.y0 > top { cuts.append(e.y0) }
                if e.y1 < bottom { cuts.append(e.y1) }
            }
            if nAct >= 2 {
                // Only edges whose x ranges within the row overlap can cross: sweep them in
                // order of their left end instead of testing every pair (text puts ~100 edges
                // in a row). Any order sorted by left end finds the same pairs, and the cuts are
                // sorted below, so an insertion sort from the (nearly x-sorted) active order
                // will do.
                spans.removeAll(keepingCapacity: true)
                for r in 0..<nAct {
                    let i = act[r], e = E[i]
                    let xa = e.x(at: max(top, e.y0)), xb = e.x(at: min(bottom, e.y1))
                    let item = (lo: min(xa, xb), hi: max(xa, xb), edge: i)
                    var j = spans.count - 1
                    spans.append(item)
                    while j >= 0 && spans[j].lo > item.lo { spans[j + 1] = spans[j]; j -= 1 }
                    spans[j + 1] = item
                }
                for ai in 0..<spans.count {
                    let e = E[spans[ai].edge]
                    var bi = ai + 1
                    while bi < spans.count && spans[bi].lo <= spans[ai].hi {
                        let f = E[spans[bi].edge]
                        bi += 1
                        // The same pair in the same order as the all-pairs test (lower index first).
                        let (p, q) = spans[ai].edge < spans[bi - 1].edge ? (e, f) : (f, e)
                        let lo = max(top, p.y0, q.y0), hi = min(bottom, p.y1, q.y1)
                        if !(lo < hi) { continue }
                        let dlo = p.x(at: lo) - q.x(at: lo), dhi = p.x(at: hi) - q.x(at: hi)
                        if (dlo < 0 && dhi > 0) || (dlo > 0 && dhi < 0) {
                            cuts.append(lo + (hi - lo) * (dlo / (dlo - dhi)))
                        }
                    }
                }
            }
            cuts.sort()

            var k = 0
            while k + 1 < cuts.count {
                let ya = cuts[k], yb = cuts[k + 1]
                k += 1
                if !(yb > ya) { continue }
                let h = yb - ya
                let ymid = ya + h * 0.5
                // Sort the active edges by their middle x in this sub-strip, ties by index (the
                // order a stable sort of the index-ordered list gives). Edges not spanning the
                // strip get a key too but are skipped below (their x is NaN).
                var sorted = true
                for r in 0..<nAct {
                    let e = E[act[r]]
                    let key: Double
                    if e.y0 <= ymid && e.y1 >= ymid {
                        let xa = e.x(at: ya), xb = e.x(at: yb)
                        key = (xa + xb) * 0.5
                        xaOf[r] = xa; xbOf[r] = xb
                    } else {
                        key = e.x(at: min(max(ymid, e.y0), e.y1))
                        xaOf[r] = .nan
                    }
                    keyOf[r] = key
                    if r > 0 && (keyOf[r - 1] > key || (keyOf[r - 1] == key && act[r - 1] > act[r])) { sorted = false }
                }
                if !sorted {
                    for r in 1..<nAct {
                        let key = keyOf[r], idx = act[r], xa = xaOf[r], xb = xbOf[r]
                        var j = r - 1
                        while j >= 0 && (keyOf[j] > key || (keyOf[j] == key && act[j] > idx)) {
                            keyOf[j + 1] = keyOf[j]; act[j + 1] = act[j]; xaOf[j + 1] = xaOf[j]; xbOf[j + 1] = xbOf[j]
                            j -= 1
                        }
                        keyOf[j + 1] = key; act[j + 1] = idx; xaOf[j + 1] = xa; xbOf[j + 1] = xb
                    }
                }
                var winding = 0
                for r in 0..<nAct {
                    let xa = xaOf[r]
                    guard !xa.isNaN else { continue }   // not spanning this sub-strip
                    let wasFilled = Rasterizer.filled(winding, rule)
                    winding &+= E[act[r]].dir
                    let isFilled = Rasterizer.filled(winding, rule)
                    if wasFilled != isFilled {
                        let (lo, hi) = Rasterizer.accumulateRightOf(acc, originX: bounds.x0, width: width,
                                                                    xa: xa, xb: xbOf[r], height: isFilled ? h : -h)
                        for c in lo...hi { marks[c >> 6] |= 1 << UInt64(c & 63) }
                    }
                }
            }

            // Prefix sum into 8-bit coverage over the written columns, clearing the buffer for
            // the next row; between them the sum is constant, so a run is one value (the mask
            // starts at zero, so zero runs need no writing).
            let base = (row - bounds.y0) * width
            @inline(__always) func coverage(_ sum: Int) -> UInt8 { UInt8(clamping: (sum * 255 + (1 << 23)) >> 24) }
            mask.data.withUnsafeMutableBufferPointer { out in
                var sum = 0
                var runStart = 0
                for w in 0..<markWords {
                    var bits = marks[w]
                    if bits == 0 { continue }
                    marks[w] = 0
                    while bits != 0 {
                        let c = w << 6 + bits.trailingZeroBitCount
                        bits &= bits - 1
                        if runStart < c {
                            let v = coverage(sum)
                            if v != 0 { for x in runStart..<min(c, width) { out[base + x] = v } }
                        }
                        sum += acc[c]
                        acc[c] = 0
                        if c < width { out[base + c] = coverage(sum) }
                        runStart = c + 1
                    }
                }
                if runStart < width {
                    let v = coverage(sum)
                    if v != 0 { for x in runStart..<width { out[base + x] = v } }
                }
            }
        }
        return mask
    }

    @inline(__always) static func filled(_ winding: Int, _ rule: FillRule) -> Bool {
        rule == .nonZero ? winding != 0 : (winding & 1) != 0
    }

    /// Adds `height` times the area of each pixel lying right of the segment from (xa, top) to
    /// (xb, top + |height|) within the strip, in difference form: after the prefix sum, column c
    /// holds height * mean over the strip of clamp(c + 1 - x(y), 0, 1).
    /// Returns the columns it wrote.
    @inline(__always)
    static func accumulateRightOf(_ acc: UnsafeMutableBufferPointer<Int>, originX: Int, width: Int, xa: Double, xb: Double, height: Double) -> (lo: Int, hi: Int) {
        let lo = min(xa, xb) - Double(originX), hi = max(xa, xb) - Double(originX)
        // Coverage right of the segment in column c (relative to originX), times height.
        @inline(__always) func cover(_ c: Int) -> Double {
            let t0 = Double(c + 1) - lo, t1 = Double(c + 1) - hi
            if hi - lo < 1e-9 {
                let t = Double(c + 1) - (lo + hi) * 0.5
                return height * min(max(t, 0), 1)
            }
            return height * (ramp(t0) - ramp(t1)) / (hi - lo)
        }
        var c0 = floorInt(lo)
        var c1 = ceilInt(hi)
        if c1 <= c0 { c1 = c0 + 1 }
        c0 = max(c0, 0)
        c1 = min(c1, width)
        // Column c0 - 1 (when c0 > 0, c0 is floor(lo)) lies wholly left of the segment: its
        // coverage is zero.
        var prev = 0.0
        for c in c0...c1 {
            let cur = c == c1 ? height : cover(c)
            acc[c] &+= roundInt((cur - prev) * one)
            prev = cur
        }
        return (c0, c1)
    }

    // Exact integer forms of floor, ceil and round-half-away-from-zero for |v| < 2^52, without
    // a libm call: v minus its truncation is exact in binary floating point.
    @inline(__always) static func floorInt(_ v: Double) -> Int {
        let i = Int(v)
        return Double(i) > v ? i - 1 : i
    }
    @inline(__always) static func ceilInt(_ v: Double) -> Int {
        let i = Int(v)
        return Double(i) < v ? i + 1 : i
    }
    @inline(__always) static func roundInt(_ v: Double) -> Int {
        let i = Int(v)
        let d = v - Double(i)
        // Branch-free: the fraction is unpredictable, so a branch would mispredict often.
        let up = d >= 0.5 ? 1 : 0, down = d <= -0.5 ? 1 : 0
        return i &+ up &- down
    }

    /// Antiderivative of clamp(t, 0, 1).
    @inline(__always) static func ramp(_ t: Double) -> Double {
        if t <= 0 { return 0 }
        if t >= 1 { return t - 0.5 }
        return t * t * 0.5
    }
}
