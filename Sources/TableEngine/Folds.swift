import Geometry
import SceneModel
import Simulation

/// The fold of the expandable-cells article: a row's detail view unfolds in two halves as the
/// row grows (see `fold(_:at:)`).
extension TableSimulation {
    /// The fold detail view's height: measured from its text by the loader, or the scene's
    /// `expansion.detailHeight`, or 88 pt for a scene that was not loaded (decoded only).
    func detailHeight(_ key: RowKey) -> Double {
        timeline.rows.detailHeight(key.id) ?? table.expansion.detailHeight ?? 88
    }

    /// A fold row's state at a time.
    struct FoldState {
        /// The top half's angle: -90 closed ... 0 open.
        var theta: Double
        var animating: Bool
        /// How much the row is taller than its base (the rows below move by it).
        var extra: Double
        /// Where the bottom half's bottom edge is, below the detail view's top.
        var bottom: Double
        /// The halves' shadow opacity.
        var shadow: Double
        var shown: Bool { extra > 0 || animating }
    }

    /// The fold's state for a row at `t`. With the article's `translation` join the top half
    /// rotates (linearly, or by `expansion.timingFunction`) while the row grows by the table's
    /// row update (ease in, ease out, 0.3 s) and the bottom half's edge moves by its own
    /// ease-out translation, so the halves part or overlap a little as the article describes;
    /// the `exact` join puts both at the top half's projected height.
    func fold(_ key: RowKey, at t: Double) -> FoldState {
        let d = detailHeight(key)
        let list = toggles[key] ?? []
        guard let last = list.last(where: { $0.time <= t }) else {
            let open = timeline.rows.expanded(key.id)
            return FoldState(theta: open ? 0 : -90, animating: false, extra: open ? d : 0, bottom: open ? d : 0, shadow: 0)
        }
        let duration = table.expansion.duration
        let exact = table.expansion.join == .exact
        let span = exact ? duration : max(duration, TableSimulation.rowUpdateDuration)
        if table.expansion.effect == .none || t >= last.time + span {
            return FoldState(theta: last.expand ? 0 : -90, animating: false, extra: last.expand ? d : 0, bottom: last.expand ? d : 0, shadow: 0)
        }
        let q = min((t - last.time) / duration, 1)
        let p = TimingCurve.ended(table.expansion.timingFunction, q, duration: duration)
        let theta = last.expand ? -90 * (1 - p) : -90 * p
        let shadow = q < 1 ? (last.expand ? 1 - p : p) : 0
        if exact {
            let v = TableSimulation.visibleHeight(detail: d, theta: theta, perspective: table.expansion.perspective)
            return FoldState(theta: theta, animating: true, extra: v, bottom: v, shadow: shadow)
        }
        let u = min((t - last.time) / TableSimulation.rowUpdateDuration, 1)
        let grow = TimingCurve.apply(.easeInEaseOut, u, duration: TableSimulation.rowUpdateDuration)
        // The bottom half's translation: easeOut while opening (the article's). Closing runs the
        // opening backwards in time, easeOut(1 - q) = 1 - easeIn(q) (the two curves are each
        // other's mirror), so the hinge never rises faster than the crease: the halves stay
        // joined below it in every frame, as they are while opening (issue 29.4). Closing with
        // easeOut again swung the bottom half over the top one.
        let bottom = last.expand ? TimingCurve.apply(.easeOut, q, duration: duration)
            : 1 - TimingCurve.apply(.easeIn, q, duration: duration)
        return FoldState(theta: theta, animating: true, extra: d * (last.expand ? grow : 1 - grow),
                         bottom: d * bottom, shadow: shadow)
    }

    /// The exact height the two halves cover on screen. Both halves are rotated by the same
    /// angle about their outer edges, so the fold line lies at depth z = (D/2) sin(theta) for
    /// both, with w = 1 - z/perspective; each half projects to (D/2) cos(theta) / w.
    public static func visibleHeight(detail d: Double, theta: Double, perspective: Double) -> Double {
        let (s, c) = DetMath.sinCos(degrees: theta)
        let w = 1 - (d / 2) * s / perspective
        return d * c / w
    }
}
