import Foundation
import TableRenderQuartz
import XCTest

/// `UIStepper` (issue 51): UIKit's value rules (Apple's documentation), its fixed size, and
/// what it draws: the track, the separator, the symbols, the end it cannot step past greyed.
/// It did not exist: a quantity row did not build.
final class StepperTests: XCTestCase {
    func testUIKitsValueRules() {
        let s = UIStepper()
        XCTAssertEqual([s.value, s.minimumValue, s.maximumValue, s.stepValue], [0, 0, 100, 1], "Apple's defaults")
        s.value = 150
        XCTAssertEqual(s.value, 100, "kept within the range")
        s.minimumValue = 200
        XCTAssertEqual([s.minimumValue, s.maximumValue, s.value], [200, 200, 200], "a minimum past the maximum sets both")
        s.maximumValue = 10
        XCTAssertEqual([s.minimumValue, s.maximumValue, s.value], [10, 10, 10], "and a maximum below the minimum")
        s.stepValue = 0
        XCTAssertEqual(s.stepValue, 1, "a step of 0 is kept out (UIKit raises)")
        XCTAssertEqual(UIStepper(frame: CGRect(x: 3, y: 4, width: 500, height: 9)).frame, CGRect(x: 3, y: 4, width: 94, height: 32))
        XCTAssertEqual(s.intrinsicContentSize, CGSize(width: 94, height: 32))
    }

    /// At the minimum the minus is greyed and the plus is in the label colour; a value set at a
    /// scene time turns the minus back to the label colour from then.
    func testTheEndItCannotPassIsGreyed() throws {
        let s = UIStepper(frame: CGRect(x: 3, y: 4, width: 0, height: 0))
        var scene = LayerScene(size: CGSize(width: 100, height: 40), scale: 1, fps: 10, duration: 1)
        scene.backgroundColor = UIColor.white.cgColor
        scene.layers = [s.layer]
        scene.at(0.5) { s.value = 3 }
        let r = try Renderer(scene)
        // The plus's crossing at (3 + 70.5, 4 + 16); the minus's bar at (3 + 23.5, 20).
        // Strokes 1.6 pt wide at 1x: a pixel of each is mostly ink.
        XCTAssertTrue(r.rgb(at: 0, 74, 20).allSatisfy { $0 < 60 }, "the plus, in the label colour: \(r.rgb(at: 0, 74, 20))")
        let grey = r.rgb(at: 0, 26, 20)
        XCTAssertTrue(grey[0] > 150 && grey[0] < 220, "the minus, greyed at the minimum: \(grey)")
        XCTAssertTrue(r.rgb(at: 0.6, 26, 20).allSatisfy { $0 < 60 }, "stepped up: the minus in the label colour")
        XCTAssertEqual(r.rgb(at: 0, 12, 10), [238, 238, 239], "the track: tertiarySystemFill over white")
    }

    /// A probe: a step of 0 set before any scene ran (a stepper set up front) was kept out and
    /// said to no one. A scene that shows the stepper says it, as one that ran the code would.
    func testAStepOfZeroSetBeforeTheSceneIsSaidByTheSceneThatShowsIt() throws {
        let s = UIStepper(frame: CGRect(x: 3, y: 4, width: 0, height: 0))
        s.stepValue = 0
        var scene = LayerScene(size: CGSize(width: 100, height: 40), scale: 1, fps: 10, duration: 0)
        scene.layers = [s.layer]
        XCTAssertThrowsError(try scene.json()) { error in
            XCTAssertTrue("\(error)".contains("UIStepper.stepValue: expected a value above 0, found 0.0 (UIKit raises)"), "\(error)")
        }
        let fine = UIStepper(frame: CGRect(x: 3, y: 4, width: 0, height: 0))
        var other = LayerScene(size: CGSize(width: 100, height: 40), scale: 1, fps: 10, duration: 0)
        other.layers = [fine.layer]
        XCTAssertNoThrow(try other.json(), "a scene that does not show it is not refused for it")
    }

    /// A value clamped to the maximum greys the plus (the clamp skipped the restyle: the minus
    /// was greyed, the plus black).
    func testAClampedValueGreysTheRightEnd() throws {
        let s = UIStepper(frame: CGRect(x: 3, y: 4, width: 0, height: 0))
        s.value = 1000
        XCTAssertEqual(s.value, 100)
        var scene = LayerScene(size: CGSize(width: 100, height: 40), scale: 1, fps: 10, duration: 0)
        scene.backgroundColor = UIColor.white.cgColor
        scene.layers = [s.layer]
        let r = try Renderer(scene)
        XCTAssertTrue(r.rgb(at: 0, 26, 20).allSatisfy { $0 < 60 }, "the minus can step: label colour")
        let plus = r.rgb(at: 0, 74, 20)
        XCTAssertTrue(plus[0] > 150, "the plus, at the maximum, greyed: \(plus)")
    }
}

/// `UIView.tag` and `viewWithTag(_:)`, as cell code uses them (`stepper.tag = indexPath.row`):
/// they did not exist (a probe's port did not compile).
final class ViewTagTests: XCTestCase {
    func testTags() {
        let root = UIView(), a = UIView(), b = UIStepper()
        b.tag = 7
        root.addSubview(a)
        a.addSubview(b)
        XCTAssertEqual(root.tag, 0)
        XCTAssertTrue(root.viewWithTag(7) === b)
        XCTAssertNil(root.viewWithTag(8))
        XCTAssertTrue(root.viewWithTag(0) === root, "itself first, as UIKit")
    }
}
