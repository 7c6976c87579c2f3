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

/// scenes/edit-mode.json written as app code: a grocery list controller with an Edit button,
/// footers and info buttons; the swipe's Delete commits through the data source.
class GroceryEditController: UITableViewController {
    var items = ["Milk", "Eggs", "Bread", "Apples"]
    let stores = ["Corner Market", "Farmers' Market"]

    override func numberOfSections(in tableView: UITableView) -> Int { 2 }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { section == 0 ? items.count + 1 : stores.count }
    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { section == 0 ? "Groceries" : "Stores" }
    override func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
        section == 0 ? "Drag items to reorder them. Delete removes an item from the list on every device." : nil
    }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        if indexPath.section == 1 {
            cell.textLabel?.text = stores[indexPath.row]
            cell.accessoryType = indexPath.row == 0 ? .detailButton : .detailDisclosureButton
        } else {
            cell.textLabel?.text = indexPath.row < items.count ? items[indexPath.row] : "Add Item"
        }
        return cell
    }
    override func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { indexPath.section == 0 }
    override func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { indexPath.section == 0 && indexPath.row < items.count }
    override func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle {
        indexPath.row < items.count ? .delete : .insert
    }
    override func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        guard editingStyle == .delete else { return }
        items.remove(at: indexPath.row)
        tableView.deleteRows(at: [indexPath], with: .fade)
    }
}

final class EditModeSceneTests: XCTestCase {
    /// The controller, its Edit button pressed at 0.4 s and again at 2.0 s, a swipe on Eggs at
    /// 1.0 s and its Delete tapped at 1.5 s: the frames of scenes/edit-mode.json.
    func testTheControllerDrawsTheEditModeScene() throws {
        let vc = GroceryEditController(style: .insetGrouped)
        var scene = LayerScene(size: CGSize(width: 375, height: 667), scale: 2, fps: 60, duration: 2.6)
        scene.backgroundColor = UIColor.systemGroupedBackground.cgColor
        scene.script = [.swipe(at: 1.0, IndexPath(row: 1, section: 0)), .tapSwipeAction(at: 1.5, IndexPath(row: 1, section: 0))]
        scene.rootViewController = vc
        scene.at(0.4) { vc.setEditing(true, animated: true) }
        scene.at(2.0) { vc.setEditing(false, animated: true) }
        XCTAssertEqual(vc.items, ["Milk", "Bread", "Apples"])
        let swift = try Renderer(scene)
        let shipped = try Renderer(path: Package.scene("edit-mode.json"))
        for t in stride(from: 0.0, through: 2.6, by: 0.1) {
            XCTAssertTrue(try swift.frame(at: t).data == shipped.frame(at: t).data, "t = \(t)")
        }
    }
}

final class EditingControlTapTests: XCTestCase {
    /// A tap on Eggs' delete control opens it on Delete (a swipe the scene marks as the
    /// control's); a tap on the insert row's control does nothing; the Delete commits.
    func testTappingTheDeleteControl() throws {
        let vc = GroceryEditController(style: .insetGrouped)
        var scene = LayerScene(size: CGSize(width: 375, height: 667), scale: 1, fps: 10, duration: 2)
        scene.script = [.tapEditingControl(at: 0.8, IndexPath(row: 1, section: 0)), .tapEditingControl(at: 0.9, IndexPath(row: 4, section: 0)),
                        .tapSwipeAction(at: 1.4, IndexPath(row: 1, section: 0))]
        scene.rootViewController = vc
        scene.at(0.4) { vc.setEditing(true, animated: true) }
        let json = try scene.json().filter { !$0.isWhitespace }
        XCTAssertTrue(json.contains(#"{"at":0.8,"swipe":{"section":0,"row":1,"edge":"trailing","actions":[{"title":"Delete","style":"destructive"}],"full":false,"close":false,"duration":0.3,"editingControl":true}}"#), json)
        XCTAssertFalse(json.contains(#""at":0.9"#), "the insert control's tap is not a swipe")
        XCTAssertEqual(vc.items, ["Milk", "Bread", "Apples"])
    }
}

final class AccessoryButtonTapTests: XCTestCase {
    /// A tap on a store's info button reaches the delegate at its time, without selecting the
    /// row; a tap on a row without one does nothing.
    func testTheInfoButtonTapReachesTheDelegate() throws {
        final class Stores: GroceryEditController {
            var tapped: [(Double, IndexPath)] = []
            var selected: [IndexPath] = []
            override func tableView(_ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {
                tapped.append((CACurrentMediaTime(), indexPath))
            }
            override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { selected.append(indexPath) }
        }
        let vc = Stores(style: .insetGrouped)
        var scene = LayerScene(size: CGSize(width: 375, height: 667), scale: 1, fps: 10, duration: 1)
        scene.script = [.tapAccessoryButton(at: 0.4, IndexPath(row: 1, section: 1)), .tapAccessoryButton(at: 0.6, IndexPath(row: 0, section: 0))]
        scene.rootViewController = vc
        let json = try scene.json()
        XCTAssertEqual(vc.tapped.map(\.0), [0.4])
        XCTAssertEqual(vc.tapped.map(\.1), [IndexPath(row: 1, section: 1)])
        XCTAssertEqual(vc.selected, [])
        XCTAssertFalse(json.contains("tapAccessoryButton"), json)
    }
}
