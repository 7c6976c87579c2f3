import Geometry
import LayerTree
import SceneModel
import Simulation

/// A finger dragging a row by its reorder control (the script's `reorder`, UIKit's editing-mode
/// reorder): the row lifts with a shadow and follows the finger from its place to the one it is
/// dropped in (ease in, ease out over the drag); each row it passes slides out of the way by the
/// dragged row's height (0.25 s, ease in, ease out); the shadow fades after the drop. A row gives way when the dragged row's centre enters it. The data changes as the drag starts (a `moveRow`); the overlay puts the rows where the
/// drag has them. Durations and the shadow are by eye (unconfirmed, notes).
struct ReorderPlan: Sendable {
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

    var end: Double { start + duration + max(ReorderPlan.shiftDuration, ReorderPlan.dropDuration) }

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

extension TableSimulation {
    /// The reorder drags of the script, from the layouts before and after each one's move.
    func reorderPlans() -> [ReorderPlan] {
        var out: [ReorderPlan] = []
        for (k, step) in timeline.steps.enumerated() {
            guard let d = step.reorder, d > 0, let id = step.moved.first, let start = startLayouts[k] else { continue }
            let before = start.sections.flatMap(\.rows), after = layout(step.after, at: step.time).sections.flatMap(\.rows)
            guard let b = before.first(where: { $0.key.id == id }), let a = after.first(where: { $0.key.id == id }) else { continue }
            let travel = a.y - b.y
            var plan = ReorderPlan(start: step.time, duration: d, row: id, travel: travel, passed: [:])
            let c0 = b.y + b.height / 2
            var passed: [Int: (shift: Double, cross: Double)] = [:]
            for r in before where r.key.id != id {
                guard let now = after.first(where: { $0.key == r.key }), now.y != r.y, travel != 0 else { continue }
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

    /// Puts the rows where the reorder drags under way at `t` have them; the rows that stay in
    /// the group are first and last by where they are drawn (the group's corners follow them).
    func applyReorders(_ l: inout Layout, at t: Double) {
        for plan in reorders where plan.start <= t && t < plan.end {
            for s in l.sections.indices {
                guard l.sections[s].rows.contains(where: { $0.key.id == plan.row }) else { continue }
                for r in l.sections[s].rows.indices {
                    let id = l.sections[s].rows[r].key.id
                    if id == plan.row {
                        l.sections[s].rows[r].y -= plan.travel * (1 - plan.finger(t))
                        l.sections[s].rows[r].above = true
                    } else if let p = plan.passed[id] {
                        l.sections[s].rows[r].y += p.shift * (1 - plan.shifted(p.cross, at: t))
                    }
                }
                markEnds(&l.sections[s].rows, without: plan.row)
            }
        }
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
        reorders.first { $0.row == key.id && $0.start <= t && t < $0.end }?.lift(at: t) ?? 0
    }
}
