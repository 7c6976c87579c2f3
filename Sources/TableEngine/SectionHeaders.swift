import Geometry
import LayerTree
import SceneModel
import Simulation

/// Section headers: their heights (with iOS 15's room above a plain table's) and a titled
/// header's look.
extension TableSimulation {
    /// A section's header height, by section identity: a plain table's header with the room
    /// above it (``headerPadding``).
    func headerHeight(_ section: Int) -> Double {
        let band = headerBand(section)
        return band > 0 ? band + headerPadding : band
    }

    /// The header itself (its view's height, or the style's band; 0: none).
    func headerBand(_ section: Int) -> Double {
        if let view = timeline.sections[section].headerView { return view.bounds.height }
        let titled = timeline.sections[section].title != nil
        switch table.style {
        case .plain: return titled ? 28 + TableSimulation.lineGrowth(17, leading: 22, textSize) : 0
        case .grouped, .insetGrouped: return titled ? 38 + TableSimulation.lineGrowth(13, leading: 18, textSize) : 18
        }
    }

    /// The room above a plain table's section header, table background at rest (iOS 15's
    /// `sectionHeaderTopPadding`: the table's, else UIKit's automatic 22 pt, the decompiled
    /// UIKitCore's `defaultPaddingAboveSectionHeadersForTableStyle:`; notes/uikit-table-research.md).
    /// Grouped tables' headers have none (their automatic padding is 0; a set one is not drawn).
    var headerPadding: Double {
        table.style == .plain ? (table.sectionHeaderTopPadding ?? TableSimulation.automaticHeaderPadding) : 0
    }
    static let automaticHeaderPadding = 22.0

    /// A titled header `height` tall at `y`: a plain table's title 17 pt semibold at the
    /// margin, `floated` points above its place while pinned; a grouped table's in capitals.
    func header(_ title: String, y: Double, height: Double, floated: Double = 0) -> PresentationLayer {
        // A plain header has no background of its own at rest (iOS 15): it shows the table's
        // (UIKit's plain default, systemBackground, unless set), which it is drawn in, so a
        // section sliding in behind it stays hidden, as behind a cell.
        var h = box(Rect(0, y, frame.width, height), table.style == .plain ? table.backgroundColor ?? named("systemBackground") : nil)
        if table.style == .plain {
            h.sublayers = [label(Rect(16, 0, frame.width - 32, height), title, size: DynamicTextStyle.scaled(17, to: textSize), weight: .semibold,
                                 color: named("label"))]
            // Pinned (floated above its place): the bar's material over what scrolls beneath,
            // `systemChromeMaterial` (the decompiled UIKitCore's `UITableConstants_IOS`), faded in
            // over 10 pt (by eye).
            if floated > 0 {
                h.backgroundColor = nil
                var material = box(Rect(0, 0, frame.width, height), barMaterial)
                material.backdropBlur = TableSimulation.barBlur
                material.opacity = min(floated / TableSimulation.pinnedHeaderFadeDistance, 1)
                h.sublayers.insert(material, at: 0)
            }
        } else {
            let line = 18 + TableSimulation.lineGrowth(13, leading: 18, textSize)
            h.sublayers = [label(Rect(cellInset + 16, height - 6 - line, cellWidth - 32, line), title.uppercased(), size: DynamicTextStyle.scaled(13, to: textSize),
                                 color: named("secondaryLabel"))]
        }
        return h
    }
}
