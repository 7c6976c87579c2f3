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

    /// A row of no height (UIKit's hidden row) or less was drawn at `rowHeight`, silently.
    func testARowOfNoHeightIsSaid() {
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
        for (height, shown) in [(CGFloat(0), "0"), (-12.5, "-12.5")] {
            let source = Source(height)
            XCTAssertEqual(problems { _, t in t.dataSource = source; t.delegate = source },
                           ["table: tableView(_:heightForRowAt:) returned \(shown) for [0, 1]: expected a height above 0 or UITableView.automaticDimension (a row of height 0, UIKit's way of hiding a row, is not drawn yet: leave the row out of the data source)"])
        }
        let fine = Source(60)
        XCTAssertEqual(problems { _, t in t.dataSource = fine; t.delegate = fine }, [])
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
