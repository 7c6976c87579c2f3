import Foundation
import SceneModel
import Simulation
import TableEngine

/// Cells in view whose content app code changes: `reconfigureRows(at:)`, and a cell the code
/// holds and changes itself (`cellForRow(at:)?.accessoryType = .checkmark`, a new
/// `accessoryView`, a new label text), which iOS shows at once. Both become the scene's
/// `reconfigureRows` at the time of the code: the row keeps its cell, its place and its
/// selection highlight, and shows the new content from then on.
extension UITableView {
    /// `reconfigureRows(at:)` (iOS 15): the data source's cells for rows in view are asked
    /// again, and what they show now shows at once, with no animation.
    public func reconfigureRows(at indexPaths: [IndexPath]) {
        guard let source = dataSource else { return }
        for p in indexPaths {
            guard let entry = app.visible.first(where: { $0.value.path == p }) else { continue }
            // The row's own cell is what dequeueing gives the data source (without
            // prepareForReuse, as WWDC 2021 "Make blazing fast lists" describes).
            app.reconfiguring = entry.value.cell
            let cell = source.tableView(self, cellForRowAt: p)
            app.reconfiguring = nil
            cell.frame = entry.value.cell.frame
            cell.layoutSubviews()
            app.visible[entry.key]?.cell = cell
        }
    }

    /// After app code at `time`: a row in view whose cell now shows other content gets it
    /// from `time`, at its index path in the data then (after the updates the code made).
    func noteCellChanges(_ scene: LayerScene, at time: Double) {
        guard dataSource != nil, !app.visible.isEmpty else { return }
        var changed: [(id: Int, content: CellContent)] = []
        for id in app.visibleOrder {
            guard let v = app.visible[id], let token = app.rowToken[id] else { continue }
            let now = content(of: v.cell, at: v.path)
            if now != app.content[token] { changed.append((id, now)) }
        }
        guard !changed.isEmpty, let sim = scene.simulation(self)?.sim else { return }
        var paths: [IndexPath] = [], rows: [UITableViewRow] = []
        for (id, content) in changed {
            // A row the code deleted keeps the cell it had while it goes.
            guard let p = sim.path(ofRow: id, at: time) else { continue }
            let token = app.nextToken
            app.nextToken += 1
            app.content[token] = content
            app.rowToken[id] = token
            var row = UITableViewRow()
            row.token = token
            paths.append(IndexPath(row: p.row, section: p.section))
            rows.append(row)
        }
        if !paths.isEmpty { recordedEvents.append(.reconfigureRows(at: time, paths, rows: rows)) }
    }
}

extension UITableView {
    /// A delegate's header or footer view as the scene writes it: the table's width, the
    /// delegate's height (or the view's own with `automaticDimension`), laid out and drawn.
    func sectionView(_ view: UIView?, height: CGFloat?) -> JSON? {
        guard let view else { return nil }
        let h = height.flatMap { $0 == UITableView.automaticDimension || !($0 > 0) ? nil : $0 } ?? view.frame.height
        guard h > 0 else { return nil }
        view.frame = CGRect(x: 0, y: 0, width: bounds.width, height: h)
        view.layoutSubviews()
        view.displayIfNeeded()
        var writer = SceneWriter()
        return writer.layerJSON(view.layer, path: "view")
    }
}
