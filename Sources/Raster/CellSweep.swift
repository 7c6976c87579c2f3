import Geometry

/// An experiment of issue 30 (`--raster cells`, a hidden option of render and bench): coverage
/// by plain accumulation, as FreeType's gray rasterizer and font-rs compute it, to measure what
/// the exact sweep costs. Not the default, and not exact: see notes/rasterizer-study.md.
///
/// Each edge adds its signed area to the cells of every pixel row it crosses
/// (`accumulateRightOf`: the exact area right of the edge's piece in the row), so after the
/// running sum along the row a pixel holds the integral of the winding number over it, and its
/// coverage is that integral's magnitude clamped to one (non-zero) or folded to the nearest
/// even number (even-odd). No cuts at vertices or crossings and no sorting by x.
///
/// That is the covered area exactly when the winding takes at most two values inside the pixel
/// and they are consecutive (k and k + 1): then the bytes are the sweep's up to rounding (both
/// sum the same areas as multiples of 2^-24, cut into pieces differently, so a byte can differ
/// by 1 where the exact value lies within a few millionths of a half step). Where contours
/// overlap or cross inside a pixel (joined glyphs of complex scripts, strokes, icons built of
/// overlapping parts) it is an approximation, off by up to half a pixel's coverage.
extension Rasterizer {
    public enum Method: String, Sendable, CaseIterable {
        /// The exact-area sweep (the default, what goldens hold).
        case exact
        /// Plain accumulation (an experiment; see `sweepCells`).
        case cells
    }

    /// The mask and the edge rows it took, or nil when it would take more than `workLimit` (the
    /// budget the sweep's work counts against).
    static func sweepCells(_ edges: [Edge], bounds: PixelRect, rule: FillRule, workLimit: Int = .max) -> (mask: Mask, work: Int)? {
        var mask = Mask(rect: bounds)
        let width = bounds.width
        let acc = UnsafeMutableBufferPointer<Int>.allocate(capacity: width + 2)
        acc.initialize(repeating: 0)
        let marks = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: (width + 1) / 64 + 1)
        marks.initialize(repeating: 0)
        let active = UnsafeMutablePointer<Int>.allocate(capacity: edges.count)
        defer { acc.deallocate(); marks.deallocate(); active.deallocate() }
        var nAct = 0, next = 0, work = 0
        let originX = bounds.x0
        let done: Bool = edges.withUnsafeBufferPointer { E in
            for row in bounds.y0..<bounds.y1 {
                let top = Double(row), bottom = Double(row + 1)
                var kept = 0
                for r in 0..<nAct where E[active[r]].y1 > top { active[kept] = active[r]; kept += 1 }
                nAct = kept
                while next < E.count && E[next].y0 < bottom {
                    if E[next].y1 > top { active[nAct] = next; nAct += 1 }
                    next += 1
                }
                if nAct == 0 { continue }
                work &+= nAct
                if work > workLimit || work < 0 { return false }
                for r in 0..<nAct {
                    let e = E[active[r]]
                    let ya = max(e.y0, top), yb = min(e.y1, bottom)
                    guard yb > ya else { continue }
                    let xa = ya == e.y0 ? e.x0 : e.x(at: ya)
                    let xb = yb == e.y1 ? e.x1 : e.x(at: yb)
                    let h = yb - ya
                    let (lo, hi) = accumulateRightOf(acc, originX: originX, width: width, xa: xa, xb: xb,
                                                     height: e.dir > 0 ? h : -h)
                    for c in lo...hi { marks[c >> 6] |= 1 << UInt64(c & 63) }
                }
                resolveCellRow(row - bounds.y0, acc: acc, marks: marks, rule: rule, into: &mask)
            }
            return true
        }
        return done ? (mask, work) : nil
    }

    /// The winding's integral as coverage: its magnitude clamped to one pixel.
    enum NonZeroSum: SumCoverage {
        @inline(__always) static func coverage(_ sum: Int) -> UInt8 {
            let s = min(sum < 0 ? -sum : sum, 1 << 24)
            return UInt8(clamping: (s * 255 + (1 << 23)) >> 24)
        }
    }

    /// The winding's integral as coverage: its magnitude folded to the nearest even number.
    enum EvenOddSum: SumCoverage {
        @inline(__always) static func coverage(_ sum: Int) -> UInt8 {
            let full = 1 << 24
            var s = (sum < 0 ? -sum : sum) & (2 * full - 1)
            if s > full { s = 2 * full - s }
            return UInt8(clamping: (s * 255 + (1 << 23)) >> 24)
        }
    }

    /// `resolveRow` with the winding folded by the rule.
    static func resolveCellRow(_ row: Int, acc: UnsafeMutableBufferPointer<Int>, marks: UnsafeMutableBufferPointer<UInt64>,
                               rule: FillRule, into mask: inout Mask) {
        if rule == .nonZero {
            resolveRow(row, acc: acc, marks: marks, into: &mask, as: NonZeroSum.self)
        } else {
            resolveRow(row, acc: acc, marks: marks, into: &mask, as: EvenOddSum.self)
        }
    }
}
