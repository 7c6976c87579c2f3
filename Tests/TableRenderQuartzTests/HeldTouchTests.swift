import TableRenderQuartz
import XCTest
import TestSupport

/// A cell that shows its own highlight (as a card that dims or a row that marks itself): a
/// check mark while highlighted.
class MarkingCell: UITableViewCell {
    override func setHighlighted(_ highlighted: Bool, animated: Bool) {
        super.setHighlighted(highlighted, animated: animated)
        accessoryType = highlighted ? .checkmark : .none
    }
}

/// A table that logs its delegate's touch calls with their scene times.
class TouchLogController: UITableViewController {
    var log: [String] = []
    override func viewDidLoad() { tableView.register(MarkingCell.self, forCellReuseIdentifier: "c") }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 4 }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath)
        cell.textLabel?.text = "Row \(indexPath.row)"
        return cell
    }
    func note(_ s: String, _ p: IndexPath) { log.append("\(s) \(p.row) \(CACurrentMediaTime())") }
    override func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) { note("highlight", indexPath) }
    override func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) { note("unhighlight", indexPath) }
    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        note("select", indexPath)
        tableView.deselectRow(at: indexPath, animated: false)
    }
}

/// A finger's phases from Swift (issue 54.4): a held tap reaches the row 0.15 s after
/// touch-down, and the delegate and the cell see it then, not at the lift; a scroll under the
/// finger cancels it. Before, every tap's calls ran at its lift, and the cell's
/// `setHighlighted` never ran.
final class HeldTouchTests: XCTestCase {
    func scene(_ vc: UIViewController, script: [TableScriptEvent]) -> LayerScene {
        var scene = LayerScene(size: CGSize(width: 200, height: 200), scale: 1, fps: 10, duration: 2)
        scene.script = script
        scene.rootViewController = vc
        return scene
    }

    func testAHeldTapHighlightsWhileTheFingerIsDown() throws {
        let vc = TouchLogController(style: .plain)
        let json = try scene(vc, script: [.tap(at: 1.0, row: 1, hold: 0.5), .tap(at: 1.5, row: 2)]).json().filter { !$0.isWhitespace }
        XCTAssertEqual(vc.log, ["highlight 1 0.65", "unhighlight 1 1.0", "select 1 1.0",
                                "highlight 2 1.5", "unhighlight 2 1.5", "select 2 1.5"])
        // The cell's own highlight shows from the touch reaching it until the lift.
        XCTAssertTrue(json.contains(#"{"at":0.65,"reconfigureRows":{"indexPaths":[[0,1]],"rows":[{"title":"Row1","accessory":"checkmark"}]}}"#), json)
        XCTAssertTrue(json.contains(#"{"at":1,"reconfigureRows":{"indexPaths":[[0,1]],"rows":[{"title":"Row1"}]}}"#), json)
    }

    func testAScrollUnderTheFingerCancelsTheTouch() throws {
        let vc = TouchLogController(style: .plain)
        _ = try scene(vc, script: [.tap(at: 1.0, row: 1, hold: 0.6), .drag(at: 0.8, by: 20, duration: 0.2),
                                   .tap(at: 1.9, row: 2, hold: 0.6), .drag(at: 1.4, by: -20, duration: 0.2)]).json()
        XCTAssertEqual(vc.log, ["highlight 1 0.55", "unhighlight 1 0.8"],
                       "the first touch reached its row and ends at the drag; the second is cancelled before it does; neither selects")
    }

    /// A hostile probe: a reload while the finger was down gave the delegate `didSelectRowAt`
    /// for a row that no longer existed (the app's `items[row]` trapped), and a tap on a row
    /// the table does not have reached the delegate before the scene refused it.
    func testRowsChangedUnderTheFingerCancelTheTouch() throws {
        let vc = TouchLogController(style: .plain)
        var s = scene(vc, script: [.tap(at: 1.0, row: 3, hold: 0.6)])
        s.at(0.8) { vc.tableView.reloadData() }
        _ = try s.json()
        XCTAssertEqual(vc.log, ["highlight 3 0.55", "unhighlight 3 1.0"], "highlighted, then cancelled: nothing selected")
        let quick = TouchLogController(style: .plain)
        XCTAssertThrowsError(try scene(quick, script: [.tap(at: 0.5, row: 40)]).json())
        XCTAssertEqual(quick.log, [], "no row 40: no app code runs for it")
    }
}
