import Geometry
import SceneModel
import Simulation

/// The table's scrolling as app code sees it (a Swift scene's `scrollViewDidScroll` and the
/// scroll view delegate's other calls): the finger's motion at a time, and when dragging and
/// deceleration end.
extension TableSimulation {
    /// What the script's touches give at `t`: the offset (its rubber band included), the
    /// largest offset in range then, and the content's height (the rows and section views,
    /// below the top inset), from one layout.
    public func scriptedScroll(at t: Double) -> (offset: Double, limit: Double, contentHeight: Double) {
        let content = contentHeight(at: t)
        let limit = maxOffset(at: t, contentHeight: content)
        return (scriptedOffset(at: t, limit: limit), limit, content)
    }

    /// The table's frame at `t` (a collapsing header's and the table's own animations applied).
    public func frame(at t: Double) -> Rect { tableFrame(at: t) }

    /// The rows in view at `t` with the content at `offset` in a table `height` points tall:
    /// what app code that moves the content or the table sees (``rowsInView(at:)`` otherwise).
    public func rowsInView(at t: Double, offset: Double, height: Double) -> [RowAppearance] {
        visibleRows(at: t, offset: offset, height: height)
            .map { RowAppearance(row: $0.key.id, time: t, path: $0.path, frame: Rect($0.x + cellInset, $0.y, cellWidth, $0.height)) }
    }

    /// When the finger lifts after a `release` or a `fling` at `lift`: whether the content goes
    /// on moving (a deceleration, or a bounce back from past an end: UIKit's `willDecelerate`),
    /// and when it comes to rest (under 0.5 points per second, looked for at `rate` steps up
    /// to `until`).
    public func deceleration(afterLift lift: Double, rate: Double, until: Double) -> (decelerates: Bool, end: Double) {
        let dt = 1 / rate
        func at(_ t: Double) -> Double { TableSimulation.offset(scroll, at: t) }
        guard abs(at(lift + dt) - at(lift)) * rate >= 0.5 else { return (false, lift) }
        var t = lift + dt
        while t < until && abs(at(t + dt) - at(t)) * rate >= 0.5 { t += dt }
        return (true, min(t + dt, until))
    }

    /// The frame's height at `t`: its own, or as its animations make it (a header's table is
    /// measured from the whole frame, as before).
    func tableHeight(at t: Double) -> Double { frameAnimations.isEmpty ? frame.height : tableFrame(at: t).height }

    /// The table's frame at `t`: below the collapsing header when there is one.
    func tableFrame(at t: Double) -> Rect {
        if let h = header?.state(at: t).height { return Rect(frame.x, frame.y + h, frame.width, frame.height - h) }
        guard !frameAnimations.isEmpty else { return frame }
        // The table's layer with its animations (position and height) at `t`.
        var l = LayerModel()
        l.bounds = Rect(0, 0, frame.width, frame.height)
        l.position = Point(frame.x + frame.width / 2, frame.y + frame.height / 2)
        Presentation.animate(&l, with: frameAnimations, at: t)
        let h = min(max(l.bounds.height, 0), TableModel.maxCoordinate)
        return Rect(l.position.x - frame.width / 2, l.position.y - h / 2, frame.width, h)
    }
}
