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
        var mask = Mask(rect: bounds)
        let width = bounds.width
        let originX = Double(bounds.x0)
        let rows = SweepRows(edges, width: width, meter: meter)
        let E = rows.E, act = rows.act, acc = rows.acc, marks = rows.marks, spans = rows.spans
        let count = edges.count
        // Winding direction per edge, and the bits of the winding number that decide the fill
        // (all of them for non-zero, the lowest for even-odd).
        let dirOf = UnsafeMutablePointer<Int>.allocate(capacity: count)
        for i in 0..<count { dirOf[i] = edges[i].dir }
        let fillMask = rule == .nonZero ? -1 : 1
        // The row's spanning edges in the order of their range's left end; an own strip's edges.
        let spanning = UnsafeMutablePointer<Ranged>.allocate(capacity: count)
        let own = UnsafeMutablePointer<Ranged>.allocate(capacity: count)
        // Marks of the spanning edges at a row's end (by row stamp), and the other active ones.
        let seen = UnsafeMutablePointer<Int>.allocate(capacity: count)
        seen.initialize(repeating: 0, count: count)
        let others = UnsafeMutablePointer<Int>.allocate(capacity: count)
        var stamp = 0
        defer {
            dirOf.deallocate(); spanning.deallocate(); own.deallocate(); seen.deallocate(); others.deallocate()
        }
        // Per sub-strip: its top (and the row's bottom after the last), its middle, the change
        // at its top of the winding number entering the next group, and that winding number.
        // The own boundaries of a group.
        var stripCapacity = 0
        var stripTop = UnsafeMutablePointer<Double>.allocate(capacity: 0)
        var stripMid = UnsafeMutablePointer<Double>.allocate(capacity: 0)
        var windStep = UnsafeMutablePointer<Int>.allocate(capacity: 0)
        var windAt = UnsafeMutablePointer<Int>.allocate(capacity: 0)
        var boundary = UnsafeMutablePointer<Int>.allocate(capacity: 0)
        var boundaryCapacity = 0
        defer {
            stripTop.deallocate(); stripMid.deallocate(); windStep.deallocate(); windAt.deallocate()
            boundary.deallocate()
        }
        var pieceCapacity = 4 * count
        var pieces = UnsafeMutablePointer<Piece>.allocate(capacity: pieceCapacity)
        var results = UnsafeMutablePointer<Int>.allocate(capacity: 3 * pieceCapacity)
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
            guard cuts.count < Int(Int32.max) else { return nil }
            if cuts.count > stripCapacity {
                stripCapacity = cuts.count * 2
                stripTop.deallocate(); stripMid.deallocate(); windStep.deallocate(); windAt.deallocate()
                stripTop = .allocate(capacity: stripCapacity)
                stripMid = .allocate(capacity: stripCapacity)
                windStep = .allocate(capacity: stripCapacity)
                windAt = .allocate(capacity: stripCapacity)
            }
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
            windStep.initialize(repeating: 0, count: nS)
            var innerSteps = 0   // sub-strips after the first where the winding entering changes

            // Each active edge spans the sub-strips whose middle lies in [y0, y1]: a run, found by
            // binary search (the middles rise). Its x over them lies in its range within the
            // row, which `rowCuts` computed and sorted by left end.
            var nSp = 0
            var bound = 0   // pieces at most: one per edge and sub-strip spanned
            for r in 0..<nAct {
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
                spanning[nSp] = Ranged(lo: spans[r].lo, hi: spans[r].hi, edge: Int32(i), first: Int32(a), last: Int32(b))
                nSp += 1
                bound += b - a + 1
            }
            if bound > pieceCapacity {
                pieceCapacity = bound * 2
                pieces.deallocate(); results.deallocate()
                pieces = .allocate(capacity: pieceCapacity)
                results = .allocate(capacity: 3 * pieceCapacity)
            }
            if 2 * nSp + nS + 2 > boundaryCapacity {
                boundaryCapacity = (2 * nSp + nS + 2) * 2
                boundary.deallocate()
                boundary = .allocate(capacity: boundaryCapacity)
            }

            var nPieces = 0
            // One piece per sub-strip `from..<to` for `edge`, where the fill starts or ends.
            @inline(__always) func emit(_ edge: Int, from: Int, to: Int, starts: Bool) {
                let e = E[edge]
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
            // The winding walk over `own[0..<m]` (in the definition's order) from `entering`,
            // emitting the edges where the fill changes over sub-strips `from..<to`.
            @inline(__always) func walk(_ m: Int, entering: Int, from: Int, to: Int) {
                var winding = entering
                for k in 0..<m {
                    let edge = Int(own[k].edge)
                    let was = winding & fillMask != 0
                    winding &+= dirOf[edge]
                    let now = winding & fillMask != 0
                    if was != now { emit(edge, from: from, to: to, starts: now) }
                }
            }

            // A group of several edges, or one entered by a changing winding number: its own
            // boundaries, and each own strip walked once (disjoint ranges) or sub-strip by
            // sub-strip.
            func sweepOwnStrips(_ g: Int, _ end: Int, windConstant: Bool) {
                // Its own boundaries inside the row, sorted, and the winding entering it.
                var nb = 0
                boundary[nb] = 0; nb += 1
                for s in g..<end {
                    let f = Int(spanning[s].first), l = Int(spanning[s].last) + 1
                    if f > 0 { boundary[nb] = f; nb += 1 }
                    if l < nS { boundary[nb] = l; nb += 1 }
                }
                if !windConstant {
                    var w = 0
                    for j in 0..<nS {
                        w &+= windStep[j]
                        windAt[j] = w
                        if j > 0 && windStep[j] != 0 { boundary[nb] = j; nb += 1 }
                    }
                }
                boundary[nb] = nS; nb += 1
                for i in 2..<max(nb - 1, 2) {
                    let v = boundary[i]
                    var j = i - 1
                    while j >= 1 && boundary[j] > v { boundary[j + 1] = boundary[j]; j -= 1 }
                    boundary[j + 1] = v
                }
                var q = 0
                while q + 1 < nb {
                    let from = boundary[q], to = boundary[q + 1]
                    q += 1
                    if from == to { continue }
                    let entering = windConstant ? windStep[0] : windAt[from]
                    // The group's edges spanning this own strip (all of it or none), by the left
                    // end of their range over it.
                    let yTop = stripTop[from], yBottom = stripTop[to]
                    var m = 0
                    for s in g..<end where Int(spanning[s].first) <= from && Int(spanning[s].last) >= from {
                        let edge = spanning[s].edge, e = E[Int(edge)]
                        let xt = e.x(at: yTop), xb = e.x(at: yBottom)
                        let item = Ranged(lo: min(xt, xb), hi: max(xt, xb), edge: edge, first: 0, last: 0)
                        var j = m - 1
                        while j >= 0 && own[j].lo > item.lo { own[j + 1] = own[j]; j -= 1 }
                        own[j + 1] = item
                        m += 1
                    }
                    if m == 0 { continue }
                    var disjoint = true
                    for k in 0..<(m - 1) where !(own[k].hi < own[k + 1].lo) { disjoint = false; break }
                    if disjoint {
                        walk(m, entering: entering, from: from, to: to)
                        continue
                    }
                    // Sub-strip by sub-strip: x at both ends, the key, the order (ties by edge
                    // index), the walk.
                    for j in from..<to {
                        let ya = stripTop[j], yb = stripTop[j + 1]
                        let h = yb - ya
                        for k in 0..<m {
                            let e = E[Int(own[k].edge)]
                            let xa = e.x(at: ya), xb = e.x(at: yb)
                            own[k].lo = xa; own[k].hi = xb; own[k].key = (xa + xb) * 0.5
                        }
                        for k in 1..<m {
                            let item = own[k]
                            var i = k - 1
                            while i >= 0 && (own[i].key > item.key || (own[i].key == item.key && own[i].edge > item.edge)) {
                                own[i + 1] = own[i]; i -= 1
                            }
                            own[i + 1] = item
                        }
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
            }

            var g = 0
            while g < nSp {
                // The group: spanning edges whose ranges overlap, one after the other.
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
                    own[0] = spanning[g]
                    walk(1, entering: windStep[0], from: Int(spanning[g].first), to: Int(spanning[g].last) + 1)
                } else {
                    sweepOwnStrips(g, end, windConstant: windConstant)
                }
                // The winding number entering the groups to the right changes by this group's
                // directions where its edges start and stop spanning.
                @inline(__always) func step(_ j: Int, _ by: Int) {
                    guard j < nS else { return }
                    let was = windStep[j]
                    windStep[j] = was &+ by
                    if j > 0 { innerSteps += (was == 0 ? 1 : 0) - (windStep[j] == 0 ? 1 : 0) }
                }
                for s in g..<end {
                    let d = dirOf[Int(spanning[s].edge)]
                    step(Int(spanning[s].first), d)
                    step(Int(spanning[s].last) + 1, -d)
                }
                g = end
            }

            // The next row's active list starts in this row's x order (the spanning edges by
            // the left end of their range, then the rest), so sorting it by x there is cheap.
            stamp &+= 1
            for s in 0..<nSp { seen[Int(spanning[s].edge)] = stamp }
            var rest = 0
            for r in 0..<nAct where seen[act[r]] != stamp { others[rest] = act[r]; rest += 1 }
            for s in 0..<nSp { act[s] = Int(spanning[s].edge) }
            for r in 0..<rest { act[nSp + r] = others[r] }
            Rasterizer.accumulatePieces(pieces, count: nPieces, out: results, acc: acc, marks: marks,
                                        originX: originX, width: width)
            Rasterizer.resolveRow(row - bounds.y0, acc: acc, marks: marks, into: &mask)
        }
        return mask
    }

    /// A spanning edge with an x range (within the row, or over an own strip, where `lo` and
    /// `hi` also serve as its x at a sub-strip's top and bottom and `key` as their mean), and
    /// the sub-strips of the row it spans.
    struct Ranged {
        var lo, hi: Double
        var edge, first, last: Int32
        var key: Double = 0
    }
}
