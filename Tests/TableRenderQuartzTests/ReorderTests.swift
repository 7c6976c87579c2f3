import TableRenderQuartz
import XCTest
import TestSupport

/// scenes/reorder.json as app code: a list in editing mode whose rows move by their reorder
/// controls; the data source moves its items when a drag drops.
class ReorderListController: UITableViewController {
    var items = ["Milk", "Eggs", "Bread", "Apples", "Coffee"]
    var moves: [(time: Double, from: IndexPath, to: IndexPath)] = []
    override func viewDidLoad() {
        super.viewDidLoad()
        setEditing(true, animated: false)
    }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { items.count }
    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { "Groceries" }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell()
        cell.textLabel?.text = items[indexPath.row]
        return cell
    }
    override func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
    override func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        moves.append((CACurrentMediaTime(), sourceIndexPath, destinationIndexPath))
        let item = items.remove(at: sourceIndexPath.row)
        items.insert(item, at: destinationIndexPath.row)
    }
}

final class ReorderTests: XCTestCase {
    func scene(_ vc: UIViewController) -> LayerScene {
        var s = LayerScene(size: CGSize(width: 375, height: 667), scale: 2, fps: 30, duration: 2.4)
        s.backgroundColor = UIColor.systemGroupedBackground.cgColor
        s.script = [.reorder(at: 0.3, from: IndexPath(row: 0, section: 0), to: IndexPath(row: 3, section: 0), duration: 0.8),
                    .reorder(at: 1.5, from: IndexPath(row: 4, section: 0), to: IndexPath(row: 1, section: 0), duration: 0.6)]
        s.rootViewController = vc
        return s
    }

    /// The data source hears of each drag when it drops, with UIKit's index paths, and the
    /// controller's frames are the JSON scene's.
    func testTheControllerDrawsTheReorderScene() throws {
        let vc = ReorderListController(style: .insetGrouped)
        let s = scene(vc)
        let swift = try Renderer(s)
        XCTAssertEqual(vc.items, ["Eggs", "Coffee", "Bread", "Apples", "Milk"])
        XCTAssertEqual(vc.moves.map(\.time), [1.1, 2.1])
        XCTAssertEqual(vc.moves.map(\.from.row), [0, 4])
        XCTAssertEqual(vc.moves.map(\.to.row), [3, 1])
        let shipped = try Renderer(path: Package.scene("reorder.json"))
        for t in stride(from: 0.0, through: 2.4, by: 0.1) {
            XCTAssertTrue(try swift.frame(at: t).data == shipped.frame(at: t).data, "t = \(t)")
        }
    }

    /// The delegate may send the row elsewhere: the drag goes where it says.
    func testTheDelegatePicksTheDestination() throws {
        final class FirstOnly: ReorderListController {
            override func tableView(_ tableView: UITableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
                                    toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath {
                IndexPath(row: 2, section: 0)
            }
        }
        let vc = FirstOnly(style: .insetGrouped)
        let json = try scene(vc).json().filter { !$0.isWhitespace }
        XCTAssertTrue(json.contains(#""reorder":{"from":[0,0],"to":[0,2],"duration":0.8}"#), json)
        XCTAssertEqual(vc.moves.map(\.to.row), [2, 2])
    }

    /// The rows' places while the first drag runs, from the simulation: the dragged row follows
    /// the finger; a row it passes gives way once the dragged row's centre is inside it.
    func testRowsGiveWayAsTheDraggedRowPasses() throws {
        let shipped = try Renderer(path: Package.scene("reorder.json"))
        XCTAssertFalse(try shipped.frame(at: 0.3).data == shipped.frame(at: 0.7).data)
        XCTAssertTrue(try shipped.frame(at: 1.4).data == shipped.frame(at: 1.45).data, "at rest between the drags")
    }
}
