import Synchronization
import Geometry
import LayerTree
import SceneModel
import Simulation

/// UIKit's swipe actions (iOS 11+): a swipe slides the cell's content aside and the actions show
/// in the space it leaves, each button as wide as its title and 6 pt each side, at least 74 pt
/// and at most 120 (the decompiled UIKitCore's `UISwipeActionVisualStyle_iOS` and
/// `UISwipeActionStandardButton buttonWidth`; titles whose width is not measured: 74 pt),
/// titles 15 pt medium in white, destructive actions systemRed and the others systemGray3; a
/// symbol image in white above its title, or alone (at 0.8 of its size) in a row under 50 pt
/// (`_defaultLayoutForHeight:`), 5 pt between them. While the content moves the buttons share
/// the revealed width in proportion; a full swipe gives it all to the first action.
///
/// A swipe is a finger's (issue 54.4): the content follows the finger 1:1 while it drags, then
/// settles with a spring from where the finger lifted (``SwipeMotion``). Closing, and a row
/// opened by a tap on its delete control, are UIKit's own animations: the content moves with
/// the curve (0.36, 0.66, 0.04, 1) that Ionic's iOS mode uses for its sliding items.
extension TableSimulation {
    static let swipeButtonWidth = 74.0, swipeButtonMaxWidth = 120.0, swipeButtonPadding = 6.0
    static let swipeCurve = TimingFunction.cubic(0.36, 0.66, 0.04, 1)

    /// An action's button width at rest: its title's width and the padding, within 74 ... 120
    /// pt. A button with a symbol is 74 pt (its symbol's width and the padding: what a row under
    /// 50 pt shows; a taller row's long title under a symbol would widen it on iOS, not here).
    static func swipeButtonWidth(_ a: TableModel.Swipe.Action) -> Double {
        guard a.symbol == nil, let title = a.titleWidth, title.isFinite else { return swipeButtonWidth }
        return min(max(title + 2 * swipeButtonPadding, swipeButtonWidth), swipeButtonMaxWidth)
    }

    /// The buttons' widths together at rest.
    static func swipeButtonsWidth(_ s: TableModel.Swipe) -> Double {
        s.actions.reduce(0) { $0 + swipeButtonWidth($1) }
    }

    /// Where a swipe leaves the content in a cell `width` wide: open (negative: trailing
    /// actions), or closed.
    static func swipeRest(_ s: TableModel.Swipe, width: Double) -> Double {
        if s.close { return 0 }
        let open = s.full ? width : min(width, swipeButtonsWidth(s))
        return s.edge == .trailing ? -open : open
    }

    /// The content's horizontal offset at `t` (negative: trailing actions show) and the swipe
    /// whose actions show, or nil when the row was never swiped by then. The actions shown are
    /// those last opened on the side the content is on, so a row swiped the other way while
    /// open keeps its first actions until the content crosses back.
    func swipeState(_ key: RowKey, width: Double, at t: Double) -> (dx: Double, swipe: TableModel.Swipe)? {
        guard let list = swipes[key], let first = list.first, first.time <= t else { return nil }
        // Each swipe's start worked out once per row and width (a probe's 100,000 swipes on a
        // row were replayed from the first at every frame: 25.6 s).
        let chain = swipeChains.chain(key, width: width) { SwipeChain(list, width: width) }
        var lo = 0, hi = list.count
        while lo < hi { let mid = (lo + hi) / 2; if list[mid].time <= t { lo = mid + 1 } else { hi = mid } }
        let k = max(lo - 1, 0)
        let motion = SwipeMotion(from: chain.starts[k], to: TableSimulation.swipeRest(list[k].swipe, width: width),
                                 start: list[k].time, swipe: list[k].swipe)
        let dx = motion.value(at: t)
        let side = dx < 0 ? chain.lastTrailing[k] : dx > 0 ? chain.lastLeading[k] : nil
        return (dx, list[side ?? chain.lastOpen[k] ?? 0].swipe)
    }

    /// The action buttons in the `revealed` points at the cell's trailing (or leading) edge.
    func swipeActions(_ swipe: TableModel.Swipe, revealed: Double, width w: Double, height h: Double) -> PresentationLayer {
        let trailing = swipe.edge == .trailing
        var container = box(Rect(trailing ? w - revealed : 0, 0, revealed, h), nil)
        container.masksToBounds = true
        let natural = TableSimulation.swipeButtonsWidth(swipe)
        // The first action is the outermost; a full swipe (or a reveal past the buttons' width)
        // stretches it over the rest.
        // A spring's few points past rest widen the buttons together (they took the first's look).
        var widths = swipe.actions.map { revealed * TableSimulation.swipeButtonWidth($0) / max(natural, 1) }
        if swipe.full {
            widths = swipe.actions.indices.map { $0 == 0 ? revealed : 0 }
        }
        // Each title is laid out in its button's width at rest (less when the buttons share a
        // narrower row), so at rest it is centred and fits or ends in an ellipsis.
        let share = natural > w ? w / natural : 1
        var edge = trailing ? revealed : 0.0
        for (action, bw) in zip(swipe.actions, widths) where bw > 0 {
            let restWidth = TableSimulation.swipeButtonWidth(action) * (swipe.full ? 1 : share)
            let x = trailing ? edge - bw : edge
            let color = action.backgroundColor ?? named(action.style == .destructive ? "systemRed" : "systemGray3")
            var button = box(Rect(x, 0, bw, h), color)
            // The title is laid out in the button's width at rest, on the content's side (so it
            // keeps there while a full swipe stretches the button), and a button not yet fully
            // revealed clips it, as UIKit's buttons clip their labels: part of "Delete" shows as
            // the row opens, never "Dele…" (issue 54.4). A title too long for the width at rest
            // is truncated there.
            let titleWidth = restWidth
            let tx = trailing ? 0 : bw - titleWidth
            button.masksToBounds = true
            button.sublayers = swipeButtonContent(action, x: tx, width: titleWidth, height: h)
            container.sublayers.append(button)
            edge = trailing ? edge - bw : edge + bw
        }
        return container
    }

    /// A button's title, or its symbol above its title (the symbol alone in a row under 50 pt,
    /// at 0.8 of its size), centred in `width` from `x`.
    func swipeButtonContent(_ action: TableModel.Swipe.Action, x: Double, width: Double, height h: Double) -> [PresentationLayer] {
        guard let name = action.symbol else {
            return [label(Rect(x, 0, width, h), action.title, size: 15, weight: .medium, color: .white, alignment: .center)]
        }
        var symbol = SymbolImage(name: name)
        let withTitle = h >= 50 && !action.title.isEmpty
        if !withTitle { symbol.pointSize *= 0.8 }
        var image = PresentationLayer(symbol.layer(color: .white))
        let s = symbol.size, line = 18.0, gap = 5.0
        let block = withTitle ? s.y + gap + line : s.y
        let top = (h - block) / 2
        image.position = Point(x + width / 2, top + s.y / 2)
        guard withTitle else { return [image] }
        return [image, label(Rect(x, top + s.y + gap, width, line), action.title, size: 15, weight: .medium, color: .white, alignment: .center)]
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
/// published), its initial velocity the finger's over the distance left (UIKit's), clamped to
/// 0 ... 10, the spring's own frequency, so the row runs at most about 1 % of that distance
/// past rest (UIKit clamps to 200 in its own spring; with this one a probe's 0.05 s flick ran
/// 42 % of the open width past rest). The default 0.3 s drag lifts at that speed. It is exactly
/// at rest from the first quarter second, from 1 s after the lift, when it is under 0.005 pt
/// away (1 s for a row of ordinary width).
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
    /// The settle: SwipeCellKit's spring, and its largest initial velocity.
    static let (mass, stiffness, damping) = (1.0, 100.0, 18.0)
    static let maxVelocity = 10.0

    /// When a settle over `distance` points is over: from 1 s on, the first quarter second at
    /// which it is under 0.005 pt from rest. With the velocity clamped, the spring is within
    /// e^(-9 t) x 3.1 of its distance (damping over twice the mass: 9; the sine's weight at
    /// most (9 + 0) / 4.36 + 1).
    static func settleTime(_ distance: Double) -> Double {
        var t = 1.0
        while t < 10, DetMath.exp(-9 * t) * abs(distance) * 3.1 > 0.005 { t += 0.25 }
        return t
    }

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
        let left = span - lifted
        if after >= SwipeMotion.settleTime(left) { return to }
        // The finger's speed over the distance left: the spring's initial velocity.
        let v = min(max((lifted / d) / left, 0), SwipeMotion.maxVelocity)
        let x = TimingCurve.spring(after, mass: SwipeMotion.mass, stiffness: SwipeMotion.stiffness,
                                   damping: SwipeMotion.damping, initialVelocity: v)
        return from + lifted + left * x
    }
}

/// Each swipe's start on one row, for one cell width, with the swipes last opened on each side
/// by then (``TableSimulation/swipeState(_:width:at:)``).
struct SwipeChain: Sendable {
    var starts: [Double] = []
    var lastLeading: [Int?] = [], lastTrailing: [Int?] = [], lastOpen: [Int?] = []

    init(_ list: [(time: Double, swipe: TableModel.Swipe)], width: Double) {
        var motion: SwipeMotion?
        var lead: Int?, trail: Int?, open: Int?
        for (i, (time, swipe)) in list.enumerated() {
            let from = motion?.value(at: time) ?? 0
            starts.append(from)
            motion = SwipeMotion(from: from, to: TableSimulation.swipeRest(swipe, width: width), start: time, swipe: swipe)
            if !swipe.close {
                open = i
                if swipe.edge == .leading { lead = i } else { trail = i }
            }
            lastLeading.append(lead); lastTrailing.append(trail); lastOpen.append(open)
        }
    }
}

/// The rows' swipe chains, made on first use and the same for every frame and thread.
final class SwipeChains: Sendable {
    struct Key: Hashable { var row: TableSimulation.RowKey; var width: UInt64 }
    private let chains = Mutex<[Key: SwipeChain]>([:])

    init() {}

    func chain(_ row: TableSimulation.RowKey, width: Double, make: () -> SwipeChain) -> SwipeChain {
        let key = Key(row: row, width: width.bitPattern)
        if let kept = chains.withLock({ $0[key] }) { return kept }
        // Made outside the lock (another thread may make the same: the same values).
        let made = make()
        chains.withLock { $0[key] = made }
        return made
    }
}
