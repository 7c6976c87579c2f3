import XCTest
@testable import TableRenderQuartz
import SceneModel

/// UIKit API that modern table code calls and a new user's port found missing (issue 51).
final class ModernAPITests: XCTestCase {
    /// `largeTitleDisplayMode = .never` keeps the standard bar, where the bar prefers large titles.
    func testLargeTitleDisplayModeNeverKeepsTheStandardBar() throws {
        for (mode, large) in [(UINavigationItem.LargeTitleDisplayMode.automatic, true), (.always, true), (.never, false)] {
            var scene = try XCTUnwrap(LayerScene(device: "iPhone 15", fps: 10, duration: 0))
            let root = RowsController(count: 3)
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

    /// Bar buttons as iOS 14 code makes them: a system item's symbol at the trailing end, a
    /// title at the leading end (in place of a pushed controller's back button).
    func testBarButtonSymbolsAndALeadingButton() throws {
        var scene = try XCTUnwrap(LayerScene(device: "iPhone 15", fps: 10, duration: 0))
        let list = RowsController(count: 3)
        list.title = "Lists"
        let root = RowsController(count: 3)
        root.title = "Inbox"
        root.navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .add, primaryAction: UIAction { _ in })
        root.navigationItem.leftBarButtonItem = UIBarButtonItem(title: "Close", style: .plain)
        let nav = UINavigationController(rootViewController: list)
        nav.pushViewController(root, animated: false)
        scene.rootViewController = nav
        let written = try scene.json()
        let json = written.filter { !$0.isWhitespace }
        XCTAssertTrue(json.contains(#""navigationBar":{"title":"Inbox","rightButtonSymbol":"plus","leftButton":"Close"}"#), json)
        // The plus's crossing at the trailing end (@3x: 16 pt from the edge, centred in the bar
        // below the 59 pt status bar), in the tint colour; nothing there without it.
        let r = try Renderer(scene)
        let symbolWidth = Double(SymbolImage(name: "plus").size.x) * 1.25
        let x = Int((393 - 16 - symbolWidth / 2) * 3), y = (59 + 22) * 3
        let blue = r.rgb(at: 0, x, y)
        XCTAssertTrue(blue[2] > 200 && blue[0] < 60, "\(blue)")
        let without = try LayerScene(json: Array(written.replacingOccurrences(of: #""rightButtonSymbol": "plus","#, with: "").utf8))
        XCTAssertEqual(try Renderer(without).rgb(at: 0, x, y), [255, 255, 255])
        // An image file in a bar button is refused by name.
        root.navigationItem.rightBarButtonItem = UIBarButtonItem(image: UIImage(named: "icon"), style: .plain)
        var refused = try XCTUnwrap(LayerScene(device: "iPhone 15", fps: 10, duration: 0))
        let nav2 = UINavigationController(rootViewController: root)
        refused.rootViewController = nav2
        XCTAssertThrowsError(try refused.json()) { XCTAssertTrue("\($0)".contains("navigationItem.rightBarButtonItem: an image file in a bar button is not drawn yet"), "\($0)") }
    }

    /// A disabled bar button (`isEnabled = false`, a Save button before a form is filled in) is
    /// drawn in placeholderText, not the tint; the flag goes through the scene's JSON. It was
    /// drawn blue, and `isEnabled` did not exist.
    func testADisabledBarButtonIsGrey() throws {
        var scene = try XCTUnwrap(LayerScene(device: "iPhone 15", fps: 10, duration: 0))
        let root = RowsController(count: 3)
        root.title = "New Event"
        let add = UIBarButtonItem(systemItem: .add)
        add.isEnabled = false
        root.navigationItem.rightBarButtonItem = add
        scene.rootViewController = UINavigationController(rootViewController: root)
        let written = try scene.json()
        XCTAssertTrue(written.filter { !$0.isWhitespace }.contains(#""rightButtonSymbol":"plus","rightButtonEnabled":false"#), written)
        let symbolWidth = Double(SymbolImage(name: "plus").size.x) * 1.25
        let x = Int((393 - 16 - symbolWidth / 2) * 3), y = (59 + 22) * 3
        let grey = try Renderer(scene).rgb(at: 0, x, y)
        // placeholderText (60, 60, 67) at 30 % over the white bar: (196.5, 196.5, 198.6).
        XCTAssertTrue(zip(grey.map(Int.init), [196, 196, 198]).allSatisfy { abs($0 - $1) <= 1 }, "\(grey)")
        let enabled = try LayerScene(json: Array(written.replacingOccurrences(of: #""rightButtonEnabled": false"#, with: #""rightButtonEnabled": true"#).utf8))
        XCTAssertTrue(try Renderer(enabled).rgb(at: 0, x, y)[2] > 200, "blue without the flag")
    }

    /// A header view given a content configuration (iOS 14): its text is the section's title,
    /// drawn as the table's own; more than the text is refused by name.
    final class Headed: RowsController {
        var secondary: String?
        override func viewDidLoad() {
            super.viewDidLoad()
            tableView.register(UITableViewHeaderFooterView.self, forHeaderFooterViewReuseIdentifier: "h")
        }
        override func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
            let view = tableView.dequeueReusableHeaderFooterView(withIdentifier: "h")
            var content = view?.defaultContentConfiguration()
            content?.text = "Favorites"
            content?.secondaryText = secondary
            view?.contentConfiguration = content
            return view
        }
    }

    func testAHeaderViewsContentConfiguration() throws {
        var scene = LayerScene(size: CGSize(width: 320, height: 200), fps: 10, duration: 0)
        let vc = Headed(style: .grouped)
        scene.rootViewController = vc
        XCTAssertTrue(try scene.json().filter { !$0.isWhitespace }.contains(#""sections":[{"title":"Favorites""#))
        var refused = LayerScene(size: CGSize(width: 320, height: 200), fps: 10, duration: 0)
        let more = Headed(style: .grouped)
        more.secondary = "3 items"
        refused.rootViewController = more
        XCTAssertThrowsError(try refused.json()) { XCTAssertTrue("\($0)".contains("section 0's header view: a content configuration with more than its text set"), "\($0)") }
    }

    /// `sectionHeaderTopPadding`: automatic (22 pt above a plain header, drawn by the engine),
    /// 0 (what apps set to remove iOS 15's room) and any room in range are the table's (a room
    /// other than 0 was refused by name); a negative one is refused.
    func testSectionHeaderTopPadding() throws {
        for (padding, written) in [(UITableView.automaticDimension, nil), (CGFloat(0), "0"), (10, "10")] as [(CGFloat, String?)] {
            var scene = LayerScene(size: CGSize(width: 320, height: 200), fps: 10, duration: 0)
            let vc = RowsController(count: 3)
            vc.tableView.sectionHeaderTopPadding = padding
            scene.rootViewController = vc
            let json = try scene.json().filter { !$0.isWhitespace }
            if let written { XCTAssertTrue(json.contains(#""sectionHeaderTopPadding":\#(written)"#), json) } else { XCTAssertFalse(json.contains("sectionHeaderTopPadding")) }
        }
        var scene = LayerScene(size: CGSize(width: 320, height: 200), fps: 10, duration: 0)
        let vc = RowsController(count: 3)
        vc.tableView.sectionHeaderTopPadding = -5
        scene.rootViewController = vc
        XCTAssertThrowsError(try scene.json()) { XCTAssertTrue("\($0)".contains("table.sectionHeaderTopPadding: expected UITableView.automaticDimension"), "\($0)") }
    }

    /// A section index (the A-Z strip) from the data source's `sectionIndexTitles(for:)` and the
    /// table's `sectionIndexColor` is drawn down the trailing edge (it was refused by name).
    func testASectionIndexIsDrawn() throws {
        final class Contacts: RowsController {
            override func sectionIndexTitles(for tableView: UITableView) -> [String]? { ["A", "B", "C", "D"] }
        }
        var scene = LayerScene(size: CGSize(width: 320, height: 200), scale: 1, fps: 10, duration: 0)
        let vc = Contacts(style: .plain)
        vc.tableView.sectionIndexColor = .systemRed
        scene.rootViewController = vc
        let json = try scene.json().filter { !$0.isWhitespace }
        XCTAssertTrue(json.contains(#""sectionIndexTitles":["A","B","C","D"],"sectionIndexColor":"systemRed""#), json)
        // Four titles 14 pt apart (8 pt glyphs, 6 pt between): 50 pt, centred in the table's
        // visible height; red only in the 15 pt strip at the trailing edge.
        let frame = try Renderer(scene).frame(at: 0)
        let rgba = frame.unpremultipliedRGBA()
        func redRows(_ xs: Range<Int>) -> [Int] {
            (0..<200).filter { y in xs.contains { x in let i = (y * frame.width + x) * 4; return rgba[i] > 200 && rgba[i + 1] < 120 } }
        }
        let rows = redRows(305..<320)
        let first = try XCTUnwrap(rows.first), last = try XCTUnwrap(rows.last)
        XCTAssertEqual(Double(last - first), 50, accuracy: 3, "the block's glyphs: \(first) ... \(last)")
        XCTAssertTrue(redRows(0..<305).isEmpty, "nothing red outside the strip")
    }

    /// A colour is `Hashable` (it is on iOS, as an `NSObject`): a diffable item may hold one.
    func testAColourIsHashable() {
        struct Conversation: Hashable { let id: Int; let avatarColor: UIColor }
        let set: Set = [Conversation(id: 1, avatarColor: .systemBlue), Conversation(id: 1, avatarColor: .systemBlue),
                        Conversation(id: 1, avatarColor: .systemRed)]
        XCTAssertEqual(set.count, 2)
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

    /// A swipe action's image file is not drawn yet, and setting one says so; a symbol is drawn
    /// (SwipeActionImageTests) and not said.
    func testASwipeActionsImageIsSaid() {
        let action = UIContextualAction(style: .destructive, title: "Delete") { _, _, done in done(true) }
        action.image = UIImage(systemName: "trash")
        XCTAssertFalse(UIContextualAction.saidImage.withLock { $0 }, "a symbol is drawn")
        action.image = UIImage(named: "assets/logo.png")
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
