import Geometry
import TestSupport
import XCTest
@testable import Raster

/// The sweep's crossing search (`Rasterizer.rowCuts`: active edges' x ranges sorted by their
/// left end, only overlapping ranges tested) against its definition, the all-pairs search:
/// every pair of active edges tested in index order with the same arithmetic. The cuts must be
/// the same numbers, bit for bit, in the same order.
final class CrossingSearchTests: XCTestCase {
    typealias Edge = Rasterizer.Edge

    /// The definition: the row's top and bottom, every edge end inside the row, and every
    /// crossing of two active edges inside it, sorted.
    static func allPairsCuts(top: Double, bottom: Double, edges: [Edge], active: [Int]) -> [Double] {
        var cuts = [top, bottom]
        for i in active {
            if edges[i].y0 > top { cuts.append(edges[i].y0) }
            if edges[i].y1 < bottom { cuts.append(edges[i].y1) }
        }
        for a in 0..<active.count {
            for b in (a + 1)..<max(a + 1, active.count) {
                let i = min(active[a], active[b]), j = max(active[a], active[b])
                let p = edges[i], q = edges[j]
                let lo = max(top, p.y0, q.y0), hi = min(bottom, p.y1, q.y1)
                if !(lo < hi) { continue }
                let dlo = p.x(at: lo) - q.x(at: lo), dhi = p.x(at: hi) - q.x(at: hi)
                if (dlo < 0 && dhi > 0) || (dlo > 0 && dhi < 0) { cuts.append(lo + (hi - lo) * (dlo / (dlo - dhi))) }
            }
        }
        return cuts.sorted()
    }

    static func randomEdges(_ g: inout SeededGenerator, count: Int, top: Double) -> [Edge] {
        (0..<count).map { k in
            // Some edges start above the row, some inside; some end inside; a few upright,
            // a few sharing ends (the joints of a polygon).
            let y0 = top - 0.5 + g.unit() * 1.2
            let y1 = y0 + 0.05 + g.unit() * 1.5
            let x0 = Double(g.next() % 40) / 4 + (k % 5 == 0 ? 0 : g.unit())
            let x1 = k % 7 == 0 ? x0 : x0 + (g.unit() - 0.5) * 12
            return Edge(x0: x0, y0: y0, x1: x1, y1: y1, dxdy: (x1 - x0) / (y1 - y0), dir: g.next() % 2 == 0 ? 1 : -1)
        }
    }

    func testTheRangeSweepFindsTheSameCutsAsEveryPair() {
        var g = SeededGenerator(state: 2026)
        for trial in 0..<600 {
            let top = Double(g.next() % 8), bottom = top + 1
            let count = 2 + Int(g.next() % 60)
            var edges = CrossingSearchTests.randomEdges(&g, count: count, top: top)
            // The row's active edges: those that overlap it, in a shuffled order; a random
            // number of them count as kept from the row before.
            var active = edges.indices.filter { edges[$0].y0 < bottom && edges[$0].y1 > top }
            for i in stride(from: active.count - 1, to: 0, by: -1) { active.swapAt(i, Int(g.next() % UInt64(i + 1))) }
            let kept = active.isEmpty ? 0 : Int(g.next() % UInt64(active.count + 1))
            let expected = CrossingSearchTests.allPairsCuts(top: top, bottom: bottom, edges: edges, active: active)
            var cuts: [Double] = []
            let n = max(active.count, 1)
            let spans = UnsafeMutablePointer<(lo: Double, hi: Double, edge: Int)>.allocate(capacity: n)
            let scratch = UnsafeMutablePointer<(lo: Double, hi: Double, edge: Int)>.allocate(capacity: n)
            defer { spans.deallocate(); scratch.deallocate() }
            edges.withUnsafeMutableBufferPointer { e in
                active.withUnsafeMutableBufferPointer { act in
                    _ = Rasterizer.rowCuts(top: top, bottom: bottom, E: e.baseAddress!, act: act.baseAddress!, nAct: act.count,
                                           kept: kept, cuts: &cuts, spans: spans, scratch: scratch)
                }
            }
            XCTAssertEqual(cuts.map(\.bitPattern), expected.map(\.bitPattern), "trial \(trial): \(count) edges, \(active.count) active")
            if cuts.map(\.bitPattern) != expected.map(\.bitPattern) { return }
        }
    }

    func testTheDefinitionFindsACrossing() {
        // Two edges crossing at the row's middle: the definition itself is not vacuous.
        let edges = [Edge(x0: 0, y0: 0, x1: 2, y1: 1, dxdy: 2, dir: 1), Edge(x0: 2, y0: 0, x1: 0, y1: 1, dxdy: -2, dir: -1)]
        XCTAssertEqual(CrossingSearchTests.allPairsCuts(top: 0, bottom: 1, edges: edges, active: [0, 1]), [0, 0.5, 1])
    }
}
