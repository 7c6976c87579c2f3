import TableRenderQuartz
import XCTest
import TestSupport

/// From Swift, a tap that comes down while a row's swipe actions are open closes them and
/// reaches no row (issue 51; UIKit's `UISwipeActionController`): `didSelectRowAt` runs for the
/// next tap only. Before, the tap selected its row and the swiped row stayed open.
final class SwipeDismissalSwiftTests: XCTestCase {
    func testATapWhileARowIsSwipedOpenOnlyClosesIt() throws {
        let vc = GrowingRowsController(style: .plain)
        var scene = LayerScene(size: CGSize(width: 200, height: 400), scale: 1, fps: 10, duration: 3)
        scene.script = [.swipe(at: 0.2, IndexPath(row: 1, section: 0)),
                        .tap(at: 1.5, row: 3),
                        .tap(at: 2.2, row: 4)]
        scene.rootViewController = vc
        _ = try Renderer(scene)
        XCTAssertEqual(vc.log.filter { $0.hasPrefix("didSelectRowAt") }, ["didSelectRowAt 4"])
    }
}
