import TableRenderQuartz
import XCTest
import TestSupport

/// A list with an Edit button, as apps write one: rows that move, one that cannot be edited.
class EditableListController: UITableViewController {
    var selected: [Int] = []
    var startsEditing = false
    override func viewDidLoad() {
        super.viewDidLoad()
        if startsEditing { setEditing(true, animated: false) }
    }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        cell.textLabel?.text = "Item \(indexPath.row)"
        return cell
    }
    override func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { indexPath.row != 2 }
    override func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { indexPath.row == 0 }
    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { selected.append(indexPath.row) }
}

final class EditingTests: XCTestCase {
    /// The Edit button's setEditing at a time animates from then; the rows' styles come from the
    /// data source; a tap while editing reaches no delegate method.
    func testSetEditingAtATime() throws {
        let vc = EditableListController(style: .plain)
        var scene = LayerScene(size: CGSize(width: 200, height: 200), scale: 1, fps: 10, duration: 2)
        scene.script = [.tap(at: 0.2, row: 1), .tap(at: 0.9, row: 1)]
        scene.rootViewController = vc
        scene.at(0.5) { vc.setEditing(true, animated: true) }
        let json = try scene.json().filter { !$0.isWhitespace }
        XCTAssertTrue(json.contains(#"{"at":0.5,"setEditing":{"editing":true,"animated":true}}"#), json)
        XCTAssertTrue(json.contains(#"{"title":"Item0","canMove":true}"#), json)
        XCTAssertTrue(json.contains(#"{"title":"Item2","editingStyle":"none"}"#), json)
        XCTAssertEqual(vc.selected, [1], "the tap at 0.9 s, while editing, selects nothing")
        XCTAssertTrue(vc.isEditing && vc.tableView.isEditing)
    }

    /// setEditing in viewDidLoad: the table starts editing.
    func testEditingFromTheStart() throws {
        let vc = EditableListController(style: .plain)
        vc.startsEditing = true
        var scene = LayerScene(size: CGSize(width: 200, height: 200), scale: 1, fps: 10, duration: 0)
        scene.rootViewController = vc
        let json = try scene.json().filter { !$0.isWhitespace }
        XCTAssertTrue(json.contains(#""editing":true"#), json)
        XCTAssertFalse(json.contains("setEditing"), json)
    }
}
