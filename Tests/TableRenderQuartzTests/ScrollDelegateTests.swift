import TableRenderQuartz
import XCTest
import TestSupport

/// A table of 40 rows whose delegate logs the scroll view calls with the scene time and offset,
/// and may cap the offset (code that sets `contentOffset` while the finger drags).
final class ScrollLogController: UITableViewController {
    var log: [(time: Double, call: String, offset: CGFloat)] = []
    var cap: CGFloat?

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 40 }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell()
        cell.textLabel!.text = "Row \(indexPath.row)"
        return cell
    }
    func note(_ call: String, _ s: UIScrollView) { log.append((CACurrentMediaTime(), call, s.contentOffset.y)) }
    override func scrollViewDidScroll(_ scrollView: UIScrollView) {
        note("didScroll", scrollView)
        if let cap, scrollView.contentOffset.y > cap { scrollView.contentOffset = CGPoint(x: 0, y: cap) }
    }
    override func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { note("willBeginDragging", scrollView) }
    override func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        note("didEndDragging \(decelerate)", scrollView)
    }
    override func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { note("willBeginDecelerating", scrollView) }
    override func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { note("didEndDecelerating", scrollView) }
}

final class ScrollDelegateTests: XCTestCase {
    func scene(_ vc: UIViewController, script: [TableScriptEvent], duration: Double = 2) -> LayerScene {
        var s = LayerScene(size: CGSize(width: 320, height: 480), fps: 30, duration: duration)
        s.script = script
        s.rootViewController = vc
        return s
    }

    /// UIKit's calls in UIKit's order: the drag begins, the content moves (a call per 240 Hz
    /// step while it moves, none while it rests), the finger lifts at rest (no deceleration);
    /// a fling lifts moving, decelerates and comes to rest.
    func testTheDelegateHearsTheScrollInUIKitsOrder() throws {
        let vc = ScrollLogController(style: .plain)
        let s = scene(vc, script: [.drag(at: 0.2, by: 100, duration: 0.5), .release(at: 0.8), .fling(at: 1.2, velocity: 800)], duration: 3)
        _ = try s.json()
        let calls = vc.log.map(\.call).reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } }
        XCTAssertEqual(calls, ["willBeginDragging", "didScroll", "didEndDragging false", "didScroll",
                               "didEndDragging true", "willBeginDecelerating", "didScroll", "didEndDecelerating"])
        let drag = vc.log.filter { $0.call == "didScroll" && $0.time < 0.8 }
        XCTAssertEqual(drag.count, 120, "0.5 s of drag at 240 Hz")
        XCTAssertEqual(drag.last?.offset ?? 0, 100, accuracy: 1e-9)
        XCTAssertTrue(zip(drag, drag.dropFirst()).allSatisfy { $0.offset < $1.offset && abs($1.time - $0.time - 1 / 240) < 1e-9 })
        guard let lift = vc.log.first(where: { $0.call == "didEndDragging true" }),
              let rest = vc.log.first(where: { $0.call == "didEndDecelerating" }) else { return XCTFail("\(calls)") }
        XCTAssertEqual(lift.time, 1.2, accuracy: 1e-9)
        XCTAssertGreaterThan(rest.time, lift.time + 0.5, "a normal-rate fling of 800 pt/s glides for seconds")
        XCTAssertFalse(vc.log.contains { $0.call == "didScroll" && $0.time > rest.time }, "no scroll after rest")
    }

    /// Code that sets the offset while the finger drags holds the content there: the scene
    /// records the offsets it left, and the frames show the content where the code put it
    /// (the same pixels as a table scrolled there by the script).
    func testAnOffsetSetByCodeIsWhereTheContentStays() throws {
        let vc = ScrollLogController(style: .plain)
        vc.cap = 60
        let s = scene(vc, script: [.drag(at: 0.2, by: 150, duration: 0.5), .release(at: 0.8)])
        s.tableView?.showsVerticalScrollIndicator = false
        let json = try s.json()
        XCTAssertTrue(json.contains(#""contentOffsets""#), json)
        XCTAssertEqual(vc.log.last(where: { $0.call == "didScroll" })?.offset, 60)
        var byScript = scene(ScrollLogController(style: .plain), script: [.scroll(at: 0, to: 60, duration: 0)])
        byScript.tableView?.showsVerticalScrollIndicator = false
        XCTAssertEqual(try Renderer(s).frame(at: 1.5).data, try Renderer(byScript).frame(at: 1.5).data)
        XCTAssertNotEqual(try Renderer(s).frame(at: 1.5).data, try Renderer(s).frame(at: 0).data)
    }

    /// A delegate that does nothing changes nothing in the scene written.
    func testAQuietDelegateWritesNoOffsets() throws {
        let s = scene(ScrollLogController(style: .plain), script: [.drag(at: 0.2, by: 150, duration: 0.5), .release(at: 0.8)])
        let json = try s.json()
        XCTAssertFalse(json.contains("contentOffsets"), json)
        XCTAssertFalse(json.contains(#""name""#), json)
    }

    /// Auto Layout: edges pinned to the superview and to a sibling, a height constant, a
    /// centred view of fixed size and a label sized by its text; a new constant moves them at
    /// the next layout.
    func testConstraintsPlaceTheViews() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let header = UIView(), table = UIView(), logo = UIView(), title = UILabel()
        for v in [header, table] { v.translatesAutoresizingMaskIntoConstraints = false; root.addSubview(v) }
        for v in [logo, title] { v.translatesAutoresizingMaskIntoConstraints = false; header.addSubview(v) }
        title.text = "Title"
        let height = header.heightAnchor.constraint(equalToConstant: 88)
        NSLayoutConstraint.activate([
            header.topAnchor.constraint(equalTo: root.topAnchor), header.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            header.trailingAnchor.constraint(equalTo: root.trailingAnchor), height,
            table.topAnchor.constraint(equalTo: header.bottomAnchor), table.leftAnchor.constraint(equalTo: root.leftAnchor),
            table.rightAnchor.constraint(equalTo: root.rightAnchor), table.bottomAnchor.constraint(equalTo: root.bottomAnchor),
            logo.centerXAnchor.constraint(equalTo: header.centerXAnchor), logo.bottomAnchor.constraint(equalTo: header.bottomAnchor, constant: -4),
            logo.widthAnchor.constraint(equalToConstant: 40), logo.heightAnchor.constraint(equalTo: logo.widthAnchor, multiplier: 0.5),
            title.topAnchor.constraint(equalTo: header.topAnchor, constant: 10), title.leftAnchor.constraint(equalTo: header.leftAnchor, constant: 16),
        ])
        root.layoutIfNeeded()
        XCTAssertEqual(header.frame, CGRect(x: 0, y: 0, width: 320, height: 88))
        XCTAssertEqual(table.frame, CGRect(x: 0, y: 88, width: 320, height: 392))
        XCTAssertEqual(logo.frame, CGRect(x: 140, y: 64, width: 40, height: 20))
        XCTAssertEqual(title.frame.minX, 16, accuracy: 1e-9)
        XCTAssertEqual(title.frame.minY, 10, accuracy: 1e-9)
        XCTAssertEqual(title.frame.width, title.intrinsicContentSize.width, accuracy: 1e-9)
        XCTAssertGreaterThan(title.frame.width, 20)
        height.constant = 44
        XCTAssertEqual(table.frame.minY, 88, "not before the layout pass")
        root.layoutIfNeeded()
        XCTAssertEqual(table.frame, CGRect(x: 0, y: 44, width: 320, height: 436))
        XCTAssertEqual(logo.frame.minY, 20)
    }
}
