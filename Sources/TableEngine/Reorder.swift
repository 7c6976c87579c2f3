import Geometry
import LayerTree
import SceneModel
import Simulation

/// A finger dragging a row by its reorder control (the script's `reorder`, UIKit's editing-mode
/// reorder): the row lifts with a shadow and follows the finger from its place to the one it is
/// dropped in (ease in, ease out over the drag); each row it passes slides out of the way by the
/// dragged row's height (0.25 s, ease in, ease out); the shadow fades after the drop. A row gives way when the dragged row's centre enters it. The data changes as the drag starts (a `moveRow`); the overlay puts the rows where the
/// drag has them. Durations and the shadow are by eye (unconfirmed, notes).
public struct ReorderPlan: Sendable {
    let start: Double
    let duration: Double
    /// The dragged row's identity, and how far it travels (final top minus first top).
    let row: Int
    let travel: Double
    /// The rows it passes: how far each moves (first top minus final top) and when it starts to.
    let passed: [Int: (shift: Double, cross: Double)]

    static let shiftDuration = 0.25
    static let liftDuration = 0.15
    static let dropDuration = 0.2

    /// How long a drag goes on after its drop (the last rows giving way, the shadow fading).
    public static let tail = max(ReorderPlan.shiftDuration, ReorderPlan.dropDuration)

    var end: Double { start + duration + ReorderPlan.tail }

    /// The share of the travel done at `t`.
    func finger(_ t: Double) -> Double {
        let p = min(max((t - start) / duration, 0), 1)
        return TimingCurve.apply(.easeInEaseOut, p, duration: duration)
    }

    /// The time the finger's share reaches `share` (bisection on the curve).
    func time(ofShare share: Double) -> Double {
        var lo = 0.0, hi = 1.0
        for _ in 0..<40 {
            let mid = (lo + hi) / 2
            if TimingCurve.apply(.easeInEaseOut, mid, duration: duration) < share { lo = mid } else { hi = mid }
        }
        return start + hi * duration
    }

    /// How much of its shift a passed row has made at `t`.
    func shifted(_ cross: Double, at t: Double) -> Double {
        let p = min(max((t - cross) / ReorderPlan.shiftDuration, 0), 1)
        return TimingCurve.apply(.easeInEaseOut, p, duration: ReorderPlan.shiftDuration)
    }

    /// How lifted the dragged row is at `t` (its shadow): up as the finger takes it, down after the drop.
    func lift(at t: Double) -> Double {
        guard t >= start else { return 0 }
        let drop = start + duration
        if t < drop { return min((t - start) / ReorderPlan.liftDuration, 1) }
        return max(1 - (t - drop) / ReorderPlan.dropDuration, 0)
    }
}

/// The script's reorder drags in time order, each row's drags, and the longest time one runs.
struct Reorders: Sendable {
    var plans: [ReorderPlan] = []
    var byRow: [Int: [Int]] = [:]
    var span = 0.0

    init() {}

    init(_ plans: [ReorderPlan]) {
        self.plans = plans
        for (i, p) in plans.enumerated() {
            byRow[p.row, default: []].append(i)
            span = max(span, p.end - p.start)
        }
    }

    var isEmpty: Bool { plans.isEmpty }
}

extension TableSimulation {
    /// The reorder drags of the script, from the layouts before and after each one's move.
    /// Each drag costs its section's rows (rows found by identity in a dictionary: a search per
    /// row cost the square of the rows, and every layout searched every drag, issue 53.3).
    func reorderPlans() -> [ReorderPlan] {
        var out: [ReorderPlan] = []
        for (k, step) in timeline.steps.enumerated() {
            guard let d = step.reorder, d > 0, let id = step.moved.first, let start = startLayouts[k] else { continue }
            let before = start.sections.flatMap(\.rows), after = layout(step.after, at: step.time).sections.flatMap(\.rows)
            var afterByID: [Int: RowLayout] = [:]
            for r in after where afterByID[r.key.id] == nil { afterByID[r.key.id] = r }
            guard let b = before.first(where: { $0.key.id == id }), let a = afterByID[id] else { continue }
            let travel = a.y - b.y
            var plan = ReorderPlan(start: step.time, duration: d, row: id, travel: travel, passed: [:])
            let c0 = b.y + b.height / 2
            var passed: [Int: (shift: Double, cross: Double)] = [:]
            for r in before where r.key.id != id {
                guard let now = afterByID[r.key.id], now.y != r.y, travel != 0 else { continue }
                // When the dragged row's centre enters this row (crosses its near edge): the row
                // gives way then, as UIKit's reorder swaps a row the dragged one moves into.
                let edge = travel > 0 ? r.y : r.y + r.height
                let share = min(max((edge - c0) / travel, 0), 1)
                passed[r.key.id] = (r.y - now.y, plan.time(ofShare: share))
            }
            plan = ReorderPlan(start: step.time, duration: d, row: id, travel: travel, passed: passed)
            out.append(plan)
        }
        return out
    }

    /// The drags under way at `t`, in the script's order: found from the last that began by `t`
    /// back to the first that can still run (the plans are in time order; a drag runs at most
    /// `Reorders.span`), so a layout costs the drags under way, not every drag of the script.
    func reordersUnderWay(at t: Double) -> [Int] {
        let plans = reorders.plans
        var lo = 0, hi = plans.count
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if plans[mid].start <= t { lo = mid + 1 } else { hi = mid }
        }
        var out: [Int] = []
        var i = lo - 1
        // (A millisecond's room: `start + span` and `end` may round apart.)
        while i >= 0, plans[i].start >= t - reorders.span - 0.001 {
            if t < plans[i].end { out.append(i) }
            i -= 1
        }
        return out.reversed()
    }

    /// Puts the rows where the reorder drags under way at `t` have them; the rows that stay in
    /// the group are first and last by where they are drawn (the group's corners follow them).
    /// Costs the layout's rows once and each drag under way its passed rows.
    func applyReorders(_ l: inout Layout, at t: Double) {
        let live = reordersUnderWay(at: t)
        guard !live.isEmpty else { return }
        var place: [Int: (section: Int, row: Int)] = [:]
        for s in l.sections.indices {
            for r in l.sections[s].rows.indices where place[l.sections[s].rows[r].key.id] == nil { place[l.sections[s].rows[r].key.id] = (s, r) }
        }
        // The section each drag is in, with the drag last applied there (its row is left out of
        // the group's ends, as it floats above it).
        var lastDragged: [Int: Int] = [:]
        for i in live {
            let plan = reorders.plans[i]
            guard let at = place[plan.row] else { continue }
            l.sections[at.section].rows[at.row].y -= plan.travel * (1 - plan.finger(t))
            l.sections[at.section].rows[at.row].above = true
            for (id, p) in plan.passed {
                guard let q = place[id], q.section == at.section else { continue }
                l.sections[q.section].rows[q.row].y += p.shift * (1 - plan.shifted(p.cross, at: t))
            }
            lastDragged[at.section] = plan.row
        }
        for (s, dragged) in lastDragged { markEnds(&l.sections[s].rows, without: dragged) }
    }

    /// The first and last of the rows that stay in the group, by where they are drawn.
    func markEnds(_ rows: inout [RowLayout], without dragged: Int) {
        let staying = rows.indices.filter { rows[$0].key.id != dragged && rows[$0].alpha > 0 }
        guard let top = staying.min(by: { rows[$0].y < rows[$1].y }), let bottom = staying.max(by: { rows[$0].y < rows[$1].y }) else { return }
        for i in staying {
            rows[i].first = i == top
            rows[i].last = i == bottom
        }
    }

    /// The dragged row's lift at `t` (0 for any other row).
    func reorderLift(_ key: RowKey, at t: Double) -> Double {
        guard let mine = reorders.byRow[key.id] else { return 0 }
        return mine.lazy.map { reorders.plans[$0] }.first { $0.start <= t && t < $0.end }?.lift(at: t) ?? 0
    }
}
