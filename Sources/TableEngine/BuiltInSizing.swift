import Geometry
import LayerTree
import SceneModel
import Simulation

/// Built-in rows that size themselves (`UITableView.automaticDimension`), as iOS 17/18's UIKit
/// sizes a cell of a built-in style: the decompiled `UITableViewCellLayoutManager
/// -intrinsicContentSizeForCell:rowWidth:` and the subtitle style's stacked labels
/// (notes/uikit-table-research.md, "Built-in cells under automaticDimension").
///
/// - A title of one line (`numberOfLines == 1`): twice Body's leading, 44 pt at Large, the
///   separator inside it.
/// - A title of more lines: Body's leading (22 pt at Large, split above and below) plus the
///   taller of the title's text and the image, plus the separator's device pixel.
/// - The subtitle style with a detail (and value1's at the accessibility sizes, stacked): the
///   title's and the detail's text one above the other, plus the leading and the separator.
/// - Every row at least 44 pt, rounded up to a whole point.
///
/// The value1 style's detail is beside its title and does not add to the height (a wrapped
/// title takes the whole width and leaves the detail none, as UIKit's value1 layout manager).
extension TableSimulation {
    /// Body's leading at each text size, in `ContentSizeCategory.allCases` order (Apple's Human
    /// Interface Guidelines, Typography: "Dynamic Type sizes", iOS).
    static let bodyLeadings: [Double] = [19, 20, 21, 22, 24, 26, 29, 34, 40, 48, 56, 62]

    /// UIKit's `defaultRowHeight`: the shortest a self-sizing built-in row is.
    static let minimumSelfSizedHeight = 44.0

    static func bodyLeading(_ category: ContentSizeCategory) -> Double {
        let i = ContentSizeCategory.allCases.firstIndex(of: category) ?? 3
        return bodyLeadings.indices.contains(i) ? bodyLeadings[i] : 22
    }

    /// A built-in row's labels as measured: each one's text at its font and line count, in the
    /// width the row's layout gives it.
    struct BuiltInLabels {
        var title: LayerText
        var detail: LayerText?
        var titleWidth: Double
        var detailWidth: Double
        /// The image's own height (0 without one).
        var imageHeight: Double
        var style: TableModel.CellStyle
    }

    /// The labels of `r` (of `style`) in a cell `cellWidth` wide at `category`, as
    /// ``content(_:width:height:x:)`` lays them out.
    static func builtInLabels(_ r: TableModel.Row, style: TableModel.CellStyle, cellWidth: Double,
                              category: ContentSizeCategory) -> BuiltInLabels {
        let image = naturalImageSize(r, style: style)
        let x = image.map { textStart(afterImage: $0.x, margin: 16) } ?? 16
        let accessory = r.accessoryView.map { $0.bounds.width + 12 } ?? accessoryReserve(r.accessory)
        let room = max(cellWidth - x - 16 - accessory, 0)
        let points: (title: Double, detail: Double) = style == .value2 ? (13, 13) : style == .subtitle ? (17, 12) : (17, 17)
        func text(_ string: String, _ look: TableModel.LabelStyle?, _ size: Double) -> LayerText {
            LayerText(string: string, font: look?.font ?? .system(.regular), size: look?.size ?? DynamicTextStyle.scaled(size, to: category),
                      lines: max(look?.lines ?? 1, 0))
        }
        let title = text(r.title, r.labelStyles?.title, points.title)
        let detail = r.detail.map { text($0, r.labelStyles?.detail, points.detail) }
        // value2's title in its column, the detail 6 pt after it; the others' in the whole room.
        let column = min(value2Column, room)
        return BuiltInLabels(title: title, detail: detail, titleWidth: style == .value2 ? column : room,
                             detailWidth: style == .value2 ? max(room - column - 6, 0) : room,
                             imageHeight: image?.y ?? 0, style: style)
    }

    /// The row's image at its own size (a symbol's box, an image's bounds, either fitted by the
    /// row's `imageLook`); nil without one, and in the value2 style, which shows none.
    static func naturalImageSize(_ r: TableModel.Row, style: TableModel.CellStyle) -> Point? {
        guard style != .value2 else { return nil }
        let own = r.imageSymbol.map(\.size) ?? r.imageView.map { Point($0.bounds.width, $0.bounds.height) }
        guard let own else { return nil }
        return r.imageLook.map { $0.fitted(own) } ?? own
    }

    /// A self-sizing built-in row's height (see the extension's rule); `scale` gives the
    /// separator's device pixel.
    public static func selfSizedHeight(_ r: TableModel.Row, style: TableModel.CellStyle, cellWidth: Double,
                                       category: ContentSizeCategory, scale: Double, measuring m: some TextMeasuring) -> Double {
        let labels = builtInLabels(r, style: style, cellWidth: cellWidth, category: category)
        // Body's leading, in proportion for a title of its own size (UIKit reads the leading of
        // the label's font).
        let body = DynamicTextStyle.body.size(category)
        let leading = bodyLeading(category) * (r.labelStyles?.title.size.map { $0 / body } ?? 1), hair = 1 / max(scale, 1)
        // No room for text (a table narrower than its margins): the row of one line.
        guard labels.titleWidth >= 1 else { return max(minimumSelfSizedHeight, (2 * leading - 1e-9).rounded(.up)) }
        // (Measured only where the rule reads them: a table of a million one-line rows measures none.)
        var title: Double { m.height(of: labels.title, width: labels.titleWidth) ?? 0 }
        var detail: Double { labels.detail.flatMap { m.height(of: $0, width: labels.detailWidth) } ?? 0 }
        let stacked = labels.detail != nil && (style == .subtitle || style == .value1 && category.isAccessibilityCategory)
        let h: Double
        if stacked {
            h = leading + max(title + detail, labels.imageHeight) + hair
        } else if labels.title.lines == 1 && (style != .value2 || labels.detail?.lines ?? 1 == 1) {
            h = 2 * leading
        } else {
            h = leading + max(style == .value2 ? max(title, detail) : title, labels.imageHeight) + hair
        }
        let rounded = (max(h, minimumSelfSizedHeight) - 1e-9).rounded(.up)
        return rounded.isFinite ? min(rounded, 10_000) : minimumSelfSizedHeight
    }

    /// The subtitle style's labels' heights where one of them takes more than one line (nil
    /// otherwise: the style's line heights draw them), for ``content(_:width:height:x:)``.
    static func measuredLabelHeights(_ r: TableModel.Row, style: TableModel.CellStyle, cellWidth: Double,
                                     category: ContentSizeCategory, measuring m: some TextMeasuring) -> TableModel.LabelHeights? {
        guard style == .subtitle, r.detail != nil, (r.labelStyles?.title.lines ?? 1) != 1 || (r.labelStyles?.detail.lines ?? 1) != 1 else {
            return nil
        }
        let labels = builtInLabels(r, style: style, cellWidth: cellWidth, category: category)
        guard let detailText = labels.detail,
              let title = m.height(of: labels.title, width: labels.titleWidth),
              let detail = m.height(of: detailText, width: labels.detailWidth) else { return nil }
        var one = labels.title, oneDetail = detailText
        one.lines = 1
        oneDetail.lines = 1
        guard let titleLine = m.height(of: one, width: labels.titleWidth), let detailLine = m.height(of: oneDetail, width: labels.detailWidth),
              title > titleLine + 1e-9 || detail > detailLine + 1e-9 else { return nil }
        return TableModel.LabelHeights(title: title, detail: detail)
    }
}
