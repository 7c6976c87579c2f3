import Geometry
import LayerTree
import SceneModel
import Simulation

/// UIKit's swipe actions (iOS 11+): a swipe slides the cell's content aside and the actions show
/// in the space it leaves, each button 74 pt wide at rest (SwipeCellKit's minimum, which matches
/// Mail; UIKit's own width is not published), titles 15 pt medium in white, destructive actions
/// systemRed and the others systemGray3. While the content moves the buttons share the revealed
/// width in proportion; a full swipe gives it all to the first action.
///
/// A swipe is a finger's (issue 54.4): the content follows the finger 1:1 while it drags, then
/// settles with a spring from where the finger lifted (``SwipeMotion``). Closing, and a row
/// opened by a tap on its delete control, are UIKit's own animations: the content moves with
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
        var motion = SwipeMotion(from: 0, to: 0, start: first.time, swipe: first.swipe)
        var shown = first.swipe
        for (time, swipe) in list where time <= t {
            // A swipe that begins while another moves starts from where that one has the content.
            motion = SwipeMotion(from: motion.value(at: time), to: rest(swipe), start: time, swipe: swipe)
            // Closing keeps the actions that were open showing as they go.
            if !swipe.close { shown = swipe }
        }
        return (motion.value(at: t), shown)
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

/// How a swipe moves a row's content from `from` to `to` (its rest: open, or closed).
///
/// A finger's swipe (not `close`, not from the delete control): the finger is down at `start`
/// and drags for the swipe's `duration` at a steady speed; the content follows it 1:1 (UIKit's
/// `_UISwipeHandler` moves it with the finger up to the open threshold, or the confirmation
/// threshold of a full swipe, in the decompiled UIKitCore of iOS 26.1). The finger lifts at
/// three quarters of the way to the open rest (0.85 of the row for a full swipe, past
/// SwipeCellKit's full-swipe threshold of 0.8): released moving, the row goes the way it moves
/// (UIKit: faster than 50 pt/s). From there a spring settles it at rest: SwipeCellKit's
/// velocity-driven snap (mass 1, stiffness 100, damping 18; UIKit's own spring numbers are not
/// published), its initial velocity the finger's over the distance left, clamped to 0 ... 200
/// as UIKit's is. It is at rest exactly 1 s after the lift (then under 0.01 pt away).
///
/// Closing, and a row opened by a tap on its delete control, are UIKit's animations: the
/// content moves over `duration` with ``TableSimulation/swipeCurve``.
struct SwipeMotion {
    var from: Double
    var to: Double
    var start: Double
    var swipe: TableModel.Swipe

    /// Where the finger lifts, as a part of the way to rest.
    static let lift = 0.75
    static let fullLift = 0.85
    /// The settle: SwipeCellKit's spring, and when it is over.
    static let (mass, stiffness, damping) = (1.0, 100.0, 18.0)
    static let settleTime = 1.0

    /// The content's offset at `time`.
    func value(at time: Double) -> Double {
        let elapsed = time - start, span = to - from, d = swipe.duration
        guard elapsed > 0, span != 0, d > 0 else { return elapsed > 0 ? to : from }
        if swipe.close || swipe.editingControl {
            let p = min(elapsed / d, 1)
            return from + span * TimingCurve.apply(TableSimulation.swipeCurve, p, duration: d)
        }
        let lifted = span * (swipe.full ? SwipeMotion.fullLift : SwipeMotion.lift)
        if elapsed < d { return from + lifted * (elapsed / d) }
        let after = elapsed - d
        if after >= SwipeMotion.settleTime { return to }
        let left = span - lifted
        // The finger's speed over the distance left: the spring's initial velocity.
        let v = min(max((lifted / d) / left, 0), 200)
        let x = TimingCurve.spring(after, mass: SwipeMotion.mass, stiffness: SwipeMotion.stiffness,
                                   damping: SwipeMotion.damping, initialVelocity: v)
        return from + lifted + left * x
    }
}
