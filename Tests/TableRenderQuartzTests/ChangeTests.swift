import XCTest
import Foundation
import TableRenderQuartz

/// Changes at scene times: UIView animations, implicit animations of standalone layers,
/// CATransaction, and what a view's layer does outside an animation.
final class ChangeTests: XCTestCase {
    func opacity(_ scene: LayerScene, _ t: Double) throws -> UInt8 {
        // The layer is white on black: its opacity is the pixel's level.
        let p = try Renderer(scene).frame(at: t)
        return p.unpremultipliedRGBA()[(5 * p.width + 5) * 4]
    }

    func scene(_ layer: CALayer) -> LayerScene {
        var s = LayerScene(size: CGSize(width: 10, height: 10), fps: 10, duration: 2)
        s.backgroundColor = UIColor.black.cgColor
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.backgroundColor = UIColor.white.cgColor
        s.layers = [layer]
        return s
    }

    /// A standalone layer animates a change implicitly: 0.25 s, or the transaction's duration;
    /// none when actions are disabled. Before the change the scene shows the old value.
    func testImplicitAnimationsOfAStandaloneLayer() throws {
        let l = CALayer()
        let s = scene(l)
        s.at(0.5) { l.opacity = 0 }
        XCTAssertEqual(try opacity(s, 0.4), 255, "before the change")
        XCTAssertEqual(try opacity(s, 0.625), 51, accuracy: 2, "halfway through 0.25 s: the default curve (0.25, 0.1, 0.25, 1) is at 0.8")
        XCTAssertEqual(try opacity(s, 0.8), 0)
        s.at(1.0) {
            CATransaction.begin()
            CATransaction.setAnimationDuration(0.5)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            l.opacity = 1
            CATransaction.commit()
        }
        XCTAssertEqual(try opacity(s, 0.9), 0, "the first change holds until the second")
        XCTAssertEqual(try opacity(s, 1.25), 128, accuracy: 1, "linear, 0.5 s")
        XCTAssertEqual(try opacity(s, 1.6), 255)
        s.at(1.7) {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            l.opacity = 0.5
            CATransaction.commit()
        }
        XCTAssertEqual(try opacity(s, 1.65), 255)
        XCTAssertEqual(try opacity(s, 1.7), 128, accuracy: 1, "a change without an action is at once")
        XCTAssertEqual(l.opacity, 0.5, "the code reads back what it set")
    }

    /// A view's layer changes at once outside a UIView animation, and animates inside one with
    /// the block's duration, delay and curve.
    func testAViewAnimatesOnlyInUIViewAnimations() throws {
        let v = UIView()
        let s = scene(v.layer)
        s.at(0.2) { v.alpha = 0.5 }
        XCTAssertEqual(try opacity(s, 0.2), 128, accuracy: 1, "no implicit animation on a view's layer")
        s.at(0.5) {
            UIView.animate(withDuration: 1.0, delay: 0.5, options: .curveLinear, animations: { v.alpha = 1 })
        }
        XCTAssertEqual(try opacity(s, 0.9), 128, accuracy: 1, "the delay")
        XCTAssertEqual(try opacity(s, 1.5), 191, accuracy: 1, "halfway, linear")
        XCTAssertEqual(try opacity(s, 2.0), 255)
        let json = try s.json()
        XCTAssertTrue(json.contains("\"beginTime\": 1"), json)
    }

    /// willDisplay may animate any animatable property of the cell or a named view in it; a
    /// view the scene cannot name is a problem that says what to do.
    func testWillDisplayAnimatesAnyPropertyOfANamedLayer() throws {
        let table = UITableView()
        table.rowCount = 3
        table.willDisplay = { _, cell, _ in
            cell.layer.cornerRadius = 0
            UIView.animate(withDuration: 0.3) { cell.layer.cornerRadius = 10 }
        }
        var s = LayerScene(size: CGSize(width: 100, height: 100), duration: 1)
        s.tableView = table
        XCTAssertTrue(try s.json().filter { !$0.isWhitespace }.contains(#""layer":"cell","keyPath":"cornerRadius","from":0,"to":10"#))
        let proto = UITableViewCell(frame: .zero)
        let badge = UIView(frame: CGRect(x: 60, y: 10, width: 20, height: 20))
        proto.contentView.addSubview(badge)
        table.cellTemplate = proto
        table.willDisplay = { _, _, _ in
            badge.alpha = 0
            UIView.animate(withDuration: 0.3) { badge.alpha = 1 }
        }
        XCTAssertThrowsError(try s.json()) { error in
            XCTAssertTrue("\(error)".contains("table.display.willDisplay: the CALayer animated (opacity) is not the cell, its mainView or a named layer of the cell template; give its view an accessibilityIdentifier"), "\(error)")
        }
    }
}

extension ChangeTests {
    /// An explicit animation added at a scene time starts then (beginTime 0 is now), takes the
    /// transaction's duration when it has none, and CACurrentMediaTime() is that time.
    func testExplicitAnimationsAddedAtASceneTime() throws {
        let l = CALayer()
        var s = scene(l)
        s.duration = 2
        var now = -1.0
        s.at(1.0) {
            now = CACurrentMediaTime()
            CATransaction.begin()
            CATransaction.setAnimationDuration(0.5)
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 0
            fade.toValue = 1
            l.add(fade, forKey: nil)
            CATransaction.commit()
        }
        XCTAssertEqual(now, 1.0)
        XCTAssertEqual(try opacity(s, 0.9), 255, "not started")
        XCTAssertEqual(try opacity(s, 1.25), 128, accuracy: 1, "halfway through the transaction's 0.5 s, linear")
        XCTAssertEqual(try opacity(s, 1.6), 255, "removed on completion: the model value")
        XCTAssertEqual(CACurrentMediaTime(), 0, "0 outside a scene time")
    }
}
