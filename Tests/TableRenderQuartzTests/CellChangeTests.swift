import TableRenderQuartz
import XCTest
import TestSupport

/// A checklist as apps write one: a tap marks the row through the cell it holds, and a
/// reconfigure asks the data source again for the same cell.
class ChecklistController: UITableViewController {
    var checked: Set<Int> = []
    var reused = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(ChecklistCell.self, forCellReuseIdentifier: "cell")
    }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 4 }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
        cell.textLabel?.text = "Item \(indexPath.row)"
        cell.accessoryType = checked.contains(indexPath.row) ? .checkmark : .none
        return cell
    }
    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        checked.insert(indexPath.row)
        tableView.cellForRow(at: indexPath)?.accessoryType = .checkmark
    }
}

class ChecklistCell: UITableViewCell {
    nonisolated(unsafe) static var prepared = 0
    override func prepareForReuse() { super.prepareForReuse(); ChecklistCell.prepared += 1 }
}

/// An accessory that draws itself: a filled disc and a stroked ring.
class DotAccessory: UIControl {
    override func draw(_ rect: CGRect) {
        guard let c = UIGraphicsGetCurrentContext() else { return }
        UIColor.systemBlue.setFill()
        c.addEllipse(in: bounds.insetBy(dx: 4, dy: 4))
        c.fillPath()
        c.setLineWidth(2)
        UIColor.red.setStroke()
        c.addEllipse(in: bounds.insetBy(dx: 1, dy: 1))
        c.strokePath()
    }
}

final class CellChangeTests: XCTestCase {
    func scene(_ vc: UIViewController, script: [TableScriptEvent]) -> LayerScene {
        var scene = LayerScene(size: CGSize(width: 200, height: 200), scale: 1, fps: 10, duration: 1)
        scene.script = script
        scene.rootViewController = vc
        return scene
    }

    /// The check mark set on the held cell in didSelectRowAt shows from the tap, on that row only.
    func testACellChangedByTheDelegateShowsFromThatTime() throws {
        let vc = ChecklistController(style: .plain)
        let json = try scene(vc, script: [.tap(at: 0.4, row: 2)]).json().filter { !$0.isWhitespace }
        XCTAssertTrue(json.contains(#"{"at":0.4,"reconfigureRows":{"indexPaths":[[0,2]],"rows":[{"title":"Item2","accessory":"checkmark"}]}}"#), json)
        XCTAssertEqual(json.components(separatedBy: "reconfigureRows").count, 2, "one reconfigure")
        let frames = try Renderer(scene(ChecklistController(style: .plain), script: [.tap(at: 0.4, row: 2)]))
        let before = try frames.frame(at: 0.3).unpremultipliedRGBA(), after = try frames.frame(at: 0.9).unpremultipliedRGBA()
        // The check mark (systemBlue) at the trailing margin of row 2 (y 88 ..< 132), after the tap only.
        func blue(_ p: [UInt8]) -> Int { (88..<132).reduce(0) { n, y in n + (150..<184).filter { x in p[(y * 200 + x) * 4 + 2] > 200 && p[(y * 200 + x) * 4] < 100 }.count } }
        XCTAssertEqual(blue(before), 0)
        XCTAssertGreaterThan(blue(after), 10)
    }

    /// reconfigureRows(at:) gives the data source the row's own cell, without prepareForReuse,
    /// and what it shows then is the row's content from that time.
    func testReconfigureRowsReusesTheRowsOwnCell() throws {
        let vc = ChecklistController(style: .plain)
        let s = scene(vc, script: [])
        ChecklistCell.prepared = 0
        s.at(0.5) {
            vc.checked.insert(1)
            vc.tableView.reconfigureRows(at: [IndexPath(row: 1, section: 0)])
        }
        let json = try s.json().filter { !$0.isWhitespace }
        XCTAssertTrue(json.contains(#"{"at":0.5,"reconfigureRows":{"indexPaths":[[0,1]],"rows":[{"title":"Item1","accessory":"checkmark"}]}}"#), json)
        XCTAssertEqual(ChecklistCell.prepared, 0)
    }

    /// What a view's draw(_:) fills and strokes becomes path layers under its sublayers, and
    /// an accessory view of a data source's cell is written with the row.
    func testDrawRunsIntoPathLayers() throws {
        final class Source: UITableViewController {
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 1 }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
                cell.textLabel?.text = "Dot"
                cell.accessoryView = DotAccessory(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
                return cell
            }
        }
        let json = try scene(Source(style: .plain), script: []).json().filter { !$0.isWhitespace }
        XCTAssertTrue(json.contains(#""accessoryView":{"bounds":[0,0,20,20]"#), json)
        XCTAssertTrue(json.contains(#""fillColor":"systemBlue","strokeColor":null"#) || json.contains(#""fillColor":"systemBlue""#), json)
        XCTAssertTrue(json.contains(#""fillColor":null,"strokeColor":"red","lineWidth":2"#), json)
        XCTAssertEqual(UIGraphicsGetCurrentContext() == nil, true, "no context outside draw(_:)")
    }
}

/// Info buttons from a data source's cells are drawn, no longer refused.
final class InfoButtonWritingTests: XCTestCase {
    func testDetailAccessoriesAreWritten() throws {
        final class Source: UITableViewController {
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 2 }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
                cell.accessoryType = indexPath.row == 0 ? .detailButton : .detailDisclosureButton
                return cell
            }
        }
        var scene = LayerScene(size: CGSize(width: 200, height: 100), scale: 1, fps: 1, duration: 0)
        scene.rootViewController = Source(style: .plain)
        let json = try scene.json().filter { !$0.isWhitespace }
        XCTAssertTrue(json.contains(#""accessory":"detailButton""#) && json.contains(#""accessory":"detailDisclosureButton""#), json)
    }
}

/// A view that draws itself anywhere in a controller's view is drawn from its paths.
final class DrawnViewTests: XCTestCase {
    func testAViewThatDrawsItselfInTheControllersView() throws {
        final class Badge: UIView {
            override func draw(_ rect: CGRect) {
                UIColor.systemGreen.setFill()
                UIGraphicsGetCurrentContext()?.fill(bounds)
            }
        }
        final class Screen: UIViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                view.addSubview(Badge(frame: CGRect(x: 10, y: 10, width: 30, height: 20)))
            }
        }
        var scene = LayerScene(size: CGSize(width: 100, height: 100), scale: 1, fps: 1, duration: 0)
        scene.rootViewController = Screen()
        let json = try scene.json().filter { !$0.isWhitespace }
        XCTAssertTrue(json.contains(#""path":{"d":"M00L300L3020L020Z","fillColor":"systemGreen""#), json)
        let pixels = try Renderer(scene).frame(at: 0).unpremultipliedRGBA()
        XCTAssertEqual(Array(pixels[(20 * 100 + 20) * 4 ..< (20 * 100 + 20) * 4 + 3]), [52, 199, 89])
    }
}

/// willDisplay gets a cell of the data source's own class: a cast to it works.
final class WillDisplayCellClassTests: XCTestCase {
    final class CardCell: UITableViewCell {
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
        let card = UIView()
        required init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
            super.init(style: style, reuseIdentifier: reuseIdentifier)
            card.accessibilityIdentifier = "card"
            card.frame = CGRect(x: 8, y: 4, width: 100, height: 30)
            card.backgroundColor = .systemBlue
            contentView.addSubview(card)
        }
    }
    final class Cards: UITableViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            tableView.register(CardCell.self, forCellReuseIdentifier: "card")
        }
        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            tableView.dequeueReusableCell(withIdentifier: "card", for: indexPath)
        }
        override func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
            guard let c = cell as? CardCell else { return }
            c.card.layer.opacity = 0
            UIView.animate(withDuration: 0.5) { c.card.layer.opacity = 1 }
        }
    }

    func testACastToTheCellClassWorks() throws {
        var scene = LayerScene(size: CGSize(width: 200, height: 200), scale: 1, fps: 10, duration: 1)
        scene.rootViewController = Cards(style: .plain)
        let json = try scene.json().filter { !$0.isWhitespace }
        XCTAssertTrue(json.contains(#""display":"#), json)
        XCTAssertTrue(json.contains(#""layer":"card","keyPath":"opacity","from":0,"to":1"#), json)
    }
}
