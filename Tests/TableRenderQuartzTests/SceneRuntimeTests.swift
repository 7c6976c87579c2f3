import Foundation
import XCTest
@testable import TableRenderQuartz

/// What UIKit keeps process-wide (`UIScreen.main`, the `UIGraphics` context stack) belongs to a
/// scene (issue 50, step 7): two scenes, built one after the other or one inside the other's
/// code, each see their own.
final class SceneRuntimeTests: XCTestCase {
    /// Logs the screen app code sees: at `viewDidLoad` and in code at a scene time.
    final class ScreenReader: UIViewController {
        var seen: [CGSize] = []
        override func viewDidLoad() { seen.append(UIScreen.main.bounds.size) }
    }

    /// A view whose `draw(_:)` checks it draws into its own context, and says how big.
    final class Sizer: UIView {
        var drew: [CGSize] = []
        override func draw(_ rect: CGRect) {
            guard let c = UIGraphicsGetCurrentContext() else { return }
            drew.append(c.bounds.size)
            UIColor.red.setFill()
            c.fill(bounds)
        }
    }

    /// Scene B presented after scene A does not change the screen A's code sees (before, one
    /// `UIScreen.main` for the process: A's code at 0.5 s read B's 320 x 480).
    func testEachSceneHasItsOwnScreen() throws {
        let a = ScreenReader(), b = ScreenReader()
        var sceneA = try XCTUnwrap(LayerScene(device: "iPhone 15", fps: 10, duration: 1))
        sceneA.rootViewController = a
        var sceneB = LayerScene(size: CGSize(width: 320, height: 480), scale: 2, fps: 10, duration: 1)
        sceneB.rootViewController = b
        sceneA.at(0.5) { a.seen.append(UIScreen.main.bounds.size) }
        sceneB.at(0.5) { b.seen.append(UIScreen.main.bounds.size) }
        XCTAssertEqual(a.seen, [CGSize(width: 393, height: 852), CGSize(width: 393, height: 852)])
        XCTAssertEqual(b.seen, [CGSize(width: 320, height: 480), CGSize(width: 320, height: 480)])
        XCTAssertEqual(a.view.safeAreaInsets, UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0), "A's root is on A's screen")
        XCTAssertEqual(b.view.safeAreaInsets, .zero, "B's screen has no device")
        XCTAssertEqual(UIScreen.main.bounds.size, CGSize(width: 375, height: 667), "outside a scene: the default screen")
    }

    /// A scene built and recorded inside another scene's code (UIKit is main-actor isolated, so
    /// scenes are built one at a time, but one may be made while another runs): each scene's code
    /// sees its own screen and each view draws into its own context, before and after.
    func testASceneBuiltInsideAnothersCodeKeepsItsOwnScreenAndContexts() throws {
        let outer = ScreenReader(), inner = ScreenReader()
        var sceneA = LayerScene(size: CGSize(width: 200, height: 300), scale: 1, fps: 10, duration: 0.3)
        sceneA.rootViewController = outer
        let outerSizer = Sizer(frame: CGRect(x: 0, y: 0, width: 17, height: 12))
        sceneA.layers.append(outerSizer.layer)
        var innerDrew: [CGSize] = []
        var innerError: (any Error)?
        sceneA.at(0.1) {
            outer.seen.append(UIScreen.main.bounds.size)
            var sceneB = LayerScene(size: CGSize(width: 310, height: 170), scale: 1, fps: 10, duration: 0.3)
            sceneB.rootViewController = inner
            let innerSizer = Sizer(frame: CGRect(x: 0, y: 0, width: 23, height: 12))
            sceneB.layers.append(innerSizer.layer)
            sceneB.at(0.1) {
                inner.seen.append(UIScreen.main.bounds.size)
                innerSizer.setNeedsDisplay()
            }
            do { _ = try sceneB.json() } catch { innerError = error }
            innerDrew = innerSizer.drew
            outer.seen.append(UIScreen.main.bounds.size)
            outerSizer.setNeedsDisplay()
        }
        _ = try sceneA.json()
        XCTAssertNil(innerError)
        XCTAssertEqual(inner.seen, [CGSize(width: 310, height: 170), CGSize(width: 310, height: 170)])
        XCTAssertEqual(outer.seen, [CGSize(width: 200, height: 300), CGSize(width: 200, height: 300), CGSize(width: 200, height: 300)],
                       "A's code sees A's screen before and after B was built")
        XCTAssertFalse(innerDrew.isEmpty)
        XCTAssertTrue(innerDrew.allSatisfy { $0 == CGSize(width: 23, height: 12) }, "\(innerDrew)")
        XCTAssertFalse(outerSizer.drew.isEmpty)
        XCTAssertTrue(outerSizer.drew.allSatisfy { $0 == CGSize(width: 17, height: 12) }, "\(outerSizer.drew)")
    }
}
