import Geometry
import LayerTree
import SceneModel
import Simulation

/// Section footers and custom header and footer views (`titleForFooterInSection`,
/// `viewForHeaderInSection`, `viewForFooterInSection`).
///
/// A footer title is 13 pt `secondaryLabel` text that wraps, as UIKit's footers read; in a
/// grouped table it sits 8 pt below the section's last row with 10 pt below it, at the header's
/// leading inset, on the table's background; in a plain table it is a bar like the plain
/// header, 6 pt above and below the text, at least 28 pt tall, and it floats at the bottom of the
/// visible area while its section is on screen (Apple: plain "headers and footers ... float").
/// The paddings follow Flutter's CupertinoListSection, eyeballed from iOS 14 (unconfirmed for
/// UIKit). A view takes the table's width and its own height, in place of the title.
extension TableSimulation {
    /// Space above and below a footer title's text, by table style.
    static func footerPadding(_ style: TableModel.Style) -> (top: Double, bottom: Double) {
        style == .plain ? (6, 6) : (8, 10)
    }
    /// The footer text's size and its line height (one line, when the loader did not measure it).
    static let footerFontSize = 13.0
    static let footerLineHeight = 16.0
    /// A grouped section's footer without a title or view (`sectionFooterHeight`'s default).
    static let groupedUntitledFooter = 18.0

    /// The width a footer title wraps in, for a table of `width` points.
    static func footerTextWidth(_ style: TableModel.Style, tableWidth width: Double) -> Double {
        let inset = style == .insetGrouped ? (width >= 414 ? 20.0 : 16) : 0
        return max(width - 2 * inset - 32, 1)
    }

    /// A section's footer height, by section identity: its view's, its title's, or with
    /// neither UIKit's default: none in a plain table, 18 pt in a grouped one (the gap between
    /// two untitled grouped sections is the 18 pt footer of the one and the 18 pt header of the
    /// next, about 35 pt as iOS leaves it, issue 54.5; notes/uikit-table-research.md).
    func footerHeight(_ section: Int) -> Double {
        let s = timeline.sections[section]
        if let view = s.footerView { return view.bounds.height }
        guard s.footer != nil else { return table.style == .plain ? 0 : TableSimulation.groupedUntitledFooter }
        return s.footerHeight ?? TableSimulation.footerHeight(table.style, text: TableSimulation.footerLineHeight
            + TableSimulation.lineGrowth(TableSimulation.footerFontSize, leading: TableSimulation.footerLineHeight, textSize))
    }

    /// A footer title's height around `text` points of text.
    static func footerHeight(_ style: TableModel.Style, text: Double) -> Double {
        let p = footerPadding(style)
        let h = p.top + text + p.bottom
        return style == .plain ? max(h, 28) : h
    }

    /// The footer of the section with identity `id`, its top at `y`.
    func footer(_ id: Int, y: Double, height: Double) -> PresentationLayer? {
        let s = timeline.sections[id]
        if let view = sectionViews[id].footer { return placed(view, y: y) }
        guard let title = s.footer else { return nil }
        let p = TableSimulation.footerPadding(table.style)
        let plain = table.style == .plain
        var f = box(Rect(0, y, frame.width, height), plain ? named("secondarySystemBackground") : nil)
        let x = plain ? 16 : cellInset + 16
        f.sublayers = [label(Rect(x, p.top, TableSimulation.footerTextWidth(table.style, tableWidth: frame.width), height - p.top - p.bottom),
                             title, size: DynamicTextStyle.scaled(TableSimulation.footerFontSize, to: textSize), color: named("secondaryLabel"), lines: 0)]
        return f
    }

    /// A header or footer view with its top at `y` and its left at the table's.
    func placed(_ view: PresentationLayer, y: Double) -> PresentationLayer {
        var v = view
        v.position = Point(v.anchorPoint.x * v.bounds.width, y + v.anchorPoint.y * v.bounds.height)
        return v
    }

    /// Where a section's footer is drawn: at its place, or in a plain table floating at the
    /// bottom of the visible area (above the bottom inset) while its section is on screen.
    func footerTop(_ section: SectionLayout, offset: Double, height visible: Double) -> Double {
        guard table.style == .plain else { return section.footerTop }
        return max(min(section.footerTop, offset + visible - inset.bottom - section.footer), section.top + section.header)
    }
}
