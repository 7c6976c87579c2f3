import XCTest
@testable import TableRenderQuartz

/// UIKit API that modern table code calls and a new user's port found missing (issue 51).
final class ModernAPITests: XCTestCase {
    final class Inbox: UITableViewController {
        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
            cell.textLabel?.text = "Mail \(indexPath.row)"
            return cell
        }
    }

    /// `largeTitleDisplayMode = .never` keeps the standard bar, where the bar prefers large titles.
    func testLargeTitleDisplayModeNeverKeepsTheStandardBar() throws {
        for (mode, large) in [(UINavigationItem.LargeTitleDisplayMode.automatic, true), (.always, true), (.never, false)] {
            var scene = try XCTUnwrap(LayerScene(device: "iPhone 15", fps: 10, duration: 0))
            let root = Inbox(style: .plain)
            root.title = "Inbox"
            root.navigationItem.largeTitleDisplayMode = mode
            let nav = UINavigationController(rootViewController: root)
            nav.navigationBar.prefersLargeTitles = true
            scene.rootViewController = nav
            let json = try scene.json()
            XCTAssertEqual(json.contains(#""prefersLargeTitles": true"#), large, "\(mode): \(json)")
            XCTAssertEqual(root.view.safeAreaInsets.top, 59 + (large ? 96 : 44), "\(mode)")
        }
    }

    /// A `UIAction`'s `sender` is the control while its handler runs; a switch takes a primary action.
    func testAnActionKnowsItsSender() {
        var senders: [AnyObject?] = []
        let toggle = UISwitch(frame: .zero, primaryAction: UIAction { action in senders.append(action.sender as AnyObject?) })
        toggle.sendActions(for: .primaryActionTriggered)
        XCTAssertEqual(senders.count, 1)
        XCTAssertTrue(senders.first ?? nil === toggle)
    }

    /// A symbol name with no glyph here is nil, as an unknown name is on iOS, and is said once.
    func testAMissingSymbolIsSaid() {
        XCTAssertNil(UIImage(systemName: "airplane.departure.test"))
        XCTAssertNil(UIImage(systemName: "airplane.departure.test"))
        XCTAssertTrue(UIImage.missingSymbols.withLock { $0.contains("airplane.departure.test") })
        XCTAssertNotNil(UIImage(systemName: "star.fill"))
        XCTAssertFalse(UIImage.missingSymbols.withLock { $0.contains("star.fill") })
    }

    /// A swipe action's image is not drawn yet, and setting one says so.
    func testASwipeActionsImageIsSaid() {
        let action = UIContextualAction(style: .destructive, title: "Delete") { _, _, done in done(true) }
        action.image = UIImage(systemName: "trash")
        XCTAssertTrue(UIContextualAction.saidImage.withLock { $0 })
    }

    /// Properties that change nothing a scene draws are kept (a scene has one text size and no
    /// keyboard), so code that sets them builds and draws as on iOS.
    func testPropertiesWithNothingToDrawAreKept() {
        let label = UILabel()
        label.adjustsFontForContentSizeCategory = true
        XCTAssertTrue(label.adjustsFontForContentSizeCategory)
        let table = UITableView()
        table.keyboardDismissMode = .interactive
        XCTAssertEqual(table.keyboardDismissMode, .interactive)
    }
}
