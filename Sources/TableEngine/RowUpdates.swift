import Geometry
import SceneModel
import Simulation

/// UITableView's update animations: between the table as drawn when an update begins and the
/// layout of its new data, rows that stay move and resize, rows and sections that come or go
/// slide, fade or open by their `UITableView.RowAnimation` beneath the others, and a moved row
/// travels above them.
extension TableSimulation {
    /// `automatic` as UIKit picks it: `bottom` for a row at its section's start, `top` elsewhere
    /// (WWDC 2011, "UITableView Changes, Tips, Tricks"; the middle of a section unconfirmed).
    static func resolved(_ a: TableModel.RowAnimation, row: Int) -> TableModel.RowAnimation {
        a == .automatic ? (row == 0 ? .bottom : .top) : a
    }

    /// Where a row coming in (`f` 0 ... 1) or going out (`f` 1 ... 0) is drawn, from the top of
    /// the place it has (`slot`) and how far it slides (`travel`: its height, or that of the
    /// run of rows it comes or goes with).
    func place(_ r: inout RowLayout, _ a: TableModel.RowAnimation, slot: Double, shown f: Double, width: Double, travel: Double? = nil) {
        let h = travel ?? r.height
        r.y = slot
        switch a {
        case .fade: r.alpha *= f
        case .top, .automatic: r.y -= h * (1 - f)
        case .bottom: r.y += h * (1 - f)
        case .middle: r.y -= h * (1 - f) / 2
        case .left: r.x -= width * (1 - f)
        case .right: r.x += width * (1 - f)
        case .none: break
        }
        r.behind = true
    }

    /// For each row, the run of neighbouring rows to which `key` gives the same key (nil: the
    /// row is in none): the run's first row and its height, from the first row's top to the last
    /// row's bottom. One pass over the rows.
    static func runs<K: Equatable>(_ rows: [RowLayout], _ key: (RowLayout) -> K?) -> [(first: RowLayout, height: Double)?] {
        var out = [(first: RowLayout, height: Double)?](repeating: nil, count: rows.count)
        var i = 0
        while i < rows.count {
            guard let k = key(rows[i]) else { i += 1; continue }
            var j = i
            while j + 1 < rows.count, let next = key(rows[j + 1]), next == k { j += 1 }
            let run = (first: rows[i], height: rows[j].y + rows[j].height - rows[i].y)
            for x in i...j { out[x] = run }
            i = j + 1
        }
        return out
    }

    /// `visible`, when given, is the part of the table a frame shows: a row or section the update
    /// brings in whose place in the data after it lies wholly outside it (with `insertedMargin`
    /// around) is not drawn, as UIKit makes cells only for the inserted rows that show once the
    /// update is done. Without it, 30,000 sections inserted at once were all drawn, stacked where
    /// their places open, in the update's first frame (issue 53.2).
    func blend(from: Layout, to: Layout, _ step: TableTimeline.Step, _ f: Double, visible: ClosedRange<Double>? = nil) -> Layout {
        func lerp(_ a: Double, _ b: Double) -> Double { a + (b - a) * f }
        let shows = visible.flatMap { TableSimulation.widened($0, by: TableSimulation.insertedMargin) }
        func culled(_ top: Double, _ height: Double) -> Bool { shows.map { !TableSimulation.overlaps(top: top, height: height, $0) } ?? false }
        var fromSections: [Int: SectionLayout] = [:]
        for s in from.sections { fromSections[s.id] = s }
        let fromRows = TableSimulation.rowsByID(from), targetRows = TableSimulation.rowsByID(to)
        var out = to
        // The first section at or after each index that was there when the update began, in one
        // backward pass (a search per inserted section cost the square of their number, issue 53.2).
        var nextBefore = [SectionLayout?](repeating: nil, count: to.sections.count + 1)
        for i in to.sections.indices.reversed() { nextBefore[i] = fromSections[to.sections[i].id] ?? nextBefore[i + 1] }
        for si in out.sections.indices {
            var s = out.sections[si]
            if let a = fromSections[s.id], step.insertedSections[s.id] == nil {
                s.top = lerp(a.top, s.top); s.bottom = lerp(a.bottom, s.bottom); s.header = lerp(a.header, s.header)
                s.footerTop = lerp(a.footerTop, s.footerTop)
            }
            // The top of a new row's place when the update began: the bottom of the row before
            // it that was there (or the header's).
            var fromSlot = fromSections[s.id].map { $0.top + $0.header } ?? s.top + s.header
            if let anim = step.insertedSections[s.id] {
                let hidden = culled(s.top, s.bottom - s.top)
                // A new section's place opens where the next section that was there began.
                let next = nextBefore[si + 1]
                let start = next?.top ?? from.contentHeight
                s.top = lerp(start, s.top); s.bottom = lerp(start, s.bottom); s.footerTop = lerp(start, s.footerTop)
                fromSlot = start
                var header = RowLayout(key: RowKey(-1), y: s.top, height: s.header, base: s.header, path: RowPath(si, 0))
                place(&header, TableSimulation.resolved(anim, row: 0), slot: s.top, shown: f, width: frame.width)
                s.dy = header.y - s.top; s.x = header.x; s.alpha = hidden ? 0 : header.alpha
                s.behind = true
            }
            // Rows inserted next to each other with one animation, as runs.
            let runs = step.inserted.isEmpty ? [] : TableSimulation.runs(to.sections[si].rows) { r -> TableModel.RowAnimation? in
                step.replaced[r.key.id] == nil ? step.inserted[r.key.id] : nil
            }
            var hiddenRows: [Int] = []
            for ri in s.rows.indices {
                var r = s.rows[ri]
                if step.inserted[r.key.id] != nil, step.replaced[r.key.id] == nil, culled(r.y, r.height) {
                    hiddenRows.append(ri)
                    continue
                }
                if let anim = step.inserted[r.key.id], let old = step.replaced[r.key.id].flatMap({ fromRows[$0] }) {
                    // A reloaded row comes where its old cell is: no place opens for it.
                    place(&r, TableSimulation.resolved(anim, row: r.path.row), slot: lerp(old.y, r.y), shown: f, width: frame.width)
                    fromSlot = old.y + old.height
                } else if let anim = step.inserted[r.key.id], ri < runs.count, let run = runs[ri] {
                    // Rows inserted next to each other come as one block, each keeping its place
                    // in it (as the sections article's rows do): the block slides from behind
                    // the row above by its whole height, and opens its place as it comes.
                    place(&r, TableSimulation.resolved(anim, row: run.first.path.row), slot: lerp(fromSlot, run.first.y) + r.y - run.first.y,
                          shown: f, width: frame.width, travel: run.height)
                } else if let a = fromRows[r.key.id] {
                    r.clips = a.base != r.base && min(a.base, r.base) == 0
                    r.y = lerp(a.y, r.y); r.height = lerp(a.height, r.height); r.base = lerp(a.base, r.base)
                    r.x = lerp(a.x, r.x); r.alpha = lerp(a.alpha, r.alpha)
                    r.above = step.moved.contains(r.key.id) || step.movedSections.contains(s.id)
                    if !r.above { fromSlot = a.y + a.height }
                }
                s.rows[ri] = r
            }
            if !hiddenRows.isEmpty { s.rows = TableSimulation.dropping(s.rows, at: hiddenRows) }
            out.sections[si] = s
        }
        leaving(from: from, into: &out, targetRows: targetRows, step, f)
        out.contentHeight = lerp(from.contentHeight, to.contentHeight)
        return out
    }

    /// Every row of a layout by its identity (sized once: the dictionaries of a 100,000-row
    /// blend grew step by step, a sixth of its time).
    static func rowsByID(_ layout: Layout) -> [Int: RowLayout] {
        var rows: [Int: RowLayout] = [:]
        rows.reserveCapacity(layout.sections.reduce(0) { $0 + $1.rows.count })
        for s in layout.sections { for r in s.rows { rows[r.key.id] = r } }
        return rows
    }

    /// `rows` without those at `indices` (ascending), in one pass: removing each from the array
    /// cost the square of their number for interleaved inserts (49,999 rows, 67 s; issue 53).
    static func dropping(_ rows: [RowLayout], at indices: [Int]) -> [RowLayout] {
        var kept: [RowLayout] = []
        kept.reserveCapacity(rows.count - indices.count)
        var next = 0
        for (i, r) in rows.enumerated() {
            if next < indices.count, indices[next] == i { next += 1; continue }
            kept.append(r)
        }
        return kept
    }

    /// Rows and sections drawn when the update began that its data no longer has: each goes by
    /// its animation from where it was towards where its place closes (a reloaded row's, where
    /// its new cell comes).
    func leaving(from: Layout, into out: inout Layout, targetRows: [Int: RowLayout], _ step: TableTimeline.Step, _ f: Double) {
        func lerp(_ a: Double, _ b: Double) -> Double { a + (b - a) * f }
        var newFor: [Int: Int] = [:]
        for (new, old) in step.replaced { newFor[old] = new }
        // Each section's place in the new layout, found once (a search per section cost the
        // square of the section count, issue 53.2); the first of an id, as `firstIndex` gave.
        var newIndex: [Int: Int] = [:]
        for (i, s) in out.sections.enumerated() where newIndex[s.id] == nil { newIndex[s.id] = i }
        for fs in from.sections {
            let kept = newIndex[fs.id]
            var section = kept.map { out.sections[$0] } ?? {
                // A deleted section: its header goes by the section's animation.
                var s = fs
                s.rows = []
                var header = RowLayout(key: RowKey(-1), y: fs.top, height: fs.header, base: fs.header, path: RowPath(0, 0))
                let anim = TableSimulation.resolved(step.deletedSections[fs.id] ?? .fade, row: 0)
                place(&header, anim, slot: fs.top, shown: 1 - f, width: frame.width)
                s.dy = header.y - fs.top; s.x = header.x; s.alpha = header.alpha
                s.behind = true
                return s
            }()
            // Where a leaving row's place closes: after the last row before it that stays.
            var close = kept != nil ? section.top + section.header : fs.top
            // Rows deleted next to each other with one animation, as runs.
            let runs = TableSimulation.runs(fs.rows) { r -> TableModel.RowAnimation? in
                targetRows[r.key.id] == nil && newFor[r.key.id] == nil ? step.deleted[r.key.id] ?? .fade : nil
            }
            for (k, r) in fs.rows.enumerated() {
                if let t = targetRows[r.key.id] {
                    if !r.behind || t.alpha > 0 { close = max(close, t.y + t.height) }
                    continue
                }
                var leavingRow = r
                if let new = newFor[r.key.id] {
                    let anim = TableSimulation.resolved(step.deleted[r.key.id] ?? .fade, row: r.path.row)
                    // reloadRows(with: .none) swaps the cell at once.
                    if anim == .none { continue }
                    place(&leavingRow, anim, slot: lerp(r.y, targetRows[new]?.y ?? close), shown: 1 - f, width: frame.width)
                } else if let run = runs[k] {
                    // Rows deleted next to each other go as one block towards where their place closes.
                    let anim = TableSimulation.resolved(step.deleted[r.key.id] ?? .fade, row: run.first.path.row)
                    // `place` slides from the row's own offset (a row still sliding in from an update before).
                    place(&leavingRow, anim, slot: lerp(run.first.y, close) + r.y - run.first.y, shown: 1 - f, width: frame.width,
                          travel: run.height)
                }
                section.rows.append(leavingRow)
            }
            if let kept { out.sections[kept] = section } else { out.sections.append(section) }
        }
    }
}
