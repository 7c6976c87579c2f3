import Foundation
import SceneModel

/// UITableView's update calls, as apps make them: change ``UITableView/sections`` (the data
/// source's data) inside ``LayerScene/at(_:_:)``, then tell the table what changed. The table
/// records a timed update at the scene time, checks the counts as UIKit does (an update whose
/// counts disagree with the data is refused with UIKit's `Invalid update` message when the scene
/// is written) and animates it as UIKit: 0.3 s, ease in, ease out, or the duration and curve of
/// an enclosing `UIView.animate` block.
extension UITableView {
    /// `insertRows(at:with:)`: the rows now in ``sections`` at those index paths.
    public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        syncFromDataSource()
        record(.insertRows(indexPaths, rows: indexPaths.compactMap(rowNow), with: animation))
    }
    /// `deleteRows(at:with:)`: index paths of the data before the change.
    public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        record(.deleteRows(indexPaths, with: animation))
    }
    /// `reloadRows(at:with:)`: new cells for the rows at those index paths.
    public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        syncFromDataSource()
        record(.reloadRows(indexPaths, rows: indexPaths.compactMap(rowNow), with: animation))
    }
    /// `moveRow(at:to:)`.
    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        record(.moveRow(indexPath, to: newIndexPath))
    }
    /// `insertSections(_:with:)`.
    public func insertSections(_ indexes: IndexSet, with animation: RowAnimation) {
        syncFromDataSource()
        record(.insertSections(Array(indexes), sections: indexes.compactMap { $0 < sections.count ? sections[$0] : nil }, with: animation))
    }
    /// `deleteSections(_:with:)`.
    public func deleteSections(_ indexes: IndexSet, with animation: RowAnimation) {
        record(.deleteSections(Array(indexes), with: animation))
    }
    /// `moveSection(_:toSection:)`: the section at `section` before the change, with its rows,
    /// is at `newSection` after it; its header, rows and footer slide there.
    public func moveSection(_ section: Int, toSection newSection: Int) {
        record(.moveSection(section, toSection: newSection))
    }
    /// `reloadData()`: the table shows ``sections`` at once.
    public func reloadData() {
        guard ChangeContext.current?.now != nil else {
            committedSections = nil
            if dataSource != nil && app.laidOut { sections = queriedSections() }
            return
        }
        if dataSource != nil { sections = queriedSections() }
        record(.reloadData(sections))
    }

    /// `beginUpdates()`: the changes until `endUpdates()` animate together.
    public func beginUpdates() { batchDepth += 1 }
    /// `endUpdates()`: the changes since `beginUpdates()`, and rows whose height changed, as one update.
    public func endUpdates() {
        guard batchDepth > 0 else { return }
        batchDepth -= 1
        if batchDepth == 0 { commitBatch() }
    }
    /// `performBatchUpdates(_:completion:)`: `updates` runs, then its changes and any height
    /// changes animate together; `completion` runs when they end.
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        beginUpdates()
        updates?()
        let duration = endDuration()
        endUpdates()
        guard let completion else { return }
        if let c = ChangeContext.current, let now = c.now { c.completions.append((now + duration, { completion(true) })) } else { completion(true) }
    }

    /// `scrollToRow(at:at:animated:)`.
    public func scrollToRow(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
        recordedEvents.append(.scrollToRow(at: CACurrentMediaTime(), indexPath, position: position, animated: animated))
    }

    /// `setContentOffset(_:animated:)`: animated, the content scrolls there as the script's
    /// `scroll` does (0.3 s, ease in, ease out: UIKit's duration is not published), which shows
    /// the scroll indicator as a finger's scroll does (UIKit's programmatic scroll may not);
    /// not animated, as setting ``UIScrollView/contentOffset``.
    public func setContentOffset(_ offset: CGPoint, animated: Bool) {
        guard animated, offset.y.isFinite, ChangeContext.current?.now != nil else { contentOffset = offset; return }
        // Once code has set the offset, the content is where code put it, which the script's
        // scrolls do not know: the scroll steps animate it from there (a probe: after
        // `contentOffset = 5000`, an animated scroll to the top was not drawn).
        if offsetSetByCode {
            app.offsetAnimations.append((start: CACurrentMediaTime(), to: Double(offset.y), duration: 0.3))
            return
        }
        recordedEvents.append(.scroll(at: CACurrentMediaTime(), to: offset.y, duration: 0.3, timing: .easeInEaseOut))
    }

    func rowNow(_ p: IndexPath) -> UITableViewRow? {
        p.section < sections.count && p.row < sections[p.section].rows.count ? sections[p.section].rows[p.row] : nil
    }

    func endDuration() -> Double { ChangeContext.current?.block.map { max($0.duration, 0) } ?? 0.3 }

    func record(_ change: UITableViewChange) {
        pendingChanges.append(change)
        if batchDepth == 0 { commitBatch() }
    }

    /// The changes since the last update as one timed update, checked against the data.
    func commitBatch() {
        let reloads = pendingChanges.contains { if case .reloadData = $0 { return true } else { return false } }
        // The data source is asked again (reloadData asked it already).
        if !reloads { syncFromDataSource() }
        let before = committedSections ?? sections
        var changes = pendingChanges
        pendingChanges = []
        committedSections = nil
        // Rows whose height the data now answers differently (beginUpdates/endUpdates after a
        // height change), each followed through the batch's inserts, deletes and moves to the
        // row it was (a probe: after a moveRow, heights compared by index landed on the wrong
        // rows; beside an insert, they were dropped). `rowHeights` names rows before the batch.
        let origins = reloads ? nil : UITableView.rowOrigins(before: before, after: sections, changes)
        if let origins {
            selfSizingHeights(before: before, origins: origins)
            var paths: [IndexPath] = [], heights: [CGFloat] = []
            for (s, section) in sections.enumerated() {
                for (r, row) in section.rows.enumerated() {
                    guard let b = origins[s][r], row.height != before[s].rows[b].height else { continue }
                    paths.append(IndexPath(row: b, section: s)); heights.append(row.height ?? rowHeight)
                }
            }
            if !paths.isEmpty { changes.append(.rowHeights(paths, heights: heights)) }
        }
        // Nothing changed: the table keeps the rows it has (asking the data source again gave
        // them new tokens, whose cells no frame would ever ask for).
        guard !changes.isEmpty else { sections = before; return }
        if let message = UITableView.inconsistency(before: before, after: sections, changes) {
            updateProblems.append(SceneProblem(path: "table", message: message))
            return
        }
        if initialSections == nil { initialSections = before }
        // In an animation block the update takes its duration and curve; in one of no duration,
        // or with animations disabled, it is made at once (an update of duration 0).
        let block = ChangeContext.current?.block
        recordedEvents.append(.update(at: CACurrentMediaTime(), changes, duration: block.map { max($0.duration, 0) } ?? 0.3, timing: block?.timing))
        followVisibleRows(origins)
    }

    /// For each row after a batch, the index of the row it was before (nil: inserted or
    /// reloaded), by UIKit's rules (deletes and a move's source name rows before the batch,
    /// inserts and a move's destination rows after it, the other rows keep their order); nil
    /// when sections come, go or move, a row moves between sections, or the counts do not add up.
    static func rowOrigins(before: [UITableViewSection], after: [UITableViewSection], _ changes: [UITableViewChange]) -> [[Int?]]? {
        guard before.count == after.count else { return nil }
        var gone = before.map { _ in Set<Int>() }, inserted = after.map { _ in Set<Int>() }
        var movedIn = after.map { _ in [Int: Int]() }
        for c in changes {
            switch c {
            case .deleteRows(let p, _): for x in p where gone.indices.contains(x.section) { gone[x.section].insert(x.row) }
            case .insertRows(let p, _, _): for x in p where inserted.indices.contains(x.section) { inserted[x.section].insert(x.row) }
            case .reloadRows(let p, _, _):
                // A reloaded row is a new row in the old one's place: no height to follow.
                for x in p where gone.indices.contains(x.section) { gone[x.section].insert(x.row); inserted[x.section].insert(x.row) }
            case let .moveRow(from, to):
                guard from.section == to.section, movedIn.indices.contains(to.section) else { return nil }
                gone[from.section].insert(from.row)
                movedIn[to.section][to.row] = from.row
            case .insertSections, .deleteSections, .moveSection, .reloadData: return nil
            case .rowHeights: continue
            }
        }
        var out: [[Int?]] = []
        for (s, section) in after.enumerated() {
            var kept = before[s].rows.indices.filter { !gone[s].contains($0) }.makeIterator()
            var origins: [Int?] = []
            for r in section.rows.indices {
                if let b = movedIn[s][r] { origins.append(b) } else if inserted[s].contains(r) { origins.append(nil) } else {
                    guard let b = kept.next() else { return nil }
                    origins.append(b)
                }
            }
            guard kept.next() == nil else { return nil }
            out.append(origins)
        }
        return out
    }

    /// UIKit's `NSInternalInconsistencyException` for counts that do not add up, or nil.
    static func inconsistency(before: [UITableViewSection], after: [UITableViewSection], _ changes: [UITableViewChange]) -> String? {
        var sectionsIn = 0, sectionsOut = 0
        var rowsIn: [Int: Int] = [:], rowsOut: [Int: Int] = [:], movedIn: [Int: Int] = [:], movedOut: [Int: Int] = [:]
        var reloaded = false, sectionsMoved = false
        for c in changes {
            switch c {
            case .insertRows(let p, _, _): for x in p { rowsIn[x.section, default: 0] += 1 }
            case .deleteRows(let p, _): for x in p { rowsOut[x.section, default: 0] += 1 }
            case let .moveRow(from, to): movedOut[from.section, default: 0] += 1; movedIn[to.section, default: 0] += 1
            case .insertSections(let ix, _, _): sectionsIn += ix.count
            case .deleteSections(let ix, _): sectionsOut += ix.count
            case .moveSection: sectionsMoved = true
            case .reloadData: reloaded = true
            case .reloadRows, .rowHeights: break
            }
        }
        if reloaded { return nil }
        if after.count != before.count + sectionsIn - sectionsOut {
            return "Invalid update: invalid number of sections. The number of sections contained in the table view after the update (\(after.count)) must be equal to the number of sections contained in the table view before the update (\(before.count)), plus or minus the number of sections inserted or deleted (\(sectionsIn) inserted, \(sectionsOut) deleted)."
        }
        // Rows are counted per section where sections keep their places (the timeline checks
        // the rest, index path by index path).
        guard sectionsIn == 0 && sectionsOut == 0 && !sectionsMoved else { return nil }
        for s in after.indices where s < before.count {
            let i = rowsIn[s] ?? 0, d = rowsOut[s] ?? 0, mi = movedIn[s] ?? 0, mo = movedOut[s] ?? 0
            if after[s].rows.count != before[s].rows.count + i - d + mi - mo {
                return "Invalid update: invalid number of rows in section \(s). The number of rows contained in an existing section after the update (\(after[s].rows.count)) must be equal to the number of rows contained in that section before the update (\(before[s].rows.count)), plus or minus the number of rows inserted or deleted from that section (\(i) inserted, \(d) deleted) and plus or minus the number of rows moved into or out of that section (\(mi) moved in, \(mo) moved out)."
            }
        }
        return nil
    }
}
