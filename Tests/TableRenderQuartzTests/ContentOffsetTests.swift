import XCTest
@testable import TableRenderQuartz

/// `setContentOffset(_:animated:)` from app code (issue 51).
final class ContentOffsetTests: XCTestCase {
    func list() -> RowsController { RowsController(count: 30) }

    func scene(_ vc: RowsController) -> LayerScene {
        var s = LayerScene(size: CGSize(width: 200, height: 200), scale: 1, fps: 10, duration: 1)
        s.rootViewController = vc
        return s
    }

    /// Animated, the content scrolls there as a script's 0.3 s ease-in-ease-out scroll does;
    /// not animated, it is there at once. Before, the call did not exist.
    func testSetContentOffsetScrollsAnimatedOrAtOnce() throws {
        let coded = list()
        var a = scene(coded)
        a.at(0.2) { coded.tableView.setContentOffset(CGPoint(x: 0, y: 88), animated: true) }
        var b = scene(list())
        b.script = [.scroll(at: 0.2, to: 88, duration: 0.3, timing: .easeInEaseOut)]
        for t in [0.1, 0.35, 1.0] {
            XCTAssertEqual(try Renderer(a).frame(at: t).data, try Renderer(b).frame(at: t).data, "at \(t) s")
        }
        XCTAssertNotEqual(try Renderer(a).frame(at: 0.1).data, try Renderer(a).frame(at: 1).data, "it scrolled")
        XCTAssertNotEqual(try Renderer(a).frame(at: 0.35).data, try Renderer(a).frame(at: 1).data, "over time")

        let jump = list()
        var c = scene(jump)
        c.at(0.2) { jump.tableView.setContentOffset(CGPoint(x: 0, y: 88), animated: false) }
        // The rows only: the animated scroll shows the scroll indicator (a script scroll's), the
        // offset set at once does not.
        func rows(_ f: [UInt8]) -> [UInt8] { (0..<200).flatMap { y in f[(y * 200) * 4..<(y * 200 + 180) * 4] } }
        XCTAssertEqual(rows(try Renderer(c).frame(at: 0.3).data), rows(try Renderer(a).frame(at: 1).data), "at once")
    }

    /// A probe: once code had set `contentOffset`, an animated `setContentOffset` was not drawn
    /// (the script's scroll it became ran from the script's own offset, not code's). It scrolls
    /// from where code left the content, as the animated scroll from rest does.
    func testAnAnimatedScrollAfterCodeSetTheOffsetRunsFromThere() throws {
        let vc = RowsController(count: 200)
        var s = LayerScene(size: CGSize(width: 200, height: 200), scale: 1, fps: 10, duration: 2)
        s.rootViewController = vc
        var mid: CGFloat = -1
        s.at(1.0) { vc.tableView.contentOffset = CGPoint(x: 0, y: 5000) }
        s.at(1.5) { vc.tableView.setContentOffset(.zero, animated: true) }
        s.at(1.65) { mid = vc.tableView.contentOffset.y }
        let end = try Renderer(s).frame(at: 1.9).data
        XCTAssertGreaterThan(mid, 100, "half way at 1.65 s")
        XCTAssertLessThan(mid, 4900)
        XCTAssertEqual(vc.tableView.contentOffset.y, 0, "at the top at the end")
        var top = LayerScene(size: CGSize(width: 200, height: 200), scale: 1, fps: 10, duration: 2)
        top.rootViewController = RowsController(count: 200)
        func rows(_ f: [UInt8]) -> [UInt8] { (0..<200).flatMap { y in f[(y * 200) * 4..<(y * 200 + 180) * 4] } }
        XCTAssertEqual(rows(end), rows(try Renderer(top).frame(at: 1.9).data), "the first rows, as at rest")
    }

    /// A script set after the root view controller scrolls the app's table as one set before
    /// it (the rows it brings into view were never asked for and drew empty).
    func testAScriptSetAfterTheControllerScrollsTheAppsTable() throws {
        var before = LayerScene(size: CGSize(width: 200, height: 200), scale: 1, fps: 10, duration: 1)
        before.script = [.scroll(at: 0.2, to: 88, duration: 0.3, timing: .easeInEaseOut)]
        before.rootViewController = list()
        var after = scene(list())
        after.script = [.scroll(at: 0.2, to: 88, duration: 0.3, timing: .easeInEaseOut)]
        XCTAssertTrue(try after.json().contains(#""title": "Row 6""#), "row 6 scrolled into view and was asked for")
        XCTAssertEqual(try Renderer(after).frame(at: 1).data, try Renderer(before).frame(at: 1).data)
    }

    /// `numberOfSections` and `numberOfRows(inSection:)` answer with the rows the table has (a
    /// chat scrolls to its last row with them); a section it does not have is refused.
    func testTheTableCountsItsRows() throws {
        let vc = list()
        var s = scene(vc)
        var counts: [Int] = []
        s.at(0.2) {
            counts = [vc.tableView.numberOfSections, vc.tableView.numberOfRows(inSection: 0)]
            let last = IndexPath(row: vc.tableView.numberOfRows(inSection: 0) - 1, section: 0)
            vc.tableView.scrollToRow(at: last, at: .bottom, animated: false)
        }
        let json = try s.json()
        XCTAssertEqual(counts, [1, 30])
        XCTAssertTrue(json.contains(#""title": "Row 29""#), "the last row scrolled into view")
        let wrong = list()
        var t = scene(wrong)
        t.at(0.2) { _ = wrong.tableView.numberOfRows(inSection: 3) }
        XCTAssertThrowsError(try t.json()) { error in
            XCTAssertTrue("\(error)".contains("request for number of rows in section (3) when there are only 1 sections"), "\(error)")
        }
    }
}
