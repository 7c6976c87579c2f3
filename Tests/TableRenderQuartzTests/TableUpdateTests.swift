import Hashing
import TableRender
import TableRenderQuartz
import XCTest

/// Table updates from Swift as apps write them: change the data, then tell the table
/// (`insertRows(at:with:)`, `deleteRows`, `beginUpdates()`/`endUpdates()`); the scene they
/// write draws what the same updates in JSON draw, and counts that disagree get UIKit's message.
final class TableUpdateTests: XCTestCase {
    /// The written JSON without its layout's spaces and line breaks.
    func compact(_ json: String) -> String { json.filter { !$0.isWhitespace } }

    func groceries() -> (LayerScene, UITableView) {
        var scene = LayerScene(size: CGSize(width: 200, height: 300), scale: 1, fps: 10, duration: 2)
        let table = UITableView(frame: .zero, style: .grouped)
        table.sections = [UITableViewSection(title: "Groceries", rows: ["Milk", "Bread", "Apples"].map { UITableViewRow(title: $0) })]
        scene.tableView = table
        return (scene, table)
    }

    let json = #"""
        {"version": 1, "canvas": {"size": [200, 300]}, "fps": 10, "duration": 2,
         "table": {"style": "grouped", "sections": [{"title": "Groceries", "rows": [{"title": "Milk"}, {"title": "Bread"}, {"title": "Apples"}]}]},
         "script": [
           {"at": 0.5, "insertRows": {"indexPaths": [[0, 1]], "rows": [{"title": "Eggs"}], "animation": "fade"}},
           {"at": 1.2, "deleteRows": {"indexPaths": [[0, 3]], "animation": "left", "duration": 0.4}}
         ]}
        """#

    func testUpdatesFromSwiftDrawWhatTheJSONDraws() throws {
        let (scene, table) = groceries()
        scene.at(0.5) {
            table.sections[0].rows.insert(UITableViewRow(title: "Eggs"), at: 1)
            table.insertRows(at: [IndexPath(row: 1, section: 0)], with: .fade)
        }
        scene.at(1.2) {
            UIView.animate(withDuration: 0.4) {
                table.sections[0].rows.remove(at: 3)
                table.deleteRows(at: [IndexPath(row: 3, section: 0)], with: .left)
            }
        }
        let written = try scene.json()
        XCTAssertTrue(written.contains(#""title": "Apples""#), "the table starts with the data before the updates")
        let swift = try Renderer(scene), file = try Renderer(LayerScene(json: Array(json.utf8)))
        for t in [0.4, 0.6, 0.8, 1.3, 1.5, 1.9] {
            XCTAssertEqual(SHA256.hex(swift.frame(at: t).unpremultipliedRGBA()), SHA256.hex(file.frame(at: t).unpremultipliedRGBA()), "t = \(t)")
        }
        XCTAssertNotEqual(SHA256.hex(swift.frame(at: 0.4).unpremultipliedRGBA()), SHA256.hex(swift.frame(at: 0.6).unpremultipliedRGBA()))
    }

    /// The JSON scene read into Swift and written again is the same script.
    func testTheUpdatesRoundTrip() throws {
        let read = try LayerScene(json: Array(json.utf8))
        let again = try LayerScene(json: Array(try read.json().utf8))
        XCTAssertEqual(try again.json(), try read.json())
        XCTAssertTrue(compact(try read.json()).contains(#""deleteRows":{"indexPaths":[[0,3]],"animation":"left","duration":0.4"#))
    }

    func testCountsThatDisagreeGetUIKitsMessage() {
        let (scene, table) = groceries()
        scene.at(0.5) {
            table.sections[0].rows.append(UITableViewRow(title: "Eggs"))
            table.sections[0].rows.append(UITableViewRow(title: "Tea"))
            table.insertRows(at: [IndexPath(row: 3, section: 0)], with: .fade)
        }
        XCTAssertThrowsError(try scene.json()) { error in
            XCTAssertTrue("\(error)".contains("Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (5) must be equal to the number of rows contained in that section before the update (3), plus or minus the number of rows inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out)."), "\(error)")
        }
    }

    /// A height change announced by `beginUpdates()`/`endUpdates()` animates the row, inside a
    /// spring `UIView.animate` with its duration; `performBatchUpdates`' completion runs at its end.
    func testHeightChangesAndBatchCompletion() throws {
        let (scene, table) = groceries()
        var done: Double?
        scene.at(0.5) {
            UIView.animate(withDuration: 0.6, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0, options: [], animations: {
                table.sections[0].rows[1].height = 90
                table.beginUpdates()
                table.endUpdates()
            })
        }
        scene.at(1.2) {
            table.performBatchUpdates({
                table.sections[0].rows.remove(at: 0)
                table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
            }, completion: { _ in done = CACurrentMediaTime() })
        }
        let written = compact(try scene.json())
        XCTAssertTrue(written.contains(#""rowHeights":{"indexPaths":[[0,1]],"heights":[90],"duration":0.6,"timingFunction":{"spring""#), written)
        XCTAssertTrue(written.contains(#""deleteRows":{"indexPaths":[[0,0]],"animation":"fade","duration":0.3"#), written)
        XCTAssertEqual(done ?? -1, 1.5, accuracy: 1e-9)
    }

    /// willDisplay with `delay: 0.05 * Double(indexPath.row)` becomes a display effect with that
    /// delay per row.
    func testWillDisplayDelayPerRow() throws {
        let (scene, table) = groceries()
        table.willDisplay = { _, cell, indexPath in
            cell.alpha = 0
            UIView.animate(withDuration: 0.5, delay: 0.05 * Double(indexPath.row), options: [], animations: { cell.alpha = 1 })
        }
        let written = compact(try scene.json())
        XCTAssertTrue(written.contains(#""delayPerRow":0.05"#), written)
        XCTAssertFalse(written.contains(#""delay":"#), "row 0 waits for nothing")
    }
}
