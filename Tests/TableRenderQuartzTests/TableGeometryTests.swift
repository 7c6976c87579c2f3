import XCTest
import Foundation
import SceneModel
@testable import TableRenderQuartz

/// `rectForRow(at:)` and the table's other geometry questions, answered from the table's own
/// layout at the time of the code asking (issue 51: they did not exist).
final class TableGeometryTests: XCTestCase {
    /// Rows of heights 44, 45, 46 ... (row r is 44 + r points), which code can delete.
    final class Rows: NSObject, UITableViewDataSource, UITableViewDelegate {
        var heights = (0..<30).map { CGFloat(44 + $0) }
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { heights.count }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
            cell.textLabel?.text = "Row \(indexPath.row)"
            return cell
        }
        func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { heights[indexPath.row] }
    }

    /// The data sources of the scenes made (a table holds its data source weakly, as UIKit's).
    var sources: [Rows] = []

    func scene(_ rows: Rows, header: CGFloat? = nil) -> (LayerScene, UITableView) {
        sources.append(rows)
        var scene = LayerScene(size: CGSize(width: 320, height: 480), fps: 10, duration: 1)
        let table = UITableView(frame: .zero)
        table.dataSource = rows
        table.delegate = rows
        if let header { table.tableHeaderView = UIView(frame: CGRect(x: 0, y: 0, width: 0, height: header)) }
        scene.tableView = table
        return (scene, table)
    }

    func testRectsFollowTheDataAtTheTimeOfAsking() throws {
        let rows = Rows()
        var (scene, table) = scene(rows)
        var before = CGRect.zero, after = CGRect.zero, section = CGRect.zero, hit: IndexPath?
        scene.at(0.2) {
            before = table.rectForRow(at: IndexPath(row: 2, section: 0))
            hit = table.indexPathForRow(at: CGPoint(x: 10, y: 100))
            // The data changes and the table is told: the next answer is the new layout's.
            rows.heights.removeFirst()
            table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
            after = table.rectForRow(at: IndexPath(row: 2, section: 0))
            section = table.rect(forSection: 0)
        }
        XCTAssertEqual(before, CGRect(x: 0, y: 44 + 45, width: 320, height: 46))
        XCTAssertEqual(hit, IndexPath(row: 2, section: 0), "y 100 is in row 2 (89 ..< 135)")
        XCTAssertEqual(after, CGRect(x: 0, y: 45 + 46, width: 320, height: 47), "rows 1, 2, 3 are rows 0, 1, 2 now")
        XCTAssertEqual(section.height, (45...73).reduce(0) { $0 + CGFloat($1) })
        XCTAssertNoThrow(try scene.load())
    }

    func testTheHeaderViewIsInTheContent() throws {
        var (scene, table) = scene(Rows(), header: 100)
        var rect = CGRect.zero, header = CGRect.zero
        scene.at(0.1) {
            rect = table.rectForRow(at: IndexPath(row: 1, section: 0))
            header = table.rectForHeader(inSection: 0)
        }
        XCTAssertEqual(rect, CGRect(x: 0, y: 100 + 44, width: 320, height: 45))
        XCTAssertEqual(header, CGRect(x: 0, y: 100, width: 320, height: 0), "a plain section without a title has no header")
        XCTAssertNoThrow(try scene.load())
    }

    /// The least scroll that shows the rectangle, as UIScrollView's; one already shown does not move.
    func testScrollRectToVisible() throws {
        var (scene, table) = scene(Rows())
        var offsets: [CGFloat] = []
        scene.at(0.1) {
            let row = table.rectForRow(at: IndexPath(row: 8, section: 0))
            table.scrollRectToVisible(row, animated: false)
            offsets.append(table.contentOffset.y)
            table.scrollRectToVisible(table.rectForRow(at: IndexPath(row: 3, section: 0)), animated: false)
            offsets.append(table.contentOffset.y)
            table.scrollRectToVisible(table.rectForRow(at: IndexPath(row: 1, section: 0)), animated: false)
            offsets.append(table.contentOffset.y)
        }
        // Row 8 ends at 44 + ... + 52 = 432, within the 480-point table: no scroll.
        let end8 = (44...52).reduce(0) { $0 + CGFloat($1) }
        XCTAssertEqual(offsets[0], max(end8 - 480, 0))
        XCTAssertEqual(offsets[1], offsets[0], "row 3 is in view")
        XCTAssertEqual(offsets[2], offsets[0], "row 1 is in view")
        var (far, farTable) = self.scene(Rows())
        var offset: CGFloat = 0
        far.at(0.1) {
            farTable.scrollRectToVisible(farTable.rectForRow(at: IndexPath(row: 12, section: 0)), animated: false)
            offset = farTable.contentOffset.y
        }
        let end12 = (44...56).reduce(0) { $0 + CGFloat($1) }
        XCTAssertEqual(offset, end12 - 480, "row 12's bottom at the table's bottom")
        XCTAssertNoThrow(try far.load())
    }

    /// A row the table does not have stops the scene with UIKit's words; asking outside the
    /// scene's clock is said, not answered with a made-up rectangle.
    func testWhatCannotBeAnsweredIsSaid() {
        var (scene, table) = scene(Rows())
        scene.at(0.1) { _ = table.rectForRow(at: IndexPath(row: 99, section: 0)) }
        XCTAssertThrowsError(try scene.load()) { error in
            XCTAssertEqual((error as? SceneError)?.problems.map(\.message),
                           ["rectForRow(at:): request for rect at invalid index path [0, 99] (UIKit raises): the table has 1 sections then"])
        }
        var (early, earlyTable) = self.scene(Rows())
        XCTAssertEqual(earlyTable.rectForRow(at: IndexPath(row: 0, section: 0)), .zero)
        XCTAssertThrowsError(try early.load()) { error in
            XCTAssertEqual((error as? SceneError)?.problems.first?.message.hasPrefix("rectForRow(at:): asked outside the scene's clock"), true)
        }
    }
}
