import Foundation
import Hashing
import TableRenderQuartz
import XCTest

/// UIKit's and Core Animation's timing rules that app code leans on (issue 51): an animation
/// repeated forever, a zero-duration `UIView.animate`, and a view made and faded in at one time.
final class UIKitTimingTests: XCTestCase {
    /// The red of the pixel at (5, 5) at each tenth of a second up to `end`.
    func reds(_ s: LayerScene, to end: Int) throws -> [UInt8] {
        let r = try Renderer(s)
        return try (0...end).map { k in
            let p = try r.frame(at: Double(k) / 10)
            return p.unpremultipliedRGBA()[(5 * p.width + 5) * 4]
        }
    }

    func scene(_ layers: [CALayer], duration: Double) -> LayerScene {
        var s = LayerScene(size: CGSize(width: 20, height: 20), fps: 10, duration: duration)
        s.backgroundColor = UIColor.black.cgColor
        s.layers = layers
        return s
    }

    /// `repeatCount = .infinity` (Core Animation's HUGE_VALF) repeats for the whole scene, and
    /// the scene file it writes (the largest Float, the format's numbers being finite) draws the same.
    func testAnAnimationRepeatedForeverRunsForTheWholeScene() throws {
        let l = CALayer()
        l.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        l.backgroundColor = UIColor.white.cgColor
        let pulse = CABasicAnimation(keyPath: "opacity")
        pulse.fromValue = 1
        pulse.toValue = 0
        pulse.duration = 0.5
        pulse.repeatCount = .infinity
        pulse.autoreverses = true
        l.add(pulse, forKey: "pulse")
        let s = scene([l], duration: 4)
        let once: [UInt8] = [255, 204, 153, 102, 51, 0, 51, 102, 153, 204]
        XCTAssertEqual(try reds(s, to: 39), Array([once, once, once, once].joined()))
        let file = try LayerScene(json: Array(try s.json().utf8))
        XCTAssertEqual(try reds(file, to: 39), try reds(s, to: 39))
    }

    /// "If you specify a negative value or 0, the changes are made without animating them"
    /// (UIView.animate's documentation, and animateKeyframes'): the change shows at once and the
    /// completion runs at that time.
    func testAZeroDurationAnimationChangesAtOnce() throws {
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20)), w = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        v.backgroundColor = .white
        var done: Double?
        let s = scene([v.layer], duration: 1)
        s.at(0.5) {
            UIView.animate(withDuration: 0, animations: { v.alpha = 0 }, completion: { _ in done = CACurrentMediaTime() })
        }
        XCTAssertEqual(try reds(s, to: 10), [255, 255, 255, 255, 255, 0, 0, 0, 0, 0, 0])
        XCTAssertEqual(done, 0.5)
        w.backgroundColor = .white
        let t = scene([w.layer], duration: 1)
        t.at(0.3) {
            UIView.animateKeyframes(withDuration: 0, delay: 0, animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { w.alpha = 0 }
            })
        }
        XCTAssertEqual(try reds(t, to: 5), [255, 255, 255, 0, 0, 0])
    }

    /// A view made at a scene time is set up at once, and what a `UIView.animate` block then
    /// changes on it animates (it was shown at its end value at once).
    func testAViewMadeAndFadedInAtOneTimeFadesIn() throws {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let s = scene([root.layer], duration: 1)
        s.at(0.2) {
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
            v.backgroundColor = .white
            v.alpha = 0
            root.addSubview(v)
            UIView.animate(withDuration: 0.5, delay: 0, options: [.curveLinear], animations: { v.alpha = 1 })
        }
        XCTAssertEqual(try reds(s, to: 10), [0, 0, 0, 51, 102, 153, 204, 255, 255, 255, 255])
    }
    /// `removeAnimation(forKey:)` at a scene time: an animation begun earlier is refused by
    /// name (it was removed from its start, as if never added); one added at that same time
    /// is removed.
    func testRemovingABegunAnimationAtASceneTimeIsSaid() throws {
        let l = CALayer()
        l.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        l.backgroundColor = UIColor.white.cgColor
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 1
        l.add(fade, forKey: "fade")
        let s = scene([l], duration: 1)
        s.at(0.5) { l.removeAnimation(forKey: "fade") }
        XCTAssertThrowsError(try Renderer(s)) { error in
            XCTAssertTrue("\(error)".contains("removing an animation (key \"fade\") at 0.5 s that began at 0.0 s is not drawn yet"), "\(error)")
        }
        let m = CALayer()
        m.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        m.backgroundColor = UIColor.white.cgColor
        let t = scene([m], duration: 1)
        t.at(0.5) {
            m.add(fade, forKey: "fade")
            m.removeAllAnimations()
        }
        XCTAssertEqual(try reds(t, to: 10), Array(repeating: 255, count: 11))
    }
}
