import Foundation
import SceneModel

/// One change of a table update, as UITableView's update methods name it.
public enum UITableViewChange: Sendable {
    /// `insertRows(at:with:)`: the rows at index paths of the data after the update.
    case insertRows([IndexPath], rows: [UITableViewRow], with: UITableView.RowAnimation)
    /// `deleteRows(at:with:)`: index paths of the data before the update.
    case deleteRows([IndexPath], with: UITableView.RowAnimation)
    /// `reloadRows(at:with:)`: new content for rows at index paths before the update.
    case reloadRows([IndexPath], rows: [UITableViewRow], with: UITableView.RowAnimation)
    /// `moveRow(at:to:)`.
    case moveRow(IndexPath, to: IndexPath)
    /// `insertSections(_:with:)`.
    case insertSections([Int], sections: [UITableViewSection], with: UITableView.RowAnimation)
    /// `deleteSections(_:with:)`.
    case deleteSections([Int], with: UITableView.RowAnimation)
    /// `moveSection(_:toSection:)`.
    case moveSection(Int, toSection: Int)
    /// New heights for rows (`beginUpdates()`/`endUpdates()` after `heightForRowAt` changed).
    case rowHeights([IndexPath], heights: [CGFloat])
    /// `reloadData()` with the new sections: drawn at once.
    case reloadData([UITableViewSection])
}

/// A swipe on a row: its actions slide in from the trailing (or leading) edge.
public struct UITableViewSwipe: Sendable {
    /// A button behind the row (`UIContextualAction`).
    public struct Action: Sendable {
        /// The button's title.
        public var title: String
        /// Destructive actions are systemRed.
        public var isDestructive: Bool
        /// nil: UIKit's colour for the style.
        public var backgroundColor: UIColor?
        /// A symbol image (`UIImage(systemName:)`), drawn in white above the title, or alone in
        /// a row under 50 pt.
        public var image: UIImage?
        /// An action.
        public init(title: String, isDestructive: Bool = false, backgroundColor: UIColor? = nil) {
            self.title = title; self.isDestructive = isDestructive; self.backgroundColor = backgroundColor
        }
    }
    /// Trailing (right to left, the default) or leading.
    public var isLeading: Bool
    /// The actions, outermost first.
    public var actions: [Action]
    /// A full swipe: the first action takes the whole row.
    public var isFull: Bool
    /// The row closes again.
    public var closes: Bool
    /// Seconds the finger drags (touch-down to lift; the content follows it, then settles with
    /// a spring); for a swipe that closes, seconds the content takes to move back.
    public var duration: Double
    /// Opened by a tap on the row's delete control in editing mode (the control turns, the
    /// reorder control hides).
    public var isFromEditingControl = false
    /// A swipe (by default a trailing red Delete).
    public init(isLeading: Bool = false, actions: [Action] = [Action(title: "Delete", isDestructive: true)], isFull: Bool = false,
                closes: Bool = false, duration: Double = 0.3) {
        self.isLeading = isLeading; self.actions = actions; self.isFull = isFull; self.closes = closes; self.duration = duration
    }
}

extension UITableView {
    /// Where `scrollToRow(at:at:animated:)` puts the row.
    public enum ScrollPosition: String, Sendable {
        /// The least scroll that shows the row.
        case none
        /// At the top (below a plain table's floating header).
        case top
        /// In the middle.
        case middle
        /// At the bottom.
        case bottom
    }
}

extension SceneReader {
    static func indexPath(_ p: RowPath) -> IndexPath { IndexPath(row: p.row, section: p.section) }

    static func rows(_ rows: [TableModel.Row]) -> [UITableViewRow] {
        rows.map { r in
            var row = UITableViewRow(title: r.title, detail: r.detail, values: r.values, height: r.height.map { CGFloat($0) },
                                     accessory: UITableViewRowAccessory(rawValue: r.accessory.rawValue) ?? .none, isExpanded: r.expanded)
            row.editingStyle = [.none: .none, .delete: .delete, .insert: .insert][r.editingStyle] ?? .delete
            row.canMove = r.canMove
            row.shouldIndentWhileEditing = r.shouldIndentWhileEditing
            row.selfSizing = r.selfSizing
            row.labelStyles = r.labelStyles
            row.cellStyle = r.style.map(SceneReader.cellStyle)
            row.imageLook = r.imageLook
            if let symbol = r.imageSymbol, var image = UIImage(systemName: symbol.name) {
                image.symbol = symbol
                row.image = image
            } else if let v = r.imageView, let file = v.image?.file {
                row.image = UIImage(named: file)
                if v.bounds.width > 0 { row.imageSize = CGSize(width: v.bounds.width, height: v.bounds.height) }
            }
            row.accessoryView = r.accessoryView
            if let c = r.cell {
                // The row's own cell as a data source's cell gives it, or a built-in cell's look
                // and its accessory view's animations.
                if c.ownContent { row.ownCell = CellContent.Own(layers: r.layers, animations: c.animations) } else { row.accessoryAnimations = c.animations }
                row.cellBackground = c.backgroundColor
                row.separatorInsetLeft = c.separatorInsetLeft
                row.selectedColor = c.selectedBackgroundColor
                row.tintColor = c.tintColor
            }
            return row
        }
    }

    static func sections(_ sections: [TableModel.Section]) -> [UITableViewSection] {
        sections.map { s in
            var out = UITableViewSection(title: s.title, rows: rows(s.rows), isCollapsible: s.collapsible, isExpanded: s.expanded, footerTitle: s.footer)
            out.headerView = s.headerView
            out.footerView = s.footerView
            return out
        }
    }

    static func tableEvent(_ e: ScriptEvent) -> TableScriptEvent? {
        func anim(_ a: TableModel.RowAnimation) -> UITableView.RowAnimation { UITableView.RowAnimation(rawValue: a.rawValue) ?? .automatic }
        switch e.action {
        case .update(let u):
            if let d = u.reorder, u.changes.count == 1, case let .moveRow(from, to)? = u.changes.first {
                return .reorder(at: e.at, from: indexPath(from), to: indexPath(to), duration: d)
            }
            let changes: [UITableViewChange] = u.changes.map { c in
                switch c {
                case let .insertRows(p, r, a): return .insertRows(p.map(indexPath), rows: rows(r), with: anim(a))
                case let .deleteRows(p, a): return .deleteRows(p.map(indexPath), with: anim(a))
                case let .reloadRows(p, r, a): return .reloadRows(p.map(indexPath), rows: rows(r), with: anim(a))
                case let .moveRow(from, to): return .moveRow(indexPath(from), to: indexPath(to))
                case let .insertSections(ix, s, a): return .insertSections(ix, sections: sections(s), with: anim(a))
                case let .deleteSections(ix, a): return .deleteSections(ix, with: anim(a))
                case let .moveSection(from, to): return .moveSection(from, toSection: to)
                case let .rowHeights(p, h): return .rowHeights(p.map(indexPath), heights: h.map { CGFloat($0) })
                case let .reloadData(s): return .reloadData(sections(s))
                }
            }
            return .update(at: e.at, changes, duration: u.duration, timing: u.timingFunction.map(CAMediaTimingFunction.init(value:)))
        case let .reconfigureRows(p, r):
            return .reconfigureRows(at: e.at, p.map(indexPath), rows: rows(r))
        case let .setEditing(editing, animated):
            return .setEditing(at: e.at, editing, animated: animated)
        case .refreshing(let begin):
            return .refreshing(at: e.at, begin)
        case let .scrollToRow(p, position, animated):
            return .scrollToRow(at: e.at, indexPath(p), position: UITableView.ScrollPosition(rawValue: position.rawValue) ?? .top, animated: animated)
        case let .swipe(p, s):
            let actions = s.actions.map {
                var a = UITableViewSwipe.Action(title: $0.title, isDestructive: $0.style == .destructive,
                                                backgroundColor: $0.backgroundColor.map { UIColor(cgColor: color($0)) })
                a.image = $0.symbol.flatMap { UIImage(systemName: $0) }
                return a
            }
            var swipe = UITableViewSwipe(isLeading: s.edge == .leading, actions: actions, isFull: s.full, closes: s.close, duration: s.duration)
            swipe.isFromEditingControl = s.editingControl
            return .swipe(at: e.at, indexPath(p), swipe)
        default:
            return nil
        }
    }
}
