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
            layOut(cell, frame: entry.value.cell.frame)
            app.visible[entry.key]?.cell = cell
        }
    }

    /// After app code at `time`: a row in view whose cell now shows other content gets it
    /// from `time`, at its index path in the data then (after the updates the code made).
    func noteCellChanges(_ scene: LayerScene, at time: Double) {
        guard dataSource != nil, !app.visible.isEmpty else { return }
        // After an update the code made, a custom cell whose row changed height is laid out
        // for its new height (its content shows that layout from the update on, while the row
        // grows or shrinks to it).
        // Only an update that changed heights (`rowHeights`) lays a custom cell out again.
        let fresh = recordedEvents[min(app.notedEvents, recordedEvents.count)...]
        let updated = fresh.contains { e in
            guard case let .update(_, changes, _, _) = e else { return false }
            return changes.contains { if case .rowHeights = $0 { return true } else { return false } }
        }
        app.notedEvents = recordedEvents.count
        // Rows keep their index paths through height changes and reconfigures; anything else
        // the code did may move them.
        if fresh.contains(where: { !UITableView.keepsRowsInPlace($0) }) { app.pathsStale = true }
        // A row's index path at `time`: from the timeline kept while no event moved rows, else
        // from the data replayed (not simulated: only the index path is needed). A thousand
        // height changes of custom rows replayed the data after each (quadratic; 26 s, then 6.3 s).
        func path(of id: Int) -> RowPath? {
            ((app.pathsStale ? nil : app.pathTimeline) ?? scene.timeline(self))?.data(at: time).path(of: id)
        }
        var changed: [(id: Int, content: CellContent)] = []
        for id in app.visibleOrder {
            guard let v = app.visible[id], let token = app.rowToken[id] else { continue }
            if UITableView.isCustom(v.cell) {
                var frame = v.cell.frame
                // Laid out again only for an update that changed heights.
                if updated, let p = path(of: id), let h = dataHeight(at: p) { frame.size.height = h }
                layOut(v.cell, frame: frame, onlyWhereDue: frame == v.cell.frame)
            }
            let now = content(of: v.cell, at: v.path)
            if now != app.content[token] { changed.append((id, now)) }
        }
        guard !changed.isEmpty else { return }
        var paths: [IndexPath] = [], rows: [UITableViewRow] = []
        for (id, content) in changed {
            // A row the code deleted keeps the cell it had while it goes.
            guard let p = path(of: id) else { continue }
            let token = app.nextToken
            app.nextToken += 1
            app.record(content, token: token)
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
    /// Whether a recorded event leaves every row at its index path: a height change (an update
    /// of `rowHeights` alone) or a reconfigure.
    static func keepsRowsInPlace(_ e: TableScriptEvent) -> Bool {
        switch e {
        case let .update(_, changes, _, _): return changes.allSatisfy { if case .rowHeights = $0 { return true } else { return false } }
        case .reconfigureRows: return true
        default: return false
        }
    }

    /// A row's height in the data source's answers now (nil: no such row), as the scene
    /// writes it: the delegate's height, else the table's `rowHeight` (its estimate, or 44,
    /// for `automaticDimension`).
    func dataHeight(at p: RowPath) -> CGFloat? {
        let data = sections
        guard data.indices.contains(p.section), data[p.section].rows.indices.contains(p.row) else { return nil }
        if let h = data[p.section].rows[p.row].height { return h }
        return rowHeight == UITableView.automaticDimension ? (estimatedRowHeight > 0 ? estimatedRowHeight : 44) : rowHeight
    }

    /// A delegate's header or footer view as the scene writes it: the table's width, the
    /// delegate's height (or the view's own with `automaticDimension`), laid out and drawn.
    func sectionView(_ view: UIView?, height: CGFloat?) -> LayerModel? {
        guard let view else { return nil }
        let h = height.flatMap { $0 == UITableView.automaticDimension || !($0 > 0) ? nil : $0 } ?? view.frame.height
        guard h > 0 else { return nil }
        view.frame = CGRect(x: 0, y: 0, width: bounds.width, height: h)
        view.layoutSubviews()
        view.displayIfNeeded()
        var writer = SceneWriter()
        return writer.layer(view.layer, path: "view")
    }
}
