import XCTest
import Foundation
@testable import ArticlePorts
import TableRenderQuartz

/// Pull to refresh as the public samples write it: a drag past the top starts the refresh and
/// runs the app's action, whose block a second later puts the new headline at the top, reloads
/// and ends refreshing; the content then goes back up.
final class PullToRefreshTests: XCTestCase {
    func scene() throws -> (LayerScene, PullToRefreshViewController) {
        let list = PullToRefreshViewController(style: .plain)
        var scene = try phoneScene(list, duration: 3)
        scene.script = [.drag(at: 0.2, by: -220, duration: 0.6), .release(at: 0.9)]
        return (scene, list)
    }

    /// The first row of dark text (a headline) at or below `top` at `t`.
    func firstTextRow(_ r: Renderer, at t: Double, from top: Int) -> Int? {
        let f = r.frame(at: t)
        let p = f.unpremultipliedRGBA()
        return (top..<f.height).first { y in (16..<300).contains { x in p[(y * f.width + x) * 4] < 100 } }
    }

    func testAPullRefreshesAndTheNewHeadlineComesInAtTheTop() throws {
        let (scene, list) = try scene()
        let r = try Renderer(scene)
        XCTAssertEqual(list.refreshedAt.count, 1, "one refresh")
        let started = try XCTUnwrap(list.refreshedAt.first)
        XCTAssertGreaterThan(started, 0.2)
        XCTAssertLessThan(started, 0.8, "during the drag, once past the control's threshold")
        XCTAssertEqual(list.headlines.first, "Breaking: library stays open late")
        XCTAssertEqual(list.refreshControl?.isRefreshing, false, "ended by the app's block")
        // Before the pull the first headline's text sits just below the status bar; while
        // refreshing the content rests lower (the control's room); at the end it is back.
        let top = try XCTUnwrap(firstTextRow(r, at: 0, from: 60))
        let resting = try XCTUnwrap(firstTextRow(r, at: started + 0.6, from: 60))
        XCTAssertGreaterThan(resting - top, 40, "the content rests below the spinner while refreshing")
        let end = try XCTUnwrap(firstTextRow(r, at: 3, from: 60))
        XCTAssertEqual(end, top, accuracy: 2, "back at the top, the new headline first")
        let json = try scene.json()
        XCTAssertTrue(json.contains("Breaking: library stays open late"), "the reloaded data")
        XCTAssertTrue(json.contains("\"endRefreshing\""), json)
    }
}
