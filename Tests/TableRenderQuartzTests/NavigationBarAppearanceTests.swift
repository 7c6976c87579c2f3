import XCTest
@testable import TableRenderQuartz
import SceneModel

/// `UINavigationBarAppearance` (iOS 13), as teams colour their bars (issue 51): the standard and
/// scroll-edge backgrounds, the hairline and the titles' colours reach the scene's bar (the API
/// did not exist: such code did not build), and the engine draws them.
final class NavigationBarAppearanceTests: XCTestCase {
    func nav() -> UINavigationController {
        let root = UIViewController()
        root.title = "Inbox"
        return UINavigationController(rootViewController: root)
    }

    func testAnAppearanceReachesTheBar() {
        let n = nav()
        let appearance = UINavigationBarAppearance()
        appearance.configureWithOpaqueBackground()
        appearance.backgroundColor = .systemIndigo
        appearance.titleTextAttributes = [.foregroundColor: UIColor.white]
        appearance.largeTitleTextAttributes = [.foregroundColor: UIColor.white]
        n.navigationBar.standardAppearance = appearance
        n.navigationBar.scrollEdgeAppearance = appearance
        let bar = LayerScene.navigationBar(of: n)
        XCTAssertEqual(bar.barColor, UIColor.systemIndigo.cgColor.model)
        XCTAssertEqual(bar.scrollEdgeBarColor, UIColor.systemIndigo.cgColor.model)
        XCTAssertEqual(bar.titleColor, UIColor.white.cgColor.model)
        XCTAssertEqual(bar.largeTitleColor, UIColor.white.cgColor.model)
        XCTAssertNil(bar.shadowColor, "UIKit's hairline")
        let clear = nav()
        let transparent = UINavigationBarAppearance()
        transparent.configureWithTransparentBackground()
        clear.navigationBar.standardAppearance = transparent
        let t = LayerScene.navigationBar(of: clear)
        XCTAssertEqual(t.barColor?.a, 0, "no background")
        XCTAssertEqual(t.shadowColor?.a, 0, "no hairline")
        XCTAssertNil(t.scrollEdgeBarColor, "iOS 15's transparent edge")
        let legacy = nav()
        legacy.navigationBar.barTintColor = .systemRed
        legacy.navigationBar.titleTextAttributes = [.foregroundColor: UIColor.systemYellow]
        let l = LayerScene.navigationBar(of: legacy)
        XCTAssertEqual(l.barColor, UIColor.systemRed.cgColor.model)
        XCTAssertEqual(l.titleColor, UIColor.systemYellow.cgColor.model)
    }

    /// The bar drawn: an opaque indigo bar with a white title, at rest and scrolled.
    func testTheBarIsDrawnInItsColours() throws {
        final class List: UITableViewController {
            override func viewDidLoad() { title = "Inbox" }
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 30 }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
                cell.textLabel?.text = "Row \(indexPath.row)"
                return cell
            }
        }
        let n = UINavigationController(rootViewController: List(style: .plain))
        let appearance = UINavigationBarAppearance()
        appearance.configureWithOpaqueBackground()
        appearance.backgroundColor = .systemIndigo
        appearance.titleTextAttributes = [.foregroundColor: UIColor.white]
        n.navigationBar.standardAppearance = appearance
        n.navigationBar.scrollEdgeAppearance = appearance
        var scene = LayerScene(size: CGSize(width: 320, height: 300), scale: 1, fps: 10, duration: 0)
        scene.rootViewController = n
        let f = try Renderer(scene).frame(at: 0).unpremultipliedRGBA()
        func px(_ x: Int, _ y: Int) -> [UInt8] { let i = (y * 320 + x) * 4; return Array(f[i..<i + 3]) }
        let indigo = try XCTUnwrap(Color.named["systemIndigo"])
        let expected = [indigo.r, indigo.g, indigo.b].map { UInt8(($0 * 255).rounded()) }
        XCTAssertEqual(px(10, 30), expected, "the bar at rest in its scroll edge colour")
        let white = (0..<320).filter { x in (36..<48).contains { px(x, $0).allSatisfy { $0 > 230 } } }.count
        XCTAssertGreaterThan(white, 5, "the title in white over indigo")
    }

    /// A bar button's own colour: `tintColor`, or its normal title attributes' colour (both were
    /// not there: the bar's tint for every button).
    func testABarButtonsOwnColour() {
        let n = nav()
        let delete = UIBarButtonItem(title: "Delete", style: .plain)
        delete.tintColor = .systemRed
        let save = UIBarButtonItem(title: "Save", style: .done)
        save.tintColor = .systemRed
        save.setTitleTextAttributes([.foregroundColor: UIColor.systemGreen], for: .normal)
        n.topViewController?.navigationItem.rightBarButtonItem = delete
        n.topViewController?.navigationItem.leftBarButtonItem = save
        let bar = LayerScene.navigationBar(of: n)
        XCTAssertEqual(bar.rightButtonColor, UIColor.systemRed.cgColor.model)
        XCTAssertEqual(bar.leftButtonColor, UIColor.systemGreen.cgColor.model, "the attributes over the tint")
        XCTAssertNil(LayerScene.navigationBar(of: nav()).rightButtonColor)
    }
}
