import XCTest
import Foundation
import TableRenderQuartz

/// The layer tree changing at scene times: layers made, added, removed and hidden by code run
/// with `LayerScene.at`, transaction completion blocks, and snapshots.
final class SceneTimeTreeTests: XCTestCase {
    /// The red, green and blue of the pixel at (x, y) in points (scale 1).
    func rgb(_ scene: LayerScene, _ t: Double, _ x: Int = 5, _ y: Int = 5) throws -> [UInt8] {
        let p = try Renderer(scene).frame(at: t)
        let i = (y * p.width + x) * 4
        return Array(p.unpremultipliedRGBA()[i..<i + 3])
    }

    let black: [UInt8] = [0, 0, 0], white: [UInt8] = [255, 255, 255], red: [UInt8] = [255, 0, 0], blue: [UInt8] = [0, 0, 255]

    func scene(_ root: CALayer) -> LayerScene {
        var s = LayerScene(size: CGSize(width: 20, height: 20), fps: 10, duration: 2)
        s.backgroundColor = UIColor.black.cgColor
        root.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        s.layers = [root]
        return s
    }

    /// A layer made at a scene time is set up without animations (Core Animation animates no
    /// change to a layer it has not drawn) and shows from that time once it joins the scene.
    func testALayerMadeAtASceneTimeShowsFromThenAtOnce() throws {
        let root = CALayer()
        let s = scene(root)
        s.at(0.5) {
            let added = CALayer()
            added.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            added.backgroundColor = UIColor.white.cgColor
            added.opacity = 1
            root.addSublayer(added)
        }
        XCTAssertEqual(try rgb(s, 0.4), black, "not there before 0.5 s")
        XCTAssertEqual(try rgb(s, 0.5), white, "there at 0.5 s, set up at once (no 0.25 s implicit animation)")
        XCTAssertEqual(try rgb(s, 1.5), white)
        XCTAssertEqual(try rgb(s, 0.5, 15, 15), black, "at its frame, not animated from a zero frame")
        let json = try s.json()
        for key in ["bounds", "position", "backgroundColor", "opacity"] {
            XCTAssertFalse(json.contains("\"keyPath\": \"\(key)\""), "setting up the new layer animated \(key): \(json)")
        }
    }

    /// A layer made before the scene, in no tree, and added by code at a scene time shows from
    /// that time (it showed from the start: only layers made at the scene time were held back),
    /// and one taken out and put back shows again from then.
    func testALayerMadeEarlierAndAddedAtASceneTimeShowsFromThen() throws {
        let root = CALayer()
        let early = CALayer(), back = CALayer()
        early.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        early.backgroundColor = UIColor.white.cgColor
        back.frame = CGRect(x: 10, y: 10, width: 10, height: 10)
        back.backgroundColor = UIColor.red.cgColor
        root.addSublayer(back)
        let s = scene(root)
        s.at(0.5) { root.addSublayer(early) }
        s.at(0.8) { back.removeFromSuperlayer() }
        s.at(1.2) { root.addSublayer(back) }
        XCTAssertEqual(try rgb(s, 0.4), black, "not there before 0.5 s")
        XCTAssertEqual(try rgb(s, 0.5), white)
        XCTAssertEqual(try rgb(s, 0.7, 15, 15), red)
        XCTAssertEqual(try rgb(s, 1.0, 15, 15), black, "out from 0.8 s")
        XCTAssertEqual(try rgb(s, 1.3, 15, 15), red, "back from 1.2 s")
    }

    /// A layer removed at a scene time shows until then; hiding a view's layer is at once.
    func testALayerRemovedOrHiddenAtASceneTimeShowsUntilThen() throws {
        let root = CALayer()
        let gone = CALayer(), hidden = UIView(frame: CGRect(x: 10, y: 10, width: 10, height: 10))
        gone.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        gone.backgroundColor = UIColor.white.cgColor
        hidden.backgroundColor = UIColor.red
        root.addSublayer(gone)
        root.addSublayer(hidden.layer)
        let s = scene(root)
        s.at(0.5) { gone.removeFromSuperlayer() }
        s.at(1.0) { hidden.isHidden = true }
        XCTAssertNil(gone.superlayer, "the code sees the layer removed")
        XCTAssertEqual(try rgb(s, 0.4), white)
        XCTAssertEqual(try rgb(s, 0.5), black, "removed at 0.5 s")
        XCTAssertEqual(try rgb(s, 0.9, 15, 15), red)
        XCTAssertEqual(try rgb(s, 1.0, 15, 15), black, "hidden at 1 s, at once")
        XCTAssertTrue(hidden.isHidden)
    }

    /// A transaction's completion block runs as code at the time its animations end, nested
    /// transactions' animations included; with no animation it runs at the commit's time.
    func testACompletionBlockRunsWhenTheTransactionsAnimationsEnd() throws {
        let root = CALayer(), moving = CALayer()
        moving.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        moving.backgroundColor = UIColor.white.cgColor
        root.addSublayer(moving)
        let s = scene(root)
        s.at(0.2) {
            CATransaction.begin()
            CATransaction.setAnimationDuration(0.3)
            CATransaction.setCompletionBlock { moving.backgroundColor = UIColor.red.cgColor }
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 0.5
            fade.toValue = 1
            moving.add(fade, forKey: nil)
            CATransaction.begin()
            let late = CABasicAnimation(keyPath: "opacity")
            late.beginTime = CACurrentMediaTime() + 0.5
            late.fromValue = 1
            late.toValue = 1
            late.duration = 0.5
            moving.add(late, forKey: nil)
            CATransaction.commit()
            CATransaction.commit()
        }
        XCTAssertEqual(try rgb(s, 1.1), white, "the inner transaction's animation runs until 1.2 s")
        XCTAssertEqual(try rgb(s, 1.5), red, "the completion's change (implicit, 0.25 s) is done")
        let empty = CALayer()
        let s2 = scene(empty)
        empty.backgroundColor = UIColor.white.cgColor
        s2.at(0.3) {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            CATransaction.setCompletionBlock {
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                empty.backgroundColor = UIColor.blue.cgColor
                CATransaction.commit()
            }
            CATransaction.commit()
        }
        XCTAssertEqual(try rgb(s2, 0.2), white)
        XCTAssertEqual(try rgb(s2, 0.3), blue, "no animations: it runs at the commit")
    }

    /// `UIView.animate`'s completion runs when its animations end (issue 28: it ran at once, so
    /// a chained animation played together with the first); with nothing animated it runs at
    /// once. A later `at` sees what the completion did, and so does the written scene.
    func testAUIViewAnimateCompletionRunsWhenItsAnimationsEnd() throws {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let s = LayerScene.onBlack(whiteView: view, size: CGSize(width: 20, height: 20), duration: 3)
        s.at(0) {
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.alpha = 0 }) { finished in
                XCTAssertTrue(finished)
                UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.alpha = 1 })
            }
        }
        // The fade out alone until 1 s, then the chained fade in from 1 s to 2 s.
        XCTAssertEqual(try rgb(s, 0.5), [128, 128, 128])
        XCTAssertEqual(try rgb(s, 1), black, "the first animation ended; the second starts")
        XCTAssertEqual(try rgb(s, 1.5), [128, 128, 128])
        XCTAssertEqual(try rgb(s, 2), white)
        var ran: [String] = []
        let still = UIView(frame: .zero)
        s.at(2.5) {
            UIView.animate(withDuration: 1, animations: { ran.append("animations") }, completion: { _ in ran.append("completion") })
            _ = still
        }
        s.at(2.5) { ran.append("next") }
        XCTAssertEqual(ran, ["animations", "completion", "next"], "nothing animated: the completion runs at once, before later code")
    }

    /// A snapshot of part of a view draws that part's pixels, keeps what the view showed when it
    /// was taken, and adds no duplicate names to the scene.
    func testASnapshotDrawsThePartOfTheViewAsItWas() throws {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        view.accessibilityIdentifier = "view"
        let top = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 10)), bottom = UIView(frame: CGRect(x: 0, y: 10, width: 20, height: 10))
        top.backgroundColor = .white
        bottom.backgroundColor = .red
        top.accessibilityIdentifier = "top"
        view.addSubview(top)
        view.addSubview(bottom)
        var s = LayerScene(size: CGSize(width: 40, height: 20), fps: 10, duration: 1)
        s.backgroundColor = UIColor.black.cgColor
        s.layers = [view.layer]
        s.at(0.5) {
            guard let snap = view.resizableSnapshotView(from: CGRect(x: 0, y: 5, width: 20, height: 10), afterScreenUpdates: false, withCapInsets: .zero) else { return }
            snap.frame.origin = CGPoint(x: 20, y: 5)
            top.backgroundColor = .blue
            view.addSubview(snap)
        }
        XCTAssertEqual(try rgb(s, 0.4, 25, 7), black, "no snapshot before 0.5 s")
        XCTAssertEqual(try rgb(s, 0.5, 25, 7), white, "the view's y 7 as it was when taken (not blue)")
        XCTAssertEqual(try rgb(s, 0.5, 25, 12), red, "the view's y 12")
        XCTAssertEqual(try rgb(s, 0.5, 25, 2), black, "clipped to its rectangle: nothing above y 5")
        XCTAssertEqual(try rgb(s, 0.5, 25, 17), black, "nor below y 15")
        XCTAssertEqual(try rgb(s, 0.5, 5, 2), blue, "the view itself changed")
        XCTAssertNoThrow(try s.load(), "the copies carry no names")
    }
}
