import Geometry
import LayerTree
import SceneModel
import Simulation

/// A row's selection and highlight, and the separators they hide: a tap's selected background
/// (and how it fades), a finger held on the row before it lifts, and the hairlines at a row's
/// bottom and a grouped section's top.
extension TableSimulation {
    /// The selected background's opacity at `t`: shown at a tap and faded out by
    /// `deselectRowAtIndexPath:animated:YES` (UIView's default ease in, ease out), none when the
    /// table deselects without animation; with `never`, shown from the tap while the row stays
    /// selected (until a tap on another row, or with `multiple` its own next tap; UIKit
    /// deselects the other row without animation).
    func selectionAlpha(_ key: RowKey, at t: Double) -> Double {
        if isHeld(key, at: t) { return 1 }
        if table.selection.deselect == .never {
            let own = taps[key]?.filter { $0 <= t } ?? []
            guard let tap = own.max() else { return 0 }
            if table.selection.multiple { return own.count % 2 == 1 ? 1 : 0 }
            return tapLog.contains { $0.key != key && $0.time > tap && $0.time <= t } ? 0 : 1
        }
        guard table.selection.deselect == .animated, let tap = taps[key]?.filter({ $0 <= t }).max() else { return 0 }
        let d = table.selection.duration
        let p = (t - tap) / d
        guard p < 1 else { return 0 }
        return 1 - TimingCurve.apply(.easeInEaseOut, max(p, 0), duration: d)
    }

    /// Whether a finger holds the row down at `t` with its highlight showing: from 0.15 s after
    /// touch-down, the scroll view's delay before it passes a touch to the cell
    /// (`delaysContentTouches`), until touch-up, where the tap selects it. A quicker tap shows no
    /// highlight before touch-up (notes/uikit-table-research.md).
    func isHeld(_ key: RowKey, at t: Double) -> Bool {
        holds[key]?.contains { t >= $0.down + TableSimulation.touchDelay && t < $0.up } ?? false
    }
    /// The scroll view's delay before a held finger's touch reaches the row (0.15 s).
    public static let touchDelay = 0.15

    /// Whether the row's cell is highlighted at `t` (UITableViewCell sets `isHighlighted` on the
    /// controls in it, such as the sections article's accessory): held down, or selected in a
    /// table that keeps its selection. An animated or immediate deselection in `didSelectRowAt`
    /// ends it at touch-up.
    func isHighlighted(_ key: RowKey, at t: Double) -> Bool {
        isHeld(key, at: t) || (table.selection.deselect == .never && selectionAlpha(key, at: t) >= 1)
    }

    /// A row's separator, one device pixel at its bottom. In editing mode it starts under the
    /// content, which moved; with an image (and the default inset) under the text, as UIKit's
    /// automatic inset. A highlighted or selected row hides its own separator and the one of the
    /// row above it (openradar 15131044 and 18067518, iOS 7 and later), fading with the
    /// highlight: nil when hidden.
    func separator(_ row: RowLayout, _ model: TableModel.Row, custom: Bool, editing: Double, width w: Double, below: RowKey?,
                   at t: Double) -> PresentationLayer? {
        let own = model.cell?.separatorInsetLeft
        var base = own ?? table.separatorInsetLeft
        if let v = model.imageView, !custom, own == nil, base == 16, (model.style ?? table.cellStyle) != .value2 {
            base = TableSimulation.textStart(afterImage: TableSimulation.imageSize(v.bounds, rowHeight: row.base).x, margin: 16)
        }
        var inset = base + (model.shouldIndentWhileEditing ? TableSimulation.editingIndent * editing : 0)
        // A grouped section's last row closes it with a full-width line (below).
        if table.style == .grouped && row.last { inset = 0 }
        let hidden = max(selectionAlpha(row.key, at: t), below.map { selectionAlpha($0, at: t) } ?? 0)
        guard hidden < 1 else { return nil }
        let hair = 1 / scale
        var separator = box(Rect(inset, row.height - hair, w - inset, hair), table.separatorColor)
        separator.opacity = 1 - hidden
        return separator
    }

    /// A grouped section's top edge: a full-width hairline at its first row's top, as the
    /// last row's separator is full width at its bottom (Flutter's CupertinoListSection and
    /// Microsoft's Fluent UI for Apple draw both; no Apple document says so: notes). Hidden with
    /// the row's highlight, as its own separator is.
    func groupTopEdge(_ row: RowLayout, width w: Double, at t: Double) -> PresentationLayer? {
        let hidden = selectionAlpha(row.key, at: t)
        guard hidden < 1 else { return nil }
        var line = box(Rect(0, 0, w, 1 / scale), table.separatorColor)
        line.opacity = 1 - hidden
        return line
    }
}
