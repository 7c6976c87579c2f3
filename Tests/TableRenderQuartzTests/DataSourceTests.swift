import TableRenderQuartz
import XCTest
import TestSupport

/// A table view controller as apps write one: the table asks it for the model and cells as
/// UIKit asks, and taps reach its delegate methods.
class GrowingRowsController: UITableViewController {
    var selectedIndex = -1
    var log: [String] = []

    override func loadView() { log.append("loadView"); super.loadView() }
    override func viewDidLoad() {
        super.viewDidLoad()
        log.append("viewDidLoad \(Int(view.bounds.width))x\(Int(view.bounds.height))")
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
    }
    override func viewWillAppear(_ animated: Bool) { log.append("viewWillAppear \(Int(view.bounds.width))x\(Int(view.bounds.height))") }
    override func viewIsAppearing(_ animated: Bool) { log.append("viewIsAppearing") }
    override func viewWillLayoutSubviews() { log.append("viewWillLayoutSubviews") }
    override func viewDidLayoutSubviews() { log.append("viewDidLayoutSubviews") }
    override func viewDidAppear(_ animated: Bool) { log.append("viewDidAppear") }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 30 }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        log.append("cellForRowAt \(indexPath.row)")
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
        cell.textLabel?.text = "  \(indexPath.row + 1)"
        return cell
    }
    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        log.append("didSelectRowAt \(indexPath.row)")
        selectedIndex = selectedIndex == indexPath.row ? -1 : indexPath.row
        tableView.beginUpdates()
        tableView.endUpdates()
    }
    override func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        indexPath.row == selectedIndex ? 200 : 40
    }
}

/// A list of strings as a data source: a plain cell per item; every row but the first can be
/// deleted, which removes its item and deletes the row.
final class ItemsList: UIViewController, UITableViewDataSource, UITableViewDelegate {
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    var items: [String]
    let table = UITableView()
    init(_ items: [String]) {
        self.items = items
        super.init(nibName: nil, bundle: nil)
    }
    override func viewDidLoad() {
        table.frame = view.bounds
        view.addSubview(table)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "c")
        table.dataSource = self
        table.delegate = self
    }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { items.count }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath)
        cell.textLabel?.text = items[indexPath.row]
        return cell
    }
    func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { indexPath.row != 0 }
    func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        items.remove(at: indexPath.row)
        tableView.deleteRows(at: [indexPath], with: .fade)
    }
}

final class DataSourceTests: XCTestCase {
    func compact(_ json: String) -> String { json.filter { !$0.isWhitespace } }

    func scene(_ vc: UIViewController, script: [TableScriptEvent] = [], duration: Double = 1) -> LayerScene {
        var scene = LayerScene(size: CGSize(width: 200, height: 200), scale: 1, fps: 10, duration: duration)
        scene.script = script
        scene.rootViewController = vc
        return scene
    }

    func testLifecycleInUIKitsOrderWithTheViewSizedFirst() throws {
        let vc = GrowingRowsController(style: .plain)
        let s = scene(vc)
        XCTAssertEqual(Array(vc.log.prefix(6)), ["loadView", "viewDidLoad 200x200", "viewWillAppear 200x200", "viewIsAppearing", "viewWillLayoutSubviews", "cellForRowAt 0"])
        XCTAssertEqual(vc.log.suffix(2), ["viewDidLayoutSubviews", "viewDidAppear"])
        XCTAssertEqual(vc.log.filter { $0.hasPrefix("cellForRowAt") }.count, 5, "200 pt of 40 pt rows")
        XCTAssertTrue(try s.json().contains(#""title": "  1""#), "a cell's leading spaces are kept")
    }

    /// Cells are asked for only as rows come into view, in time order, from cells that left
    /// the screen (prepareForReuse) once there are some; the rows never shown are never asked for.
    /// A table built from sections has no cells to give: asking it for the cells in view is
    /// refused when the scene is written (issue 28), not answered with an empty list.
    func testAskingASectionsTableForItsCellsInViewIsRefused() throws {
        let scene = try LayerScene(contentsOf: Package.scene("sections.json"))
        XCTAssertNoThrow(try scene.json(), "asked nothing: written")
        let table = try XCTUnwrap(scene.tableView)
        XCTAssertTrue(table.visibleCells.isEmpty)
        XCTAssertThrowsError(try scene.json()) { error in
            XCTAssertTrue("\(error)".contains("visibleCells: the rows in view and their cells are known only for a table with a dataSource"), "\(error)")
        }
    }

    func testCellsAreAskedForAsRowsAppearAndReused() throws {
        final class Counting: UITableViewCell {
            required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
            nonisolated(unsafe) static var made = 0
            var reused = 0
            required init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
                Counting.made += 1
                super.init(style: style, reuseIdentifier: reuseIdentifier)
            }
            override func prepareForReuse() { reused += 1 }
        }
        Counting.made = 0
        let vc = GrowingRowsController(style: .plain)
        vc.loadViewIfNeeded()
        vc.tableView.register(Counting.self, forCellReuseIdentifier: "cell")
        var s = scene(vc, script: [.scroll(at: 0.2, to: 200, duration: 0.5)])
        s.at(0.45) {
            let rows = vc.tableView.indexPathsForVisibleRows?.map(\.row) ?? []
            // Code at 0.45 s sees the table as last drawn, at 0.4 s: 0.4 of the scroll's time,
            // about 70 pt of 200 with ease in, ease out, so row 1 (40 to 80) is the first in view.
            XCTAssertEqual(rows, [1, 2, 3, 4, 5, 6])
            XCTAssertEqual(vc.tableView.visibleCells.count, rows.count)
        }
        _ = try s.json()
        let asked = vc.log.compactMap { $0.hasPrefix("cellForRowAt ") ? Int($0.dropFirst(13)) : nil }
        XCTAssertEqual(asked, Array(0...9), "rows 0 to 9 show over the scroll, each asked once, in order")
        XCTAssertLessThanOrEqual(Counting.made, 7, "cells that left are reused")
        XCTAssertTrue(vc.tableView.visibleCells.contains { ($0 as? Counting)?.reused ?? 0 > 0 }, "the last rows' cells were reused")
    }

    /// A tap reaches the delegate in UIKit's order at its time, as code then: the height
    /// change of `beginUpdates()`/`endUpdates()` is an update at the tap's time.
    func testATapSelectsInUIKitsOrderAndItsUpdateAnimates() throws {
        final class Logging: GrowingRowsController {
            override func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
                log.append("willSelectRowAt \(indexPath.row) at \(CACurrentMediaTime())")
                return indexPath
            }
            override func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) { log.append("didHighlightRowAt") }
            override func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) { log.append("didUnhighlightRowAt") }
        }
        let vc = Logging(style: .plain)
        let s = scene(vc, script: [.tap(at: 0.3, row: 2)])
        let json = compact(try s.json())
        let touch = vc.log.drop { !$0.hasPrefix("didHighlight") }.prefix(4)
        XCTAssertEqual(Array(touch), ["didHighlightRowAt", "willSelectRowAt 2 at 0.3", "didUnhighlightRowAt", "didSelectRowAt 2"])
        XCTAssertEqual(vc.tableView.indexPathsForSelectedRows, [IndexPath(row: 2, section: 0)])
        XCTAssertTrue(json.contains(#"{"at":0.3,"rowHeights":{"indexPaths":[[0,2]],"heights":[200]"#), json)
    }

    /// An update whose counts disagree with the data source gets UIKit's message, and a
    /// dequeue with an identifier nothing was registered for gets UIKit's, when the scene is written.
    func testInconsistentUpdatesAndUnregisteredCellsAreRefusedWithUIKitsMessages() throws {
        final class Forgetful: GrowingRowsController {
            override func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
                tableView.deleteRows(at: [indexPath], with: .fade)   // the data still has 30 rows
            }
        }
        let vc = Forgetful(style: .plain)
        let s = scene(vc, script: [.swipe(at: 0.2, IndexPath(row: 1, section: 0), UITableViewSwipe(isFull: true))])
        XCTAssertThrowsError(try s.json()) { error in
            XCTAssertTrue("\(error)".contains("Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (30) must be equal to the number of rows contained in that section before the update (30), plus or minus the number of rows inserted or deleted from that section (0 inserted, 1 deleted)"), "\(error)")
        }
        final class Unregistered: UITableViewController {
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
            }
        }
        XCTAssertThrowsError(try scene(Unregistered()).json()) { error in
            XCTAssertTrue("\(error)".contains("unable to dequeue a cell with identifier Cell - must register a nib or a class"), "\(error)")
        }
    }

    /// A full swipe commits the delete through the data source when the content has moved; a
    /// row the data source cannot edit is not swiped.
    func testAFullSwipeCommitsTheDeleteAndUneditableRowsDoNotSwipe() throws {
        let vc = ItemsList(["A", "B", "C", "D"])
        let s = scene(vc, script: [.swipe(at: 0.1, IndexPath(row: 0, section: 0), UITableViewSwipe(isFull: true)),
                                   .swipe(at: 0.2, IndexPath(row: 2, section: 0), UITableViewSwipe(isFull: true, duration: 0.25))])
        let json = compact(try s.json())
        XCTAssertEqual(vc.items, ["A", "B", "D"])
        XCTAssertFalse(json.contains(#""row":0,"#) && json.contains(#"{"at":0.1,"swipe""#), json)
        XCTAssertTrue(json.contains(#"{"at":0.45,"deleteRows":{"indexPaths":[[0,2]],"animation":"fade","duration":0.3}"#), json)
        XCTAssertTrue(json.contains(#""title":"C""#), "the deleted row was shown with its title")
    }

    /// A row didSelectRowAt leaves selected stays highlighted (systemGray4) until another row
    /// is tapped, as on iOS; with multiple selection a second tap takes it off.
    func testASelectedRowStaysHighlightedUntilAnotherIsTapped() throws {
        let vc = GrowingRowsController(style: .plain)
        let s = scene(vc, script: [.tap(at: 0.3, row: 1), .tap(at: 0.6, row: 3)])
        XCTAssertTrue(compact(try s.json()).contains(#""selection":{"deselect":"never"}"#))
        func background(_ t: Double, _ y: Int) throws -> [UInt8] {
            let f = try Renderer(s).frame(at: t).unpremultipliedRGBA()
            return Array(f[((y * 200) + 190) * 4..<((y * 200) + 190) * 4 + 3])
        }
        XCTAssertEqual(try background(0.2, 50), [255, 255, 255])
        XCTAssertEqual(try background(0.5, 50), [209, 209, 214], "row 1 selected: systemGray4")
        XCTAssertEqual(try background(0.7, 50), [255, 255, 255], "deselected by the tap on row 3")
        final class Plain: GrowingRowsController {
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = super.tableView(tableView, cellForRowAt: indexPath)
                cell.selectionStyle = .none
                return cell
            }
        }
        XCTAssertFalse(try scene(Plain(style: .plain), script: [.tap(at: 0.3, row: 1)]).json().contains("never"),
                       "cells with selectionStyle none show no highlight")

        var multi = LayerScene(size: CGSize(width: 200, height: 132), scale: 1, fps: 10, duration: 0.5)
        let table = UITableView()
        table.sections = [UITableViewSection(rows: ["A", "B", "C"].map { UITableViewRow(title: $0) })]
        table.keepsSelection = true
        table.allowsMultipleSelection = true
        multi.tableView = table
        multi.script = [.tap(at: 0.1, row: 0), .tap(at: 0.2, row: 1), .tap(at: 0.3, row: 0)]
        XCTAssertTrue(compact(try multi.json()).contains(#""selection":{"deselect":"never","multiple":true}"#))
        let f = try Renderer(multi).frame(at: 0.4).unpremultipliedRGBA()
        XCTAssertEqual(f[(22 * 200 + 190) * 4], 255, "row 0 tapped twice: not selected")
        XCTAssertEqual(f[(66 * 200 + 190) * 4], 209, "row 1 still selected")
    }

    /// A data source's custom cell (a subclass with a label of its own, the shape of a
    /// storyboard prototype with an outlet) is drawn as each row's own cell: the same pixels as
    /// a template written by hand while the cells differ only in their texts, and a cell that
    /// differs in more (a colour) draws as configured, where it was refused before.
    func testCustomCellsAreEachRowsOwnCell() throws {
        final class TitleCell: UITableViewCell {
            lazy var titleLabel: UILabel! = {
                let l = UILabel(frame: CGRect(x: 40, y: 10, width: 150, height: 20))
                l.textColor = .systemBlue
                contentView.addSubview(l)
                return l
            }()
        }
        final class List: UITableViewController {
            var tint: UIColor?
            override func viewDidLoad() { tableView.register(TitleCell.self, forCellReuseIdentifier: "cell") }
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 8 }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath) as! TitleCell
                cell.titleLabel?.text = "Item \(indexPath.row)"
                if let tint, indexPath.row == 2 { cell.titleLabel.textColor = tint }
                return cell
            }
        }
        let s = scene(List())
        let json = compact(try s.json())
        XCTAssertFalse(json.contains("template"), json)
        XCTAssertTrue(json.contains(#""string":"Item3""#), json)
        var byHand = LayerScene(size: CGSize(width: 200, height: 200), scale: 1, fps: 10, duration: 1)
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        table.sections = [UITableViewSection(rows: (0..<8).map { UITableViewRow(values: ["v0": "Item \($0)"]) })]
        let proto = UITableViewCell(frame: .zero)
        let label = UILabel(frame: CGRect(x: 40, y: 10, width: 150, height: 20))
        label.textColor = .systemBlue
        label.text = "{v0}"
        proto.contentView.addSubview(label)
        table.cellTemplate = proto
        byHand.tableView = table
        XCTAssertEqual(try Renderer(s).frame(at: 0.5).data, try Renderer(byHand).frame(at: 0.5).data)

        let odd = List()
        odd.tint = .systemRed
        let f = try Renderer(scene(odd)).frame(at: 0.5).unpremultipliedRGBA()
        /// The reddest pixel of a row's label.
        func reddest(_ row: Int) -> Int {
            (0..<20).flatMap { y in (40..<120).map { x in (row * 44 + 10 + y) * 200 + x } }
                .map { Int(f[$0 * 4]) - Int(f[$0 * 4 + 2]) }.max() ?? 0
        }
        XCTAssertGreaterThan(reddest(2), 100, "row 2's label is systemRed")
        XCTAssertLessThanOrEqual(reddest(1), 0, "row 1's label stays systemBlue: nothing in it is red")
    }

    /// A tap on a revealed action runs the delegate's handler at its time (here it deletes the
    /// row), and the actions a swipe shows are the delegate's configuration.
    func testTappingARevealedActionRunsItsHandler() throws {
        final class Mail: UITableViewController {
            var items = ["One", "Two", "Three"], archived: [String] = []
            override func viewDidLoad() { tableView.register(UITableViewCell.self, forCellReuseIdentifier: "c") }
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { items.count }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath)
                cell.textLabel?.text = items[indexPath.row]
                return cell
            }
            override func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
                let delete = UIContextualAction(style: .destructive, title: "Delete") { _, _, done in
                    self.items.remove(at: indexPath.row)
                    tableView.deleteRows(at: [indexPath], with: .left)
                    done(true)
                }
                let archive = UIContextualAction(style: .normal, title: "Archive") { _, _, done in
                    self.archived.append(self.items[indexPath.row])
                    done(true)
                }
                archive.backgroundColor = .systemBlue
                return UISwipeActionsConfiguration(actions: [delete, archive])
            }
        }
        let vc = Mail(style: .plain)
        let s = scene(vc, script: [.swipe(at: 0.1, IndexPath(row: 1, section: 0)), .tapSwipeAction(at: 0.6, IndexPath(row: 1, section: 0), action: 0)])
        let json = compact(try s.json())
        XCTAssertEqual(vc.items, ["One", "Three"])
        XCTAssertTrue(json.contains(#""actions":[{"title":"Delete","style":"destructive"},{"title":"Archive","style":"normal","backgroundColor""#), json)
        XCTAssertTrue(json.contains(#"{"at":0.6,"deleteRows":{"indexPaths":[[0,1]],"animation":"left""#), json)
        let other = Mail(style: .plain)
        _ = try scene(other, script: [.swipe(at: 0.1, IndexPath(row: 2, section: 0)), .tapSwipeAction(at: 0.6, IndexPath(row: 2, section: 0), action: 1)]).json()
        XCTAssertEqual(other.archived, ["Three"])
        XCTAssertEqual(other.items.count, 3)
    }

    /// A table's own updates are priced before the table is simulated with them (issue 53): a
    /// thousand overlapping deletes on 4,000 rows stop the scene with the budget's message as
    /// they are made (they took 1.8 GB and 9 s of recording before the render refused them).
    func testUpdatesPastTheBudgetStopTheSceneAsTheyAreMade() throws {
        let vc = ItemsList((0..<4000).map { "Row \($0)" })
        var s = scene(vc, duration: 2)
        for i in 0..<1000 {
            s.at(0.1 + Double(i) * 0.001) {
                vc.items.remove(at: 0)
                vc.table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
            }
        }
        XCTAssertThrowsError(try s.json()) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("units of table simulation work") && message.contains("a table's own updates are simulated as app code makes them"), message)
        }
    }
}
