import TableRenderQuartz
import XCTest
import TestSupport

/// scenes/navigation-edit.json as app code: a list pushed from "Lists", with UIKit's Edit
/// button; editing turns on, a row is dragged, editing turns off.
final class GroceriesController: ReorderListController {
    override func viewDidLoad() {
        title = "Groceries"
        navigationItem.rightBarButtonItem = editButtonItem
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
    }
    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
}

final class BarButtonTests: XCTestCase {
    func testThePushedListDrawsTheNavigationEditScene() throws {
        let lists = UITableViewController(style: .insetGrouped)
        lists.title = "Lists"
        let nav = UINavigationController(rootViewController: lists)
        let groceries = GroceriesController(style: .insetGrouped)
        nav.pushViewController(groceries, animated: false)
        var scene = try XCTUnwrap(LayerScene(device: "iPhone 15", fps: 30, duration: 3))
        scene.backgroundColor = UIColor.systemGroupedBackground.cgColor
        scene.script = [.reorder(at: 1.1, from: IndexPath(row: 0, section: 0), to: IndexPath(row: 3, section: 0), duration: 0.8)]
        scene.rootViewController = nav
        scene.at(0.5) { groceries.setEditing(true, animated: true) }
        scene.at(2.4) { groceries.setEditing(false, animated: true) }
        let json = try scene.json().filter { !$0.isWhitespace }
        XCTAssertTrue(json.contains(#""navigationBar":{"title":"Groceries","backButton":"Lists","editButton":true}"#), json)
        let swift = try Renderer(scene)
        let shipped = try Renderer(path: Package.scene("navigation-edit.json"))
        for t in stride(from: 0.0, through: 3.0, by: 0.1) {
            XCTAssertTrue(try swift.frame(at: t).data == shipped.frame(at: t).data, "t = \(t)")
        }
        XCTAssertEqual(groceries.items, ["Eggs", "Bread", "Apples", "Milk", "Coffee"])
    }

    /// A probe: a bar button enabled at a scene time (Save, once a field is filled) was dropped
    /// without a word (the bar is drawn as the scene starts). It stops the scene and says what;
    /// the same change before the scene starts is drawn.
    func testABarButtonChangedAtASceneTimeIsSaid() throws {
        func scene(changeAt time: Double?) throws -> LayerScene {
            let list = UITableViewController(style: .insetGrouped)
            list.title = "New Item"
            let save = UIBarButtonItem(title: "Save", style: .done)
            save.isEnabled = false
            list.navigationItem.rightBarButtonItem = save
            if time == nil { save.isEnabled = true }
            var s = try XCTUnwrap(LayerScene(device: "iPhone 15", fps: 10, duration: 1))
            s.rootViewController = UINavigationController(rootViewController: list)
            if let time { s.at(time) { save.isEnabled = true } }
            return s
        }
        let changed = try scene(changeAt: 0.5)
        XCTAssertThrowsError(try changed.json()) { error in
            XCTAssertTrue("\(error)".contains("UIBarButtonItem.isEnabled changed at 0.5 s: a navigation bar's title and buttons changed while the scene runs are not drawn yet"), "\(error)")
        }
        let json = try scene(changeAt: nil).json().filter { !$0.isWhitespace }
        XCTAssertTrue(json.contains(#""rightButton":"Save""#) && !json.contains("rightButtonEnabled"), json)
    }

    /// Edit reads Done, semibold, while editing; a plain trailing button and the chevron alone.
    func testTheButtonsFollowTheBarsModel() throws {
        func bar(_ nav: String, editing: Bool = false) throws -> [UInt8] {
            let json = #"{"version": 1, "canvas": {"device": "iPhone 15"}, "fps": 1, "duration": 0, "statusBar": true, "navigationBar": "# + nav
                + #", "table": {"editing": \#(editing), "sections": [{"rows": [{"title": "A"}]}]}}"#
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bars-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: dir) }
            try json.write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
            return try Renderer(path: dir + "/s.json").frame(at: 0).data
        }
        let edit = try bar(#"{"title": "T", "editButton": true}"#)
        let done = try bar(#"{"title": "T", "editButton": true}"#, editing: true)
        let doneByHand = try bar(#"{"title": "T", "rightButton": "Done", "rightButtonStyle": "done"}"#, editing: true)
        let plainDone = try bar(#"{"title": "T", "rightButton": "Done"}"#, editing: true)
        XCTAssertNotEqual(edit, done)
        XCTAssertEqual(done, doneByHand)
        XCTAssertNotEqual(done, plainDone, "semibold")
        XCTAssertNotEqual(try bar(#"{"title": "T", "backButton": ""}"#), try bar(#"{"title": "T"}"#), "the chevron alone")
    }
}
