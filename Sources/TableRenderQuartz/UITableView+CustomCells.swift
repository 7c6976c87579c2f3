import Foundation
import Geometry
import SceneModel
import TableEngine

/// A data source's custom cells (a subclass whose content view has views of its own) drawn as
/// each row's own cell (issue 50, step 6): the cell `cellForRowAt` gave for the row, laid out
/// for the row as UIKit lays it out before it shows, its content view recorded as the row's
/// layers. Rows may differ in anything (a colour, a hidden view, a height, another class),
/// as their cells do.
extension UITableView {
    /// Whether a cell has content of its own beyond the built-in style's labels and image view.
    static func isCustom(_ cell: UITableViewCell) -> Bool {
        let builtIn: [UIView?] = [cell.textLabel, cell.detailTextLabel, cell.imageView]
        return cell.style == nil || cell.contentView.subviews.contains { v in !builtIn.contains { $0 === v } }
    }

    /// The width of a row's content view: the cell's, less what its accessory takes at the
    /// trailing edge (an accessory view's width and the 16 pt margin, or the built-in
    /// accessory's room as the table reserves it for a title).
    func contentWidth(of cell: UITableViewCell, cellWidth: CGFloat) -> CGFloat {
        if let v = cell.accessoryView { return max(cellWidth - v.frame.width - 16, 0) }
        let reserve: Double
        switch cell.accessoryType {
        case .none: return cellWidth
        case .disclosureIndicator: reserve = TableSimulation.accessoryReserve(.disclosureIndicator)
        case .checkmark: reserve = TableSimulation.accessoryReserve(.checkmark)
        case .detailButton: reserve = TableSimulation.accessoryReserve(.detailButton)
        case .detailDisclosureButton: reserve = TableSimulation.accessoryReserve(.detailDisclosureButton)
        }
        return max(cellWidth - CGFloat(reserve) - 16, 0)
    }

    /// Lays a cell out for a row, as UIKit does before the row shows: the cell gets the row's
    /// frame, its content view the cell's bounds less the accessory's room and the separator's
    /// device pixel (reference 6.1), the Auto Layout constraints of the cell's views are solved
    /// (labels' intrinsic sizes inside the solve), and each view's `layoutSubviews()` runs from
    /// the cell down.
    /// Code that changed a cell it holds lays it out again only where it asked for a layout
    /// (`setNeedsLayout`), as UIKit's next layout pass does; the constraints are solved again.
    func layOut(_ cell: UITableViewCell, frame: CGRect, onlyWhereDue: Bool = false) {
        cell.belong(to: self)
        cell.frame = frame
        let hair = separatorStyle == .none ? 0 : 1 / max(UIScreen.main.scale, 1)
        cell.contentView.frame = CGRect(x: 0, y: 0, width: contentWidth(of: cell, cellWidth: frame.width),
                                        height: max(frame.height - hair, 0))
        let due = Set(cell.viewsDueLayout.map(ObjectIdentifier.init))
        AutoLayout.layout(cell)
        func walk(_ v: UIView) {
            if !onlyWhereDue || due.contains(ObjectIdentifier(v)) { v.layoutSubviews() }
            v.subviews.forEach(walk)
        }
        walk(cell)
    }

    /// A self-sizing row's height (`UITableView.automaticDimension`), as UIKit sizes it: the
    /// cell's content view fitted by its constraints at the row's width (`systemLayoutSizeFitting`
    /// with the width fixed), plus the separator's device pixel (reference 6.1); a built-in
    /// style cell (or a list content configuration) by its labels' text, as the engine sizes a
    /// JSON row of `"height": "auto"`. Nil for constraints that leave the height open (UIKit
    /// then keeps the estimate).
    func fittingHeight(of cell: UITableViewCell, cellWidth: CGFloat, at p: IndexPath) -> CGFloat? {
        if cell.contentConfiguration is UIListContentConfiguration || !UITableView.isCustom(cell) {
            let c = shownContent(of: cell, at: p)
            var row = TableModel.Row(title: c.title, detail: c.detail, jsonPath: "table")
            row.accessory = TableModel.Accessory(rawValue: c.accessory.rawValue) ?? .none
            row.accessoryView = c.accessoryView
            row.labelStyles = c.labelStyles
            row.imageLook = c.imageLook
            if let image = c.image {
                let size = image.symbol?.size ?? Point(Double(image.size.width), Double(image.size.height))
                var view = LayerModel()
                view.bounds = Rect(0, 0, size.x, size.y)
                row.imageView = view
            }
            let indexRoom = indexTitles?.isEmpty ?? true ? 0 : TableSimulation.indexWidth
            let h = TableSimulation.selfSizedHeight(row, style: SceneWriter.cellStyle(c.style), cellWidth: Double(cellWidth) - indexRoom,
                                                    category: SceneRuntime.current.contentSizeCategory,
                                                    scale: Double(max(UIScreen.main.scale, 1)), measuring: LabelTextMeasurer())
            return CGFloat(h)
        }
        cell.belong(to: self)
        let width = contentWidth(of: cell, cellWidth: cellWidth)
        guard let h = AutoLayout.fittingHeight(cell.contentView, width: Double(width)) else { return nil }
        let hair = separatorStyle == .none ? 0 : 1 / max(UIScreen.main.scale, 1)
        let height = CGFloat(h) + hair
        if height > 10_000 {
            note("a self-sizing row's cell (\(cellDescription(cell))) fits more than 10,000 points, the most a row may be: give its content a height it can draw")
        }
        return height > 0 && height <= 10_000 ? height : nil
    }

    /// The row's own cell as model values: its content view (a layer holding the cell's views,
    /// with their frames as laid out), the animations on them, and the cell's background.
    func ownContent(of cell: UITableViewCell, at p: IndexPath) -> CellContent.Own {
        var writer = SceneWriter()
        writer.collectNames([cell.contentView.layer])
        // Recorded under a path of no row, so the same content compares equal whichever row
        // shows it (the row's path is put in as the table is recorded, `SceneWriter.row`).
        let path = UITableView.ownCellPath
        var layer = writer.layer(cell.contentView.layer, path: path)
        // The built-in labels and image view a custom cell leaves empty draw nothing: left out.
        let empty = [cell.textLabel.flatMap { $0.text?.isEmpty ?? true ? $0.layer : nil },
                     cell.detailTextLabel.flatMap { $0.text?.isEmpty ?? true ? $0.layer : nil },
                     cell.imageView.flatMap { $0.image == nil ? $0.layer : nil }].compactMap { $0 }
        let subs = SceneWriter.sublayers(of: cell.contentView.layer)
        if subs.count == layer.sublayers.count {
            layer.sublayers = zip(subs, layer.sublayers).filter { s, _ in !empty.contains { $0 === s } }.map(\.1)
        }
        for problem in writer.problems {
            refuse(p, "\(cellDescription(cell)): \(problem.path.hasPrefix(path) ? "contentView" + problem.path.dropFirst(path.count) : problem.path): \(problem.message)")
        }
        return CellContent.Own(layers: [layer], animations: writer.animations)
    }

    /// Where a row's own content view is recorded, before it is placed under its row's path.
    static let ownCellPath = "cell.layers[0]"

    /// A cell as a message names it: its class.
    func cellDescription(_ cell: UITableViewCell) -> String { "\(type(of: cell))" }
}
