import Foundation
import TableRenderQuartz
import XCTest

/// `UIView.animateKeyframes` and `UIViewPropertyAnimator` at scene times.
final class KeyframeAnimatorTests: XCTestCase {
    /// A white view on black: its opacity is the pixel's level.
    func scene(_ v: UIView) -> LayerScene {
        var s = LayerScene(size: CGSize(width: 10, height: 10), fps: 10, duration: 3)
        s.backgroundColor = UIColor.black.cgColor
        v.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        v.backgroundColor = .white
        s.layers = [v.layer]
        return s
    }

    func level(_ s: LayerScene, _ t: Double) throws -> Double {
        let p = try Renderer(s).frame(at: t)
        return Double(p.unpremultipliedRGBA()[(5 * p.width + 5) * 4])
    }

    /// Keyframes change the view between fractions of the duration and hold between them; a
    /// property is one keyframe animation; the completion runs at the end.
    func testKeyframesHoldBetweenTheirWindows() throws {
        let v = UIView()
        v.alpha = 0
        let s = scene(v)
        var done = -1.0
        s.at(1) {
            UIView.animateKeyframes(withDuration: 1, delay: 0, options: UIView.KeyframeAnimationOptions(rawValue: UIView.AnimationOptions.curveLinear.rawValue),
                                    animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { v.alpha = 1 }
                UIView.addKeyframe(withRelativeStartTime: 0.75, relativeDuration: 0.25) { v.alpha = 0.5 }
            }, completion: { _ in done = CACurrentMediaTime() })
        }
        XCTAssertEqual(try level(s, 0.9), 0)
        XCTAssertEqual(try level(s, 1.25), 128, accuracy: 1, "halfway through the first keyframe")
        XCTAssertEqual(try level(s, 1.6), 255, "held between the keyframes")
        XCTAssertEqual(try level(s, 1.875), 191, accuracy: 1, "halfway through the second")
        XCTAssertEqual(try level(s, 2.5), 128, accuracy: 1, "the last value after the end")
        let json = try s.json().filter { !$0.isWhitespace }
        XCTAssertTrue(json.contains(#""values":[0,1,1,0.5],"keyTimes":[0,0.5,0.75,1]"#), json)
        XCTAssertEqual(done, 2, accuracy: 1e-9)
    }

    /// Without a curve option the whole keyframe animation eases in and out; the discrete mode
    /// holds each value until the next key time.
    func testTheDefaultCurveAndDiscreteKeyframes() throws {
        let v = UIView()
        v.alpha = 0
        let s = scene(v)
        s.at(1) {
            UIView.animateKeyframes(withDuration: 1, delay: 0, animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { v.alpha = 1 }
            })
        }
        XCTAssertEqual(try level(s, 1.5), 128, accuracy: 1, "ease in, ease out is at one half halfway")
        XCTAssertLessThan(try level(s, 1.2), 0.2 * 255 - 10, "and slower than linear at the start")
        let w = UIView()
        w.alpha = 0
        let d = scene(w)
        d.at(1) {
            UIView.animateKeyframes(withDuration: 1, delay: 0, options: .calculationModeDiscrete, animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { w.alpha = 1 }
            })
        }
        XCTAssertEqual(try level(d, 1.3), 0, "discrete: the start value until the keyframe's end")
        XCTAssertEqual(try level(d, 1.7), 255)
    }

    /// A property animator runs its animations (those added with a delay factor later) when
    /// started, and its completions when they end; a spring ends exactly at the new value.
    func testAPropertyAnimator() throws {
        let v = UIView()
        v.alpha = 0
        let s = scene(v)
        var ended: (UIViewAnimatingPosition, Double)?
        s.at(0.5) {
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { v.alpha = 1 }
            animator.addCompletion { ended = ($0, CACurrentMediaTime()) }
            animator.startAnimation(afterDelay: 0.5)
        }
        XCTAssertEqual(try level(s, 0.9), 0, "during the delay")
        XCTAssertEqual(try level(s, 1.5), 128, accuracy: 1, "linear, halfway")
        XCTAssertEqual(ended?.0, .end)
        XCTAssertEqual(ended?.1 ?? -1, 2, accuracy: 1e-9)
        let w = UIView()
        w.alpha = 0
        let t = scene(w)
        t.at(0) {
            let spring = UIViewPropertyAnimator(duration: 1, dampingRatio: 0.5)
            spring.addAnimations({ w.alpha = 1 }, delayFactor: 0.5)
            spring.startAnimation()
        }
        XCTAssertEqual(try level(t, 0.4), 0, "a delay factor of one half waits half the duration")
        XCTAssertGreaterThan(try level(t, 0.75), 0)
        XCTAssertEqual(try level(t, 1.0), 255, "the spring ends at the value, with the other animations")
    }
}
