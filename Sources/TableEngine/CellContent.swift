import Geometry
import LayerTree
import SceneModel
import Simulation

/// A built-in cell's content: its labels in the style's places, and its image.
extension TableSimulation {
    /// Title (and detail in the subtitle style) laid out in the row's base height.
    func content(_ r: TableModel.Row, width: Double, height: Double, x start: Double) -> [PresentationLayer] {
        // The text ends 12 pt before an accessory view (27 pt before the built-in ones).
        let accessoryWidth = r.accessoryView.map { $0.bounds.width + 12 } ?? TableSimulation.accessoryReserve(r.accessory)
        // An image at the margin, centred, shrunk to the row if taller; the text 15 pt after it.
        let image = r.imageView.map { v -> (layer: PresentationLayer, textX: Double) in
            var l = PresentationLayer(v)
            let size = TableSimulation.imageSize(v.bounds, rowHeight: height)
            l.bounds = Rect(0, 0, size.x, size.y)
            l.position = Point(start + size.x / 2, height / 2)
            return (l, TableSimulation.textStart(afterImage: size.x, margin: start))
        }
        let x = image?.textX ?? start
        let textWidth = width - x - 16 - accessoryWidth
        // One array when there is no image (this runs for every row in view in every frame).
        func withImage(_ labels: [PresentationLayer]) -> [PresentationLayer] { image.map { [$0.layer] + labels } ?? labels }
        // The row's own text colours, else the style's.
        let colors = r.textColors
        func titleColor(_ style: String) -> Color { colors?.title ?? named(style) }
        func detailColor(_ style: String) -> Color { colors?.detail ?? named(style) }
        if table.cellStyle == .value2 {
            // value2 (Contacts): a 91 pt column, right-aligned, 13 pt in the tint colour; the
            // detail 6 pt after it, 13 pt label colour (UIKit's value2 layout manager).
            let column = min(TableSimulation.value2Column, max(textWidth, 0))
            var out = withImage([label(Rect(x, 0, column, height), r.title, size: 13, color: titleColor("systemBlue"), alignment: .right)])
            if let detail = r.detail {
                out.append(label(Rect(x + column + 6, 0, max(textWidth - column - 6, 0), height), detail, size: 13,
                                 color: detailColor("label")))
            }
            return out
        }
        if table.cellStyle == .subtitle, let detail = r.detail {
            let block = 22.0 + 16.0
            let top = (height - block) / 2
            return withImage([label(Rect(x, top, textWidth, 22), r.title, size: 17, color: titleColor("label")),
                    label(Rect(x, top + 22, textWidth, 16), detail, size: 12, color: detailColor("secondaryLabel"))])
        }
        if table.cellStyle == .value1, let detail = r.detail {
            // value1 (Settings): the detail at the trailing edge, 17 pt secondaryLabel.
            return withImage([label(Rect(x, 0, textWidth, height), r.title, size: 17, color: titleColor("label")),
                    label(Rect(x, 0, textWidth, height), detail, size: 17, color: detailColor("secondaryLabel"), alignment: .right)])
        }
        return withImage([label(Rect(x, 0, textWidth, height), r.title, size: 17, color: titleColor("label"))])
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
