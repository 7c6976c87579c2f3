import Geometry

/// The row machinery both sweeps share (see Rasterizer): the active edges of each pixel row, the
/// heights that cut it into sub-strips (vertices and crossings), and the work that costs, metered
/// so a path with very many self-crossings stops within one row (`Rasterizer.WorkMeter`).
extension Rasterizer {
    /// What both sweeps share: the edges, the active edges and cuts of the current row, and the
    /// accumulation buffer (columns 0...width) with a bitmap of the columns written in the row
    /// (the prefix sum is constant between written columns, so only those are visited).
    ///
    /// Its mutable state is read and written on every row by the one sweep that owns it (never
    /// shared, never reached re-entrantly), so its accesses are not checked at run time: a
    /// dynamic exclusivity check on every row cost about 1 % of a frame.
    final class SweepRows {
        let E: UnsafeMutablePointer<Edge>
        let count: Int
        /// Active edges of the current row: act[0..<nAct].
        let act: UnsafeMutablePointer<Int>
        @exclusivity(unchecked) private(set) var nAct = 0
        @exclusivity(unchecked) private var next = 0
        /// The current row's cuts, sorted.
        @exclusivity(unchecked) private(set) var cuts: [Double] = []
        /// The current row's active edges with their x range within it, sorted by its left end.
        let spans: UnsafeMutablePointer<(lo: Double, hi: Double, edge: Int)>
        private let scratch: UnsafeMutablePointer<(lo: Double, hi: Double, edge: Int)>
        let acc: UnsafeMutableBufferPointer<Int>
        let marks: UnsafeMutableBufferPointer<UInt64>

        /// Counts the work of each row; over its limit, every later row is left empty.
        let meter: WorkMeter?

        init(_ edges: [Edge], width: Int, meter: WorkMeter? = nil) {
            self.meter = meter
            count = edges.count
            E = .allocate(capacity: count)
            E.initialize(from: edges, count: count)
            act = .allocate(capacity: count)
            spans = .allocate(capacity: count)
            scratch = .allocate(capacity: count)
            acc = .allocate(capacity: width + 2)
            acc.initialize(repeating: 0)
            marks = .allocate(capacity: (width + 1) / 64 + 1)
            marks.initialize(repeating: 0)
        }

        deinit {
            E.deallocate(); act.deallocate(); spans.deallocate(); scratch.deallocate(); acc.deallocate(); marks.deallocate()
        }

        /// Whether the last `enter` dropped or added an edge.
        @exclusivity(unchecked) private(set) var changed = true

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
            let allowed = meter.map { $0.over ? 0 : $0.limit - $0.used } ?? Int.max
            let tests = Rasterizer.rowCuts(top: top, bottom: bottom, E: E, act: act, nAct: nAct, kept: kept, cuts: &cuts,
                                           spans: spans, scratch: scratch, workLimit: allowed)
            if let meter {
                let (strips, o1) = cuts.count.multipliedReportingOverflow(by: nAct)
                meter.used = meter.used &+ tests &+ (o1 ? Int.max / 4 : strips)
                if meter.over || tests > allowed || meter.used > meter.limit || meter.used < 0 {
                    // Over budget: drop every edge so the sweep ends at once; the mask is not used.
                    meter.over = true
                    nAct = 0
                    next = count
                    return false
                }
            }
            return true
        }
    }

    /// The heights at which a row is cut into sub-strips, sorted: the row's top and bottom, every
    /// edge end inside it and every crossing of two active edges inside it.
    /// `act[0..<kept]` are the edges kept from the row before (in its x order), the rest the
    /// edges that start in this row.
    /// Returns the work done (insertion steps and pairs tested); it stops early, with a result
    /// that is not used, once that passes `workLimit`.
    @discardableResult
    static func rowCuts(top: Double, bottom: Double, E: UnsafeMutablePointer<Edge>, act: UnsafeMutablePointer<Int>, nAct: Int,
                        kept: Int, cuts: inout [Double], spans: UnsafeMutablePointer<(lo: Double, hi: Double, edge: Int)>,
                        scratch: UnsafeMutablePointer<(lo: Double, hi: Double, edge: Int)>, workLimit: Int = .max) -> Int {
        var work = 0
        cuts.removeAll(keepingCapacity: true)
        cuts.append(top)
        cuts.append(bottom)
        for r in 0..<nAct {
            let e = E[act[r]]
            if e.y0 > top { cuts.append(e.y0) }
            if e.y1 < bottom { cuts.append(e.y1) }
        }
        // The active edges' x ranges within the row, sorted by their left end. Only edges whose
        // ranges overlap can cross: sweeping them in this order instead of testing every pair
        // (text puts ~100 edges in a row) finds the same pairs whatever the order among equal
        // left ends, and the cuts are sorted below. The grouped sweep makes its groups from
        // these ranges. The kept edges are nearly in order (an insertion sort has little to
        // do); the new ones, which would each travel far from the end, are sorted among
        // themselves and merged in (kept first among equals: the stable order).
        @inline(__always) func range(_ i: Int) -> (lo: Double, hi: Double, edge: Int) {
            let e = E[i]
            let xa = e.x(at: max(top, e.y0)), xb = e.x(at: min(bottom, e.y1))
            return (lo: min(xa, xb), hi: max(xa, xb), edge: i)
        }
        for r in 0..<kept {
            work &+= InsertionSort.insert(range(act[r]), into: spans, count: r) { $0.lo < $1.lo }
            if work > workLimit { return work }
        }
        let added = nAct - kept
        sortByLeftEnd(count: added, into: scratch) { range(act[kept + $0]) }
        // Merge from the back: spans[0..<kept] and scratch[0..<added] into spans[0..<nAct].
        var a = kept - 1, b = added - 1, o = nAct - 1
        while b >= 0 {
            if a >= 0 && spans[a].lo > scratch[b].lo { spans[o] = spans[a]; a -= 1 } else { spans[o] = scratch[b]; b -= 1 }
            o -= 1
        }
        if nAct >= 2 {
            for ai in 0..<nAct {
                if work > workLimit { return work }
                let e = E[spans[ai].edge]
                var bi = ai + 1
                while bi < nAct && spans[bi].lo <= spans[ai].hi {
                    let f = E[spans[bi].edge]
                    bi += 1
                    work &+= 1
                    // The same pair in the same order as the all-pairs definition (lower index
                    // first; CrossingSearchTests keeps it as the twin this must agree with).
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
        if cuts.count > 32 { cuts.sort(); return work }
        cuts.withUnsafeMutableBufferPointer { c in
            if let base = c.baseAddress { InsertionSort.sort(base, count: c.count) { $0 < $1 } }
        }
        return work
    }

    /// Ranges `range(0..<count)` into `out[0..<count]`, sorted by left end, equal ends in the
    /// order given: by insertion (a row's few new edges), or past 256 of them (a hostile or
    /// generated path) by the library's sort on (left end, position), the same order in n log n.
    @inline(__always)
    static func sortByLeftEnd(count: Int, into out: UnsafeMutablePointer<(lo: Double, hi: Double, edge: Int)>,
                              _ range: (Int) -> (lo: Double, hi: Double, edge: Int)) {
        if count > 256 {
            var items = (0..<count).map { (item: range($0), at: $0) }
            items.sort { $0.item.lo < $1.item.lo || ($0.item.lo == $1.item.lo && $0.at < $1.at) }
            for (r, x) in items.enumerated() { out[r] = x.item }
            return
        }
        for r in 0..<count {
            InsertionSort.insert(range(r), into: out, count: r) { $0.lo < $1.lo }
        }
    }
}
