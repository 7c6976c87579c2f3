import Foundation
import Synchronization
import XCTest
@testable import TableRenderQuartz

/// What UIKit keeps process-wide (`UIScreen.main`, the `UIGraphics` context stack) belongs to a
/// scene (issue 50, step 7): two scenes, built one after the other or on two threads at once,
/// each see their own.
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

    /// Scenes built on two threads at once: each scene's code sees its own screen, and each
    /// view draws into its own context (the context stack was one array shared by the threads).
    func testScenesBuiltOnTwoThreadsAtOnceKeepTheirOwnScreenAndContexts() {
        let wrong = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            let size = thread == 0 ? CGSize(width: 200, height: 300) : CGSize(width: 310, height: 170)
            for round in 0..<40 {
                let vc = ScreenReader()
                var scene = LayerScene(size: size, scale: 1, fps: 10, duration: 0.3)
                scene.rootViewController = vc
                let sizer = Sizer(frame: CGRect(x: 0, y: 0, width: 10 + thread * 7 + round, height: 12))
                scene.layers.append(sizer.layer)
                scene.at(0.1) {
                    vc.seen.append(UIScreen.main.bounds.size)
                    sizer.setNeedsDisplay()
                }
                do {
                    _ = try scene.json()
                } catch {
                    wrong.withLock { $0.append("thread \(thread) round \(round): \(error)") }
                }
                let drawn = CGSize(width: CGFloat(10 + thread * 7 + round), height: 12)
                if vc.seen != [size, size] || sizer.drew.isEmpty || sizer.drew.contains(where: { $0 != drawn }) {
                    wrong.withLock { $0.append("thread \(thread) round \(round): saw \(vc.seen), drew \(sizer.drew)") }
                }
            }
        }
        XCTAssertEqual(wrong.withLock { $0 }, [])
    }
}
