import XCTest
import SceneModel
import TableRender
@testable import TableRenderQuartz

/// Built-in cells and list content configurations in a self-sizing table (issue 51): with
/// `rowHeight = UITableView.automaticDimension` a cell whose `textLabel.numberOfLines = 0` (or a
/// list configuration, whose texts are as many lines as they need) grows with its wrapped text,
/// as the JSON rows of `"rowHeight": "auto"` do. Before, such a row kept the estimate (44 pt)
/// and its text was cut to one line.
final class BuiltInSelfSizingTests: XCTestCase {
    static let long = "A long title that wraps onto a second line and maybe a third one too when it keeps going"

    final class List: UITableViewController {
        override func viewDidLoad() { tableView.rowHeight = UITableView.automaticDimension }
        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 4 }
        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            switch indexPath.row {
            case 0:
                let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
                cell.textLabel?.text = "One line"
                return cell
            case 1:
                let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
                cell.textLabel?.text = BuiltInSelfSizingTests.long
                cell.textLabel?.numberOfLines = 0
                return cell
            case 2:
                let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
                cell.textLabel?.text = BuiltInSelfSizingTests.long
                return cell
            default:
                let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
                var content = cell.defaultContentConfiguration()
                content.text = BuiltInSelfSizingTests.long
                cell.contentConfiguration = content
                return cell
            }
        }
    }

    func testWrappedBuiltInTextGrowsItsRowAsTheJSONRowDoes() throws {
        var s = LayerScene(size: CGSize(width: 375, height: 600), scale: 3, fps: 10, duration: 0)
        s.rootViewController = List(style: .plain)
        let rows = try XCTUnwrap(try s.load().scene.table?.sections.first?.rows)
        let json = #"{"version": 1, "canvas": {"size": [375, 600], "scale": 3}, "fps": 10, "duration": 0, "table": {"rowHeight": "auto", "sections": [{"rows": ["#
            + #"{"title": "One line"}, {"title": "\#(Self.long)", "titleLines": 0}, {"title": "\#(Self.long)"}]}]}}"#
        let expected = try XCTUnwrap(SceneLoader.load(bytes: Array(json.utf8), displayName: "t", directory: ".").scene.table?.sections.first?.rows)
        XCTAssertEqual(rows.count, 4)
        XCTAssertEqual(rows[0].height, 44)
        XCTAssertEqual(rows[1].height, expected[1].height, "the wrapped title's row, as JSON's")
        XCTAssertGreaterThan(try XCTUnwrap(rows[1].height), 60, "two lines or more")
        XCTAssertEqual(rows[2].height, 44, "numberOfLines 1: one line, truncated")
        XCTAssertEqual(rows[3].labelStyles?.title.lines, 0, "a list configuration's text wraps")
        XCTAssertEqual(rows[3].height, expected[1].height, "and grows its row as the wrapped label does")
    }
}
