import XCTest
@testable import TableRenderQuartz

/// `tintColor` on every view, handed down as UIKit hands it (issue 51): a view's own, else its
/// superview's, a cell's table's, else systemBlue; `tintColorDidChange()` where it changes; the
/// table's and a cell's tint drawn in check marks, info buttons, symbol images and value2
/// titles; a system button's title and an image view's symbol in the tint they inherit; the
/// navigation bar's buttons in its tint. Before, only an image view had a tint of its own
/// (systemBlue unless set on it), and the engine drew every accessory in systemBlue.
final class TintColorTests: XCTestCase {
    /// How many pixels of `rect` are near `colour` (each channel within 40).
    func count(_ f: [UInt8], width: Int, _ rect: (x: Int, y: Int, w: Int, h: Int), near colour: (Int, Int, Int)) -> Int {
        var n = 0
        for y in rect.y..<rect.y + rect.h {
            for x in rect.x..<rect.x + rect.w {
                let i = (y * width + x) * 4
                if abs(Int(f[i]) - colour.0) < 40, abs(Int(f[i + 1]) - colour.1) < 40, abs(Int(f[i + 2]) - colour.2) < 40 { n += 1 }
            }
        }
        return n
    }

    static let red = (255, 59, 48), green = (52, 199, 89), blue = (0, 122, 255), orange = (255, 149, 0)

    func frame(_ vc: UIViewController, size: CGSize) throws -> [UInt8] {
        var scene = LayerScene(size: size, scale: 1, fps: 10, duration: 0)
        scene.rootViewController = vc
        return try Renderer(scene).frame(at: 0).unpremultipliedRGBA()
    }

    /// A view's tint: its own, else its superview's, else systemBlue; `tintColorDidChange()` on
    /// the views that show a changed tint (set above them, or moved under another), not on a
    /// view with its own.
    func testTheTintIsInheritedAndChangesAreTold() {
        final class Watcher: UIView {
            var told = 0
            override func tintColorDidChange() { told += 1 }
        }
        let root = UIView(), middle = UIView(), leaf = Watcher(), own = Watcher()
        root.addSubview(middle)
        middle.addSubview(leaf)
        middle.addSubview(own)
        own.tintColor = .systemGreen
        XCTAssertEqual(leaf.tintColor, .systemBlue, "UIKit's default")
        XCTAssertEqual(own.told, 1, "its own tint changed it")
        root.tintColor = .systemRed
        XCTAssertEqual(leaf.tintColor, .systemRed, "inherited through the middle view")
        XCTAssertEqual(leaf.told, 1)
        XCTAssertEqual(own.tintColor, .systemGreen, "its own is kept")
        XCTAssertEqual(own.told, 1, "not told: its tint did not change")
        root.tintColor = .systemRed
        XCTAssertEqual(leaf.told, 1, "the same tint again changes nothing")
        leaf.removeFromSuperview()
        XCTAssertEqual(leaf.tintColor, .systemBlue)
        XCTAssertEqual(leaf.told, 2, "moved out from under the red tint")
        let other = UIView()
        other.tintColor = .systemBlue
        other.addSubview(leaf)
        XCTAssertEqual(leaf.told, 2, "moved under the same tint: not told")
    }

    /// UIKit's move notifications around `addSubview` and `removeFromSuperview`.
    func testMovesAreTold() {
        final class Mover: UIView {
            var log: [String] = []
            override func willMove(toSuperview newSuperview: UIView?) { log.append(newSuperview == nil ? "will:nil" : "will:view") }
            override func didMoveToSuperview() { log.append(superview == nil ? "did:nil" : "did:view") }
        }
        let a = UIView(), b = UIView(), v = Mover()
        a.addSubview(v)
        b.addSubview(v)
        v.removeFromSuperview()
        XCTAssertEqual(v.log, ["will:view", "did:view", "will:view", "did:view", "will:nil", "did:nil"])
    }

    /// A system button's title is in its tint; one given a colour keeps it.
    func testASystemButtonsTitleFollowsTheTint() {
        let holder = UIView(), system = UIButton(type: .system), coloured = UIButton(type: .system)
        coloured.setTitleColor(.black, for: .normal)
        holder.addSubview(system)
        holder.addSubview(coloured)
        XCTAssertEqual(system.titleLabel?.textColor, .systemBlue)
        holder.tintColor = .systemOrange
        XCTAssertEqual(system.titleLabel?.textColor, .systemOrange)
        XCTAssertEqual(coloured.titleLabel?.textColor, .black)
    }

    /// A table tinted red draws its check marks, info buttons and symbol images red; a cell with
    /// its own green tint draws its check mark green; a custom cell's image view draws its symbol
    /// in the table's tint (the cell belongs to its table from `dequeueReusableCell`).
    func testATablesAndACellsTintAreDrawn() throws {
        final class Custom: UITableViewCell {
            required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
            let star = UIImageView(image: UIImage(systemName: "star.fill"))
            required init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
                super.init(style: style, reuseIdentifier: reuseIdentifier)
                star.frame = CGRect(x: 16, y: 8, width: 28, height: 28)
                contentView.addSubview(star)
            }
        }
        final class List: UITableViewController {
            override func viewDidLoad() {
                tableView.register(Custom.self, forCellReuseIdentifier: "custom")
                tableView.tintColor = .systemRed
            }
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 5 }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                if indexPath.row == 4 { return tableView.dequeueReusableCell(withIdentifier: "custom", for: indexPath) }
                let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
                cell.textLabel?.text = "Row"
                switch indexPath.row {
                case 0: cell.accessoryType = .checkmark
                case 1: cell.accessoryType = .detailButton
                case 2: cell.imageView?.image = UIImage(systemName: "star.fill")
                default:
                    cell.accessoryType = .checkmark
                    cell.tintColor = .systemGreen
                }
                return cell
            }
        }
        let f = try frame(List(style: .plain), size: CGSize(width: 320, height: 240))
        let accessory = { (row: Int) in (x: 280, y: row * 44 + 8, w: 40, h: 28) }
        XCTAssertGreaterThan(count(f, width: 320, accessory(0), near: Self.red), 15, "the table's check mark in its tint")
        XCTAssertEqual(count(f, width: 320, accessory(0), near: Self.blue), 0, "not in systemBlue")
        XCTAssertGreaterThan(count(f, width: 320, accessory(1), near: Self.red), 15, "the info button")
        XCTAssertGreaterThan(count(f, width: 320, (x: 10, y: 2 * 44 + 6, w: 40, h: 32), near: Self.red), 30, "the symbol image")
        XCTAssertGreaterThan(count(f, width: 320, accessory(3), near: Self.green), 15, "the cell's own tint")
        XCTAssertEqual(count(f, width: 320, accessory(3), near: Self.red), 0)
        XCTAssertGreaterThan(count(f, width: 320, (x: 10, y: 4 * 44 + 4, w: 40, h: 36), near: Self.red), 30,
                             "a custom cell's symbol in the table's tint")
        XCTAssertEqual(count(f, width: 320, (x: 10, y: 4 * 44 + 4, w: 40, h: 36), near: Self.blue), 0)
    }

    /// A navigation bar's tint colours its buttons and back chevron; without one, the navigation
    /// controller's view's tint does.
    func testTheNavigationBarsTint() {
        let root = UIViewController()
        root.navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Add", style: .plain)
        let nav = UINavigationController(rootViewController: root)
        XCTAssertNil(LayerScene.navigationBar(of: nav).tintColor, "the default: systemBlue in the scene's appearance")
        nav.view.tintColor = .systemOrange
        XCTAssertEqual(LayerScene.navigationBar(of: nav).tintColor, UIColor.systemOrange.cgColor.model)
        nav.navigationBar.tintColor = .systemPink
        XCTAssertEqual(LayerScene.navigationBar(of: nav).tintColor, UIColor.systemPink.cgColor.model)
    }
}
