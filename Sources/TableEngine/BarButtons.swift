import Geometry
import LayerTree
import SceneModel
import Simulation

/// The navigation bar's buttons, in the tint colour (systemBlue), in the 44 pt bar below the
/// status bar: a pushed controller's back button (our own chevron, 12.5 x 21 pt stroked 3 pt
/// with round caps at 8 pt from the leading edge, and the previous controller's title 17 pt
/// regular from 28 pt; by eye, unconfirmed), and a trailing button (17 pt, 16 pt from the
/// trailing edge; UIKit's `editButtonItem` reads "Edit", and "Done" in semibold while the table
/// is editing, switching when editing mode is set, as UIKit's does), or a symbol (a system
/// item's, such as `.add`'s "plus", or an image's) at the body text's size and the large scale,
/// centred in the bar 16 pt from the edge (by eye, unconfirmed); a leading button where no back
/// button is, as the trailing one mirrored. A disabled button (`isEnabled` false) is drawn in
/// `placeholderText` (Flutter's CupertinoButton, written to match iOS, draws a disabled one so).
extension TableSimulation {
    static let backChevronPath = (try? SVGPathParser.parse("M 11 1.5 L 1.5 10.5 L 11 19.5")) ?? []

    func barButtons(_ bar: NavigationBarModel, at t: Double) -> [PresentationLayer] {
        var out: [PresentationLayer] = []
        let tint = bar.tintColor ?? named("systemBlue")
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
        let disabled = named("placeholderText")
        let leftTint = bar.leftButtonEnabled ? bar.leftButtonColor ?? tint : disabled
        let rightTint = bar.rightButtonEnabled ? bar.rightButtonColor ?? tint : disabled
        if let left = bar.leftButton {
            out.append(label(Rect(16, safeTop, max(frame.width / 3 - 16, 0), h), left, size: 17,
                             weight: bar.leftButtonDone ? .semibold : .regular, color: leftTint, alignment: .left))
        } else if let name = bar.leftButtonSymbol {
            out.append(barSymbol(name, color: leftTint, leading: true))
        }
        let editing = bar.editButton && (editingEvents.last { $0.time <= t }?.editing ?? table.editing)
        if let title = bar.editButton ? (editing ? "Done" : "Edit") : bar.rightButton {
            out.append(label(Rect(frame.width * 2 / 3, safeTop, frame.width / 3 - 16, h), title, size: 17,
                             weight: editing || (!bar.editButton && bar.rightButtonDone) ? .semibold : .regular, color: rightTint, alignment: .right))
        } else if let name = bar.rightButtonSymbol {
            out.append(barSymbol(name, color: rightTint, leading: false))
        }
        return out
    }

    /// A bar button's symbol, centred in the bar 16 pt from its edge.
    func barSymbol(_ name: String, color: Color, leading: Bool) -> PresentationLayer {
        var symbol = SymbolImage(name: name)
        symbol.scale = .large
        var l = PresentationLayer(symbol.layer(color: color))
        let s = symbol.size
        l.position = Point(leading ? 16 + s.x / 2 : frame.width - 16 - s.x / 2, safeTop + NavigationBarModel.height / 2)
        return l
    }
}
