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

    /// How coverage is computed: the exact-area sweep unless an experiment asks otherwise.
    public let method: Method

    public init(method: Method = .exact) { self.method = method }

    /// Coverage of `path` under `rule`, limited to `clip` (device pixels).
    public func mask(_ path: Path, rule: FillRule, clip: PixelRect) -> Mask? {
        guard case .mask(let m, _) = mask(path, rule: rule, clip: clip, workLimit: .max) else { return nil }
        return m
    }

    public enum Outcome {
        /// The coverage, and the work it took (the units of `workLimit`).
        case mask(Mask?, work: Int)
        /// The path needs more than `workLimit` (self-crossings): nothing was drawn.
        case overBudget
    }

    /// Coverage of `path`, or `.overBudget` when it would cost more than `workLimit` units of
    /// work (pairs of edges tested for a crossing, plus edges visited per sub-strip): the cost
    /// of a path with many self-crossings grows with their square, and this bounds it.
    public func mask(_ path: Path, rule: FillRule, clip: PixelRect, workLimit: Int) -> Outcome {
        guard let (edges, bounds) = Rasterizer.edges(of: path, clip: clip) else { return .mask(nil, work: 0) }
        if method == .cells {
            guard let (m, work) = Rasterizer.sweepCells(edges, bounds: bounds, rule: rule, workLimit: workLimit) else { return .overBudget }
            return .mask(m, work: work)
        }
        let meter = WorkMeter(limit: workLimit)
        // The common case takes the sweep by groups of x-separated edges; a path whose geometry
        // it cannot vouch for (see there) is swept the general way. Both give the same bytes.
        let m = Rasterizer.sweepGrouped(edges, bounds: bounds, rule: rule, meter: meter)
        if meter.over { return .overBudget }
        let result = m ?? Rasterizer.sweepGeneral(edges, bounds: bounds, rule: rule, meter: meter)
        return meter.over ? .overBudget : .mask(result, work: meter.used)
    }

    /// The work a sweep has done on one path, against its limit.
    final class WorkMeter {
        let limit: Int
        // Owned by one sweep: not checked at run time (see SweepRows).
        @exclusivity(unchecked) var used = 0
        @exclusivity(unchecked) var over = false
        init(limit: Int) { self.limit = limit }
    }

    /// The path's non-horizontal edges after clipping, sorted by top (ties by x), and the pixel
    /// rectangle they cover; nil when nothing is left to draw.
    static func edges(of path: Path, clip: PixelRect) -> (edges: [Edge], bounds: PixelRect)? {
        // Non-finite points (a degenerate or overflowing transform) cannot be drawn; dropping
        // them keeps every later Int conversion safe.
        let finite = Path(contours: path.contours.filter { $0.allSatisfy { $0.x.isFinite && $0.y.isFinite } })
        let clipped = finite.clipped(to: clip)
        let bounds = clipped.pixelBounds(within: clip)
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
        return (sortedByTop(edges, bounds: bounds), bounds)
    }

    /// The sweep's edge order: by top, then x at the top, then x at the bottom; equal edges in
    /// the order given. What the library's stable sort with that comparison gives, found faster
    /// by counting the edges into eighths of the pixel rows of their tops first (a stable step;
    /// the eighth, floor((top - y0) * 8) clamped to the bounds, never decreases as the top
    /// grows, and equal tops share one), then sorting each eighth's few edges by insertion
    /// (stable too; crowded eighths by the library's sort). A crowded row of text (a hundred
    /// edges starting in it) spreads over its eighths.
    static func sortedByTop(_ edges: [Edge], bounds: PixelRect) -> [Edge] {
        @inline(__always) func before(_ a: Edge, _ b: Edge) -> Bool {
            a.y0 < b.y0 || (a.y0 == b.y0 && (a.x0 < b.x0 || (a.x0 == b.x0 && a.x1 < b.x1)))
        }
        let slots = bounds.height * 8
        let top = Double(bounds.y0)
        @inline(__always) func slotOf(_ e: Edge) -> Int { min(max(floorInt((e.y0 - top) * 8), 0), slots - 1) }
        var start = [Int](repeating: 0, count: slots + 1)
        for e in edges { start[slotOf(e) + 1] += 1 }
        for r in 0..<slots { start[r + 1] += start[r] }
        var sorted = edges   // every slot is written below
        var fill = start
        for e in edges {
            let r = slotOf(e)
            sorted[fill[r]] = e
            fill[r] += 1
        }
        for r in 0..<slots where start[r + 1] - start[r] > 64 {
            sorted[start[r]..<start[r + 1]].sort(by: before)
        }
        sorted.withUnsafeMutableBufferPointer { s in
            for r in 0..<slots where start[r + 1] - start[r] > 1 && start[r + 1] - start[r] <= 64 {
                if let base = s.baseAddress { InsertionSort.sort(base + start[r], count: start[r + 1] - start[r], by: before) }
            }
        }
        return sorted
    }

    /// An active edge in a sub-strip: its x at the sub-strip's top and bottom (NaN when it does
    /// not span it) and the key the definition orders by (their mean), ties by edge index.
    struct Keyed {
        var key: Double
        var edge: Int
        var xa, xb: Double
        @inline(__always) static func before(_ a: Keyed, _ b: Keyed) -> Bool {
            a.key < b.key || (a.key == b.key && a.edge < b.edge)
        }
    }

    /// The definition of the coverage: every active edge visited in every sub-strip. Kept as the
    /// fallback of `sweepGrouped` and as the reference its tests compare with.
    static func sweepGeneral(_ edges: [Edge], bounds: PixelRect, rule: FillRule, meter: WorkMeter? = nil) -> Mask {
        var mask = Mask(rect: bounds)
        let width = bounds.width
        let rows = SweepRows(edges, width: width, meter: meter)
        let E = rows.E, act = rows.act, acc = rows.acc, marks = rows.marks
        // Active edges, kept sorted by (x at the middle of the last sub-strip, index): from one
        // sub-strip to the next the order changes only where edges cross, which happens at cuts,
        // so the insertion sort below rarely has work to do. Scratch space is allocated once.
        let count = edges.count
        let keyed = UnsafeMutablePointer<Keyed>.allocate(capacity: count)
        defer { keyed.deallocate() }

        for row in bounds.y0..<bounds.y1 {
            guard rows.enter(row: row) else { continue }
            let nAct = rows.nAct, cuts = rows.cuts
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
                    var item = Keyed(key: 0, edge: act[r], xa: .nan, xb: .nan)
                    if e.y0 <= ymid && e.y1 >= ymid {
                        item.xa = e.x(at: ya); item.xb = e.x(at: yb)
                        item.key = (item.xa + item.xb) * 0.5
                    } else {
                        item.key = e.x(at: min(max(ymid, e.y0), e.y1))
                    }
                    keyed[r] = item
                    if r > 0 && Keyed.before(item, keyed[r - 1]) { sorted = false }
                }
                if !sorted {
                    InsertionSort.sort(keyed, count: nAct, by: Keyed.before)
                    for r in 0..<nAct { act[r] = keyed[r].edge }
                }
                var winding = 0
                for r in 0..<nAct {
                    let xa = keyed[r].xa
                    guard !xa.isNaN else { continue }   // not spanning this sub-strip
                    let wasFilled = Rasterizer.filled(winding, rule)
                    winding &+= E[act[r]].dir
                    let isFilled = Rasterizer.filled(winding, rule)
                    if wasFilled != isFilled {
                        let (lo, hi) = Rasterizer.accumulateRightOf(acc, originX: bounds.x0, width: width,
                                                                    xa: xa, xb: keyed[r].xb, height: isFilled ? h : -h)
                        for c in lo...hi { marks[c >> 6] |= 1 << UInt64(c & 63) }
                    }
                }
            }

            Rasterizer.resolveRow(row - bounds.y0, acc: acc, marks: marks, into: &mask)
        }
        return mask
    }

    /// A piece of an edge in a sub-strip that changes the fill: its x at the strip's top and
    /// bottom, and the strip's height, negative where the fill ends.
    struct Piece {
        var xa, xb, height: Double
        /// The layout the C lanes (CPieceLanes) and `accumulatePieces` read pieces with: triplets
        /// of doubles, `stride` bytes apart. RasterTests checks it against `MemoryLayout`.
        static let stride = 24
        static let offsets = (xa: 0, xb: 8, height: 16)
    }

    /// Row `row` of the mask from the accumulation buffer, which it leaves cleared.
    @inline(__always)
    static func resolveRow(_ row: Int, acc: UnsafeMutableBufferPointer<Int>, marks: UnsafeMutableBufferPointer<UInt64>, into mask: inout Mask) {
        resolveRow(row, acc: acc, marks: marks, into: &mask, as: AreaSum.self)
    }

    /// How a row's running sum becomes a byte: the sweep's sums are the covered area already;
    /// the accumulation experiment's are the winding's integral, folded by the rule
    /// (CellSweep.swift).
    protocol SumCoverage { static func coverage(_ sum: Int) -> UInt8 }
    enum AreaSum: SumCoverage {
        @inline(__always) static func coverage(_ sum: Int) -> UInt8 { UInt8(clamping: (sum * 255 + (1 << 23)) >> 24) }
    }

    @inline(__always)
    static func resolveRow<S: SumCoverage>(_ row: Int, acc: UnsafeMutableBufferPointer<Int>, marks: UnsafeMutableBufferPointer<UInt64>,
                                           into mask: inout Mask, as sums: S.Type) {
        // Prefix sum into 8-bit coverage over the written columns, clearing the buffer for
        // the next row; between them the sum is constant, so a run is one value (the mask
        // starts at zero, so zero runs need no writing).
        let width = mask.rect.width, markWords = (width + 1) / 64 + 1
        let base = row * width
        @inline(__always) func coverage(_ sum: Int) -> UInt8 { S.coverage(sum) }
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
                        if v != 0 { (out.baseAddress! + base + runStart).update(repeating: v, count: min(c, width) - runStart) }
                    }
                    sum += acc[c]
                    acc[c] = 0
                    if c < width { out[base + c] = coverage(sum) }
                    runStart = c + 1
                }
            }
            if runStart < width {
                let v = coverage(sum)
                if v != 0 { (out.baseAddress! + base + runStart).update(repeating: v, count: width - runStart) }
            }
        }
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
