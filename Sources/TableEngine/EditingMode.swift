import Geometry
import LayerTree
import SceneModel
import Simulation

/// `setEditing(_:animated:)`: in editing mode each row shows its editing control at its leading
/// edge (a red circle with a minus for `delete`, a green one with a plus for `insert`) and its
/// content moves right (`shouldIndentWhileEditingRowAt`, true by default: also for a row with
/// no control, as UIKit leaves the gap); a row
/// that can move shows the reorder control (three lines) at its trailing edge; accessories fade
/// out (UIKit's `editingAccessoryType` is none by default). Entering and leaving animate over
/// 0.3 s, ease in, ease out: the controls slide in with the content from the leading edge, the
/// reorder control from the trailing edge as it fades in.
///
/// UIKit's metrics are not published: the control is a 22 pt circle 16 pt from the leading
/// edge, the content moves 38 pt, the reorder control is three 18 x 1.5 pt lines 5.25 pt apart,
/// 16 pt from the trailing edge, all by eye from screen recordings (unconfirmed); the symbols
/// are our own shapes, not Apple's artwork. Card tables and the fold effect do not edit.
extension TableSimulation {
    static let editingDuration = 0.3
    static let editingIndent = 38.0

    /// The `setEditing` events of the script, in time order.
    static func editingEvents(_ script: [ScriptEvent]) -> [(time: Double, editing: Bool, animated: Bool)] {
        script.compactMap { e -> (time: Double, editing: Bool, animated: Bool)? in
            guard case let .setEditing(editing, animated) = e.action else { return nil }
            return (e.at, editing, animated)
        }.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    /// How far into editing mode the table is at `t`: 0 not editing ... 1 editing.
    func editingAmount(at t: Double) -> Double {
        guard table.card == nil else { return 0 }
        var from = table.editing ? 1.0 : 0.0, to = from, start = -Double.infinity, animated = false
        func value(at time: Double) -> Double {
            guard animated, time - start < TableSimulation.editingDuration else { return to }
            let p = max(time - start, 0) / TableSimulation.editingDuration
            return from + (to - from) * TimingCurve.apply(.easeInEaseOut, p, duration: TableSimulation.editingDuration)
        }
        for e in editingEvents where e.time <= t {
            from = value(at: e.time)
            to = e.editing ? 1 : 0
            start = e.time
            animated = e.animated
        }
        return value(at: t)
    }

    /// Whether the table is in editing mode at `t` (the last `setEditing` asked for it), when
    /// taps select nothing (`allowsSelectionDuringEditing` is false by default).
    static func isEditing(_ table: TableModel, _ script: [ScriptEvent], at t: Double) -> Bool {
        isEditing(table, editingEvents(script), at: t)
    }

    /// The same from the script's `setEditing` events (``editingEvents(_:)``), made once for
    /// many questions: asking per tap made the taps cost the square of their number (issue 53.3).
    static func isEditing(_ table: TableModel, _ events: [(time: Double, editing: Bool, animated: Bool)], at t: Double) -> Bool {
        events.last { $0.time <= t }?.editing ?? table.editing
    }

    /// The row's editing and reorder controls at editing amount `e`, in a cell `width` wide
    /// whose content is `height` tall.
    func editingControls(_ model: TableModel.Row, _ e: Double, width: Double, height: Double, turn: Double = 0) -> [PresentationLayer] {
        guard e > 0 else { return [] }
        var out: [PresentationLayer] = []
        let slide = TableSimulation.editingIndent * (1 - e)
        if model.editingStyle != .none {
            let d = 22.0
            var control = box(Rect(16 - slide, (height - d) / 2, d, d), named(model.editingStyle == .delete ? "systemRed" : "systemGreen"))
            control.cornerRadius = d / 2
            var minus = box(Rect(5, 10, 12, 2), .white)
            minus.cornerRadius = 1
            // A tap on the control turns it a quarter turn while the row opens on Delete.
            if turn > 0 { minus.transform = Transform3D.identity.rotated(degrees: 90 * turn, 0, 0, 1) }
            control.sublayers = [minus]
            if model.editingStyle == .insert {
                var bar = box(Rect(10, 5, 2, 12), .white)
                bar.cornerRadius = 1
                control.sublayers.append(bar)
            }
            out.append(control)
        }
        if model.canMove && turn < 1 {
            var reorder = box(Rect(width - 16 - 18 + slide, (height - 12) / 2, 18, 12), nil)
            reorder.opacity = e * (1 - turn)
            reorder.sublayers = [0.0, 5.25, 10.5].map { y in
                var line = box(Rect(0, y, 18, 1.5), named("systemGray2"))
                line.cornerRadius = 0.75
                return line
            }
            out.append(reorder)
        }
        return out
    }
}

extension TableSimulation {
    /// How much narrower a built-in cell's content is in editing mode: the indent it moves by,
    /// and the reorder control with its margins (18 pt and 16 pt after it, 8 pt before: by eye).
    func editingContentRoom(_ model: TableModel.Row) -> Double {
        (model.shouldIndentWhileEditing ? TableSimulation.editingIndent : 0) + (model.canMove ? 16 + 18 + 8 : 0)
    }

    /// A cell's content and accessory at editing amount `e`: the content moved right (unless the
    /// row does not indent), the accessory faded out; returns the controls to add (none at 0).
    func editRow(_ content: inout [PresentationLayer], accessory: inout PresentationLayer?, _ model: TableModel.Row, _ e: Double,
                 width: Double, height: Double, turn: Double) -> [PresentationLayer] {
        guard e > 0 else { return [] }
        let shift = model.shouldIndentWhileEditing ? TableSimulation.editingIndent * e : 0
        for i in content.indices { content[i].position.x += shift }
        accessory?.opacity *= 1 - e
        return editingControls(model, e, width: width, height: height, turn: turn)
    }

    /// How far a row opened by a tap on its delete control is open (0 ... 1), else 0.
    func editingControlTurn(_ key: RowKey, width: Double, at t: Double) -> Double {
        guard let state = swipeState(key, width: width, at: t), state.swipe.editingControl else { return 0 }
        let open = min(width, TableSimulation.swipeButtonsWidth(state.swipe))
        return open > 0 ? min(abs(state.dx) / open, 1) : 0
    }
}
