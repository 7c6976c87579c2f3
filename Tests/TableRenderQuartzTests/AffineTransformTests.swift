import TableRenderQuartz
import XCTest

/// `CGAffineTransform` and `UIView.transform` as on iOS, and transforms in `NSValue`.
final class AffineTransformTests: XCTestCase {
    func testTheMathsFollowCoreGraphics() {
        let quarter = CGAffineTransform(rotationAngle: .pi / 2)
        XCTAssertEqual(CGPoint(x: 1, y: 0).applying(quarter), CGPoint(x: 0, y: 1), "clockwise on a y-down screen")
        // translatedBy, scaledBy and rotated put the new step first: (2, 3) scaled, then moved.
        let t = CGAffineTransform(translationX: 10, y: 20).scaledBy(x: 2, y: 3)
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(t), CGPoint(x: 12, y: 23))
        XCTAssertEqual(CGAffineTransform(scaleX: 2, y: 3).concatenating(CGAffineTransform(translationX: 10, y: 20)), t)
        let m = CGAffineTransform(a: 2, b: 1, c: -1, d: 3, tx: 5, ty: -4)
        let back = m.concatenating(m.inverted())
        for (x, y) in [(back.a, 1.0), (back.b, 0), (back.c, 0), (back.d, 1), (back.tx, 0), (back.ty, 0)] { XCTAssertEqual(x, y, accuracy: 1e-12) }
        XCTAssertTrue(CGAffineTransform.identity.isIdentity)
        XCTAssertEqual(CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0).inverted(), CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0),
                       "no inverse: unchanged, as Core Graphics")
    }

    func testTheThreeDimensionalFormIsCoreAnimationsRotation() {
        for angle in [0.3, -1.2, CGFloat.pi / 2] {
            let affine = CATransform3DMakeAffineTransform(CGAffineTransform(rotationAngle: angle))
            XCTAssertEqual(affine, CATransform3DMakeRotation(angle, 0, 0, 1), "\(angle)")
            XCTAssertTrue(CATransform3DIsAffine(affine))
            XCTAssertEqual(CATransform3DGetAffineTransform(affine), CGAffineTransform(rotationAngle: angle))
        }
        XCTAssertFalse(CATransform3DIsAffine(CATransform3DMakeRotation(0.5, 1, 0, 0)))
    }

    /// Inside `UIView.animate` a view's transform animates: scaled 2x by the end, 1x at the start.
    func testAViewsTransformAnimates() throws {
        let view = UIView(frame: CGRect(x: 15, y: 15, width: 10, height: 10))
        let s = LayerScene.onBlack(whiteView: view, size: CGSize(width: 40, height: 40), duration: 1)
        s.at(0) { UIView.animate(withDuration: 0.5) { view.transform = CGAffineTransform(scaleX: 2, y: 2) } }
        XCTAssertEqual(view.transform, CGAffineTransform(scaleX: 2, y: 2))
        func white(_ t: Double, _ x: Int, _ y: Int) throws -> Bool {
            let p = try Renderer(s).frame(at: t)
            return p.unpremultipliedRGBA()[(y * p.width + x) * 4] == 255
        }
        XCTAssertFalse(try white(0, 12, 20))
        XCTAssertTrue(try white(0, 17, 20))
        XCTAssertTrue(try white(0.5, 12, 20), "scaled about its center to 20 x 20")
        XCTAssertFalse(try white(0.5, 8, 20))
    }

    /// A transform in an `NSValue` reads back, and animates to the same end as the transform
    /// itself (written as its matrix, which Core Animation interpolates by decomposition).
    func testATransformInAnNSValue() throws {
        let t = CATransform3DRotate(CATransform3DMakeTranslation(3, 4, 0), 0.7, 0, 0, 1)
        XCTAssertEqual(NSValue(caTransform3D: t).caTransform3DValue, t)
        func scene(_ value: Any) -> LayerScene {
            let layer = CALayer()
            layer.frame = CGRect(x: 5, y: 5, width: 10, height: 10)
            layer.backgroundColor = UIColor.white.cgColor
            let a = CABasicAnimation(keyPath: "transform")
            a.toValue = value
            a.duration = 0.5
            a.fillMode = .forwards
            a.isRemovedOnCompletion = false
            layer.add(a, forKey: nil)
            var s = LayerScene(size: CGSize(width: 20, height: 20), duration: 1)
            s.layers = [layer]
            return s
        }
        let boxed = try Renderer(scene(NSValue(caTransform3D: t))).frame(at: 1)
        XCTAssertEqual(boxed.unpremultipliedRGBA(), try Renderer(scene(t)).frame(at: 1).unpremultipliedRGBA())
        XCTAssertNotEqual(boxed.unpremultipliedRGBA(), try Renderer(scene(CATransform3DIdentity)).frame(at: 1).unpremultipliedRGBA())
        let layer = CALayer()
        layer.setValue(NSValue(caTransform3D: t), forKey: "transform")
        XCTAssertEqual(layer.transform, t)
    }
}
