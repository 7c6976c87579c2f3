import TableRenderQuartz
import XCTest
import TestSupport

/// Issue 53, from Swift: a tap whose finger comes down while the content still decelerates
/// stops it and reaches no row (`didSelectRowAt` is not called); the scroll view's delegate
/// hears a drag that did not move. A tap once the content rests selects.
final class CaughtTapTests: XCTestCase {
    final class Controller: UITableViewController {
        var selected: [Int] = []
        var highlighted: [Int] = []
        var log: [(time: Double, call: String, offset: CGFloat)] = []
        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 40 }
        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = UITableViewCell()
            cell.textLabel!.text = "Row \(indexPath.row)"
            return cell
        }
        override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { selected.append(indexPath.row) }
        override func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) { highlighted.append(indexPath.row) }
        func note(_ call: String, _ s: UIScrollView) { log.append((CACurrentMediaTime(), call, s.contentOffset.y)) }
        override func scrollViewDidScroll(_ scrollView: UIScrollView) { note("didScroll", scrollView) }
        override func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { note("willBeginDragging", scrollView) }
        override func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
            note("didEndDragging \(decelerate)", scrollView)
        }
        override func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { note("willBeginDecelerating", scrollView) }
        override func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { note("didEndDecelerating", scrollView) }
    }

    func scene(_ vc: UIViewController, _ script: [TableScriptEvent]) -> LayerScene {
        var s = LayerScene(size: CGSize(width: 320, height: 480), fps: 30, duration: 4)
        s.script = script
        s.rootViewController = vc
        return s
    }

    func testATapOnADeceleratingTableStopsItAndSelectsNothing() throws {
        let vc = Controller(style: .plain)
        _ = try scene(vc, [.fling(at: 0.3, velocity: 2500), .tap(at: 0.8, row: 22, hold: 0.3), .tap(at: 2.5, row: 24)]).json()
        XCTAssertEqual(vc.selected, [24], "the catching tap selects nothing; the tap at rest selects")
        XCTAssertEqual(vc.highlighted, [24], "nor highlights (held 0.3 s, it would have at 0.65 s)")
        // The delegate: the fling lifts and decelerates; the finger comes down at 0.5 s (a
        // drag begins), lifts at 0.8 s without moving, and the content rests.
        let calls = vc.log.filter { $0.call != "didScroll" }.map { "\($0.call) \(($0.time * 1000).rounded() / 1000)" }
        XCTAssertEqual(calls, ["didEndDragging true 0.3", "willBeginDecelerating 0.3", "willBeginDragging 0.5",
                               "didEndDragging false 0.8", "didEndDecelerating 0.8"])
        let caught = try XCTUnwrap(vc.log.last { $0.time <= 0.5 && $0.call == "didScroll" }).offset
        XCTAssertGreaterThan(caught, 100)
        XCTAssertFalse(vc.log.contains { $0.call == "didScroll" && $0.time > 0.51 }, "the content does not move after the catch")
    }
}
