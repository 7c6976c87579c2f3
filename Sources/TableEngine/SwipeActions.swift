import Geometry
import LayerTree
import SceneModel
import Simulation

/// UIKit's swipe actions (iOS 11+): a swipe slides the cell's content aside and the actions show
/// in the space it leaves, each button 74 pt wide at rest (SwipeCellKit's minimum, which matches
/// Mail; UIKit's own width is not published), titles 15 pt medium in white, destructive actions
/// systemRed and the others systemGray3. While the content moves the buttons share the revealed
/// width in proportion; a full swipe gives it all to the first action. The content moves with
/// the curve (0.36, 0.66, 0.04, 1) that Ionic's iOS mode uses for its sliding items.
extension TableSimulation {
    static let swipeButtonWidth = 74.0
    static let swipeCurve = TimingFunction.cubic(0.36, 0.66, 0.04, 1)

    /// The content's horizontal offset at `t` (negative: trailing actions show) and the swipe
    /// whose actions show, or nil when the row was never swiped by then.
    func swipeState(_ key: RowKey, width: Double, at t: Double) -> (dx: Double, swipe: TableModel.Swipe)? {
        guard let list = swipes[key], let first = list.first, first.time <= t else { return nil }
        func rest(_ s: TableModel.Swipe) -> Double {
            if s.close { return 0 }
            let open = s.full ? width : min(width, TableSimulation.swipeButtonWidth * Double(s.actions.count))
            return s.edge == .trailing ? -open : open
        }
        func value(from: Double, to: Double, start: Double, duration: Double, at time: Double) -> Double {
            let p = min(max((time - start) / duration, 0), 1)
            return from + (to - from) * TimingCurve.apply(TableSimulation.swipeCurve, p, duration: duration)
        }
        var from = 0.0, to = 0.0, start = first.time, duration = first.swipe.duration
        var shown = first.swipe
        for (time, swipe) in list where time <= t {
            from = value(from: from, to: to, start: start, duration: duration, at: time)
            to = rest(swipe); start = time; duration = swipe.duration
            // Closing keeps the actions that were open showing as they go.
            if !swipe.close { shown = swipe }
        }
        return (value(from: from, to: to, start: start, duration: duration, at: t), shown)
    }

    /// The action buttons in the `revealed` points at the cell's trailing (or leading) edge.
    func swipeActions(_ swipe: TableModel.Swipe, revealed: Double, width w: Double, height h: Double) -> PresentationLayer {
        let trailing = swipe.edge == .trailing
        var container = box(Rect(trailing ? w - revealed : 0, 0, revealed, h), nil)
        container.masksToBounds = true
        let natural = TableSimulation.swipeButtonWidth * Double(swipe.actions.count)
        // The first action is the outermost; a full swipe (or a reveal past the buttons' width)
        // stretches it over the rest.
        var widths = swipe.actions.map { _ in revealed * TableSimulation.swipeButtonWidth / max(natural, 1) }
        if swipe.full || revealed > natural {
            widths = swipe.actions.indices.map { $0 == 0 ? revealed : 0 }
        }
        var edge = trailing ? revealed : 0.0
        for (action, bw) in zip(swipe.actions, widths) where bw > 0 {
            let x = trailing ? edge - bw : edge
            let color = action.backgroundColor ?? named(action.style == .destructive ? "systemRed" : "systemGray3")
            var button = box(Rect(x, 0, bw, h), color)
            // The title is laid out in the button's width at rest, on the content's side (so it
            // keeps there while a full swipe stretches the button), and a button not yet fully
            // revealed clips it, as UIKit's buttons clip their labels: part of "Delete" shows as
            // the row opens, never "Dele…" (issue 54.4). A title too long for the width at rest
            // is truncated there, as before.
            let titleWidth = TableSimulation.swipeButtonWidth
            let tx = trailing ? 0 : bw - titleWidth
            button.masksToBounds = true
            button.sublayers = [label(Rect(tx, 0, titleWidth, h), action.title, size: 15, weight: .medium, color: .white, alignment: .center)]
            container.sublayers.append(button)
            edge = trailing ? edge - bw : edge + bw
        }
        return container
    }

    /// The cell with its content moved aside by a swipe and the actions behind it.
    func applySwipe(to cell: inout PresentationLayer, key: RowKey, height: Double, at t: Double) {
        let w = cell.bounds.width
        guard let state = swipeState(key, width: w, at: t), state.dx != 0 else { return }
        var content = box(Rect(state.dx, 0, w, height), cell.backgroundColor)
        content.sublayers = cell.sublayers
        cell.backgroundColor = nil
        cell.sublayers = [swipeActions(state.swipe, revealed: abs(state.dx), width: w, height: height), content]
        cell.masksToBounds = true
    }
}
