import XCTest
import Foundation
import SceneModel
import Geometry
import TableRender
@testable import TableRenderQuartz

/// What a hostile probe of the table recorded into the model found (issue 53, on the new code):
/// a Swift `rowCount` checked before its rows are made, priced as a file's, and a table's
/// header and footer views that cannot be drawn refused by name.
final class SwiftTableHardeningTests: XCTestCase {
    func problems(_ setUp: (inout LayerScene, UITableView) -> Void) -> [String] {
        var scene = LayerScene(size: CGSize(width: 320, height: 480), fps: 10, duration: 1)
        let table = UITableView(frame: .zero)
        scene.tableView = table
        setUp(&scene, table)
        do {
            _ = try scene.load()
            return []
        } catch {
            return error.problems.map { "\($0.path): \($0.message)" }
        }
    }

    /// `rowCount = Int.max` trapped (an allocation of every row); 10,000,000 took 2.3 GB before
    /// its refusal; 25,000 was refused where the same file loads.
    func testARowCountIsCheckedBeforeItsRowsAreMade() {
        XCTAssertEqual(problems { $1.rowCount = Int.max }, ["table.rowCount: expected a whole number from 0 to 10000000, found 9223372036854775807"])
        XCTAssertEqual(problems { $1.rowCount = -3 }, ["table.rowCount: expected a whole number from 0 to 10000000, found -3"])
        XCTAssertEqual(problems { $1.rowCount = 10_000_000 },
                       ["table.rowCount: expected at most 100000 layers and table rows, found 10000000 with these rows (a budget: raise it with --max-layers)"])
        XCTAssertEqual(problems { $1.rowCount = 25_000 }, [], "within the budgets, as the same file is")
        XCTAssertEqual(problems { $1.rowCount = 1000; $1.titleFormat = String(repeating: "x", count: 1000) + " %d" }.first?.hasPrefix("table.titleFormat: expected at most 200000 bytes"), true)
    }

    func testAHeaderViewThatCannotBeDrawnIsRefusedByName() {
        XCTAssertEqual(problems { $1.tableHeaderView = UIView(frame: CGRect(x: 0, y: 0, width: 0, height: CGFloat.nan)) },
                       ["table.tableHeaderView.frame: expected the view's height, above 0 and at most 10000 points, found nan"])
        XCTAssertEqual(problems { $1.tableFooterView = UIView(frame: CGRect(x: 0, y: 0, width: 0, height: 20_000)) },
                       ["table.tableFooterView.frame: expected the view's height, above 0 and at most 10000 points, found 20000"])
        XCTAssertEqual(problems { _, t in t.tableFooterView = UIView() }, [], "the zero-height footer apps set")
        // Set after the start, or changed then: refused, not drawn from the start.
        XCTAssertEqual(problems { scene, t in scene.at(0.5) { t.tableHeaderView = UIView(frame: CGRect(x: 0, y: 0, width: 0, height: 40)) } },
                       ["table.tableHeaderView: set at 0.5 s: a tableHeaderView set after the scene's start is not drawn yet (set it before the scene starts, in viewDidLoad)"])
        let banner = UIView(frame: CGRect(x: 0, y: 0, width: 0, height: 40))
        XCTAssertEqual(problems { scene, t in t.tableHeaderView = banner; scene.at(0.5) { banner.backgroundColor = .systemRed } },
                       ["table.tableHeaderView: the tableHeaderView's views animated or changed at a scene time are not drawn yet (the view as the scene starts is)"])
    }

    /// What UIKit raises for stops the scene with UIKit's words (issue 53's probe on the new
    /// code: each of these loaded and drew, silently, before): the table as its own header (or a
    /// view holding it), margins that are not numbers, and a constraint between view trees.
    func testWhatUIKitRaisesForIsRefused() {
        XCTAssertEqual(problems { _, t in t.tableHeaderView = t }, ["table.tableHeaderView: the table itself: UIKit raises \"Can't add self as subview\""])
        XCTAssertEqual(problems { _, t in
            let holder = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
            holder.addSubview(t)
            t.tableFooterView = holder
        }, ["table.tableFooterView: a view that holds the table: UIKit raises (a view cannot be its own subview's subview)"])
        XCTAssertEqual(problems { _, t in
            let header = UIView(frame: CGRect(x: 0, y: 0, width: 0, height: 60))
            header.layoutMargins = UIEdgeInsets(top: .nan, left: 8, bottom: 0, right: .infinity)
            t.tableHeaderView = header
        }, ["table.tableHeaderView: UIView.layoutMargins: expected finite insets, found (top nan, left 8.0, bottom 0.0, right inf)"])
        XCTAssertEqual(problems { _, t in
            let header = UIView(frame: CGRect(x: 0, y: 0, width: 0, height: 60)), elsewhere = UIView()
            let label = UILabel()
            label.text = "Hello"
            label.translatesAutoresizingMaskIntoConstraints = false
            header.addSubview(label)
            NSLayoutConstraint.activate([label.leadingAnchor.constraint(equalTo: elsewhere.layoutMarginsGuide.leadingAnchor),
                                         label.topAnchor.constraint(equalTo: header.topAnchor)])
            t.tableHeaderView = header
        }, ["table.tableHeaderView.sublayers[0]: NSLayoutConstraint: Unable to activate constraint with anchors <UILabel>.leading and <UILayoutGuide>.leading because they have no common ancestor. Does the constraint or its anchors reference items in different view hierarchies? That's illegal."])
        // The same constraints within one tree load.
        XCTAssertEqual(problems { _, t in
            let header = UIView(frame: CGRect(x: 0, y: 0, width: 0, height: 60))
            let label = UILabel()
            label.text = "Hello"
            label.translatesAutoresizingMaskIntoConstraints = false
            header.addSubview(label)
            NSLayoutConstraint.activate([label.leadingAnchor.constraint(equalTo: header.layoutMarginsGuide.leadingAnchor),
                                         label.topAnchor.constraint(equalTo: header.topAnchor)])
            t.tableHeaderView = header
        }, [])
    }

    /// A header view also in a cell was drawn twice (a probe): UIKit moves a view to the last
    /// view it is added to. Set as the header, a view leaves the view it was in; added to
    /// another view afterwards (a cell's content), the scene stops with what to do instead.
    func testAHeaderViewIsInOnePlace() {
        let holder = UIView(), banner = UIView(frame: CGRect(x: 0, y: 0, width: 0, height: 40))
        holder.addSubview(banner)
        XCTAssertEqual(problems { _, t in t.tableHeaderView = banner }, [])
        XCTAssertNil(banner.superview, "moved out of the view it was in, into the table")
        XCTAssertTrue(holder.subviews.isEmpty)
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        XCTAssertEqual(problems { scene, t in
            t.tableHeaderView = banner
            cell.contentView.addSubview(banner)
            scene.layers = [cell.layer]
        }, ["layers[0].sublayers[0] (a UIView): UIView.addSubview(_:): the view added is the table's tableHeaderView; UIKit moves it here, leaving the table's tableHeaderView empty (not drawn yet): make a view for each place"])
        XCTAssertNil(banner.superview, "not added")
        // Replaced as the footer, a view is free to go elsewhere.
        let footer = UIView(frame: CGRect(x: 0, y: 0, width: 0, height: 20))
        XCTAssertEqual(problems { _, t in
            t.tableFooterView = footer
            t.tableFooterView = UIView()
            holder.addSubview(footer)
        }, [])
        XCTAssertTrue(footer.superview === holder)
    }

    /// A row of negative height was drawn at `rowHeight`, silently: it is said. A row of no
    /// height is UIKit's hidden row, and is drawn so (`testARowOfNoHeightIsHidden`).
    func testARowOfNegativeHeightIsSaid() {
        final class Source: NSObject, UITableViewDataSource, UITableViewDelegate {
            let height: CGFloat
            init(_ height: CGFloat) { self.height = height }
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
                cell.textLabel?.text = "Row \(indexPath.row)"
                return cell
            }
            func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { indexPath.row == 1 ? height : 44 }
        }
        let source = Source(-12.5)
        XCTAssertEqual(problems { _, t in t.dataSource = source; t.delegate = source },
                       ["table: tableView(_:heightForRowAt:) returned -12.5 for [0, 1]: expected a height of 0 or more (0 hides the row) or UITableView.automaticDimension"])
        for height in [CGFloat(60), 0] {
            let fine = Source(height)
            XCTAssertEqual(problems { _, t in t.dataSource = fine; t.delegate = fine }, [], "\(height)")
        }
    }

    /// `heightForRowAt` returning 0 hides the row, as on iOS: the rows below sit where they
    /// would without it (the same pixels below the separators at 44 pt), its title is not drawn,
    /// and a row collapsed to 0 between `beginUpdates()` and `endUpdates()` closes up. (It was
    /// refused: "not drawn yet".)
    func testARowOfNoHeightIsHidden() throws {
        final class Rows: UITableViewController {
            required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
            let titles: [String]
            var heights: [CGFloat]
            init(_ titles: [String], heights: [CGFloat]) { self.titles = titles; self.heights = heights; super.init(style: .plain) }
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { titles.count }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
                cell.textLabel?.text = titles[indexPath.row]
                return cell
            }
            override func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { heights[indexPath.row] }
        }
        func frame(_ vc: Rows, at t: Double = 0, collapse: Int? = nil) throws -> (px: [UInt8], width: Int) {
            var scene = LayerScene(size: CGSize(width: 160, height: 200), scale: 1, fps: 10, duration: 1)
            scene.showsStatusBar = false
            scene.rootViewController = vc
            if let collapse {
                scene.at(0.2) { vc.heights[collapse] = 0; vc.tableView.beginUpdates(); vc.tableView.endUpdates() }
            }
            let f = try Renderer(scene).frame(at: t)
            return (f.unpremultipliedRGBA(), f.width)
        }
        func rows(_ f: (px: [UInt8], width: Int), from y: Int) -> ArraySlice<UInt8> { f.px[(y * f.width * 4)...] }
        let hidden = try frame(Rows(["Row 0", "Row 1", "Row 2"], heights: [44, 0, 44]))
        let without = try frame(Rows(["Row 0", "Row 2"], heights: [44, 44]))
        XCTAssertEqual(hidden.px.count, without.px.count)
        XCTAssertTrue(rows(hidden, from: 45) == rows(without, from: 45), "the rows below a hidden row sit as if it were not there")
        XCTAssertTrue(hidden.px[..<(43 * 160 * 4)] == without.px[..<(43 * 160 * 4)])
        // Collapsed by an update: at its end the same as never there.
        let collapsed = try frame(Rows(["Row 0", "Row 1", "Row 2"], heights: [44, 44, 44]), at: 1, collapse: 1)
        XCTAssertTrue(rows(collapsed, from: 45) == rows(without, from: 45), "a row collapsed to 0 closes up")
        // The scene's JSON (a row's `height` 0) reads back and draws the same.
        var scene = LayerScene(size: CGSize(width: 160, height: 200), scale: 1, fps: 10, duration: 1)
        scene.showsStatusBar = false
        scene.rootViewController = Rows(["Row 0", "Row 1", "Row 2"], heights: [44, 0, 44])
        let json = try scene.json()
        XCTAssertTrue(json.contains("\"height\": 0"), json)
        let loaded = try SceneLoader.load(bytes: Array(json.utf8), displayName: "hidden.json", directory: scene.directory)
        XCTAssertTrue(Renderer(loaded: loaded).frame(at: 0).unpremultipliedRGBA() == hidden.px)
    }

    /// The probe's message nits: a NaN height was said once per row (50 rows, 50 messages), and
    /// a bad `estimatedRowHeight` was named as the table's `rowHeight`, which the code never set.
    func testBadHeightsAreSaidOnceByTheirName() {
        final class Source: NSObject, UITableViewDataSource, UITableViewDelegate {
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 50 }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                UITableViewCell(style: .default, reuseIdentifier: nil)
            }
            func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { indexPath.row < 2 ? 44 : .nan }
        }
        let source = Source()
        XCTAssertEqual(problems { _, t in t.dataSource = source; t.delegate = source },
                       ["table: tableView(_:heightForRowAt:) returned NaN for [0, 2] (and 47 more rows): return a height or UITableView.automaticDimension"])
        XCTAssertEqual(problems { _, t in
            t.sections = [UITableViewSection(rows: [UITableViewRow(title: "A")])]
            t.rowHeight = UITableView.automaticDimension
            t.estimatedRowHeight = .infinity
        }, ["table.estimatedRowHeight: expected a height from 0 (44 points) to 10000, found inf"])
    }

    /// A table of no frame is the canvas's: its header view takes the canvas's width (it was 0
    /// wide, and drew nothing).
    func testAHeaderViewOfATableOfNoFrameIsTheCanvasWide() throws {
        var scene = LayerScene(size: CGSize(width: 320, height: 480), fps: 10, duration: 0)
        let table = UITableView(frame: .zero)
        table.sections = [UITableViewSection(rows: [UITableViewRow(title: "A")])]
        let banner = UIView(frame: CGRect(x: 0, y: 0, width: 0, height: 100))
        banner.backgroundColor = .systemOrange
        table.tableHeaderView = banner
        scene.tableView = table
        XCTAssertEqual(try scene.load().scene.table?.tableHeaderView?.bounds, Rect(0, 0, 320, 100))
    }
}
