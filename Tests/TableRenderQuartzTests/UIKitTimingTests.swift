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

    /// UIKit animates a view's frame, bounds, center, transform, alpha and background colour in
    /// a `UIView.animate` block, not `isHidden`: a view hidden or shown there does so when the
    /// code runs (it stayed drawn, or hidden, until the animation's end). An arranged subview
    /// of a stack view being hidden stays drawn while the stack closes its room.
    func testIsHiddenInsideAnAnimationBlockChangesAtOnce() throws {
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20)), w = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        v.backgroundColor = .white
        w.backgroundColor = .white
        w.isHidden = true
        let s = scene([v.layer], duration: 1), t = scene([w.layer], duration: 1)
        s.at(0.2) { UIView.animate(withDuration: 0.6) { v.isHidden = true } }
        t.at(0.2) { UIView.animate(withDuration: 0.6) { w.isHidden = false } }
        XCTAssertEqual(try reds(s, to: 10), [255, 255, 0, 0, 0, 0, 0, 0, 0, 0, 0])
        XCTAssertEqual(try reds(t, to: 10), [0, 0, 255, 255, 255, 255, 255, 255, 255, 255, 255])
        // In a stack: drawn until the stack has closed its room (0.8 s).
        let stack = UIStackView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let a = UIView(), b = UIView()
        a.backgroundColor = .white
        b.backgroundColor = .black
        stack.axis = .vertical
        stack.distribution = .fillEqually
        stack.addArrangedSubview(a)
        stack.addArrangedSubview(b)
        stack.layoutIfNeeded()
        let u = scene([stack.layer], duration: 1)
        u.at(0.2) { UIView.animate(withDuration: 0.6) { a.isHidden = true; stack.layoutIfNeeded() } }
        XCTAssertEqual(try reds(u, to: 10)[3], 255, "the hidden arranged view still shows while the stack closes")
        XCTAssertEqual(try reds(u, to: 10)[9], 0, "gone once the stack closed")
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
    /// A table whose row 0 grows from 44 to 100 pt at 0.5 s by `beginUpdates()`/`endUpdates()`;
    /// row 1 is red, so the pixel at y 80 is red until row 0 reaches it.
    final class Growing: UITableViewController {
        var tall = false
        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
        override func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
            indexPath.row == 0 && tall ? 100 : 44
        }
        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
            if indexPath.row == 1 { cell.backgroundColor = .red }
            return cell
        }
    }

    func growing(_ grow: @escaping (Growing) -> Void) throws -> [UInt8] {
        let list = Growing(style: .plain)
        var s = LayerScene(size: CGSize(width: 100, height: 200), scale: 1, fps: 10, duration: 1)
        s.rootViewController = list
        s.at(0.5) { grow(list) }
        let r = try Renderer(s)
        return [0.4, 0.5, 0.6, 0.9].map { r.rgb(at: $0, 50, 80)[1] }
    }

    /// `UIView.performWithoutAnimation`, `setAnimationsEnabled(false)` and an animation block of
    /// no duration make a table's update at once (UIKit's idiom for a height change without
    /// animation); outside them it animates over 0.3 s. Before, the first was animated and the
    /// last refused (an update's duration had to be above 0).
    func testATableUpdateWithoutAnimationIsMadeAtOnce() throws {
        let update: (Growing) -> Void = { $0.tall = true; $0.tableView.beginUpdates(); $0.tableView.endUpdates() }
        XCTAssertEqual(try growing { list in UIView.performWithoutAnimation { update(list) } }, [0, 255, 255, 255])
        XCTAssertEqual(try growing { list in
            UIView.setAnimationsEnabled(false)
            update(list)
            UIView.setAnimationsEnabled(true)
        }, [0, 255, 255, 255])
        XCTAssertEqual(try growing { list in UIView.animate(withDuration: 0) { update(list) } }, [0, 255, 255, 255])
        let animated = try growing(update)
        XCTAssertEqual(animated[0], 0)
        XCTAssertEqual(animated[1], 0, "the update starts at 0.5 s")
        XCTAssertEqual(animated[3], 255, "and is done by 0.8 s")
    }

    /// Inside `performWithoutAnimation`, a view's change is made at once even in an animation
    /// block, and `areAnimationsEnabled` says so.
    func testPerformWithoutAnimationChangesViewsAtOnce() throws {
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        v.backgroundColor = .white
        let s = scene([v.layer], duration: 1)
        var enabled: [Bool] = []
        s.at(0.5) {
            enabled.append(UIView.areAnimationsEnabled)
            UIView.performWithoutAnimation {
                enabled.append(UIView.areAnimationsEnabled)
                UIView.animate(withDuration: 0.5) { v.alpha = 0 }
            }
            enabled.append(UIView.areAnimationsEnabled)
        }
        XCTAssertEqual(try reds(s, to: 10), [255, 255, 255, 255, 255, 0, 0, 0, 0, 0, 0])
        XCTAssertEqual(enabled, [true, false, true])
    }
    /// A white 20 x 20 layer whose opacity steps through `values` (a discrete keyframe
    /// animation of `duration`, held at its end).
    func stepping(_ values: [Double], keyTimes: [NSNumber]? = nil, duration: Double) -> CALayer {
        let l = CALayer()
        l.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        l.backgroundColor = UIColor.white.cgColor
        let steps = CAKeyframeAnimation(keyPath: "opacity")
        steps.values = values
        steps.keyTimes = keyTimes
        steps.calculationMode = .discrete
        steps.duration = duration
        steps.fillMode = .forwards
        steps.isRemovedOnCompletion = false
        l.add(steps, forKey: "steps")
        return l
    }

    /// A discrete keyframe animation without key times holds each of its n values for 1/n of
    /// its duration, the last one too, as Core Animation spaces them (the last showed only at
    /// the very end, so an eight-step spinner skipped a step).
    func testDiscreteKeyframesWithoutKeyTimesHoldEachValueEqually() throws {
        let l = stepping([1, 0.6, 0.2, 0], duration: 1.2)
        XCTAssertEqual(try reds(scene([l], duration: 1.2), to: 11), [255, 255, 255, 153, 153, 153, 51, 51, 51, 0, 0, 0])
    }

    /// Apple's documented form for a discrete animation: one key time more than values, value i
    /// showing from key time i to key time i + 1 (it was refused: one key time per value).
    func testDiscreteKeyframesTakeOneKeyTimeMoreThanValues() throws {
        let l = stepping([1, 0.6, 0], keyTimes: [0, 0.5, 0.75, 1], duration: 1)
        XCTAssertEqual(try reds(scene([l], duration: 1), to: 10), [255, 255, 255, 255, 255, 153, 153, 153, 0, 0, 0])
    }
}
