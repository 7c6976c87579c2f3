import Foundation
import SceneModel
import Simulation
import TableEngine

/// The app-facing table's state: registered cells, the reuse pool, the cells in view, the
/// selection, and what the data source's cells showed, by row token.
final class TableAppState {
    var nextToken = 0
    /// The pulls that started the refresh control so far (their actions ran).
    var pulls = 0
    /// While the data source is asked for the model (a call from inside it, `reloadData()` in
    /// `numberOfRowsInSection`, would ask again without end).
    var querying = false
    private(set) var content: [Int: CellContent] = [:]
    /// The built-in style of the first row shown that is not custom (by the runtime's number for
    /// it): the table's style; a row of another style carries its own (a settings screen mixes
    /// value1 rows with default ones).
    private(set) var firstStyle: (token: Int, style: UITableViewCell.CellStyle)?
    /// Keeps what a row's cell shows.
    func record(_ c: CellContent, token: Int) {
        content[token] = c
        if !c.custom, firstStyle.map({ token <= $0.token }) ?? true { firstStyle = (token, c.style) }
    }
    var registered: [String: UITableViewCell.Type] = [:]
    var headerFooterClasses: [String: UITableViewHeaderFooterView.Type] = [:]
    var pool: [String: [UITableViewCell]] = [:]
    /// The rows in view at the last frame handled, by the simulation's row identity.
    var visible: [Int: (cell: UITableViewCell, path: IndexPath)] = [:]
    /// The token whose content each row shown shows last (its own, or its last reconfigure's), by row identity.
    var rowToken: [Int: Int] = [:]
    /// The cell `reconfigureRows(at:)` gives back to the next dequeue.
    var reconfiguring: UITableViewCell?
    var visibleOrder: [Int] = []
    /// How many of the table's own events the last look at the cells in view had seen.
    var notedEvents = 0
    var handledFrames = 0
    var handledScript = 0
    var laidOut = false
    var selected: [IndexPath] = []
    var problems: [SceneProblem] = []
    /// Held taps whose touch has come down, by script index: whether the row took the highlight,
    /// and how many events the table had recorded then.
    var held: [Int: (highlighted: Bool, events: Int)] = [:]
    /// Taps cancelled because rows moved while the finger was down, by script index: left out
    /// of the scene's script (nothing is selected).
    var cancelledTaps: Set<Int> = []
    /// Swipes as the delegate configured them, by script index (nil: the row cannot be swiped).
    var swipes: [Int: UITableViewSwipe?] = [:]
    /// The scene so far simulated, kept until an update or a swipe changes it.
    var simulation: (key: [Int], sim: TableSimulation, tokens: [Int?])?
    /// The data over time alone, for the same key (``LayerScene/timeline(_:)``).
    var timeline: (key: [Int], timeline: TableTimeline)?
    /// A timeline whose rows are where the table's are now, though it may lack the latest
    /// height changes (the last frame's simulation's, or the last replayed): what a custom
    /// cell's row's index path is read from while `pathsStale` is false, so that a thousand
    /// height changes do not replay the data a thousand times (issue 53: 26 s, then 6.3 s).
    var pathTimeline: TableTimeline?
    /// Whether the table recorded an event since `pathTimeline` that may move rows (anything
    /// but a height change or a reconfigure).
    var pathsStale = true
    /// How many times the data was replayed for app code (``LayerScene/timeline(_:)``).
    var replays = 0
    /// Whether the table's own updates went past the simulation budget: the scene is refused,
    /// and the table is not simulated again (each later update would cost more).
    var overBudget = false
    /// The table simulated up to the code running now (set while the scene runs app code at a
    /// time): what `rectForRow(at:)` and the other geometry questions are answered from.
    var geometry: (() -> TableSimulation?)?
    /// Each row's display as the run loop made it (`willDisplay` on the row's own cell, right
    /// after its `cellForRowAt`), in time order, and the problems the recordings found.
    var displays: [(appearance: RowAppearance, effect: DisplayRecorder.Effect)] = []
    var displayProblems: [SceneProblem] = []
    /// The rows whose swipe actions show, with their configuration (nil inside: the data source's Delete).
    var revealed: [IndexPath: UISwipeActionsConfiguration?] = [:]
    /// Whether the table is being recorded for the run loop's own simulation (which rows are in
    /// view, before the cells are known): rows carry their token as their model `origin`, with
    /// no content yet, and the table's problems and frame animations wait for the render's recording.
    var simulatingForApp = false
    /// The scroll steps, once the delegate is told of the scrolling (see ``ScrollDriver``).
    var scroll: ScrollDriver?
    /// Self-sizing rows measured as they first showed, by the token they were made with, and
    /// the height their cell's constraints give (absent when they give none: the row keeps
    /// its estimate).
    var measured: Set<Int> = []
    var measuredHeights: [Int: CGFloat] = [:]
    /// Whether an update since the last frame moved rows in a way `visible`'s index paths could
    /// not follow (sections inserted, deleted or moved; a reload): until the next frame, the
    /// cells in view are not found by index path for measuring.
    var visiblePathsStale = false
    /// `setContentOffset(_:animated: true)` calls made once code had set the offset: run by the
    /// scroll steps from where the content is when each begins.
    var offsetAnimations: [(start: Double, to: Double, duration: Double)] = []
}

extension UITableView {
    /// `register(_:forCellReuseIdentifier:)`: `dequeueReusableCell(withIdentifier:for:)` makes
    /// cells of `cellClass` (with `init(style: .default, reuseIdentifier:)`, then
    /// `awakeFromNib()`) when none is free. A registered class stands for a storyboard's
    /// prototype cell (there are no nibs here), so a port's `awakeFromNib` runs as the
    /// storyboard's cell's does; a cell class made only in code does not override it on iOS.
    public func register(_ cellClass: UITableViewCell.Type?, forCellReuseIdentifier identifier: String) {
        app.registered[identifier] = cellClass
    }

    /// `dequeueReusableCell(withIdentifier:for:)`: a cell that left the screen (after its
    /// `prepareForReuse()`), or a new one of the registered class. An identifier nothing was
    /// registered for is UIKit's exception, reported when the scene is written.
    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        if let cell = dequeueReusableCell(withIdentifier: identifier) { return cell }
        app.problems.append(SceneProblem(path: "table", message: "unable to dequeue a cell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard (call register(UITableViewCell.self, forCellReuseIdentifier: \"\(identifier)\") where the storyboard would)"))
        return UITableViewCell(style: .default, reuseIdentifier: identifier)
    }

    /// `dequeueReusableCell(withIdentifier:)`: a free cell, a new one of the registered class, or nil.
    public func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        if let cell = app.reconfiguring, cell.reuseIdentifier == identifier {
            app.reconfiguring = nil
            return cell
        }
        if var free = app.pool[identifier], !free.isEmpty {
            let cell = free.removeFirst()
            app.pool[identifier] = free
            cell.prepareForReuse()
            cell.belong(to: self)
            return cell
        }
        guard let cls = app.registered[identifier] else { return nil }
        let cell = cls.init(style: .default, reuseIdentifier: identifier)
        cell.belong(to: self)
        cell.awakeFromNib()
        return cell
    }

    /// The cells in view, top to bottom (for a table with a ``dataSource``, at the time of the
    /// code asking: inside ``LayerScene/at(_:_:)``, a tap's delegate call or a completion). A
    /// table built from sections has no cells to give: asking it is refused when the scene is
    /// written (an empty answer would silently skip what the code does with them).
    public var visibleCells: [UITableViewCell] {
        needsDataSource("visibleCells")
        return app.visibleOrder.compactMap { app.visible[$0]?.cell }
    }
    /// The index paths of the rows in view, top to bottom.
    public var indexPathsForVisibleRows: [IndexPath]? {
        needsDataSource("indexPathsForVisibleRows")
        return app.visibleOrder.compactMap { app.visible[$0]?.path }
    }
    /// The cell of a row in view, or nil.
    public func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
        needsDataSource("cellForRow(at:)")
        return app.visible.values.first { $0.path == indexPath }?.cell
    }
    /// The index path of a cell in view, or nil.
    public func indexPath(for cell: UITableViewCell) -> IndexPath? {
        needsDataSource("indexPath(for:)")
        return app.visible.values.first { $0.cell === cell }?.path
    }

    /// Notes a refusal when `call` asks a table without a data source for its cells in view.
    func needsDataSource(_ call: String) {
        guard dataSource == nil else { return }
        note("\(call): the rows in view and their cells are known only for a table with a dataSource "
             + "(this one is built from sections, so the answer would be empty); give the table a dataSource, "
             + "or write what the code does per row as the row's display effect (willDisplay)")
    }

    /// The number of sections the table has (with a data source, as it last asked it: the
    /// first call before the table's first layout asks it then, as UIKit loads its data).
    public var numberOfSections: Int {
        if !app.querying { layoutFromDataSource() }
        return sections.count
    }

    /// The number of rows the table has in a section (as it last asked its data source). A
    /// section it does not have is UIKit's exception, written as the scene's problem, and 0.
    public func numberOfRows(inSection section: Int) -> Int {
        if !app.querying { layoutFromDataSource() }
        let data = sections
        guard data.indices.contains(section) else {
            note("numberOfRows(inSection:): request for number of rows in section (\(section)) when there are only \(data.count) sections in the table (UIKit raises)")
            return 0
        }
        return data[section].rows.count
    }

    /// The selected rows, in the order they were selected (nil: none).
    public var indexPathsForSelectedRows: [IndexPath]? { app.selected.isEmpty ? nil : app.selected }
    /// The selected row (the first), or nil.
    public var indexPathForSelectedRow: IndexPath? { app.selected.first }

    /// `deselectRow(at:animated:)`: the row's highlight goes (fading with `animated`).
    public func deselectRow(at indexPath: IndexPath, animated: Bool) {
        app.selected.removeAll { $0 == indexPath }
        cellForRow(at: indexPath)?.setSelected(false, animated: animated)
        if animated { deselectsAnimated = true }
    }

    /// `selectRow(at:animated:scrollPosition:)` (no delegate call, as on iOS).
    public func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        if !allowsMultipleSelection { app.selected = [] }
        guard let indexPath else { return }
        if !app.selected.contains(indexPath) { app.selected.append(indexPath) }
        cellForRow(at: indexPath)?.setSelected(true, animated: animated)
    }

    /// The table's model from the data source: its sections, header titles and every row's
    /// height, as UIKit asks at a layout and at every update; each row has a new token for the
    /// content its cell will show.
    func queriedSections() -> [UITableViewSection] {
        guard let source = dataSource else { return sections }
        guard !app.querying else {
            note("reloadData() or an update was called while the table asked its data source (numberOfSections, numberOfRowsInSection, heightForRowAt ...): on iOS the table asks again without end; call it after the data source's answers change, not inside them")
            return sections
        }
        app.querying = true
        defer { app.querying = false }
        let limit = 100_000
        let asked = source.numberOfSections(in: self)
        if asked < 0 { note("numberOfSections(in:) returned \(asked): UIKit raises for a negative count; return 0 or more") }
        let n = min(max(asked, 0), limit)
        var out: [UITableViewSection] = []
        var total = 0, cut = false
        var badHeights: (first: (path: IndexPath, height: CGFloat)?, more: Int) = (nil, 0)
        defer { noteBadHeights(badHeights) }
        for s in 0..<n {
            let rowsAsked = source.tableView(self, numberOfRowsInSection: s)
            if rowsAsked < 0 { note("tableView(_:numberOfRowsInSection:) returned \(rowsAsked) for section \(s): UIKit raises for a negative count; return 0 or more") }
            let count = min(max(rowsAsked, 0), limit - total)
            if max(rowsAsked, 0) > count { cut = true }
            total += count
            var rows: [UITableViewRow] = []
            for r in 0..<count {
                let h = delegate?.tableView(self, heightForRowAt: IndexPath(row: r, section: s)) ?? rowHeight
                // 0 hides the row, as on iOS.
                if h.isNaN || (h < 0 && h != UITableView.automaticDimension) {
                    // Said once, for the first such row, with how many more there are (a NaN was said once a row).
                    if badHeights.first == nil { badHeights.first = (IndexPath(row: r, section: s), h) } else { badHeights.more += 1 }
                }
                var row = UITableViewRow(height: h == rowHeight || h == UITableView.automaticDimension || !(h >= 0) ? nil : h)
                // A self-sizing row is measured as it comes on screen (its cell asked for then,
                // once), as UIKit does with estimated heights: not here, for every row at every update.
                row.selfSizing = h == UITableView.automaticDimension
                (row.editingStyle, row.canMove, row.shouldIndentWhileEditing) = editingOptions(IndexPath(row: r, section: s))
                row.token = app.nextToken
                app.nextToken += 1
                rows.append(row)
            }
            var section = UITableViewSection(title: source.tableView(self, titleForHeaderInSection: s), rows: rows,
                                             footerTitle: source.tableView(self, titleForFooterInSection: s))
            // A header-footer view that only sets its title is the table's own title, as UIKit styles it.
            let header = delegate?.tableView(self, viewForHeaderInSection: s)
            if let title = (header as? UITableViewHeaderFooterView)?.standardTitle { section.title = title } else {
                section.headerView = sectionView(header, height: delegate?.tableView(self, heightForHeaderInSection: s))
            }
            let footer = delegate?.tableView(self, viewForFooterInSection: s)
            for (view, kind) in [(header, "header"), (footer, "footer")] {
                if let why = (view as? UITableViewHeaderFooterView)?.undrawnConfiguration { note("section \(s)'s \(kind) view: " + why) }
            }
            if let title = (footer as? UITableViewHeaderFooterView)?.standardTitle { section.footerTitle = title } else {
                section.footerView = sectionView(footer, height: delegate?.tableView(self, heightForFooterInSection: s))
            }
            out.append(section)
        }
        if cut { app.problems.append(SceneProblem(path: "table", message: "the data source has more than \(limit) rows")) }
        // The section index (drawn down the trailing edge): at most 100 titles of 1 to 8 characters, as the scene format takes them.
        let titles = source.sectionIndexTitles(for: self) ?? []
        indexTitles = titles.isEmpty ? nil : titles.prefix(100).map { $0.isEmpty ? " " : String($0.prefix(8)) }
        if titles.count > 100 || titles.contains(where: { $0.isEmpty || $0.count > 8 }) {
            note("sectionIndexTitles(for:): the index shows at most 100 titles of 1 to 8 characters (longer ones cut, empty ones blank)")
        }
        return out
    }

    /// Before an update call: the data the table showed is kept, the model asked again.
    func syncFromDataSource() {
        guard dataSource != nil else { return }
        if committedSections == nil { committedSections = sections }
        sections = queriedSections()
    }

    /// The first layout (a view controller's, or the scene's when it is written).
    func layoutFromDataSource() {
        guard dataSource != nil, !app.laidOut else { return }
        app.laidOut = true
        sections = queriedSections()
    }

    /// A row as recorded: a data source's row with its cell's content (none while the run loop
    /// simulates before the cells are known; empty for a row never shown).
    func resolved(_ row: UITableViewRow) -> UITableViewRow {
        guard let token = row.token else { return row }
        var r = row
        // A self-sizing row measured when it first showed has that height from when it was
        // made: until then it was off screen, so only rows below it (off screen too) moved.
        if let h = app.measuredHeights[token] { r.height = h }
        if app.simulatingForApp { return r }
        let c = app.content[token]
        r.title = c?.title ?? ""
        r.detail = c?.detail
        r.accessory = c?.accessory ?? .none
        r.accessoryView = c?.accessoryView
        r.accessoryAnimations = c?.accessoryAnimations ?? []
        r.image = c?.image
        r.imageLook = c?.imageLook
        r.ownCell = c?.own
        r.cellBackground = c?.backgroundColor
        r.labelStyles = c?.labelStyles
        r.cellStyle = c.flatMap { $0.custom || $0.style == app.firstStyle?.style ? nil : $0.style }
        r.separatorInsetLeft = c?.separatorInsetLeft
        r.selectedColor = c?.selectedColor
        r.tintColor = c?.tintColor
        return r
    }

    func resolved(_ section: UITableViewSection) -> UITableViewSection {
        var s = section
        s.rows = s.rows.map(resolved)
        return s
    }

    func resolved(_ event: TableScriptEvent) -> TableScriptEvent {
        if case let .reconfigureRows(at, paths, rows) = event { return .reconfigureRows(at: at, paths, rows: rows.map(resolved)) }
        guard case let .update(at, changes, duration, timing) = event else { return event }
        return .update(at: at, changes.map { c in
            switch c {
            case let .insertRows(p, rows, a): return .insertRows(p, rows: rows.map(resolved), with: a)
            case let .reloadRows(p, rows, a): return .reloadRows(p, rows: rows.map(resolved), with: a)
            case let .insertSections(ix, ss, a): return .insertSections(ix, sections: ss.map(resolved), with: a)
            case let .reloadData(ss): return .reloadData(ss.map(resolved))
            default: return c
            }
        }, duration: duration, timing: timing)
    }

    /// The built-in style every data source cell shown that is not custom had (nil: none
    /// shown, or no data source).
    var dataSourceCellStyle: UITableViewCell.CellStyle? {
        guard dataSource != nil else { return nil }
        return app.firstStyle?.style
    }
}
