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
        guard let (edges, bounds) = Rasterizer.edges(of: path, clip: clip) else { return nil }
        // The common case takes the sweep over spanning edges only; a path whose geometry it
        // cannot vouch for (see there) is swept the general way. Both give the same bytes.
        return Rasterizer.sweepSpanning(edges, bounds: bounds, rule: rule)
            ?? Rasterizer.sweepGeneral(edges, bounds: bounds, rule: rule)
    }

    /// The path's non-horizontal edges after clipping, sorted by top (ties by x), and the pixel
    /// rectangle they cover; nil when nothing is left to draw.
    static func edges(of path: Path, clip: PixelRect) -> (edges: [Edge], bounds: PixelRect)? {
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
        return (sortedByTop(edges, bounds: bounds), bounds)
    }

    /// The sweep's edge order: by top, then x at the top, then x at the bottom; equal edges in
    /// the order given. What the library's stable sort with that comparison gives (it takes
    /// crowded rows), found faster by counting the edges into the pixel rows of their tops
    /// first (a stable step, and rows of tops are in the order of tops), then sorting each row's
    /// few edges by insertion (stable too).
    static func sortedByTop(_ edges: [Edge], bounds: PixelRect) -> [Edge] {
        @inline(__always) func before(_ a: Edge, _ b: Edge) -> Bool {
            a.y0 < b.y0 || (a.y0 == b.y0 && (a.x0 < b.x0 || (a.x0 == b.x0 && a.x1 < b.x1)))
        }
        let rows = bounds.height
        @inline(__always) func rowOf(_ e: Edge) -> Int { min(max(floorInt(e.y0) - bounds.y0, 0), rows - 1) }
        var start = [Int](repeating: 0, count: rows + 1)
        for e in edges { start[rowOf(e) + 1] += 1 }
        for r in 0..<rows { start[r + 1] += start[r] }
        var sorted = edges   // every slot is written below
        var fill = start
        for e in edges {
            let r = rowOf(e)
            sorted[fill[r]] = e
            fill[r] += 1
        }
        for r in 0..<rows where start[r + 1] - start[r] > 1 {
            let lo = start[r], hi = start[r + 1]
            if hi - lo > 64 { sorted[lo..<hi].sort(by: before); continue }
            sorted.withUnsafeMutableBufferPointer { s in
                for i in (lo + 1)..<hi {
                    let e = s[i]
                    var j = i - 1
                    while j >= lo && before(e, s[j]) { s[j + 1] = s[j]; j -= 1 }
                    s[j + 1] = e
                }
            }
        }
        return sorted
    }

    /// The definition of the coverage: every active edge visited in every sub-strip. Kept as the
    /// fallback of `sweepSpanning` and as the reference its tests compare with.
    static func sweepGeneral(_ edges: [Edge], bounds: PixelRect, rule: FillRule) -> Mask {
        var mask = Mask(rect: bounds)
        let width = bounds.width
        let rows = SweepRows(edges, width: width)
        let E = rows.E, act = rows.act, acc = rows.acc, marks = rows.marks
        // Active edges, kept sorted by (x at the middle of the last sub-strip, index): from one
        // sub-strip to the next the order changes only where edges cross, which happens at cuts,
        // so the insertion sort below rarely has work to do. Scratch space is allocated once.
        let count = edges.count
        let keyOf = UnsafeMutablePointer<Double>.allocate(capacity: count)
        let xaOf = UnsafeMutablePointer<Double>.allocate(capacity: count)
        let xbOf = UnsafeMutablePointer<Double>.allocate(capacity: count)
        defer { keyOf.deallocate(); xaOf.deallocate(); xbOf.deallocate() }

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

            Rasterizer.resolveRow(row - bounds.y0, acc: acc, marks: marks, into: &mask)
        }
        return mask
    }

    /// The same coverage as `sweepGeneral`, byte for byte, with less work per sub-strip.
    ///
    /// In a sub-strip only the edges spanning it contribute, and their order by (middle x,
    /// index) is a total order, so the general sweep's walk over all active edges visits the
    /// spanning ones in exactly the order of sorting just them. Each edge spans a contiguous run
    /// of a row's sub-strips (the middles of the sub-strips rise with them), so here each edge
    /// enters a sorted list at its first sub-strip and leaves after its last; its x at the top of
    /// a sub-strip is its x at the bottom of the one before, computed once. Pieces that stay in
    /// one pixel column (most of them) take a straight-line form of `accumulateRightOf` with the
    /// same arithmetic. Every floating-point value a piece uses is computed by the same
    /// operations on the same operands as in the general sweep, and the accumulation is integer,
    /// so the order of pieces does not matter.
    ///
    /// Returns nil for paths where that argument needs care it does not take: an edge whose
    /// slope is not finite, or a row whose sub-strip middles do not rise.
    static func sweepSpanning(_ edges: [Edge], bounds: PixelRect, rule: FillRule) -> Mask? {
        // Edge and sub-strip numbers are kept in 32 bits.
        guard edges.count < Int(Int32.max) / 4 else { return nil }
        for e in edges where !e.dxdy.isFinite { return nil }
        var mask = Mask(rect: bounds)
        let width = bounds.width
        let originX = Double(bounds.x0)
        let rows = SweepRows(edges, width: width)
        let E = rows.E, act = rows.act, acc = rows.acc, marks = rows.marks
        let count = edges.count
        // The sorted list of spanning edges (two buffers: the list is merged from one into the
        // other), the edges entering at the current sub-strip, and the row's edges that span
        // something ordered by their first sub-strip.
        var list = UnsafeMutablePointer<Spanning>.allocate(capacity: count)
        var spare = UnsafeMutablePointer<Spanning>.allocate(capacity: count)
        let fresh = UnsafeMutablePointer<Spanning>.allocate(capacity: count)
        let staged = UnsafeMutablePointer<Staged>.allocate(capacity: count)
        let entering = UnsafeMutablePointer<Staged>.allocate(capacity: count)
        // Winding direction per edge, and the bits of the winding number that decide the fill
        // (all of them for non-zero, the lowest for even-odd).
        let dirOf = UnsafeMutablePointer<Int8>.allocate(capacity: count)
        for i in 0..<count { dirOf[i] = Int8(edges[i].dir) }
        let fillMask = rule == .nonZero ? -1 : 1
        // Marks of the edges in the list at a row's end (by row stamp), and the other active ones.
        let seen = UnsafeMutablePointer<Int>.allocate(capacity: count)
        seen.initialize(repeating: 0, count: count)
        let others = UnsafeMutablePointer<Int>.allocate(capacity: count)
        var stamp = 0
        defer {
            list.deallocate(); spare.deallocate(); fresh.deallocate(); staged.deallocate(); entering.deallocate()
            dirOf.deallocate(); seen.deallocate(); others.deallocate()
        }
        var stripCapacity = 0
        var stripTop = UnsafeMutablePointer<Double>.allocate(capacity: 0)
        var stripMid = UnsafeMutablePointer<Double>.allocate(capacity: 0)
        var firstCount = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        defer { stripTop.deallocate(); stripMid.deallocate(); firstCount.deallocate() }
        var pieceCapacity = 4 * count
        var pieces = UnsafeMutablePointer<Piece>.allocate(capacity: pieceCapacity)
        var results = UnsafeMutablePointer<Int>.allocate(capacity: 3 * pieceCapacity)
        var nPieces = 0
        defer { pieces.deallocate(); results.deallocate() }

        // Whether the last row swept was "upright": one sub-strip, every active edge vertical.
        var lastUpright = false
        for row in bounds.y0..<bounds.y1 {
            guard rows.enter(row: row) else { lastUpright = false; continue }
            let nAct = rows.nAct, cuts = rows.cuts

            // An upright row with the same active edges as an upright row just before gives the
            // same bytes: every edge's x is x0 + (y - y0) * 0 = x0 at both ends, the height is 1,
            // so keys, order, pieces and sums repeat (the inside rows of a rectangle at a
            // fractional position). Copy it.
            var upright = cuts.count == 2
            if upright {
                for r in 0..<nAct where E[act[r]].dxdy != 0 { upright = false; break }
            }
            defer { lastUpright = upright }
            if upright && lastUpright && !rows.changed {
                let w = width, at = (row - bounds.y0) * w
                mask.data.withUnsafeMutableBufferPointer { d in
                    (d.baseAddress! + at).update(from: d.baseAddress! + at - w, count: w)
                }
                continue
            }

            // The sub-strips: consecutive distinct cuts (stripTop[k]..stripTop[k + 1]).
            if cuts.count > stripCapacity {
                stripCapacity = cuts.count * 2
                stripTop.deallocate(); stripMid.deallocate(); firstCount.deallocate()
                stripTop = .allocate(capacity: stripCapacity)
                stripMid = .allocate(capacity: stripCapacity)
                firstCount = .allocate(capacity: stripCapacity + 1)
            }
            guard cuts.count < Int(Int32.max) else { return nil }
            var nS = 0
            for k in 0..<(cuts.count - 1) {
                let ya = cuts[k], yb = cuts[k + 1]
                if !(yb > ya) { continue }
                let ymid = ya + (yb - ya) * 0.5
                if nS > 0 && !(stripMid[nS - 1] <= ymid) { return nil }
                stripTop[nS] = ya; stripTop[nS + 1] = yb; stripMid[nS] = ymid
                nS += 1
            }
            if nS == 0 { continue }

            // Each active edge spans the sub-strips whose middle lies in [y0, y1]: a run, found by
            // binary search (the middles rise).
            firstCount.initialize(repeating: 0, count: nS + 1)
            var nStaged = 0
            for r in 0..<nAct {
                let i = act[r], e = E[i]
                var a = 0
                if stripMid[0] < e.y0 {
                    var hi = nS   // stripMid[a] < y0 <= stripMid[hi] (stripMid[nS] taken as +inf)
                    while hi - a > 1 {
                        let m = (a + hi) >> 1
                        if stripMid[m] < e.y0 { a = m } else { hi = m }
                    }
                    a = hi
                }
                var b = nS - 1
                if stripMid[b] > e.y1 {
                    var lo = -1   // stripMid[lo] <= y1 < stripMid[b] (stripMid[-1] taken as -inf)
                    while b - lo > 1 {
                        let m = (lo + b) >> 1
                        if stripMid[m] > e.y1 { b = m } else { lo = m }
                    }
                    b = lo
                }
                if a <= b {
                    staged[nStaged] = Staged(edge: Int32(i), first: Int32(a), last: Int32(b))
                    nStaged += 1
                    firstCount[a + 1] += 1
                }
            }
            for k in 0..<nS { firstCount[k + 1] += firstCount[k] }
            for s in 0..<nStaged {
                let item = staged[s]
                entering[firstCount[Int(item.first)]] = item
                firstCount[Int(item.first)] += 1
            }

            var n = 0
            var taken = 0
            for k in 0..<nS {
                let ya = stripTop[k], yb = stripTop[k + 1]
                let h = yb - ya
                // Edges entering here, with their x and key, sorted among themselves.
                var f = 0
                while taken < nStaged && Int(entering[taken].first) == k {
                    let entry = entering[taken]
                    taken += 1
                    let e = E[Int(entry.edge)]
                    let xa = e.x(at: ya), xb = e.x(at: yb)
                    let item = Spanning(key: (xa + xb) * 0.5, xa: xa, xb: xb, edge: entry.edge, last: entry.last)
                    var j = f - 1
                    while j >= 0 && Rasterizer.before(item, fresh[j]) { fresh[j + 1] = fresh[j]; j -= 1 }
                    fresh[j + 1] = item
                    f += 1
                }
                if nPieces + n + f > pieceCapacity {
                    pieceCapacity = (nPieces + n + f) * 2
                    let grown = UnsafeMutablePointer<Piece>.allocate(capacity: pieceCapacity)
                    grown.moveInitialize(from: pieces, count: nPieces)
                    pieces.deallocate()
                    pieces = grown
                    results.deallocate()
                    results = .allocate(capacity: 3 * pieceCapacity)
                }
                // One pass: drop edges past their last sub-strip, move the rest down a strip (an
                // edge's x at this top is its x at the last bottom), merge the entering ones in,
                // and walk the winding numbers, assuming the result is sorted. It is unless edges
                // crossed; then the list is sorted and walked again.
                let strip = nPieces
                var sorted = true
                var o = 0, j = 0
                var winding = 0
                var previous = Spanning(key: -.infinity, xa: 0, xb: 0, edge: -1, last: 0)
                // One step of the winding walk: a piece where the fill changes.
                @inline(__always) func walk(_ item: Spanning) {
                    let was = winding & fillMask != 0
                    winding &+= Int(dirOf[Int(item.edge)])
                    let now = winding & fillMask != 0
                    pieces[nPieces] = Piece(xa: item.xa, xb: item.xb, height: now ? h : -h)
                    nPieces += was != now ? 1 : 0
                }
                @inline(__always) func emit(_ item: Spanning) {
                    if Rasterizer.before(item, previous) { sorted = false }
                    previous = item
                    spare[o] = item
                    o += 1
                    walk(item)
                }
                for s in 0..<n where Int(list[s].last) >= k {
                    var item = list[s]
                    item.xa = item.xb
                    item.xb = E[Int(item.edge)].x(at: yb)
                    item.key = (item.xa + item.xb) * 0.5
                    while j < f && Rasterizer.before(fresh[j], item) { emit(fresh[j]); j += 1 }
                    emit(item)
                }
                while j < f { emit(fresh[j]); j += 1 }
                swap(&list, &spare)
                n = o
                if !sorted {
                    for r in 1..<n {
                        let item = list[r]
                        var j = r - 1
                        while j >= 0 && Rasterizer.before(item, list[j]) { list[j + 1] = list[j]; j -= 1 }
                        list[j + 1] = item
                    }
                    nPieces = strip
                    winding = 0
                    for s in 0..<n { walk(list[s]) }
                }
            }
            // The next row's active list starts in this row's final x order (the edges still
            // spanning its last sub-strip, then the rest), so sorting it by x there is cheap.
            stamp &+= 1
            for s in 0..<n { seen[Int(list[s].edge)] = stamp }
            var rest = 0
            for r in 0..<nAct where seen[act[r]] != stamp { others[rest] = act[r]; rest += 1 }
            for s in 0..<n { act[s] = Int(list[s].edge) }
            for r in 0..<rest { act[n + r] = others[r] }
            // The row's pieces in one tight loop: independent of each other, so the processor
            // overlaps their long chains of arithmetic.
            Rasterizer.accumulatePieces(pieces, count: nPieces, out: results, acc: acc, marks: marks, originX: originX, width: width)
            nPieces = 0
            Rasterizer.resolveRow(row - bounds.y0, acc: acc, marks: marks, into: &mask)
        }
        return mask
    }

    /// An edge in the sweep's list: its x at the top and bottom of the current sub-strip, their
    /// mean (the sort key), and the last sub-strip of the row it spans.
    struct Spanning {
        var key, xa, xb: Double
        var edge, last: Int32
    }

    /// An edge of a row spanning its sub-strips `first...last`.
    struct Staged {
        var edge, first, last: Int32
    }

    /// A piece of an edge in a sub-strip that changes the fill: its x at the strip's top and
    /// bottom, and the strip's height, negative where the fill ends.
    struct Piece {
        var xa, xb, height: Double
    }

    /// The sweep's order: by key, ties by edge index.
    @inline(__always) static func before(_ a: Spanning, _ b: Spanning) -> Bool {
        a.key < b.key || (a.key == b.key && a.edge < b.edge)
    }

    /// What both sweeps share: the edges, the active edges and cuts of the current row, and the
    /// accumulation buffer (columns 0...width) with a bitmap of the columns written in the row
    /// (the prefix sum is constant between written columns, so only those are visited).
    final class SweepRows {
        let E: UnsafeMutablePointer<Edge>
        let count: Int
        /// Active edges of the current row: act[0..<nAct].
        let act: UnsafeMutablePointer<Int>
        private(set) var nAct = 0
        private var next = 0
        /// The current row's cuts, sorted.
        private(set) var cuts: [Double] = []
        private let spans: UnsafeMutablePointer<(lo: Double, hi: Double, edge: Int)>
        let acc: UnsafeMutableBufferPointer<Int>
        let marks: UnsafeMutableBufferPointer<UInt64>

        init(_ edges: [Edge], width: Int) {
            count = edges.count
            E = .allocate(capacity: count)
            E.initialize(from: edges, count: count)
            act = .allocate(capacity: count)
            spans = .allocate(capacity: count)
            acc = .allocate(capacity: width + 2)
            acc.initialize(repeating: 0)
            marks = .allocate(capacity: (width + 1) / 64 + 1)
            marks.initialize(repeating: 0)
        }

        deinit {
            E.deallocate(); act.deallocate(); spans.deallocate(); acc.deallocate(); marks.deallocate()
        }

        /// Whether the last `enter` dropped or added an edge.
        private(set) var changed = true

        /// Moves to pixel row `row` (rows come in increasing order): drops the edges that ended,
        /// adds those that start, and cuts the row. False when no edge is active in it.
        func enter(row: Int) -> Bool {
            let top = Double(row), bottom = Double(row + 1)
            var kept = 0
            for r in 0..<nAct where E[act[r]].y1 > top { act[kept] = act[r]; kept += 1 }
            changed = kept != nAct
            nAct = kept
            while next < count && E[next].y0 < bottom {
                if E[next].y1 > top { act[nAct] = next; nAct += 1; changed = true }
                next += 1
            }
            if nAct == 0 { return false }
            Rasterizer.rowCuts(top: top, bottom: bottom, E: E, act: act, nAct: nAct, cuts: &cuts, spans: spans)
            return true
        }
    }

    /// The heights at which a row is cut into sub-strips, sorted: the row's top and bottom, every
    /// edge end inside it and every crossing of two active edges inside it.
    static func rowCuts(top: Double, bottom: Double, E: UnsafeMutablePointer<Edge>, act: UnsafeMutablePointer<Int>, nAct: Int,
                        cuts: inout [Double], spans: UnsafeMutablePointer<(lo: Double, hi: Double, edge: Int)>) {
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
            for r in 0..<nAct {
                let i = act[r], e = E[i]
                let xa = e.x(at: max(top, e.y0)), xb = e.x(at: min(bottom, e.y1))
                let item = (lo: min(xa, xb), hi: max(xa, xb), edge: i)
                var j = r - 1
                while j >= 0 && spans[j].lo > item.lo { spans[j + 1] = spans[j]; j -= 1 }
                spans[j + 1] = item
            }
            for ai in 0..<nAct {
                let e = E[spans[ai].edge]
                var bi = ai + 1
                while bi < nAct && spans[bi].lo <= spans[ai].hi {
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
        // A row has a few cuts (text: about ten): a stable insertion sort puts them in the
        // order of the library's stable `sort()`, which takes the long lists.
        if cuts.count > 32 { cuts.sort(); return }
        cuts.withUnsafeMutableBufferPointer { c in
            for i in 1..<c.count {
                let v = c[i]
                var j = i - 1
                while j >= 0 && c[j] > v { c[j + 1] = c[j]; j -= 1 }
                c[j + 1] = v
            }
        }
    }

    /// Row `row` of the mask from the accumulation buffer, which it leaves cleared.
    @inline(__always)
    static func resolveRow(_ row: Int, acc: UnsafeMutableBufferPointer<Int>, marks: UnsafeMutableBufferPointer<UInt64>, into mask: inout Mask) {
        // Prefix sum into 8-bit coverage over the written columns, clearing the buffer for
        // the next row; between them the sum is constant, so a run is one value (the mask
        // starts at zero, so zero runs need no writing).
        let width = mask.rect.width, markWords = (width + 1) / 64 + 1
        let base = row * width
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
