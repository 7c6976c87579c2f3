import TableRenderQuartz
import TableEngine
import XCTest
import SceneModel

/// An inbox that refreshes as iOS apps write it: a `UIRefreshControl` whose `valueChanged`
/// action loads a message a second later, inserts it and ends refreshing.
final class InboxController: UITableViewController {
    var messages = ["Lunch?", "Invoice", "Re: Trip"]
    var refreshes: [(time: Double, refreshing: Bool)] = []
    var usesClosure = false
    var refreshTitle: NSAttributedString?

    override func viewDidLoad() {
        let control = UIRefreshControl()
        if usesClosure {
            control.addAction(UIAction { [unowned self] _ in refresh() }, for: .valueChanged)
        } else {
            control.addTarget(self, action: InboxController.refresh, for: .valueChanged)
        }
        control.attributedTitle = refreshTitle
        refreshControl = control
    }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { messages.count }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell()
        cell.textLabel!.text = messages[indexPath.row]
        return cell
    }
    func refresh() {
        refreshes.append((CACurrentMediaTime(), refreshControl?.isRefreshing ?? false))
        DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
            self.messages.insert("New mail", at: 0)
            self.tableView.insertRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
            self.refreshControl?.endRefreshing()
        }
    }
}

final class RefreshControlAppTests: XCTestCase {
    @MainActor static func scene(_ vc: UIViewController, script: [TableScriptEvent]) -> LayerScene {
        var s = LayerScene(size: CGSize(width: 320, height: 480), fps: 30, duration: 3.5)
        s.script = script
        s.rootViewController = vc
        return s
    }

    /// The pull starts the refresh at the moment the engine does, the action runs then with
    /// `isRefreshing` true, and what its queued block does (a new row, `endRefreshing`) shows.
    func testAPullRunsTheRefreshActionAndTheAppEndsIt() throws {
        try MainActor.assumeIsolated {
            for closure in [false, true] {
                let vc = InboxController(style: .plain)
                vc.usesClosure = closure
                let s = Self.scene(vc, script: [.drag(at: 0.2, by: -300, duration: 0.6), .release(at: 1.0)])
                let r = try Renderer(s)
                let sim = try XCTUnwrap(TableSimulation(scene: r.loaded.scene))
                let span = try XCTUnwrap(sim.refreshSpans.first)
                XCTAssertEqual(vc.refreshes.count, 1, "one refresh")
                XCTAssertEqual(vc.refreshes.first?.time ?? 0, span.start, accuracy: 1e-9, "when the pull passed 100 pt")
                XCTAssertEqual(vc.refreshes.first?.refreshing, true)
                XCTAssertEqual(span.end, span.start + 1, accuracy: 1e-9, "ended by the app's block a second later")
                XCTAssertEqual(sim.contentOffset(at: span.end - 0.05), -60, accuracy: 0.5, "rested in the control's room")
                XCTAssertEqual(sim.contentOffset(at: 3.4), 0, accuracy: 1e-9)
                XCTAssertEqual(vc.refreshControl?.isRefreshing, false)
                let json = try s.json()
                XCTAssertTrue(json.contains("\"endRefreshing\"") && json.contains("\"insertRows\"") && json.contains("New mail"), json)
            }
        }
    }

    /// A pull that stops short runs nothing.
    func testAShortPullRunsNothing() throws {
        try MainActor.assumeIsolated {
            let vc = InboxController(style: .plain)
            _ = try Renderer(Self.scene(vc, script: [.drag(at: 0.2, by: -120, duration: 0.6), .release(at: 1.0)]))
            XCTAssertTrue(vc.refreshes.isEmpty)
        }
    }

    /// `attributedTitle` with its colour is drawn under the spinner (it stopped the scene as not
    /// drawn), and the room the content rests in is the titled control's: its line plus 67 pt.
    func testAnAttributedTitleIsDrawnWithItsColour() throws {
        try MainActor.assumeIsolated {
            let vc = InboxController(style: .plain)
            vc.refreshTitle = NSAttributedString(string: "Pull to refresh", attributes: [.foregroundColor: UIColor.systemRed])
            let s = Self.scene(vc, script: [.drag(at: 0.2, by: -300, duration: 0.6), .release(at: 1.0)])
            let r = try Renderer(s)
            let control = try XCTUnwrap(r.loaded.scene.table?.refreshControl)
            XCTAssertEqual(control.title, "Pull to refresh")
            XCTAssertEqual(control.titleStyle?.color, Color.named("systemRed", .light))
            let line = try XCTUnwrap(control.titleHeight)
            let sim = try XCTUnwrap(TableSimulation(scene: r.loaded.scene))
            let span = try XCTUnwrap(sim.refreshSpans.first)
            XCTAssertEqual(sim.contentOffset(at: span.end - 0.05), -(line + 67), accuracy: 0.5, "rested in the titled control's room")
            let json = try s.json()
            XCTAssertTrue(json.contains(#""title":"Pull to refresh""#) || json.contains(#""title": "Pull to refresh""#), json)
        }
    }
}
