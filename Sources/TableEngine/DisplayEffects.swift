import Geometry
import LayerTree
import SceneModel
import Simulation

/// A row coming into view: when, where in the data and where in the table's content (the
/// frame UIKit gives the cell it passes to `willDisplay`).
public struct RowAppearance: Sendable {
    /// The row's identity (`TableTimeline`'s number).
    public var row: Int
    public var time: Double
    public var path: RowPath
    /// The cell's frame in the table's content coordinates.
    public var frame: Rect
}

extension TableSimulation {
    // MARK: First display

    func visibleRows(at t: Double) -> [RowLayout] { visibleRows(at: t, offset: contentOffset(at: t), height: tableFrame(at: t).height) }

    /// The rows between `offset` and `offset + height` at `t`.
    func visibleRows(at t: Double, offset: Double, height: Double) -> [RowLayout] {
        layout(at: t, window: TableSimulation.window(offset, offset + height)).sections.flatMap { $0.rows }.filter { $0.y + $0.height > offset && $0.y < offset + height }
    }

    /// The rows in view at `t` (a frame's time), in table order: identity, index path and the
    /// cell's frame in content coordinates (what `visibleCells` and the data source's cells follow).
    public func rowsInView(at t: Double) -> [RowAppearance] {
        rowsInView(at: t, offset: contentOffset(at: t), height: tableFrame(at: t).height)
    }

    /// The rows in view at `t` with the view `extra` points taller.
    public func rowsInView(at t: Double, beyond extra: Double) -> [RowAppearance] {
        rowsInView(at: t, offset: contentOffset(at: t), height: tableFrame(at: t).height + max(extra, 0))
    }

    /// Every time a row comes into view, on the frames (display refreshes) of the scene: the
    /// rows of the first layout at time 0, then each row on the first frame it is visible
    /// after a frame it was not, in time order (and in table order within a frame).
    public func rowAppearances(frames: Int, fps: Double) -> [RowAppearance] {
        var out: [RowAppearance] = []
        var previous = Set<RowKey>()
        for i in 0..<max(frames, 0) {
            let t = Double(i) / fps
            let rows = visibleRows(at: t)
            for r in rows where !previous.contains(r.key) {
                out.append(RowAppearance(row: r.key.id, time: t, path: r.path,
                                         frame: Rect(r.x + cellInset, r.y, cellWidth, r.height)))
            }
            previous = Set(rows.map(\.key))
        }
        return out
    }

    /// Whether any row has a display effect (the table's, or its own).
    var hasDisplay: Bool {
        table.display != nil || timeline.rows.contains { if case .table = $0.display { return false } else { return true } }
    }

    /// A row's display effect: its own, or the table's.
    func display(for key: RowKey) -> TableModel.Display? {
        switch row(key).display {
        case .table: return table.display
        case .none: return nil
        case .effect(let d): return d
        }
    }

    /// The display animation of a cell starts on the first frame (display refresh) it is
    /// visible (`willDisplay`), after the effect's delay plus its delay per row times the row's
    /// index; with `once` false, again every time it comes back into view. Rows on the first
    /// screen animate unless `firstScreen` is false.
    func firstDisplays(frames: Int, fps: Double) -> [RowKey: [(time: Double, delay: Double)]] {
        var starts: [RowKey: [(time: Double, delay: Double)]] = [:]
        for a in rowAppearances(frames: frames, fps: fps) {
            let key = RowKey(a.row)
            guard let display = display(for: key) else { continue }
            if display.once && starts[key] != nil { continue }
            if a.time == 0 && !display.firstScreen { starts[key] = []; continue }
            starts[key, default: []].append((a.time, display.delay + display.delayPerRow * Double(a.path.row)))
        }
        return starts
    }

    /// The display effect showing on a row at `t`, and the time since it started (less its
    /// delays; negative while it waits).
    func displayShowing(_ key: RowKey, at t: Double) -> (effect: TableModel.Display, local: Double)? {
        guard let effect = display(for: key), let start = displayStarts[key]?.last(where: { $0.time <= t }) else { return nil }
        return (effect, t - start.time - start.delay)
    }

    /// A general display effect's animations of the layer `name` (`"cell"`, `"card"` or a
    /// template layer's name) applied to `layer`, on the clock that starts when the row is
    /// displayed (plus its delays), as Core Animation runs them.
    func animateDisplay(_ layer: inout PresentationLayer, as name: String, key: RowKey, at t: Double) {
        guard let (effect, local) = displayShowing(key, at: t), let list = effect.animations else { return }
        let mine = list.filter { $0.layer == name }
        TableSimulation.animate(&layer, with: mine, at: local)
    }

    /// `animations` (all of `layer`) applied at `time` on their clock, as the scene's free
    /// animations are.
    static func animate(_ layer: inout PresentationLayer, with animations: [AnimationModel], at time: Double) {
        guard !animations.isEmpty else { return }
        var m = LayerModel()
        m.values = layer.values
        m.transform = .matrix(layer.transform)
        m.gradient = layer.gradient
        m.shape = layer.shape
        Presentation.animate(&m, with: animations, at: time)
        layer.values = m.values
        layer.transform = m.transform.matrix
        layer.gradient = m.gradient
        layer.shape = m.shape
    }

    /// The cell's own animations (the template's, or the row's own cell's) on a row's layers,
    /// from when the row was first displayed.
    func animateTemplate(_ layers: inout [PresentationLayer], _ list: [AnimationModel], key: RowKey, at t: Double) {
        guard !list.isEmpty, let start = firstShown[key] else { return }
        func walk(_ ls: inout [PresentationLayer]) {
            for i in ls.indices {
                if let n = ls[i].name { TableSimulation.animate(&ls[i], with: list.filter { $0.layer == n }, at: t - start) }
                walk(&ls[i].sublayers)
                walk(&ls[i].maskLayers)
            }
        }
        walk(&layers)
    }

    /// A general display effect's animations of the template's named layers (and of its
    /// `mainView` as `"card"` when the table has no card).
    func animateDisplay(inTemplate layers: inout [PresentationLayer], key: RowKey, at t: Double, own: Bool) {
        guard let (effect, _) = displayShowing(key, at: t), effect.animations != nil else { return }
        let main = table.card == nil && !own ? table.template?.mainView : nil
        // "cell" always names the cell, "card" the card when there is one (or the mainView).
        let reserved = table.card != nil || main != nil ? ["cell", "card"] : ["cell"]
        func walk(_ ls: inout [PresentationLayer]) {
            for i in ls.indices {
                if let n = ls[i].name, !reserved.contains(n) { animateDisplay(&ls[i], as: n, key: key, at: t) }
                if let n = ls[i].name, n == main { animateDisplay(&ls[i], as: "card", key: key, at: t) }
                walk(&ls[i].sublayers)
                walk(&ls[i].maskLayers)
            }
        }
        walk(&layers)
    }

    /// The display effect on the template's `mainView`, wherever it sits in the cell.
    @discardableResult
    func applyDisplay(named name: String, in layers: inout [PresentationLayer], key: RowKey, at t: Double) -> Bool {
        for i in layers.indices {
            if layers[i].name == name {
                applyDisplay(to: &layers[i], key: key, at: t, target: .card)
                return true
            }
            if applyDisplay(named: name, in: &layers[i].sublayers, key: key, at: t) { return true }
        }
        return false
    }

    /// The first-display animation: from the effect's transform, opacity, anchor and shadow
    /// offset to the resting state, as UIView.animate would.
    func applyDisplay(to layer: inout PresentationLayer, key: RowKey, at t: Double, target: TableModel.Display.Target) {
        guard let (effect, local) = displayShowing(key, at: t), effect.animations == nil, effect.target == target else { return }
        // During its delay the cell shows where the animation starts (UIView.animate's delay).
        let p = max(local, 0) / effect.duration
        if let a = effect.anchorPoint, !effect.keepsFrame {
            // The article's code as written: the anchor is set after the frame, the position
            // stays, so the cell moves by (new - old anchor) x size, and stays moved after the
            // animation (nothing sets the anchor back; UIKit's next layout of the cell, which
            // would set its frame again, is not modelled).
            layer.anchorPoint = a
        }
        guard p < 1 else { return }
        let f = TimingCurve.apply(effect.timingFunction, p, duration: effect.duration)
        if let a = effect.anchorPoint, effect.keepsFrame {
            // Keep the frame where the table put it: move the position with the anchor.
            let b = layer.bounds
            layer.position = Point(layer.position.x + (a.x - layer.anchorPoint.x) * b.width,
                                   layer.position.y + (a.y - layer.anchorPoint.y) * b.height)
            layer.anchorPoint = a
        }
        layer.transform = Interpolation.lerp(effect.transform, .identity, f).matrix
        layer.opacity = Interpolation.lerp(effect.opacity, 1, f)
        if let s = effect.shadowOffset {
            layer.shadowOffset = Point(Interpolation.lerp(s.x, 0, f), Interpolation.lerp(s.y, 0, f))
        }
    }
}
