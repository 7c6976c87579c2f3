import Geometry

extension Rasterizer {
    /// The same coverage as `sweepGeneral`, byte for byte, with work per piece instead of per
    /// edge and sub-strip.
    ///
    /// The definition cuts a row into sub-strips at every vertex and crossing of the whole path,
    /// so in a line of text each glyph's edges are cut at the vertices of every other glyph:
    /// most sub-strip boundaries change nothing for most edges. Here the row's spanning edges
    /// are split into groups whose x ranges within the row do not overlap (a glyph, mostly).
    /// An edge's computed x is monotone in y, so its key in any sub-strip (the mean of its x at
    /// the sub-strip's ends) lies in its range: in every sub-strip the definition's order is the
    /// groups left to right, each in its own order, and the winding number entering a group is
    /// the sum of the directions of the spanning edges of the groups left of it.
    ///
    /// A group's own boundaries are the sub-strips where one of its edges starts or stops
    /// spanning, and where the winding number entering it changes. Between two of them (an "own
    /// strip") the group's spanning edges are the same; when their x ranges over the own strip
    /// are disjoint, their order is the same in every sub-strip inside it, and so is the winding
    /// walk: it is done once, and each edge where the fill changes gives one piece per
    /// sub-strip, with the definition's operands (x at the sub-strip's top and bottom from the
    /// same formula, the sub-strip's height, its sign). Where ranges overlap (edges that cross
    /// or come close) the own strip is swept sub-strip by sub-strip as in the definition,
    /// restricted to the group. Pieces are accumulated in integers, so their order does not
    /// matter.
    ///
    /// Returns nil for paths where that argument needs care it does not take: an edge whose
    /// slope is not finite, or a row whose sub-strip middles do not rise.
    static func sweepGrouped(_ edges: [Edge], bounds: PixelRect, rule: FillRule, meter: WorkMeter? = nil) -> Mask? {
        // Edge and sub-strip numbers are kept in 32 bits.
        guard edges.count < Int(Int32.max) / 4 else { return nil }
        for e in edges where !e.dxdy.isFinite { return nil }
        var sweep = GroupedSweep(edges, bounds: bounds, rule: rule, meter: meter)
        return sweep.run()
    }

    /// A spanning edge with an x range (within the row, or over an own strip, where `lo` and
    /// `hi` also serve as its x at a sub-strip's top and bottom and `key` as their mean), and
    /// the sub-strips of the row it spans.
    struct Ranged {
        var lo, hi: Double
        var edge, first, last: Int32
        var key: Double = 0
    }

    /// One grouped sweep over a path's rows, step by step: enter the row (or copy an upright
    /// row), cut it into sub-strips, find its spanning edges, sweep each group, hand the
    /// pieces to the accumulation, and order the next row's active edges.
    struct GroupedSweep: ~Copyable {
        let rows: SweepRows
        let bounds: PixelRect
        /// The bits of the winding number that decide the fill (all of them for non-zero, the
        /// lowest for even-odd).
        let fillMask: Int
        var buffers: GroupedSweepBuffers
        var mask: Mask
        /// The current row: sub-strips, spanning edges, pieces written.
        var nS = 0, nSp = 0, nPieces = 0
        /// Sub-strips after the first where the winding number entering the next group changes.
        var innerSteps = 0
        var stamp = 0
        /// Whether the last row swept was "upright": one sub-strip, every active edge vertical.
        var lastUpright = false

        init(_ edges: [Edge], bounds: PixelRect, rule: FillRule, meter: WorkMeter?) {
            rows = SweepRows(edges, width: bounds.width, meter: meter)
            self.bounds = bounds
            fillMask = rule == .nonZero ? -1 : 1
            buffers = GroupedSweepBuffers(edges)
            mask = Mask(rect: bounds)
        }

        /// The coverage, or nil where the grouped argument needs care it does not take.
        mutating func run() -> Mask? {
            for row in bounds.y0..<bounds.y1 {
                guard rows.enter(row: row) else { lastUpright = false; continue }
                let upright = isUpright()
                let follows = lastUpright
                lastUpright = upright
                if upright && follows && !rows.changed {
                    copyPreviousRow(row)
                    continue
                }
                guard cutSubStrips() else { return nil }
                if nS == 0 { continue }
                findSpanning()
                sweepGroups()
                orderNextActive()
                Rasterizer.accumulatePieces(buffers.pieces, count: nPieces, out: buffers.results, acc: rows.acc, marks: rows.marks,
                                            originX: Double(bounds.x0), width: bounds.width)
                Rasterizer.resolveRow(row - bounds.y0, acc: rows.acc, marks: rows.marks, into: &mask)
            }
            return mask
        }

        /// One sub-strip and every active edge vertical.
        @inline(__always) func isUpright() -> Bool {
            guard rows.cuts.count == 2 else { return false }
            for r in 0..<rows.nAct where rows.E[rows.act[r]].dxdy != 0 { return false }
            return true
        }

        /// An upright row with the same active edges as an upright row just before gives the
        /// same bytes: every edge's x is x0 + (y - y0) * 0 = x0 at both ends, the height is 1,
        /// so keys, order, pieces and sums repeat (the inside rows of a rectangle at a
        /// fractional position). Copied.
        @inline(__always) mutating func copyPreviousRow(_ row: Int) {
            let w = bounds.width, at = (row - bounds.y0) * w
            mask.data.withUnsafeMutableBufferPointer { d in
                (d.baseAddress! + at).update(from: d.baseAddress! + at - w, count: w)
            }
        }

        /// The sub-strips: consecutive distinct cuts (stripTop[k]..stripTop[k + 1]) with their
        /// middles, which must rise. False when they do not (or there are too many).
        @inline(__always) mutating func cutSubStrips() -> Bool {
            let cuts = rows.cuts
            guard cuts.count < Int(Int32.max) else { return false }
            buffers.reserveStrips(cuts.count)
            let stripTop = buffers.stripTop, stripMid = buffers.stripMid
            var n = 0
            for k in 0..<(cuts.count - 1) {
                let ya = cuts[k], yb = cuts[k + 1]
                if !(yb > ya) { continue }
                let ymid = ya + (yb - ya) * 0.5
                if n > 0 && !(stripMid[n - 1] <= ymid) { return false }
                stripTop[n] = ya; stripTop[n + 1] = yb; stripMid[n] = ymid
                n += 1
            }
            nS = n
            if n > 0 { buffers.windStep.initialize(repeating: 0, count: n) }
            innerSteps = 0
            nPieces = 0
            return true
        }

        /// The row's spanning edges: each active edge spans the sub-strips whose middle lies in
        /// [y0, y1], a run found by binary search (the middles rise). Its x over them lies in
        /// its range within the row, which `SweepRows` computed and sorted by left end. Makes
        /// room for the pieces (at most one per edge and sub-strip spanned) and boundaries.
        @inline(__always) mutating func findSpanning() {
            let stripMid = buffers.stripMid, spanning = buffers.spanning, spans = rows.spans, E = rows.E
            var count = 0
            var bound = 0
            for r in 0..<rows.nAct {
                let i = spans[r].edge, e = E[i]
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
                guard a <= b else { continue }
                spanning[count] = Ranged(lo: spans[r].lo, hi: spans[r].hi, edge: Int32(i), first: Int32(a), last: Int32(b))
                count += 1
                bound += b - a + 1
            }
            nSp = count
            buffers.reservePieces(bound)
            buffers.reserveBoundaries(2 * count + nS + 2)
        }

        /// The groups left to right: spanning edges whose ranges overlap, one after the other.
        mutating func sweepGroups() {
            let spanning = buffers.spanning
            var g = 0
            while g < nSp {
                var end = g + 1
                var reach = spanning[g].hi
                while end < nSp && spanning[end].lo <= reach {
                    reach = max(reach, spanning[end].hi)
                    end += 1
                }
                // The winding number entering it is the same in every sub-strip unless a group
                // to its left changed it inside the row (for closed contours within groups, such
                // as glyphs, never: their steps cancel at shared vertices).
                let windConstant = innerSteps == 0
                if windConstant && end == g + 1 {
                    // One edge (most groups): it spans all its sub-strips alone, so its walk is
                    // the same in each.
                    buffers.own[0] = spanning[g]
                    walk(1, entering: buffers.windStep[0], from: Int(spanning[g].first), to: Int(spanning[g].last) + 1)
                } else {
                    sweepOwnStrips(g, end, windConstant: windConstant)
                }
                stepWinding(g, end)
                g = end
            }
        }

        /// The winding number entering the groups right of `g..<end` changes by the group's
        /// directions where its edges start and stop spanning.
        @inline(__always) mutating func stepWinding(_ g: Int, _ end: Int) {
            let windStep = buffers.windStep, spanning = buffers.spanning, dirOf = buffers.dirOf
            let n = nS
            var inner = innerSteps
            @inline(__always) func step(_ j: Int, _ by: Int) {
                guard j < n else { return }
                let was = windStep[j]
                windStep[j] = was &+ by
                if j > 0 { inner += (was == 0 ? 1 : 0) - (windStep[j] == 0 ? 1 : 0) }
            }
            for s in g..<end {
                let d = dirOf[Int(spanning[s].edge)]
                step(Int(spanning[s].first), d)
                step(Int(spanning[s].last) + 1, -d)
            }
            innerSteps = inner
        }

        /// One piece per sub-strip `from..<to` for `edge`, where the fill starts or ends.
        @inline(__always) mutating func emit(_ edge: Int, from: Int, to: Int, starts: Bool) {
            let e = rows.E[edge], stripTop = buffers.stripTop, pieces = buffers.pieces
            var ya = stripTop[from]
            var xa = e.x(at: ya)
            for j in from..<to {
                let yb = stripTop[j + 1]
                let xb = e.x(at: yb)
                let h = yb - ya
                pieces[nPieces] = Piece(xa: xa, xb: xb, height: starts ? h : -h)
                nPieces += 1
                xa = xb; ya = yb
            }
        }

        /// The winding walk over `own[0..<m]` (in the definition's order) from `entering`,
        /// emitting the edges where the fill changes over sub-strips `from..<to`.
        @inline(__always) mutating func walk(_ m: Int, entering: Int, from: Int, to: Int) {
            let own = buffers.own, dirOf = buffers.dirOf
            var winding = entering
            for k in 0..<m {
                let edge = Int(own[k].edge)
                let was = winding & fillMask != 0
                winding &+= dirOf[edge]
                let now = winding & fillMask != 0
                if was != now { emit(edge, from: from, to: to, starts: now) }
            }
        }

        /// A group of several edges, or one entered by a changing winding number: its own
        /// boundaries, and each own strip walked once (disjoint ranges) or sub-strip by
        /// sub-strip.
        mutating func sweepOwnStrips(_ g: Int, _ end: Int, windConstant: Bool) {
            let nb = ownBoundaries(g, end, windConstant: windConstant)
            let boundary = buffers.boundary
            var q = 0
            while q + 1 < nb {
                let from = boundary[q], to = boundary[q + 1]
                q += 1
                if from == to { continue }
                let entering = windConstant ? buffers.windStep[0] : buffers.windAt[from]
                let m = gatherOwn(g, end, from: from, to: to)
                if m == 0 { continue }
                let own = buffers.own
                var disjoint = true
                for k in 0..<(m - 1) where !(own[k].hi < own[k + 1].lo) { disjoint = false; break }
                if disjoint {
                    walk(m, entering: entering, from: from, to: to)
                } else {
                    sweepSubStrips(m, entering: entering, from: from, to: to)
                }
            }
        }

        /// The group's own boundaries inside the row, sorted (where its edges start or stop
        /// spanning, and where the winding number entering it changes, recorded in windAt).
        @inline(__always) mutating func ownBoundaries(_ g: Int, _ end: Int, windConstant: Bool) -> Int {
            let boundary = buffers.boundary, spanning = buffers.spanning
            var nb = 0
            boundary[nb] = 0; nb += 1
            for s in g..<end {
                let f = Int(spanning[s].first), l = Int(spanning[s].last) + 1
                if f > 0 { boundary[nb] = f; nb += 1 }
                if l < nS { boundary[nb] = l; nb += 1 }
            }
            if !windConstant {
                let windStep = buffers.windStep, windAt = buffers.windAt
                var w = 0
                for j in 0..<nS {
                    w &+= windStep[j]
                    windAt[j] = w
                    if j > 0 && windStep[j] != 0 { boundary[nb] = j; nb += 1 }
                }
            }
            boundary[nb] = nS; nb += 1
            // The first (0) and the last (nS) are in place.
            InsertionSort.sort(boundary + 1, count: max(nb - 2, 0)) { $0 < $1 }
            return nb
        }

        /// The group's edges spanning own strip `from..<to` (all of it or none) into own[0..<m],
        /// by the left end of their range over it.
        @inline(__always) mutating func gatherOwn(_ g: Int, _ end: Int, from: Int, to: Int) -> Int {
            let own = buffers.own, spanning = buffers.spanning, E = rows.E
            let yTop = buffers.stripTop[from], yBottom = buffers.stripTop[to]
            var m = 0
            for s in g..<end where Int(spanning[s].first) <= from && Int(spanning[s].last) >= from {
                let edge = spanning[s].edge, e = E[Int(edge)]
                let xt = e.x(at: yTop), xb = e.x(at: yBottom)
                let item = Ranged(lo: min(xt, xb), hi: max(xt, xb), edge: edge, first: 0, last: 0)
                InsertionSort.insert(item, into: own, count: m) { $0.lo < $1.lo }
                m += 1
            }
            return m
        }

        /// Own strip `from..<to` sub-strip by sub-strip, as the definition does: x at both ends,
        /// the key, the order (ties by edge index), the walk.
        mutating func sweepSubStrips(_ m: Int, entering: Int, from: Int, to: Int) {
            let own = buffers.own, dirOf = buffers.dirOf, stripTop = buffers.stripTop, pieces = buffers.pieces, E = rows.E
            for j in from..<to {
                let ya = stripTop[j], yb = stripTop[j + 1]
                let h = yb - ya
                for k in 0..<m {
                    let e = E[Int(own[k].edge)]
                    let xa = e.x(at: ya), xb = e.x(at: yb)
                    own[k].lo = xa; own[k].hi = xb; own[k].key = (xa + xb) * 0.5
                }
                InsertionSort.sort(own, count: m) { $0.key < $1.key || ($0.key == $1.key && $0.edge < $1.edge) }
                var winding = entering
                for k in 0..<m {
                    let was = winding & fillMask != 0
                    winding &+= dirOf[Int(own[k].edge)]
                    let now = winding & fillMask != 0
                    if was != now {
                        pieces[nPieces] = Piece(xa: own[k].lo, xb: own[k].hi, height: now ? h : -h)
                        nPieces += 1
                    }
                }
            }
        }

        /// The next row's active list starts in this row's x order (the spanning edges by the
        /// left end of their range, then the rest), so sorting it by x there is cheap.
        @inline(__always) mutating func orderNextActive() {
            let seen = buffers.seen, others = buffers.others, spanning = buffers.spanning, act = rows.act
            stamp &+= 1
            for s in 0..<nSp { seen[Int(spanning[s].edge)] = stamp }
            var rest = 0
            for r in 0..<rows.nAct where seen[act[r]] != stamp { others[rest] = act[r]; rest += 1 }
            for s in 0..<nSp { act[s] = Int(spanning[s].edge) }
            for r in 0..<rest { act[nSp + r] = others[r] }
        }
    }
}
