import XCTest
@testable import TableRenderQuartz

/// `UITableViewDiffableDataSource` and `NSDiffableDataSourceSnapshot` (issue 51): snapshots
/// by identifier, and `apply` turning the difference into the table's own update calls.
final class DiffableDataSourceTests: XCTestCase {
    typealias Snapshot = NSDiffableDataSourceSnapshot<String, String>

    func testASnapshotKeepsSectionsAndItemsByIdentifier() {
        var s = Snapshot()
        s.appendSections(["fruit", "veg"])
        s.appendItems(["apple", "pear"], toSection: "fruit")
        s.appendItems(["leek"])
        s.insertItems(["fig"], beforeItem: "pear")
        s.insertItems(["kale"], afterItem: "leek")
        XCTAssertEqual(s.itemIdentifiers, ["apple", "fig", "pear", "leek", "kale"])
        XCTAssertEqual(s.numberOfItems, 5)
        XCTAssertEqual(s.numberOfItems(inSection: "fruit"), 3)
        XCTAssertEqual(s.sectionIdentifier(containingItem: "kale"), "veg")
        XCTAssertEqual(s.indexOfItem("pear"), 2)
        s.moveItem("apple", afterItem: "kale")
        XCTAssertEqual(s.itemIdentifiers(inSection: "veg"), ["leek", "kale", "apple"])
        s.deleteItems(["fig", "nothing"])
        XCTAssertEqual(s.itemIdentifiers, ["pear", "leek", "kale", "apple"])
        s.insertSections(["nuts"], beforeSection: "veg")
        s.moveSection("fruit", afterSection: "veg")
        XCTAssertEqual(s.sectionIdentifiers, ["nuts", "veg", "fruit"])
        s.deleteSections(["veg"])
        XCTAssertEqual(s.itemIdentifiers, ["pear"])
        XCTAssertTrue(s.misuse.isEmpty, "\(s.misuse)")
        s.appendItems(["pear"], toSection: "nuts")
        XCTAssertEqual(s.misuse, ["Item identifier pear is already in the snapshot: item identifiers must be unique"])
    }

    /// The difference as UIKit's diffing makes it: the gone row deleted at its old index path,
    /// the new one inserted at its new one, and one move (B and A swapped: one of them moves).
    func testTheDifferenceIsDeletesInsertsAndTheFewestMoves() {
        var a = Snapshot(), b = Snapshot()
        a.appendSections(["s"]); a.appendItems(["A", "B", "C", "D"])
        b.appendSections(["s"]); b.appendItems(["B", "A", "D", "E"])
        let d = DiffableChanges(from: a, to: b)
        XCTAssertEqual(d.deletedRows, [IndexPath(row: 2, section: 0)])
        XCTAssertEqual(d.insertedRows, [IndexPath(row: 3, section: 0)])
        XCTAssertEqual(d.movedRows.count, 1)
        XCTAssertEqual(DiffableChanges.longestIncreasing([3, 0, 1, 5, 2, 4]).sorted(), [1, 2, 4, 5])
        var c = Snapshot()
        c.appendSections(["t", "s"]); c.appendItems(["A"], toSection: "t"); c.appendItems(["D"], toSection: "s")
        let e = DiffableChanges(from: a, to: c)
        XCTAssertEqual(e.insertedSections, [0], "t is new, with A in it")
        XCTAssertEqual(e.deletedRows, [0, 1, 2].map { IndexPath(row: $0, section: 0) }, "A went to the new section; B and C went")
        XCTAssertTrue(e.movedRows.isEmpty && e.insertedRows.isEmpty)
    }

    /// An item that changes section always moves, even where the order of the items alone
    /// would let it stay (a to-do item completed into Done): it was left in place, and the
    /// table's counts did not add up (UIKit's "Invalid update").
    func testAnItemThatChangesSectionMoves() {
        var a = Snapshot(), b = Snapshot()
        a.appendSections(["todo", "done"]); a.appendItems(["W", "B", "C", "K"], toSection: "todo"); a.appendItems(["R"], toSection: "done")
        b.appendSections(["todo", "done"]); b.appendItems(["W", "B", "K"], toSection: "todo"); b.appendItems(["C", "R"], toSection: "done")
        let d = DiffableChanges(from: a, to: b)
        XCTAssertEqual(d.movedRows.count, 1, "one move: C, to Done")
        XCTAssertEqual(d.movedRows.first?.0, IndexPath(row: 2, section: 0))
        XCTAssertEqual(d.movedRows.first?.1, IndexPath(row: 0, section: 1))
        XCTAssertTrue(d.insertedRows.isEmpty && d.deletedRows.isEmpty)
    }

    final class Fruit: UIViewController {
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
        var source: UITableViewDiffableDataSource<String, String>?
        var table = UITableView()
        var names: [String: String] = [:]
        let first: [String]
        init(_ first: [String]) { self.first = first; super.init() }
        override func viewDidLoad() {
            table.frame = view.bounds
            table.register(UITableViewCell.self, forCellReuseIdentifier: "c")
            view.addSubview(table)
            source = UITableViewDiffableDataSource<String, String>(tableView: table) { [unowned self] table, path, item in
                let cell = table.dequeueReusableCell(withIdentifier: "c", for: path)
                cell.textLabel?.text = names[item] ?? item
                return cell
            }
            source?.defaultRowAnimation = .fade
            var s = Snapshot()
            s.appendSections(["main"])
            s.appendItems(first)
            source?.apply(s, animatingDifferences: false)
        }
    }

    /// A snapshot applied at a scene time animates the difference (a row gone, one new, one
    /// moved: the table's own deleteRows, insertRows and moveRow), and once it has run the table
    /// draws exactly what a table that started with the new snapshot draws.
    func testApplyingASnapshotAnimatesTheDifferenceAndEndsAtTheNewSnapshot() throws {
        let vc = Fruit(["Apple", "Banana", "Cherry", "Date"])
        var scene = LayerScene(size: CGSize(width: 200, height: 240), scale: 1, fps: 10, duration: 1)
        scene.rootViewController = vc
        var completed: Double?
        scene.at(0.3) {
            var s = Snapshot()
            s.appendSections(["main"])
            s.appendItems(["Banana", "Apple", "Date", "Elderberry"])
            vc.source?.apply(s) { completed = CACurrentMediaTime() }
        }
        let json = try scene.json().filter { !$0.isWhitespace }
        XCTAssertTrue(json.contains(#""deleteRows":{"indexPaths":[[0,2]],"animation":"fade"}"#), json)
        XCTAssertTrue(json.contains(#""insertRows":{"indexPaths":[[0,3]]"#), json)
        XCTAssertTrue(json.contains(#""moveRow""#), json)
        let after = Fruit(["Banana", "Apple", "Date", "Elderberry"])
        var still = LayerScene(size: CGSize(width: 200, height: 240), scale: 1, fps: 10, duration: 1)
        still.rootViewController = after
        XCTAssertEqual(try Renderer(scene).frame(at: 1).data, try Renderer(still).frame(at: 1).data, "at rest: the new snapshot")
        XCTAssertNotEqual(try Renderer(scene).frame(at: 0.45).data, try Renderer(still).frame(at: 0.45).data, "animating")
        XCTAssertNotEqual(try Renderer(scene).frame(at: 0.2).data, try Renderer(still).frame(at: 0.2).data, "before: the first snapshot")
        XCTAssertEqual(try XCTUnwrap(completed), 0.6, accuracy: 1e-9, "the completion runs when the update ends")
        XCTAssertEqual(vc.source?.snapshot().itemIdentifiers, ["Banana", "Apple", "Date", "Elderberry"])
        XCTAssertEqual(vc.source?.indexPath(for: "Date"), IndexPath(row: 2, section: 0))
    }

    /// Sections of several items each, for section moves.
    final class Groups: UIViewController {
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
        var source: UITableViewDiffableDataSource<String, String>?
        var table = UITableView()
        let first: [(String, [String])]
        init(_ first: [(String, [String])]) { self.first = first; super.init() }
        override func viewDidLoad() {
            table.frame = view.bounds
            table.register(UITableViewCell.self, forCellReuseIdentifier: "c")
            view.addSubview(table)
            source = UITableViewDiffableDataSource<String, String>(tableView: table) { table, path, item in
                let cell = table.dequeueReusableCell(withIdentifier: "c", for: path)
                cell.textLabel?.text = item
                return cell
            }
            source?.apply(Groups.snapshot(first), animatingDifferences: false)
        }
        static func snapshot(_ groups: [(String, [String])]) -> Snapshot {
            var s = Snapshot()
            for (section, items) in groups {
                s.appendSections([section])
                s.appendItems(items, toSection: section)
            }
            return s
        }
    }

    /// A snapshot whose sections changed their order animates as UIKit's diffing does: the
    /// fewest `moveSection` calls (the table's own, which slides the section with its rows), the
    /// rows' own changes beside them; at rest the table draws the new snapshot (before, a
    /// section move drew the new snapshot at once, as `reloadData()`).
    func testSectionsThatChangeTheirOrderMove() throws {
        let start: [(String, [String])] = [("fruit", ["Apple", "Pear"]), ("veg", ["Leek"]), ("nuts", ["Almond"])]
        let end: [(String, [String])] = [("veg", ["Leek"]), ("nuts", ["Almond"]), ("fruit", ["Apple"])]
        let d = DiffableChanges(from: Groups.snapshot(start), to: Groups.snapshot(end))
        XCTAssertEqual(d.movedSections.map { [$0.0, $0.1] }, [[0, 2]], "fruit moves; veg and nuts stay in order")
        XCTAssertEqual(d.deletedRows, [IndexPath(row: 1, section: 0)], "Pear, at its index path before")
        XCTAssertTrue(d.movedRows.isEmpty, "Apple goes with its section")
        let vc = Groups(start)
        var scene = LayerScene(size: CGSize(width: 200, height: 400), scale: 1, fps: 10, duration: 1)
        scene.rootViewController = vc
        scene.at(0.3) { vc.source?.apply(Groups.snapshot(end)) }
        let json = try scene.json().filter { !$0.isWhitespace }
        XCTAssertTrue(json.contains(#"{"moveSection":{"from":0,"to":2}}"#), json)
        XCTAssertFalse(json.contains("reloadData"), json)
        var still = LayerScene(size: CGSize(width: 200, height: 400), scale: 1, fps: 10, duration: 1)
        still.rootViewController = Groups(end)
        XCTAssertEqual(try Renderer(scene).frame(at: 1).data, try Renderer(still).frame(at: 1).data, "at rest: the new snapshot")
        XCTAssertNotEqual(try Renderer(scene).frame(at: 0.45).data, try Renderer(still).frame(at: 0.45).data, "moving")
    }

    /// `reconfigureItems` asks the cell provider again for those rows and shows what it gives
    /// from that time, the rows staying where they are.
    func testReconfiguredItemsShowTheirNewContent() throws {
        let vc = Fruit(["Apple", "Banana"])
        var scene = LayerScene(size: CGSize(width: 200, height: 120), scale: 1, fps: 10, duration: 1)
        scene.rootViewController = vc
        scene.at(0.3) {
            vc.names["Apple"] = "Apricot"
            guard var s = vc.source?.snapshot() else { return }
            s.reconfigureItems(["Apple"])
            vc.source?.apply(s)
        }
        let renamed = Fruit(["Apple", "Banana"])
        renamed.names["Apple"] = "Apricot"
        var still = LayerScene(size: CGSize(width: 200, height: 120), scale: 1, fps: 10, duration: 1)
        still.rootViewController = renamed
        XCTAssertEqual(try Renderer(scene).frame(at: 0.4).data, try Renderer(still).frame(at: 0.4).data, "Apricot from 0.3 s")
        XCTAssertNotEqual(try Renderer(scene).frame(at: 0.2).data, try Renderer(still).frame(at: 0.2).data, "Apple before")
    }

    /// `beginUpdates()`/`endUpdates()` (or an apply whose snapshot is the one shown) that
    /// changes nothing keeps the rows as they are (it wrote every row with empty content).
    func testAnUpdateThatChangesNothingKeepsTheRows() throws {
        let vc = RowsController(count: 2)
        var scene = LayerScene(size: CGSize(width: 200, height: 120), scale: 1, fps: 10, duration: 1)
        scene.rootViewController = vc
        scene.at(0.3) {
            vc.tableView.beginUpdates()
            vc.tableView.endUpdates()
        }
        var still = LayerScene(size: CGSize(width: 200, height: 120), scale: 1, fps: 10, duration: 1)
        still.rootViewController = RowsController(count: 2)
        XCTAssertEqual(try Renderer(scene).frame(at: 0.5).data, try Renderer(still).frame(at: 0.5).data)
        XCTAssertTrue(try scene.json().contains(#""title": "Row 1""#))
    }

    /// A cell provider that returns nil is UIKit's exception: the scene stops with a message.
    func testACellProviderReturningNilIsRefused() {
        final class Empty: UIViewController {
            var source: UITableViewDiffableDataSource<Int, Int>?
            let table = UITableView()
            override func viewDidLoad() {
                table.frame = view.bounds
                view.addSubview(table)
                source = UITableViewDiffableDataSource<Int, Int>(tableView: table) { _, _, _ in nil }
                var s = NSDiffableDataSourceSnapshot<Int, Int>()
                s.appendSections([0])
                s.appendItems([1, 2])
                source?.apply(s)
            }
        }
        var scene = LayerScene(size: CGSize(width: 200, height: 200), scale: 1, fps: 10, duration: 0)
        scene.rootViewController = Empty()
        XCTAssertThrowsError(try scene.json()) { error in
            XCTAssertTrue("\(error)".contains("the cell provider returned nil for [0, 0]"), "\(error)")
        }
    }
}
