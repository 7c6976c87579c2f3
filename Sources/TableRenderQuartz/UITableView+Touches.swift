import Foundation
import TableEngine

/// A touch of the script as app code meets it, at its time: an event (a tap's lift, a swipe, a
/// tap on a swipe action ...), or a held tap's touch-down reaching the row, or that touch
/// cancelled because the scroll view took the finger.
struct SceneTouch {
    enum Phase { case event, down, cancel }
    var index: Int
    var event: TableScriptEvent
    var time: Double
    var phase: Phase
}

extension LayerScene {
    /// The script's touches in time order (the script's order at one time). A tap held past
    /// the scroll view's delay (0.15 s, `delaysContentTouches`) reaches the row then: the
    /// delegate's `didHighlightRowAt` and the cell's `setHighlighted(true, animated: false)` run
    /// while the finger is still down, and the lift selects. A quicker tap's touch-down reaches
    /// the row at the lift, as UIKit delivers held-back touches (notes/uikit-table-research.md).
    /// A drag, scroll or fling that begins under the finger cancels the touch, as the table's
    /// own simulation does: the highlight ends there (if it showed) and nothing is selected.
    func sceneTouches() -> [SceneTouch] {
        let scrolls = script.compactMap { e -> Double? in
            switch e {
            case let .scroll(at, _, _, _), let .scrollBy(at, _, _, _), let .drag(at, _, _, _), let .dragTo(at, _, _, _): return at
            case let .fling(at, _, _): return at - TableSimulation.flickDuration
            default: return nil
            }
        }.sorted()
        var out: [SceneTouch] = []
        for (i, e) in script.enumerated() {
            switch e {
            case let .tap(at, _, _, hold) where hold > 0 && hold <= 1 && at - hold >= 0:
                // (A hold the scene refuses, longer than 1 s or before 0, runs no app code early.)
                let down = at - hold, reaches = down + TableSimulation.touchDelay
                if let moved = scrolls.first(where: { $0 > down && $0 < at }) {
                    guard moved >= reaches else { continue }
                    out.append(SceneTouch(index: i, event: e, time: reaches, phase: .down))
                    out.append(SceneTouch(index: i, event: e, time: moved, phase: .cancel))
                    continue
                }
                if hold >= TableSimulation.touchDelay { out.append(SceneTouch(index: i, event: e, time: reaches, phase: .down)) }
                out.append(SceneTouch(index: i, event: e, time: at, phase: .event))
            case .tap, .swipe, .tapSwipeAction, .tapEditingControl, .reorder, .tapAccessoryButton:
                out.append(SceneTouch(index: i, event: e, time: e.time, phase: .event))
            default: continue
            }
        }
        return out.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }
}

extension UITableView {
    /// A touch of the script, as the delegate and the row's cell see it.
    func touch(_ touch: SceneTouch, scene: LayerScene) {
        // A finger that comes down on a content still moving by itself stops it, and one that
        // comes down while another moves it joins that scroll, and one that comes down while a
        // row's swipe actions are open closes them: none reaches a row, as the table's
        // simulation has it (`caughtTouchDowns`, `joinedTouchDowns`, `dismissingTouchDowns`).
        if case let .tap(at, _, _, hold) = touch.event, let sim = app.geometry?() {
            let down = at - max(hold, 0)
            if sim.caughtTouchDowns.contains(down) || sim.joinedTouchDowns.contains(down) || sim.dismissingTouchDowns.contains(down) { return }
        }
        switch touch.phase {
        case .event: self.touch(touch.event, index: touch.index, scene: scene)
        case .down:
            guard case let .tap(_, section, row, _) = touch.event else { return }
            let p = IndexPath(row: row, section: section)
            guard exists(p) else { return }
            app.held[touch.index] = (touchDown(p), recordedEvents.count)
        case .cancel:
            guard case let .tap(_, section, row, _) = touch.event, let held = app.held.removeValue(forKey: touch.index) else { return }
            if held.highlighted { unhighlight(IndexPath(row: row, section: section)) }
        }
    }

    /// Whether the data source has the row now (a tap on one it has not is refused with the
    /// scene's message, and reaches no app code: an app indexing its array by it would trap).
    func exists(_ p: IndexPath) -> Bool {
        let data = sections
        return data.indices.contains(p.section) && p.row >= 0 && p.row < data[p.section].rows.count
    }

    /// A tap's lift. A held finger under which the code moved rows (an insert, delete, move or
    /// reload since its touch reached the row) is cancelled: the highlight ends, nothing is
    /// selected, the tap leaves the scene's script, and it is said once. UIKit keeps the touch
    /// on the cell it began on and selects that cell's row; that is not modelled (the row named
    /// is the data's at the lift, which may be another).
    func liftTap(_ p: IndexPath, at time: Double, index: Int) {
        let held = app.held.removeValue(forKey: index)
        if let held, recordedEvents[min(held.events, recordedEvents.count)...].contains(where: { !UITableView.keepsRowsInPlace($0) }) {
            if held.highlighted { unhighlight(p) }
            app.cancelledTaps.insert(index)
            let message = "tap at \(time) s: the table's rows changed while the finger was down: the touch is cancelled here and nothing is selected (UIKit keeps the touch on the cell it began on; not modelled)"
            FileHandle.standardError.write(Data((message + "\n").utf8))
            return
        }
        guard exists(p) else { return }
        tapRow(p, held: held?.highlighted)
    }

    /// A finger's touch reaching the row: `shouldHighlightRowAt`, then `didHighlightRowAt` and
    /// the cell's `setHighlighted(true, animated: false)`. Whether the row took the highlight.
    func touchDown(_ p: IndexPath) -> Bool {
        // In editing mode a tap selects nothing unless the table allows it (UIKit's default does not).
        if editingNow && !allowsSelectionDuringEditing { return false }
        guard delegate?.tableView(self, shouldHighlightRowAt: p) ?? true else { return false }
        delegate?.tableView(self, didHighlightRowAt: p)
        cellForRow(at: p)?.setHighlighted(true, animated: false)
        return true
    }

    /// The highlight ends: the cell's `setHighlighted(false, animated: false)`, then
    /// `didUnhighlightRowAt`.
    func unhighlight(_ p: IndexPath) {
        cellForRow(at: p)?.setHighlighted(false, animated: false)
        delegate?.tableView(self, didUnhighlightRowAt: p)
    }

    /// UIKit's order for a tap: `shouldHighlightRowAt`, `didHighlightRowAt` (touch down, now or
    /// when a held finger's touch reached the row: `held`), then at touch up `willSelectRowAt`,
    /// the cell's `setHighlighted(false)` and `didUnhighlightRowAt`, the previous row's
    /// `didDeselectRowAt` (single selection), the cell's `setSelected(true)`, `didSelectRowAt`.
    /// Apple documents the touch-down half; the touch-up order follows published logs (notes,
    /// UIKit table facts).
    func tapRow(_ p: IndexPath, held: Bool? = nil) {
        if editingNow && !allowsSelectionDuringEditing { return }
        let d = delegate
        var highlights = held ?? touchDown(p)
        func unhighlight() {
            guard highlights else { return }
            highlights = false
            self.unhighlight(p)
        }
        if allowsSelection {
            if allowsMultipleSelection && app.selected.contains(p) {
                if let q = d.map({ $0.tableView(self, willDeselectRowAt: p) }) ?? p {
                    deselectRow(at: q, animated: false)
                    d?.tableView(self, didDeselectRowAt: q)
                }
            } else if let q = d.map({ $0.tableView(self, willSelectRowAt: p) }) ?? p {
                unhighlight()
                if !allowsMultipleSelection {
                    for old in app.selected where old != q {
                        deselectRow(at: old, animated: false)
                        d?.tableView(self, didDeselectRowAt: old)
                    }
                }
                if !app.selected.contains(q) { app.selected.append(q) }
                cellForRow(at: q)?.setSelected(true, animated: false)
                d?.tableView(self, didSelectRowAt: q)
                // A row didSelectRowAt leaves selected stays highlighted, as on iOS (unless its
                // cell's selectionStyle is none: then no highlight shows).
                if app.selected.contains(q) && !deselectsAnimated && cellForRow(at: q)?.selectionStyle != UITableViewCell.SelectionStyle.none {
                    keepsSelection = true
                }
            }
        }
        unhighlight()
    }
}
