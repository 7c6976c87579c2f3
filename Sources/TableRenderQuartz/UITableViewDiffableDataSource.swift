import Foundation
import SceneModel

/// UIKit's `UITableViewDiffableDataSource`: the table's data source from snapshots of section
/// and item identifiers, and a cell provider. `apply(_:animatingDifferences:)` inside a scene
/// time compares the new snapshot with the one shown and makes the table's own update calls
/// UIKit makes for the difference (deletes, inserts and moves of sections and rows, with
/// `defaultRowAnimation`), so they animate as those calls do; applied before the table's first
/// layout (in `viewDidLoad`), the snapshot is simply what the table shows.
///
/// Subclass it to give section titles (`tableView(_:titleForHeaderInSection:)`) or to let rows
/// be edited (`tableView(_:canEditRowAt:)`, false by default as in UIKit).
@preconcurrency @MainActor
open class UITableViewDiffableDataSource<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable>: UITableViewDataSource {
    /// The snapshot type.
    public typealias Snapshot = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    /// Makes the cell for an item (nil is UIKit's exception, written as the scene's problem).
    public typealias CellProvider = (UITableView, IndexPath, ItemIdentifierType) -> UITableViewCell?

    private weak var table: UITableView?
    private let cellProvider: CellProvider
    private var shown = Snapshot()
    /// The row animation of the updates `apply` makes (UIKit's default: automatic).
    open var defaultRowAnimation: UITableView.RowAnimation = .automatic

    /// A data source for `tableView` (it becomes the table's `dataSource`; keep a reference to
    /// it, as the table holds it weakly, as UIKit's does).
    public init(tableView: UITableView, cellProvider: @escaping CellProvider) {
        self.cellProvider = cellProvider
        table = tableView
        tableView.dataSource = self
    }

    /// A copy of the snapshot the table shows.
    open func snapshot() -> Snapshot { shown }

    /// The item at an index path, or nil.
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
        guard shown.sectionIdentifiers.indices.contains(indexPath.section) else { return nil }
        let items = shown.itemIdentifiers(inSection: shown.sectionIdentifiers[indexPath.section])
        return items.indices.contains(indexPath.row) ? items[indexPath.row] : nil
    }
    /// The index path of an item, or nil.
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
        guard let s = shown.sectionIdentifier(containingItem: itemIdentifier), let si = shown.indexOfSection(s),
              let row = shown.itemIdentifiers(inSection: s).firstIndex(of: itemIdentifier) else { return nil }
        return IndexPath(row: row, section: si)
    }
    /// The section at an index, or nil.
    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        shown.sectionIdentifiers.indices.contains(index) ? shown.sectionIdentifiers[index] : nil
    }
    /// The index of a section, or nil.
    open func index(for sectionIdentifier: SectionIdentifierType) -> Int? { shown.indexOfSection(sectionIdentifier) }

    /// Shows `snapshot`. Inside a scene time with `animatingDifferences`, the difference from
    /// the snapshot shown animates as the table's update calls for it do (`completion` when they
    /// end); without (or before the table's first layout), the table shows it at once, as
    /// `reloadData()`.
    open func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        guard let table else { shown = snapshot; return }
        for why in snapshot.misuse { table.note("NSDiffableDataSourceSnapshot: \(why)") }
        let old = shown
        shown = snapshot
        guard animatingDifferences, table.app.laidOut, ChangeContext.current?.now != nil else {
            table.reloadData()
            completion?()
            return
        }
        let diff = DiffableChanges(from: old, to: snapshot)
        let animation = defaultRowAnimation
        table.performBatchUpdates({
            if !diff.deletedSections.isEmpty { table.deleteSections(IndexSet(diff.deletedSections), with: animation) }
            if !diff.insertedSections.isEmpty { table.insertSections(IndexSet(diff.insertedSections), with: animation) }
            for (from, to) in diff.movedSections { table.moveSection(from, toSection: to) }
            if !diff.deletedRows.isEmpty { table.deleteRows(at: diff.deletedRows, with: animation) }
            if !diff.insertedRows.isEmpty { table.insertRows(at: diff.insertedRows, with: animation) }
            for (from, to) in diff.movedRows { table.moveRow(at: from, to: to) }
        }, completion: { _ in completion?() })
        let paths = snapshot.indexPaths
        let reloaded = snapshot.reloadedItemIdentifiers.compactMap { paths[$0] }
        if !reloaded.isEmpty { table.reloadRows(at: reloaded, with: animation) }
        let reconfigured = snapshot.reconfiguredItemIdentifiers.compactMap { paths[$0] }
        if !reconfigured.isEmpty { table.reconfigureRows(at: reconfigured) }
    }

    /// Shows `snapshot` at once, as `reloadData()`.
    open func applySnapshotUsingReloadData(_ snapshot: Snapshot, completion: (() -> Void)? = nil) {
        apply(snapshot, animatingDifferences: false, completion: completion)
    }

    // MARK: UITableViewDataSource

    /// The snapshot's sections.
    open func numberOfSections(in tableView: UITableView) -> Int { shown.numberOfSections }

    /// The snapshot's items in the section.
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        sectionIdentifier(for: section).map { shown.numberOfItems(inSection: $0) } ?? 0
    }

    /// The cell provider's cell for the row's item.
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        if let item = itemIdentifier(for: indexPath), let cell = cellProvider(tableView, indexPath, item) { return cell }
        tableView.note("UITableViewDiffableDataSource: the cell provider returned nil for [\(indexPath.section), \(indexPath.row)] (UIKit raises: return a cell for every item)")
        return UITableViewCell()
    }

    /// No header title (a subclass gives one).
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    /// No footer title (a subclass gives one).
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
    /// No section index (a subclass gives one; not drawn yet: refused by name).
    open func sectionIndexTitles(for tableView: UITableView) -> [String]? { nil }
    /// The title's own index.
    open func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int { index }
    /// False, as UIKit's: a subclass lets rows be edited (swiped, deleted).
    open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { false }
    /// False, as UIKit's.
    open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
    /// Nothing (a subclass deletes the item and applies the snapshot).
    open func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}
    /// Nothing (a subclass moves the item in its snapshot).
    open func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
}

/// The table's update calls that turn one snapshot into another, as UIKit's diffing makes
/// them: sections gone and new; in the sections on both sides, rows gone (at their old index
/// paths), new (at their new ones) and moved. The rows that keep their relative order are
/// the longest run of them in order (a longest increasing subsequence); every other row on both
/// sides moves, so the moves are as few as can be.
struct DiffableChanges {
    var deletedSections: [Int] = [], insertedSections: [Int] = []
    var deletedRows: [IndexPath] = [], insertedRows: [IndexPath] = []
    var movedRows: [(IndexPath, IndexPath)] = []
    /// Sections that stay but change their order: those off a longest run in order move
    /// (`moveSection`, from the index before to the index after), with their rows.
    var movedSections: [(Int, Int)] = []

    init<S: Hashable, I: Hashable>(from old: NSDiffableDataSourceSnapshot<S, I>, to new: NSDiffableDataSourceSnapshot<S, I>) {
        let oldSections = old.sectionIdentifiers, newSections = new.sectionIdentifiers
        let oldSet = Set(oldSections), newSet = Set(newSections)
        deletedSections = oldSections.indices.filter { !newSet.contains(oldSections[$0]) }
        insertedSections = newSections.indices.filter { !oldSet.contains(newSections[$0]) }
        let kept = oldSections.filter { newSet.contains($0) }
        let keptInNewOrder = newSections.filter { oldSet.contains($0) }
        let oldIndex = Dictionary(uniqueKeysWithValues: oldSections.enumerated().map { ($1, $0) })
        let newIndex = Dictionary(uniqueKeysWithValues: newSections.enumerated().map { ($1, $0) })
        if kept != keptInNewOrder {
            // The kept sections in their new order, numbered by their old: those on a longest
            // increasing run stay, the rest move.
            let staying = DiffableChanges.longestIncreasing(keptInNewOrder.map { oldIndex[$0] ?? 0 })
            for (i, s) in keptInNewOrder.enumerated() where !staying.contains(i) {
                if let from = oldIndex[s], let to = newIndex[s] { movedSections.append((from, to)) }
            }
        }
        let keptSet = Set(kept)
        let oldPaths = old.indexPaths, newPaths = new.indexPaths
        // Rows on each side in the sections that stay (a new or gone section brings or takes its own).
        func inKept<T>(_ snapshot: NSDiffableDataSourceSnapshot<S, T>, _ item: T) -> Bool {
            snapshot.sectionIdentifier(containingItem: item).map { keptSet.contains($0) } ?? false
        }
        for item in old.itemIdentifiers where inKept(old, item) && !(newPaths[item] != nil && inKept(new, item)) {
            if let p = oldPaths[item] { deletedRows.append(p) }
        }
        var common: [I] = []
        for item in new.itemIdentifiers where inKept(new, item) {
            if oldPaths[item] != nil && inKept(old, item) { common.append(item) } else if let p = newPaths[item] { insertedRows.append(p) }
        }
        // The common rows in their new order, numbered by their old order with the sections
        // already where they move (a moved section's rows go with it): those on a longest
        // increasing run stay, the rest move.
        // A row that changes section always moves (it cannot stay in place), so only rows that
        // keep theirs can be on the run.
        let oldItemsBySectionsNewOrder = keptInNewOrder.flatMap { old.itemIdentifiers(inSection: $0) }
        let oldOrder = Dictionary(uniqueKeysWithValues: oldItemsBySectionsNewOrder.enumerated().map { ($1, $0) })
        let sameSection = common.filter { old.sectionIdentifier(containingItem: $0) == new.sectionIdentifier(containingItem: $0) }
        let staying = DiffableChanges.longestIncreasing(sameSection.map { oldOrder[$0] ?? 0 })
        let stays = Set(staying.map { sameSection[$0] })
        for item in common where !stays.contains(item) {
            if let from = oldPaths[item], let to = newPaths[item] { movedRows.append((from, to)) }
        }
    }

    /// The positions of a longest strictly increasing subsequence of `values` (patience sorting, n log n).
    static func longestIncreasing(_ values: [Int]) -> Set<Int> {
        var tails: [Int] = []           // positions: the smallest tail of a run of each length
        var previous = [Int](repeating: -1, count: values.count)
        for (i, v) in values.enumerated() {
            var lo = 0, hi = tails.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if values[tails[mid]] < v { lo = mid + 1 } else { hi = mid }
            }
            if lo > 0 { previous[i] = tails[lo - 1] }
            if lo == tails.count { tails.append(i) } else { tails[lo] = i }
        }
        var out: Set<Int> = []
        var k = tails.last ?? -1
        while k >= 0 { out.insert(k); k = previous[k] }
        return out
    }
}
