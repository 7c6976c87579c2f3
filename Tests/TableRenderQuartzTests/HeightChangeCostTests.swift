import Foundation
@testable import TableRenderQuartz
import XCTest

/// A custom cell whose bar fills its content view's height.
final class BarCell: UITableViewCell {
    let bar = UIView()
    required override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        bar.backgroundColor = .systemBlue
        contentView.addSubview(bar)
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    override func layoutSubviews() {
        super.layoutSubviews()
        bar.frame = CGRect(x: 0, y: 0, width: 20, height: contentView.bounds.height)
    }
}

/// Rows of custom cells whose heights come from an array.
final class BarHeights: UITableViewController {
    var heights = Array(repeating: CGFloat(44), count: 100)
    override func viewDidLoad() { tableView.register(BarCell.self, forCellReuseIdentifier: "c") }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { heights.count }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath)
    }
    override func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { heights[indexPath.row] }
}

/// Issue 53: a thousand height changes of custom rows replayed the table's data after each to
/// learn the rows' index paths (26 s, then 6.3 s at the budget's edge: quadratic). Rows keep
/// their index paths through height changes, so the paths are read from the timeline kept
/// since the last event that may move rows; the data is replayed only after such an event.
final class HeightChangeCostTests: XCTestCase {
    func testHeightChangesDoNotReplayTheData() throws {
        let vc = BarHeights(style: .plain)
        var s = LayerScene(size: CGSize(width: 320, height: 480), scale: 1, fps: 10, duration: 2)
        s.rootViewController = vc
        for i in 0..<300 {
            s.at(0.1 + Double(i) * 0.001) {
                vc.heights[i % 5] = vc.heights[i % 5] == 44 ? 60 : 44
                vc.tableView.beginUpdates()
                vc.tableView.endUpdates()
            }
        }
        // A delete moves rows: the next height change replays the data once.
        s.at(0.5) {
            vc.heights.remove(at: 0)
            vc.tableView.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
        }
        s.at(0.51) {
            vc.heights[0] = 80
            vc.tableView.beginUpdates()
            vc.tableView.endUpdates()
        }
        let json = try s.json().filter { !$0.isWhitespace }
        XCTAssertLessThanOrEqual(vc.tableView.app.replays, 3, "replayed \(vc.tableView.app.replays) times for 301 height changes")
        // The last change is to the row that was row 1: its cell is laid out at 80 pt.
        XCTAssertTrue(json.contains(#""rowHeights":{"indexPaths":[[0,0]],"heights":[80]"#), String(json.prefix(400)))
        let cell = try XCTUnwrap(vc.tableView.cellForRow(at: IndexPath(row: 0, section: 0)) as? BarCell)
        XCTAssertEqual(cell.bar.frame.height, 79, "laid out for its new height (80 pt less the separator's point at 1x)")
    }
}

/// A probe: heights compared by index after a `moveRow` landed on the wrong rows (the moved
/// row took another's height), and a height changed in the same batch as an insert was
/// dropped. Heights are now followed through the batch to the row each was.
final class HeightThroughBatchTests: XCTestCase {
    func testHeightsFollowTheirRows() throws {
        let vc = BarHeights(style: .plain)
        vc.heights = Array(repeating: 44, count: 5)
        var s = LayerScene(size: CGSize(width: 320, height: 480), scale: 1, fps: 10, duration: 2)
        s.rootViewController = vc
        s.at(0.2) {
            vc.heights[1] = 90
            vc.tableView.beginUpdates()
            vc.tableView.endUpdates()
        }
        s.at(0.6) {
            vc.heights.insert(vc.heights.remove(at: 0), at: 3)
            vc.tableView.moveRow(at: IndexPath(row: 0, section: 0), to: IndexPath(row: 3, section: 0))
        }
        s.at(1.0) {
            vc.tableView.beginUpdates()
            vc.heights.insert(44, at: 0)
            vc.tableView.insertRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
            vc.heights[3] = 70   // the row that was row 2 before the insert
            vc.tableView.endUpdates()
        }
        let json = try s.json().filter { !$0.isWhitespace }
        XCTAssertEqual(json.components(separatedBy: "rowHeights").count - 1, 2, "one at 0.2 and one in the insert's batch, none with the move: \(json)")
        XCTAssertTrue(json.contains(#""rowHeights":{"indexPaths":[[0,1]],"heights":[90]"#), json)
        XCTAssertTrue(json.contains(#""rowHeights":{"indexPaths":[[0,2]],"heights":[70]}"#), "named as before the batch: \(json)")
        // The cell of that row, at index 3 after the insert, is laid out for its 70 pt.
        XCTAssertTrue(json.contains(#""reconfigureRows":{"indexPaths":[[0,3]],"rows":[{"title":"","cell":{"layers":[{"bounds":[0,0,320,69]"#), json)
    }
}
