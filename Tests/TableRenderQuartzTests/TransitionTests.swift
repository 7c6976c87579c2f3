import Foundation
import TableRenderQuartz
import XCTest

/// `UIView.transition(with:duration:options:animations:completion:)` (issue 51).
final class TransitionTests: XCTestCase {
    func scene(_ v: UIView) -> LayerScene {
        var s = LayerScene(size: CGSize(width: 20, height: 20), scale: 1, fps: 8, duration: 1.5)
        s.backgroundColor = UIColor.white.cgColor
        s.layers = [v.layer]
        return s
    }

    /// A cross dissolve at 0.5 s over 0.5 s (linear): the old content fades out over the new
    /// one, which is all there is from 1 s, when the completion runs.
    func testACrossDissolveFadesTheOldContentOut() throws {
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let inner = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        inner.backgroundColor = .red
        v.addSubview(inner)
        var done: Double?
        let s = scene(v)
        s.at(0.5) {
            UIView.transition(with: v, duration: 0.5, options: [.transitionCrossDissolve, .curveLinear], animations: {
                inner.backgroundColor = .blue
            }, completion: { _ in done = CACurrentMediaTime() })
        }
        let r = try Renderer(s)
        XCTAssertEqual(r.rgb(at: 0.375, 10, 10), [255, 0, 0])
        XCTAssertEqual(r.rgb(at: 0.5, 10, 10), [255, 0, 0], "the old content, whole, as it starts")
        let middle = r.rgb(at: 0.75, 10, 10)
        XCTAssertEqual(Int(middle[0]), 128, accuracy: 2, "half the old red")
        XCTAssertEqual(Int(middle[2]), 128, accuracy: 2, "over the new blue")
        XCTAssertEqual(r.rgb(at: 1, 10, 10), [0, 0, 255])
        XCTAssertEqual(r.rgb(at: 1.5, 10, 10), [0, 0, 255])
        XCTAssertEqual(done, 1)
    }

    /// A flip is not drawn yet: the scene says so (the change is made at once); outside a
    /// scene the change is made and the completion runs.
    func testAFlipIsSaidAndOutsideASceneTheChangeIsMade() throws {
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        v.backgroundColor = .red
        let s = scene(v)
        s.at(0.5) {
            UIView.transition(with: v, duration: 0.5, options: .transitionFlipFromLeft, animations: { v.backgroundColor = .blue })
        }
        XCTAssertThrowsError(try Renderer(s)) { error in
            XCTAssertTrue("\(error)".contains(".transitionFlipFromLeft is not drawn yet"), "\(error)")
        }
        let w = UIView(frame: .zero)
        var finished = false
        UIView.transition(with: w, duration: 0.3, options: .transitionCrossDissolve, animations: { w.alpha = 0.5 }, completion: { finished = $0 })
        XCTAssertEqual(w.alpha, 0.5)
        XCTAssertTrue(finished)
    }

    /// `transition(from:to:)`: the red view leaves, the blue one comes, dissolving on their
    /// superview; with `.showHideTransitionViews` the two are hidden and shown instead.
    func testTransitionFromOneViewToAnother() throws {
        for showHide in [false, true] {
            let container = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
            let red = UIView(frame: container.bounds), blue = UIView(frame: container.bounds)
            red.backgroundColor = .red
            blue.backgroundColor = .blue
            container.addSubview(red)
            if showHide {
                blue.isHidden = true
                container.addSubview(blue)
            }
            var done: Double?
            let s = scene(container)
            var options: UIView.AnimationOptions = [.transitionCrossDissolve, .curveLinear]
            if showHide { options.insert(.showHideTransitionViews) }
            s.at(0.5) {
                UIView.transition(from: red, to: blue, duration: 0.5, options: options, completion: { _ in done = CACurrentMediaTime() })
            }
            let r = try Renderer(s)
            XCTAssertEqual(r.rgb(at: 0.375, 10, 10), [255, 0, 0], "show/hide \(showHide)")
            let middle = r.rgb(at: 0.75, 10, 10)
            XCTAssertEqual(Int(middle[0]), 128, accuracy: 2, "show/hide \(showHide): half the old red")
            XCTAssertEqual(Int(middle[2]), 128, accuracy: 2, "show/hide \(showHide): over the new blue")
            XCTAssertEqual(r.rgb(at: 1.5, 10, 10), [0, 0, 255], "show/hide \(showHide)")
            XCTAssertEqual(done, 1)
            XCTAssertEqual(red.superview === container, showHide, "the red view left unless hidden")
            XCTAssertTrue(blue.superview === container)
            XCTAssertEqual(red.isHidden, showHide)
        }
    }
}
