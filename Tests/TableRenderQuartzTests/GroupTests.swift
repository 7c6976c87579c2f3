import XCTest
import Foundation
import TableRenderQuartz

/// CAAnimationGroup: children on the group's clock, its speed, repeats and autoreverses.
final class GroupTests: XCTestCase {
    func scene(_ animation: CAAnimation) -> LayerScene {
        var s = LayerScene(size: CGSize(width: 10, height: 10), fps: 10, duration: 4)
        s.backgroundColor = UIColor.black.cgColor
        let l = CALayer()
        l.name = "box"
        l.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        l.backgroundColor = UIColor.white.cgColor
        l.add(animation, forKey: "g")
        s.layers = [l]
        return s
    }

    func level(_ s: LayerScene, _ t: Double) throws -> Int {
        let p = try Renderer(s).frame(at: t)
        return Int(p.unpremultipliedRGBA()[(5 * p.width + 5) * 4])
    }

    func fade(begin: Double = 0, duration: Double = 1) -> CABasicAnimation {
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 0
        a.toValue = 1
        a.beginTime = begin
        a.duration = duration
        return a
    }

    /// A group at speed 2 runs its children twice as fast, from the group's begin time.
    func testAGroupsSpeedScalesItsChildren() throws {
        let g = CAAnimationGroup()
        g.animations = [fade(begin: 1, duration: 1)]
        g.beginTime = 0.5
        g.duration = 2
        g.speed = 2
        let s = scene(g)
        XCTAssertEqual(try level(s, 0.9), 255, "the child starts at 0.5 + 1 / 2 = 1 s")
        XCTAssertEqual(try level(s, 1.25), 128, accuracy: 1, "halfway through its 1 s at twice the speed")
        XCTAssertEqual(try level(s, 1.6), 255, "done at 1.5 s")
        XCTAssertTrue(try s.json().contains(#""speed": 2"#))
    }

    /// A repeating, autoreversing group repeats a child that fills it.
    func testAGroupRepeatsAndReversesAFullChild() throws {
        let g = CAAnimationGroup()
        g.animations = [fade()]
        g.duration = 1
        g.repeatCount = 2
        g.autoreverses = true
        let s = scene(g)
        XCTAssertEqual(try level(s, 0.5), 128, accuracy: 1)
        XCTAssertEqual(try level(s, 1.25), 191, accuracy: 1, "reversing: 0.75")
        XCTAssertEqual(try level(s, 2.5), 128, accuracy: 1, "the second run")
        XCTAssertEqual(try level(s, 3.9), 26, accuracy: 1, "reversing again: 0.1")
    }

    /// What a group cannot draw is refused with a message naming the layer and the animation.
    func testWhatAGroupCannotDrawIsRefused() throws {
        func problems(_ configure: (CAAnimationGroup) -> Void) -> String {
            let g = CAAnimationGroup()
            g.animations = [fade(begin: 0.5, duration: 1)]
            g.duration = 2
            configure(g)
            do { _ = try scene(g).json(); return "" } catch { return error.problems.map(\.message).joined(separator: "\n") }
        }
        XCTAssertEqual(problems { _ in }, "", "a child inside the group's duration is drawn")
        XCTAssertTrue(problems { $0.repeatCount = 2 }.contains("layer \"box\": a child of a repeating or autoreversing group must run once from the group's start to its end (2.0 s)"))
        XCTAssertTrue(problems { $0.duration = 1 }.contains("runs past its group's duration (1.0 s)"))
        XCTAssertTrue(problems { $0.timeOffset = 0.5 }.contains("a CAAnimationGroup with a speed of 0 or less, a timeOffset or a timing function is not drawn yet"))
        XCTAssertTrue(problems { $0.timingFunction = CAMediaTimingFunction(name: .easeIn) }.contains("timing function"))
        XCTAssertEqual(problems { $0.timingFunction = CAMediaTimingFunction(name: .linear) }, "", "a linear timing function changes nothing")
    }
}
