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

    /// The rows in view at `time` with the view `extra` points taller (the rows that come into
    /// view once rows above them turn out shorter than their estimates).
    func rowsInView(_ t: UITableView, _ s: AppSimulation, at time: Double, beyond extra: Double) -> [RowAppearance] {
        t.app.scroll == nil ? s.sim.rowsInView(at: time, beyond: extra)
            : s.sim.rowsInView(at: time, offset: Double(t.offsetNow), height: Double(t.frame.height) + extra)
    }

    /// Measures the self-sizing rows in view at `time` that were never measured, with the rows
    /// that come into view as those turn out shorter than their estimates (found in the same
    /// layout, the view made taller by what they gave up, so a screen of rows much shorter than
    /// the estimate takes one round, not one a row), the table laid out again after each round
    /// that changed a height, until none is left (64 rounds, 10,000 rows a frame at most).
    /// Returns the simulation with their heights, the rows in view in it, and the cells asked
    /// for them, by row identity.
    func measureRowsComingIntoView(_ t: UITableView, _ first: AppSimulation, at time: Double)
        -> (s: AppSimulation, rows: [RowAppearance], cells: [Int: UITableViewCell]) {
        var s = first
        var rows = rowsInView(t, s, at: time)
        var cells: [Int: UITableViewCell] = [:]
        guard t.dataSource != nil else { return (s, rows, cells) }
        var count = 0
        for _ in 0..<64 {
            var changed = false, shrink = 0.0
            var pending = rows, seen = Set<Int>()
            while !pending.isEmpty, count < 10_000 {
                var more = 0.0
                for r in pending where seen.insert(r.row).inserted {
                    guard let h = measure(t, r, s, &cells) else { continue }
                    count += 1
                    if abs(Double(h) - r.frame.height) > 1e-9 { changed = true }
                    more += max(r.frame.height - Double(h), 0)
                }
                guard more > 0 else { break }
                shrink += more
                pending = rowsInView(t, s, at: time, beyond: shrink).filter { !seen.contains($0.row) }
            }
            guard changed, let next = simulation(t) else { break }
            s = next
            rows = rowsInView(t, s, at: time)
        }
        return (s, rows, cells)
    }

    /// Measures row `r` if it is a self-sizing row never measured: from the cell it shows, or
    /// the data source's cell for it (asked once, kept in `cells` for the row to show). Its
    /// height, or nil when it was not measured now or its constraints give none.
    func measure(_ t: UITableView, _ r: RowAppearance, _ s: AppSimulation, _ cells: inout [Int: UITableViewCell]) -> CGFloat? {
        guard let source = t.dataSource, s.tokens.indices.contains(r.row), let token = s.tokens[r.row], !t.app.measured.contains(token),
              t.sections.indices.contains(r.path.section), t.sections[r.path.section].rows.indices.contains(r.path.row),
              t.sections[r.path.section].rows[r.path.row].selfSizing else { return nil }
        let cell: UITableViewCell
        if let shown = t.app.visible[r.row]?.cell ?? cells[r.row] { cell = shown } else {
            cell = source.tableView(t, cellForRowAt: IndexPath(row: r.path.row, section: r.path.section))
            cells[r.row] = cell
        }
        t.app.measured.insert(token)
        guard let h = t.fittingHeight(of: cell, cellWidth: CGFloat(r.frame.width), at: IndexPath(row: r.path.row, section: r.path.section)) else { return nil }
        t.app.measuredHeights[token] = h
        // The data as it is now (a later update compares its rows' heights with these).
        let kept = t.committedSections
        t.sections[r.path.section].rows[r.path.row].height = h
        t.committedSections = kept
        return h
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
        if !app.visiblePathsStale { for v in app.visible.values { shown[v.path] = v.cell } }
        var data = sections
        for s in data.indices where s < origins.count && s < before.count {
            for r in data[s].rows.indices where data[s].rows[r].selfSizing && r < origins[s].count {
                guard let b = origins[s][r], before[s].rows.indices.contains(b) else { continue }
                var h = before[s].rows[b].height
                if let cell = shown[IndexPath(row: b, section: s)], let m = fittingHeight(of: cell, cellWidth: cell.frame.width, at: IndexPath(row: b, section: s)) { h = m }
                data[s].rows[r].height = h
            }
        }
        let kept = committedSections
        sections = data
        committedSections = kept
    }
}

extension UITableView {
    /// After an update made by app code: the cells in view follow their rows to their index
    /// paths after it (`origins`: each row's index before it), so a second update in the same
    /// code measures each row from its own cell (a probe: two inserts in one block gave rows
    /// the heights of the rows that were at their indexes); a row the update removed has no
    /// index path. Without origins (sections changed, a reload) the paths wait for the next frame.
    func followVisibleRows(_ origins: [[Int?]]?) {
        guard let origins else { app.visiblePathsStale = true; return }
        var to: [IndexPath: IndexPath] = [:]
        for (s, rows) in origins.enumerated() {
            for (r, b) in rows.enumerated() { if let b { to[IndexPath(row: b, section: s)] = IndexPath(row: r, section: s) } }
        }
        for (id, v) in app.visible { app.visible[id]?.path = to[v.path] ?? IndexPath(row: -1, section: -1) }
    }
}
