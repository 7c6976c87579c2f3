/// A row's place in the table at a time: UIKit's `IndexPath` (section, row).
public struct RowPath: Hashable, Sendable, Comparable {
    public var section: Int
    public var row: Int
    public init(_ section: Int, _ row: Int) { self.section = section; self.row = row }
    public static func < (a: RowPath, b: RowPath) -> Bool { (a.section, a.row) < (b.section, b.row) }
}

/// A change to the table's data at a time, as UITableView's update methods make it: one call
/// (`insertRows(at:with:)`, ...) or one `performBatchUpdates` of several, animated together.
public struct TableUpdate: Sendable {
    public enum Change: Sendable {
        /// Rows inserted at index paths of the data after the update.
        case insertRows([RowPath], rows: [TableModel.Row], animation: TableModel.RowAnimation)
        /// Rows deleted at index paths of the data before the update.
        case deleteRows([RowPath], animation: TableModel.RowAnimation)
        /// Rows replaced by new content (a new cell), at index paths before the update.
        case reloadRows([RowPath], rows: [TableModel.Row], animation: TableModel.RowAnimation)
        /// A row moved from an index path before the update to one after it.
        case moveRow(from: RowPath, to: RowPath)
        /// Sections inserted at indexes after the update.
        case insertSections([Int], sections: [TableModel.Section], animation: TableModel.RowAnimation)
        /// Sections deleted at indexes before the update.
        case deleteSections([Int], animation: TableModel.RowAnimation)
        /// A section moved, with its rows, from an index before the update to one after it
        /// (`moveSection(_:toSection:)`): its header, rows and footer slide to their new place.
        case moveSection(from: Int, to: Int)
        /// Rows whose height the data source now answers differently (`beginUpdates()` /
        /// `endUpdates()` or `performBatchUpdates` after the heights changed): the same cells,
        /// resized, and the rows below moved.
        case rowHeights([RowPath], heights: [Double])
        /// `reloadData()`: all new data, drawn at once with no animation.
        case reloadData(sections: [TableModel.Section])
    }
    public var changes: [Change]
    /// Seconds; UITableView's own row update when not given (0.3 s, unconfirmed).
    public var duration: Double
    /// Ease in, ease out when not given; a spring ends at the new layout when the duration does.
    public var timingFunction: TimingFunction?
    /// A finger dragging a row by its reorder control over this many seconds (the `reorder`
    /// event): the update is its one `moveRow`, the data changes as the drag starts, and the
    /// rows move as the finger passes them (see the simulation's `Reorder`).
    public var reorder: Double?
    public init(changes: [Change], duration: Double = 0.3, timingFunction: TimingFunction? = nil) {
        self.changes = changes; self.duration = duration; self.timingFunction = timingFunction
    }

    /// Every row the update brings, for binding templates and sizing.
    mutating func mapRows(_ f: (inout TableModel.Row) -> Void) {
        for i in changes.indices {
            switch changes[i] {
            case .insertRows(let paths, var rows, let a): for k in rows.indices { f(&rows[k]) }; changes[i] = .insertRows(paths, rows: rows, animation: a)
            case .reloadRows(let paths, var rows, let a): for k in rows.indices { f(&rows[k]) }; changes[i] = .reloadRows(paths, rows: rows, animation: a)
            case .insertSections(let ix, var sections, let a):
                TableModel.mapRows(&sections, f); changes[i] = .insertSections(ix, sections: sections, animation: a)
            case .reloadData(var sections): TableModel.mapRows(&sections, f); changes[i] = .reloadData(sections: sections)
            case .deleteRows, .moveRow, .deleteSections, .moveSection, .rowHeights: break
            }
        }
    }
}

extension TableUpdate {
    /// Every section the update brings (`insertSections`, `reloadData`).
    mutating func mapSections(_ f: (inout TableModel.Section) -> Void) {
        for i in changes.indices {
            switch changes[i] {
            case .insertSections(let ix, var sections, let a):
                for k in sections.indices { f(&sections[k]) }
                changes[i] = .insertSections(ix, sections: sections, animation: a)
            case .reloadData(var sections):
                for k in sections.indices { f(&sections[k]) }
                changes[i] = .reloadData(sections: sections)
            default:
                continue
            }
        }
    }
}

extension TableModel {
    static func mapRows(_ sections: inout [Section], _ f: (inout Row) -> Void) {
        for s in sections.indices { for r in sections[s].rows.indices { f(&sections[s].rows[r]) } }
    }
}

extension Scene {
    /// Calls `f` on every row the scene can show: the table's, and those its updates bring.
    public mutating func mapTableRows(_ f: (inout TableModel.Row) -> Void) {
        guard table != nil else { return }
        TableModel.mapRows(&table!.sections, f)
        for i in script.indices {
            switch script[i].action {
            case .update(var u):
                u.mapRows(f)
                script[i].action = .update(u)
            case .reconfigureRows(let paths, var rows):
                for k in rows.indices { f(&rows[k]) }
                script[i].action = .reconfigureRows(paths, rows: rows)
            default:
                continue
            }
        }
    }

    /// Calls `f` on every section the scene can show: the table's, and those its updates bring.
    public mutating func mapTableSections(_ f: (inout TableModel.Section) -> Void) {
        guard var t = table else { return }
        for i in t.sections.indices { f(&t.sections[i]) }
        table = t
        for i in script.indices {
            guard case .update(var u) = script[i].action else { continue }
            u.mapSections(f)
            script[i].action = .update(u)
        }
    }

    /// Every row the scene can show, in the order `TableTimeline` numbers them.
    public var tableRows: [TableModel.Row] {
        var out: [TableModel.Row] = []
        forEachTableRow { out.append($0) }
        return out
    }

    /// Calls `f` on every row the scene can show, in the order of ``tableRows``, copying none
    /// (`tableRows` and `mapTableRows` on a copy each held the rows twice).
    public func forEachTableRow(_ f: (TableModel.Row) -> Void) {
        guard let table else { return }
        func each(_ sections: [TableModel.Section]) { for s in sections { for r in s.rows { f(r) } } }
        each(table.sections)
        for e in script {
            switch e.action {
            case .update(let u):
                for change in u.changes {
                    switch change {
                    case .insertRows(_, let rows, _), .reloadRows(_, let rows, _): for r in rows { f(r) }
                    case .insertSections(_, let sections, _), .reloadData(let sections): each(sections)
                    case .deleteRows, .moveRow, .deleteSections, .moveSection, .rowHeights: break
                    }
                }
            case .reconfigureRows(_, let rows):
                for r in rows { f(r) }
            default:
                continue
            }
        }
    }
}

/// The table's data at one time: which sections and rows there are, in order, by identity
/// (numbers given by `TableTimeline`, stable across inserts, deletes and moves).
public struct TableData: Sendable, Equatable {
    public struct Section: Sendable, Equatable {
        public var id: Int
        public var rows: [Int]
    }
    public var sections: [Section]
    /// Row heights set by `rowHeights` updates, by row identity.
    public var heights: [Int: Double] = [:]

    /// The row at an index path, if there is one.
    public func row(at p: RowPath) -> Int? {
        guard p.section >= 0, p.section < sections.count, p.row >= 0, p.row < sections[p.section].rows.count else { return nil }
        return sections[p.section].rows[p.row]
    }

    /// Where a row is, if it is in the data.
    public func path(of id: Int) -> RowPath? {
        for (s, section) in sections.enumerated() { if let r = section.rows.firstIndex(of: id) { return RowPath(s, r) } }
        return nil
    }
}
