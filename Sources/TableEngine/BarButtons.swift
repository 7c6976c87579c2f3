import Geometry
import LayerTree
import SceneModel
import Simulation

/// The navigation bar's buttons, in the tint colour (systemBlue), in the 44 pt bar below the
/// status bar: a pushed controller's back button (our own chevron, 12.5 x 21 pt stroked 3 pt
/// with round caps at 8 pt from the leading edge, and the previous controller's title 17 pt
/// regular from 28 pt; by eye, unconfirmed), and a trailing button (17 pt, 16 pt from the
/// trailing edge; UIKit's `editButtonItem` reads "Edit", and "Done" in semibold while the table
/// is editing, switching when editing mode is set, as UIKit's does).
extension TableSimulation {
    static let backChevronPath = (try? SVGPathParser.parse("M 11 1.5 L 1.5 10.5 L 11 19.5")) ?? []

    func barButtons(_ bar: NavigationBarModel, at t: Double) -> [PresentationLayer] {
        var out: [PresentationLayer] = []
        let tint = named("systemBlue")
        let h = NavigationBarModel.height
        if let back = bar.backButton {
            var chevron = box(Rect(8, safeTop + (h - 21) / 2, 12.5, 21), nil)
            chevron.shape = ShapeContent(commands: TableSimulation.backChevronPath, fillColor: nil, strokeColor: tint, lineWidth: 3,
                                         lineCap: .round, lineJoin: .round, miterLimit: 10, fillRule: .nonZero)
            out.append(chevron)
            if !back.isEmpty {
                out.append(label(Rect(28, safeTop, max(frame.width / 3 - 28, 0), h), back, size: 17, color: tint, alignment: .left))
            }
        }
        let editing = bar.editButton && (editingEvents.last { $0.time <= t }?.editing ?? table.editing)
        if let title = bar.editButton ? (editing ? "Done" : "Edit") : bar.rightButton {
            out.append(label(Rect(frame.width * 2 / 3, safeTop, frame.width / 3 - 16, h), title, size: 17,
                             weight: editing || (!bar.editButton && bar.rightButtonDone) ? .semibold : .regular, color: tint, alignment: .right))
        }
        return out
    }
}
