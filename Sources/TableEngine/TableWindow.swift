import LayerTree
import SceneModel
import Simulation

/// Laying out only the rows a frame needs (issue 50, step 5): a frame of a long table costs what
/// the rows on screen cost, plus a binary search, not what all its rows cost.
///
/// The rule that keeps the pixels: a windowed layout returns exactly the rows of the full
/// layout that overlap its window, with the same values in the same order, and the same
/// sections and content height. Rows are found by binary search in each section's running
/// sums of base heights (`SectionTops`, made once per data). The full layout places a row at
/// its section's top plus the same running sum, added in the same order from the section's
/// first row, so both give the same doubles whatever the heights (before, it added each row's
/// height to the last row's top: for heights that are not sums of powers of two the two can
/// differ in the last bit, which is why the whole layout changed to the section's sums; every
/// golden frame is the same).
///
/// While an update that began at rest animates, each row that stays goes from its place in the
/// data before it to its place in the data after it; the two are no further apart than the
/// update's `displacement` (the heights of the rows and sections it brings and takes). So the
/// rows that can show inside a window are found among the start's rows within `margin` of it
/// and the target's within twice that, with room for the neighbour each inserted or deleted
/// run is placed from (`TableWindowTests` holds the windowed frames equal to the whole ones on
/// random tables and updates). An update that begins while another animates keeps its start
/// whole, as before (``beginsDuringAnother(_:)``), and its frames lay out every row.
///
/// Tables whose rows change height over time (folds, collapsible sections of the sections
/// article) or move (`moveRow`, reorder drags) are laid out whole, as before.
extension TableSimulation {
    /// A section's rows' tops from its first row's (their base heights summed in order; one more
    /// than the rows, the last the section's rows' height).
    struct SectionTops: Sendable {
        var tops: [Double]
        /// The tallest row.
        var tallest: Double
    }

    /// How far outside the part of the table a frame shows an inserted row's place may end and
    /// the row still be drawn while it comes in (UIKit draws only those that show at the end;
    /// the room keeps a block of rows sliding in from behind its neighbour whole, as drawn before).
    static let insertedMargin = 1000.0

    /// A window that holds no row: for callers that need only the sections and the content's height.
    static let noRows: ClosedRange<Double> = -Double.infinity ... -Double.infinity

    /// Whether a scene's table lays out windows: no row changes height by itself over time (a
    /// fold's row, open or tapped; a collapsible section of the sections article) and none
    /// moves (`moveRow`, `moveSection`, a reorder drag). Known from the scene alone, so the simulation's price
    /// can follow it before the simulation is made (`FrameWriter.checkSimulation`).
    public static func laysOutWindows(_ scene: Scene) -> Bool {
        guard let table = scene.table else { return false }
        var collapsible = table.sections.contains(where: \.collapsible), expanded = false
        scene.forEachTableRow { expanded = expanded || $0.expanded }
        for e in scene.script {
            switch e.action {
            case .tap where table.expansion.effect == .fold: return false
            case .update(let u):
                if u.reorder != nil { return false }
                for change in u.changes {
                    switch change {
                    case .moveRow, .moveSection: return false
                    case .insertSections(_, let sections, _), .reloadData(let sections):
                        collapsible = collapsible || sections.contains(where: \.collapsible)
                    default: continue
                    }
                }
            default: continue
            }
        }
        return !expanded && !(collapsible && table.expansion.effect == .rows)
    }

    /// The running sums of every section of `data`.
    func sectionTops(_ data: TableData) -> [SectionTops] {
        data.sections.map { s in
            var tops = [Double](), tallest = 0.0, y = 0.0
            tops.reserveCapacity(s.rows.count + 1)
            tops.append(0)
            for id in s.rows {
                let h = baseHeight(RowKey(id), in: data)
                tallest = max(tallest, h)
                y += h
                tops.append(y)
            }
            return SectionTops(tops: tops, tallest: tallest)
        }
    }

    /// Whether update `k` begins while an update before it animates. Its start is then kept
    /// whole from the start (`startLayouts`), as every update's is without windows: a start
    /// made from another update's windowed blend, made from another's, cost the cube of the
    /// chain's length a frame (600 deletes at one time took 29 s where keeping them took 18).
    func beginsDuringAnother(_ k: Int) -> Bool {
        let step = timeline.steps[k]
        guard let j = timeline.stepIndex(at: step.time, limit: k) else { return false }
        return step.time < timeline.steps[j].time + timeline.steps[j].duration
    }

    /// How far a row that stays can be drawn from its place in the data after update `k` while
    /// the update runs, when it began at rest: the heights of what it inserts and deletes (rows,
    /// sections' headers, footers and the grouped styles' last gap) and the changes of row heights.
    func displacement(_ k: Int) -> Double {
        let step = timeline.steps[k]
        var d = 0.0
        for id in step.inserted.keys { d += baseHeight(RowKey(id), in: step.after) }
        for id in step.deleted.keys { d += baseHeight(RowKey(id), in: step.before) }
        for s in step.insertedSections.keys { d += headerHeight(s) + footerHeight(s) + 18 }
        for s in step.deletedSections.keys { d += headerHeight(s) + footerHeight(s) + 18 }
        for (id, h) in step.after.heights where step.before.heights[id] != h {
            d += abs(h - baseHeight(RowKey(id), in: step.before))
        }
        return d
    }

    /// Sets up windowed layouts when the table allows them (see ``laysOutWindows(_:)``).
    mutating func prepareWindows(_ scene: Scene) {
        // The script's touches follow from the scene's rule (no fold is tapped, no section of the
        // sections article), checked here too.
        guard TableSimulation.laysOutWindows(scene), toggles.isEmpty, sectionToggles.isEmpty else { return }
        windowed = true
        tops = [sectionTops(timeline.initial)] + timeline.steps.map { sectionTops($0.after) }
        restingHeights = ([timeline.initial] + timeline.steps.map(\.after)).enumerated().map {
            layout($0.element, at: 0, window: TableSimulation.noRows, tops: tops[$0.offset]).contentHeight
        }
        displacements = timeline.steps.indices.map(displacement)
        tallest = tops.joined().reduce(0) { max($0, $1.tallest) }
    }

    /// The content's height at `t`. A windowed table's height at rest is its data's (no row
    /// folds or moves: its rows' heights are their running sums'), kept for each data, so the
    /// scroll range costs no layout outside an update's animation: a large title's fade looks
    /// back at 90 moments a frame, each a layout of every section (a helper's probe: 99,990
    /// sections, 2.7 s a frame). While an update animates, the height is its blend's: the
    /// start's and the new data's, by the update's fraction (`blend` makes it so), the start
    /// being a kept layout or the data before at rest (an earlier update still under way
    /// then made the start kept).
    func contentHeight(at t: Double) -> Double {
        contentHeight(at: t, steps: timeline.steps.count) ?? layout(at: t, window: TableSimulation.noRows).contentHeight
    }

    /// The same with the first `limit` updates; nil when the table is laid out whole.
    func contentHeight(at t: Double, steps limit: Int) -> Double? {
        guard windowed, restingHeights.count == timeline.steps.count + 1 else { return nil }
        guard let k = timeline.stepIndex(at: t, limit: limit) else { return restingHeights[0] }
        let step = timeline.steps[k], to = restingHeights[k + 1]
        guard step.duration > 0, t < step.time + step.duration else { return to }
        guard let from = startLayouts[k]?.contentHeight ?? contentHeight(at: step.time, steps: k) else { return nil }
        return from + (to - from) * fraction(step, at: t)
    }

    /// The room around a window for update `k`'s start layout (twice that for its target).
    func margin(_ k: Int) -> Double {
        4 * displacements[k] + 4 * tallest + 100
    }

    /// `lo ... hi`, or nil (every row) when that is no range (NaN).
    static func window(_ lo: Double, _ hi: Double) -> ClosedRange<Double>? {
        lo <= hi ? lo ... hi : nil
    }

    static func widened(_ w: ClosedRange<Double>, by m: Double) -> ClosedRange<Double>? {
        window(w.lowerBound - m, w.upperBound + m)
    }

    static func overlaps(_ r: RowLayout, _ w: ClosedRange<Double>) -> Bool { overlaps(top: r.y, height: r.height, w) }

    /// Whether `top ... top + height` meets `w`.
    static func overlaps(top: Double, height: Double, _ w: ClosedRange<Double>) -> Bool {
        top + height >= w.lowerBound && top <= w.upperBound
    }

    /// A section's rows from `top` that overlap `window`, found by the running sums.
    func windowRows(_ entry: TableData.Section, section si: Int, top: Double, tops: SectionTops, window w: ClosedRange<Double>,
                    data: TableData) -> [RowLayout] {
        let n = entry.rows.count
        // The first row whose bottom reaches the window.
        var lo = 0, hi = n
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if top + tops.tops[mid + 1] >= w.lowerBound { hi = mid } else { lo = mid + 1 }
        }
        var out: [RowLayout] = []
        var i = lo
        while i < n, top + tops.tops[i] <= w.upperBound {
            let base = baseHeight(RowKey(entry.rows[i]), in: data)
            var r = RowLayout(key: RowKey(entry.rows[i]), y: top + tops.tops[i], height: base, base: base, path: RowPath(si, i))
            r.last = i == n - 1
            out.append(r)
            i += 1
        }
        return out
    }

    /// Only the rows of `l` that overlap `w`.
    static func clipped(_ l: Layout, to w: ClosedRange<Double>) -> Layout {
        var out = l
        for s in out.sections.indices { out.sections[s].rows.removeAll { !overlaps($0, w) } }
        return out
    }
}

extension TableSimulation {
    /// The same simulation laying out every row of every frame (for tests that hold the two equal).
    func withoutWindows() -> TableSimulation {
        var s = self
        s.windowed = false
        s.startLayouts = [:]
        for (k, step) in timeline.steps.enumerated() { s.startLayouts[k] = s.layout(at: step.time, steps: k) }
        return s
    }
}

/// Views that few rows have (a fold's detail view, an accessory view), by row identity: a number
/// per row (4 bytes) into the list of those there are, not a presentation layer (about 1 KB)
/// per row.
struct SparseViews: Sendable {
    private var slots: [Int32] = []
    private var views: [PresentationLayer] = []

    init(_ rows: TableRows, _ view: (TableModel.Row) -> LayerModel?) {
        slots.reserveCapacity(rows.count)
        for row in rows {
            guard let m = view(row), views.count < Int(Int32.max) else { slots.append(-1); continue }
            slots.append(Int32(views.count))
            views.append(PresentationLayer(m))
        }
    }

    subscript(id: Int) -> PresentationLayer? {
        guard id >= 0, id < slots.count, slots[id] >= 0 else { return nil }
        return views[Int(slots[id])]
    }
}
