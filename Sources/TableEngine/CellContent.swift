import Geometry
import LayerTree
import SceneModel
import Simulation

/// A built-in cell's content: its labels in the style's places, and its image.
extension TableSimulation {
    /// Title (and detail in the subtitle style) laid out in the row's base height.
    func content(_ r: TableModel.Row, width: Double, height: Double, x start: Double) -> [PresentationLayer] {
        // Sizes written for Large, at the scene's text size (`preferredFont(forTextStyle:)`).
        func size(_ points: Double) -> Double { DynamicTextStyle.scaled(points, to: textSize) }
        // The text ends 12 pt before an accessory view (27 pt before the built-in ones).
        let accessoryWidth = r.accessoryView.map { $0.bounds.width + 12 } ?? TableSimulation.accessoryReserve(r.accessory)
        // An image at the margin, centred, shrunk to the row if taller; the text 15 pt after it.
        // A symbol is drawn in its colour, or the tint colour in the scene's appearance, at a
        // point size that fits the row when it is taller (as an image file is shrunk); the
        // value2 style (the row's own, else the table's) shows no image, as UIKit's. A list
        // configuration's `imageProperties` (or a rounded, clipping image view): at most its
        // maximum size, keeping the aspect, and rounded.
        let look = r.imageLook, style = r.style ?? table.cellStyle
        let view = style == .value2 ? nil : r.imageSymbol.map { symbol -> LayerModel in
            var s = symbol
            if let look, s.size.x > 0, s.size.y > 0 { s.pointSize *= look.fitted(s.size).x / s.size.x }
            if s.size.y > height, s.size.y > 0 { s.pointSize *= height / s.size.y }
            return s.layer(color: s.color ?? tint(r))
        } ?? r.imageView
        let image = view.map { v -> (layer: PresentationLayer, textX: Double) in
            var l = PresentationLayer(v)
            var bounds = v.bounds
            if let look, r.imageSymbol == nil {
                let fitted = look.fitted(Point(bounds.width, bounds.height))
                bounds = Rect(0, 0, fitted.x, fitted.y)
                if look.cornerRadius > 0 {
                    l.cornerRadius = look.cornerRadius
                    l.masksToBounds = true
                }
            }
            let size = TableSimulation.imageSize(bounds, rowHeight: height)
            l.bounds = Rect(0, 0, size.x, size.y)
            l.position = Point(start + size.x / 2, height / 2)
            return (l, TableSimulation.textStart(afterImage: size.x, margin: start))
        }
        let x = image?.textX ?? start
        let textWidth = width - x - 16 - accessoryWidth
        // One array when there is no image (this runs for every row in view in every frame).
        func withImage(_ labels: [PresentationLayer]) -> [PresentationLayer] { image.map { [$0.layer] + labels } ?? labels }
        // The row's own label looks (a cell's textLabel and detailTextLabel), else the style's.
        let styles = r.labelStyles
        // A label of the style (its size at Large, its colour's name) as this row draws it.
        func title(_ frame: Rect, points: Double, color: String, alignment: TextAlignment = .natural) -> PresentationLayer {
            styled(frame, r.title, styles?.title, size: size(points), color: color == "tint" ? tint(r) : named(color), alignment: alignment)
        }
        func detail(_ frame: Rect, _ text: String, points: Double, color: String, alignment: TextAlignment = .natural) -> PresentationLayer {
            styled(frame, text, styles?.detail, size: size(points), color: named(color), alignment: alignment)
        }
        if style == .value2 {
            // value2 (Contacts): a 91 pt column, right-aligned, 13 pt in the tint colour; the
            // detail 6 pt after it, 13 pt label colour (UIKit's value2 layout manager).
            let column = min(TableSimulation.value2Column, max(textWidth, 0))
            var out = withImage([title(Rect(x, 0, column, height), points: 13, color: "tint", alignment: .right)])
            if let text = r.detail {
                out.append(detail(Rect(x + column + 6, 0, max(textWidth - column - 6, 0), height), text, points: 13, color: "label"))
            }
            return out
        }
        if style == .subtitle, let text = r.detail {
            let frames = subtitleFrames(r, x: x, width: textWidth, height: height)
            return withImage([title(frames.title, points: 17, color: "label"),
                              detail(frames.detail, text, points: 12, color: "secondaryLabel")])
        }
        if style == .value1, let text = r.detail, textSize.isAccessibilityCategory {
            // At the accessibility sizes a value1 cell stacks its detail under its title, both
            // at the leading edge (as iOS lays it out when the two no longer fit side by side).
            let line = 22 + TableSimulation.lineGrowth(17, leading: 22, textSize)
            let top = (height - 2 * line) / 2
            return withImage([title(Rect(x, top, textWidth, line), points: 17, color: "label"),
                              detail(Rect(x, top + line, textWidth, line), text, points: 17, color: "secondaryLabel")])
        }
        if style == .value1, let text = r.detail {
            let frames = TableSimulation.value1Frames(x: x, room: max(textWidth, 0), titleWidth: r.titleWidth, height: height)
            let d = frames.detail.map { detail($0, text, points: 17, color: "secondaryLabel", alignment: .right) }
            return withImage([title(frames.title, points: 17, color: "label")] + (d.map { [$0] } ?? []))
        }
        return withImage([title(Rect(x, 0, textWidth, height), points: 17, color: "label")])
    }

    /// The subtitle style's two labels, one under the other, centred together in the row. Labels
    /// whose text wraps (measured: `labelHeights`) and fits the row: each as tall as its lines,
    /// centred in the content view (above the separator), the offset rounded up to a device
    /// pixel (UIKit's subtitle layout manager). Otherwise one line each, whose heights grow with
    /// their fonts as the style's leading does with its size; a row too short for wrapped labels
    /// (of a fixed height, or shrunk) keeps these places, the rest cut off.
    func subtitleFrames(_ r: TableModel.Row, x: Double, width: Double, height: Double) -> (title: Rect, detail: Rect) {
        if let m = r.labelHeights, m.title + m.detail <= height - 1 / scale + 1e-6 {
            let top = ((height - 1 / scale - m.title - m.detail) / 2 * scale).rounded(.up) / scale
            return (Rect(x, top, width, m.title), Rect(x, top + m.title, width, m.detail))
        }
        let titleLine = TableSimulation.line(22, points: 17, r.labelStyles?.title.size, textSize)
        let detailLine = TableSimulation.line(16, points: 12, r.labelStyles?.detail.size, textSize)
        let top = (height - titleLine - detailLine) / 2
        return (Rect(x, top, width, titleLine), Rect(x, top + titleLine, width, detailLine))
    }

    /// value1's (Settings) labels in `room` points from `x`, the detail 17 pt secondaryLabel
    /// right-aligned at the trailing edge: the title takes its own width (truncated only
    /// past the whole room); the detail what is left 6 pt after it, truncated there, and none
    /// when nothing is left (the decompiled UIKitCore's `UITableViewCellLayoutManagerValue1
    /// getTextLabelRect:detailTextLabelRect:...`). A title not measured (nil) leaves the detail
    /// the whole room.
    static func value1Frames(x: Double, room: Double, titleWidth: Double?, height: Double) -> (title: Rect, detail: Rect?) {
        let detailWidth = titleWidth.map { max(room - min($0, room) - 6, 0) } ?? room
        return (Rect(x, 0, room, height), detailWidth > 0 ? Rect(x + room - detailWidth, 0, detailWidth, height) : nil)
    }

    /// A built-in label: the style's size, colour and alignment unless the row's `style` says
    /// otherwise; its face the style's regular system font unless the row's says otherwise.
    func styled(_ frame: Rect, _ string: String, _ style: TableModel.LabelStyle?, size: Double, color: Color,
                alignment: TextAlignment) -> PresentationLayer {
        label(frame, string, size: style?.size ?? size, font: style?.font, color: style?.color ?? color, lines: style?.lines ?? 1,
              alignment: style?.alignment ?? alignment)
    }

    /// A subtitle line's height: `leading` at `points` (Large), grown at the text size, or in
    /// proportion to a font the row sets.
    static func line(_ leading: Double, points: Double, _ own: Double?, _ category: ContentSizeCategory) -> Double {
        guard let own else { return leading + lineGrowth(points, leading: leading, category) }
        return leading * own / points
    }

    /// How much taller a line of text written at `points` (with `leading`, at Large) is at
    /// `category`: its leading grows with its size (by eye; iOS's own leadings per size are
    /// not taken, notes/devices.md).
    static func lineGrowth(_ points: Double, leading: Double, _ category: ContentSizeCategory) -> Double {
        guard category != .large else { return 0 }
        return (DynamicTextStyle.scaled(points, to: category) - points) * leading / points
    }

    /// How much taller than `rowHeight` a row of built-in text is at `category`: its lines'
    /// growth (a subtitle row's two lines, another style's one), never shorter.
    static func rowGrowth(_ table: TableModel, _ style: TableModel.CellStyle, _ category: ContentSizeCategory, detail: Bool) -> Double {
        guard category != .large, table.card == nil, table.template == nil else { return 0 }
        var g = lineGrowth(style == .value2 ? 13 : 17, leading: style == .value2 ? 18 : 22, category)
        if style == .subtitle, detail { g += lineGrowth(12, leading: 16, category) }
        // A value1 cell's detail goes under its title at the accessibility sizes.
        if style == .value1, detail, category.isAccessibilityCategory { g += 22 + lineGrowth(17, leading: 22, category) }
        return max(g, 0)
    }

    /// UIKit's value2 title column.
    static let value2Column = 91.0

    /// A cell image's size: its own, shrunk (keeping its aspect) to a row that is shorter.
    static func imageSize(_ b: Rect, rowHeight: Double) -> Point {
        guard b.height > rowHeight, b.height > 0 else { return Point(b.width, b.height) }
        return Point(b.width * rowHeight / b.height, rowHeight)
    }

    /// Where the text starts after an image `width` wide at the margin: 15 pt after it.
    static func textStart(afterImage width: Double, margin: Double) -> Double { max(margin, margin + width + 15) }
}

/// How much taller than the table's `rowHeight` a row of built-in text is at the scene's text
/// size, for each style with and without a detail (every one 0 at Large).
struct BuiltInGrowth: Equatable {
    private var values: [Double] = []
    let isZero: Bool

    init(_ table: TableModel, _ category: ContentSizeCategory) {
        for style in TableModel.CellStyle.allCases {
            for detail in [false, true] { values.append(TableSimulation.rowGrowth(table, style, category, detail: detail)) }
        }
        isZero = values.allSatisfy { $0 == 0 }
    }

    func growth(_ style: TableModel.CellStyle, detail: Bool) -> Double {
        let i = (TableModel.CellStyle.allCases.firstIndex(of: style) ?? 0) * 2 + (detail ? 1 : 0)
        return values.indices.contains(i) ? values[i] : 0
    }
}
