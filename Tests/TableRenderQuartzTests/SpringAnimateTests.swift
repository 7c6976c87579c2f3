import TableRenderQuartz
import XCTest

/// `UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:...)`: a spring
/// that overshoots when under-damped, none when critically damped, and ends exactly at the new
/// value when its duration is over (UIKit removes the animation; a spring cut off there must not
/// hold its unsettled value, issue 28).
final class SpringAnimateTests: XCTestCase {
    /// The left edge of the white view in each frame, in pixels (a 10 pt view moved from x 0 to 100).
    func edges(damping: CGFloat, times: [Double]) throws -> [Double] {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let s = LayerScene.onBlack(whiteView: view, size: CGSize(width: 140, height: 10), scale: 4, fps: 100, duration: 3)
        var finished: Bool?
        s.at(0) {
            UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: damping, initialSpringVelocity: 0, options: [],
                           animations: { view.center.x = 105 }, completion: { finished = $0 })
        }
        let renderer = try Renderer(s)
        XCTAssertEqual(finished, true, "the completion ran when the scene was written")
        return times.map { t in
            let p = renderer.frame(at: t), rgba = p.unpremultipliedRGBA()
            // Coverage of the view's left edge from the row's first partly white pixel.
            for x in 0..<p.width where rgba[(2 * p.width + x) * 4] > 0 {
                return (Double(x) + 1 - Double(rgba[(2 * p.width + x) * 4]) / 255) / 4
            }
            return -1
        }
    }

    func testAnUnderDampedSpringOvershootsAndEndsExactly() throws {
        let e = try edges(damping: 0.3, times: Array(stride(from: 0.0, through: 1.0, by: 0.02)) + [1.5, 2.5])
        XCTAssertEqual(e[0], 0, accuracy: 0.01)
        XCTAssertGreaterThan(e.max() ?? 0, 110, "it goes past 100 on the way")
        XCTAssertEqual(e[e.count - 2], 100, accuracy: 0.01, "at rest at the new value")
        XCTAssertEqual(e[e.count - 1], 100, accuracy: 0.01)
    }

    func testACriticallyDampedSpringDoesNotOvershoot() throws {
        let e = try edges(damping: 1, times: Array(stride(from: 0.0, through: 1.0, by: 0.05)) + [2])
        XCTAssertLessThanOrEqual(e.max() ?? 200, 100.01)
        XCTAssertEqual(zip(e, e.dropFirst()).filter { $0 > $1 + 0.01 }.count, 0, "it only moves forward")
        XCTAssertGreaterThan(e[10], 80, "most of the way by half its duration (about 94 % by this rule)")
        XCTAssertEqual(e.last ?? 0, 100, accuracy: 0.01)
    }
}

extension LayerScene {
    /// A scene on black showing `view` in white, for tests that read where it is from pixels.
    static func onBlack(whiteView view: UIView, size: CGSize, scale: CGFloat = 1, fps: Double = 10, duration: Double) -> LayerScene {
        view.backgroundColor = .white
        var s = LayerScene(size: size, scale: scale, fps: fps, duration: duration)
        s.backgroundColor = UIColor.black.cgColor
        s.layers = [view.layer]
        return s
    }
}
