import Foundation
import SceneModel
import TableEngine

/// Self-sizing rows measured as they come on screen, as UIKit does with estimated heights: a row
/// of `UITableView.automaticDimension` is laid out at the estimate (`estimatedRowHeight`, else
/// 44 pt) until it first comes into view; then the data source's cell for it (asked once, and
/// the cell the row shows) is fitted by its constraints at the row's width, and the table is laid
/// out again with that height, until every row in view has been measured. A table of a million
/// self-sizing rows asks for the cells on screen, not a million at every update.
///
/// The measured height is the row's from when it was made: until it first showed the row was
/// off screen, and so were the rows below it when it came in from below. *Not modelled:* a row
/// first shown coming in from above (after a jump down by an offset, then a scroll up) moves the
/// rows below it from when it was made, where UIKit keeps what is on screen still by moving the
/// content offset; and the scroll indicator's length is the measured content's from the start,
/// where UIKit's grows or shrinks as rows are measured.
extension LayerScene {
    typealias AppSimulation = (sim: TableSimulation, tokens: [Int?])

    /// The rows in view at `time`, as the scroll steps or the simulation have them.
    func rowsInView(_ t: UITableView, _ s: AppSimulation, at time: Double) -> [RowAppearance] {
        t.app.scroll == nil ? s.sim.rowsInView(at: time)
            : s.sim.rowsInView(at: time, offset: Double(t.offsetNow), height: Double(t.frame.height))
    }

    /// Measures the self-sizing rows coming into view at `time` that were never measured, the
    /// table laid out again after each round, until none is left (or 64 rounds). Returns the
    /// simulation with their heights, the rows in view in it, and the cells asked for them, by
    /// row identity.
    func measureRowsComingIntoView(_ t: UITableView, _ first: AppSimulation, at time: Double)
        -> (s: AppSimulation, rows: [RowAppearance], cells: [Int: UITableViewCell]) {
        var s = first
        var rows = rowsInView(t, s, at: time)
        var cells: [Int: UITableViewCell] = [:]
        guard let source = t.dataSource else { return (s, rows, cells) }
        for _ in 0..<64 {
            var changed = false
            for r in rows where t.app.visible[r.row] == nil && cells[r.row] == nil {
                guard s.tokens.indices.contains(r.row), let token = s.tokens[r.row], !t.app.measured.contains(token),
                      t.sections.indices.contains(r.path.section), t.sections[r.path.section].rows.indices.contains(r.path.row),
                      t.sections[r.path.section].rows[r.path.row].selfSizing else { continue }
                let path = IndexPath(row: r.path.row, section: r.path.section)
                let cell = source.tableView(t, cellForRowAt: path)
                cells[r.row] = cell
                t.app.measured.insert(token)
                guard let h = t.fittingHeight(of: cell, cellWidth: CGFloat(r.frame.width)) else { continue }
                t.app.measuredHeights[token] = h
                // The data as it is now (a later update compares its rows' heights with these).
                let kept = t.committedSections
                t.sections[r.path.section].rows[r.path.row].height = h
                t.committedSections = kept
                if abs(Double(h) - r.frame.height) > 1e-9 { changed = true }
            }
            guard changed, let next = simulation(t) else { break }
            s = next
            rows = rowsInView(t, s, at: time)
        }
        return (s, rows, cells)
    }
}

extension UITableView {
    /// The heights of a batch's self-sizing rows (`rows` after it, with `origins` the rows they
    /// were before it): a row in view is measured again from its own cell as it is now (UIKit's
    /// `beginUpdates()`/`endUpdates()` after app code changed the cell: the row grows or shrinks
    /// with the update), a row off screen keeps the height it had (measured, or the estimate), an
    /// inserted or reloaded row is measured when it comes on screen.
    func selfSizingHeights(before: [UITableViewSection], origins: [[Int?]]) {
        var shown: [IndexPath: UITableViewCell] = [:]
        for v in app.visible.values { shown[v.path] = v.cell }
        var data = sections
        for s in data.indices where s < origins.count && s < before.count {
            for r in data[s].rows.indices where data[s].rows[r].selfSizing && r < origins[s].count {
                guard let b = origins[s][r], before[s].rows.indices.contains(b) else { continue }
                var h = before[s].rows[b].height
                if let cell = shown[IndexPath(row: b, section: s)], let m = fittingHeight(of: cell, cellWidth: cell.frame.width) { h = m }
                data[s].rows[r].height = h
            }
        }
        let kept = committedSections
        sections = data
        committedSections = kept
    }
}
