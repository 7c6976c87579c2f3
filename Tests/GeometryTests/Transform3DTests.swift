import Foundation
import XCTest
@testable import Geometry

/// Apple-checked vectors from reference/core-animation.md sections 1 and 2.
final class Transform3DTests: XCTestCase {
    func close(_ a: Double, _ b: Double, _ tol: Double = 1e-9, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a, b, accuracy: tol, file: file, line: line)
    }

    func testTranslationGoesInTheBottomRow() {
        let t = Transform3D.translation(1, 2, 3)
        XCTAssertEqual([t.m41, t.m42, t.m43, t.m44], [1, 2, 3, 1])
        XCTAssertEqual([t.m14, t.m24, t.m34], [0, 0, 0])
    }

    func testScaleGoesOnTheDiagonal() {
        let t = Transform3D.scale(2, 3, 4)
        XCTAssertEqual([t.m11, t.m22, t.m33, t.m44], [2, 3, 4, 1])
    }

    func testRotationAboutZAndX() {
        let z = Transform3D.rotation(degrees: 30, 0, 0, 1)
        close(z.m11, cos(Double.pi / 6)); close(z.m12, 0.5); close(z.m21, -0.5); close(z.m22, cos(Double.pi / 6))
        let x = Transform3D.rotation(degrees: 30, 1, 0, 0)
        close(x.m22, cos(Double.pi / 6)); close(x.m23, 0.5); close(x.m32, -0.5); close(x.m33, cos(Double.pi / 6))
        let y = Transform3D.rotation(degrees: 30, 0, 1, 0)
        close(y.m11, cos(Double.pi / 6)); close(y.m13, -0.5); close(y.m31, 0.5)
    }

    func testRotationNormalisesTheAxisAndZeroAxisIsIdentity() {
        XCTAssertEqual(Transform3D.rotation(degrees: 40, 0, 0, 0), .identity)
        let a = Transform3D.rotation(degrees: 40, 0, 0, 5), b = Transform3D.rotation(degrees: 40, 0, 0, 1)
        for (p, q) in zip(a.entries, b.entries) { close(p, q, 1e-15) }
    }

    func testNinetyDegreesIsExact() {
        let r = Transform3D.rotation(degrees: 90, 0, 1, 0)
        XCTAssertEqual(r.m11, 0)
        XCTAssertEqual(r.m13, -1)
        XCTAssertEqual(r.m31, 1)
        XCTAssertEqual(r.m33, 0)
    }

    func testConcatOrder() {
        let tr = Transform3D.translation(10, 0, 0), sc = Transform3D.scale(2, 2, 2)
        XCTAssertEqual(Transform3D.concat(tr, sc).m41, 20)
        XCTAssertEqual(Transform3D.concat(sc, tr).m41, 10)
        XCTAssertEqual(sc.translated(10, 0, 0).m41, 20)
        XCTAssertEqual(tr.scaled(2, 2, 2).m41, 10)
    }

    func testTranslateChangesM44UnderPerspective() {
        let t = Transform3D.perspective(500).translated(0, 0, 100)
        close(t.m44, 1 + 100 * (-1.0 / 500))
    }

    func testIsAffine() {
        XCTAssertTrue(Transform3D.rotation(degrees: 20, 0, 0, 1).isAffine)
        XCTAssertFalse(Transform3D.rotation(degrees: 20, 1, 0, 0).isAffine)
        XCTAssertFalse(Transform3D.perspective(500).isAffine)
        XCTAssertFalse(Transform3D.scale(1, 1, 2).isAffine)
    }

    /// Section 1.5 worked example: 100x100 layer at (160, 240), Rotate(m34 = -1/500, 45 deg, y).
    func testPerspectiveWorkedExample() {
        var p = Transform3D.identity
        p.m34 = -1.0 / 500
        let t = p.rotated(degrees: 45, 0, 1, 0)
        let m = Transform3D.translation(-50, -50, 0) * t * Transform3D.translation(160, 240, 0)
        let expect: [(Double, Double, Double, Double)] = [
            (0, 0, 121.954, 186.195), (100, 0, 193.020, 193.302), (100, 100, 193.020, 286.698), (0, 100, 121.954, 293.805)]
        for (x, y, ex, ey) in expect {
            let s = m.apply(x, y).projected
            close(s.x, ex, 1e-3); close(s.y, ey, 1e-3)
        }
    }

    /// Section 2.11 convertPoint vectors: layer to superlayer is T(-anchor)·transform·T(position),
    /// then the superlayer's sublayerTransform about its anchor.
    func testConvertPointVectors() {
        func toParent(_ child: (w: Double, h: Double, pos: Point, t: Transform3D),
                      parentSub: Transform3D = .identity, parentSize: Double = 200, point: Point = .zero) -> Point {
            let local = Transform3D.translation(-child.w / 2, -child.h / 2, 0) * child.t
                * Transform3D.translation(child.pos.x, child.pos.y, 0)
            let a = parentSize / 2
            let sub = Transform3D.translation(-a, -a, 0) * parentSub * Transform3D.translation(a, a, 0)
            return (local * sub).apply(point.x, point.y).projected
        }
        let child = (w: 50.0, h: 50.0, pos: Point(100, 50), t: Transform3D.identity)
        XCTAssertEqual(toParent(child), Point(75, 25))
        XCTAssertEqual(toParent((50, 50, Point(100, 50), .scale(2, 2, 1))), Point(50, 0))
        XCTAssertEqual(toParent(child, parentSub: .translation(10, 20, 0)), Point(85, 45))
        XCTAssertEqual(toParent((50, 50, Point(100, 50), .translation(5, 6, 0)), parentSub: .scale(2, 2, 1)), Point(60, -38))
        // 45-degree rotated 100x100 child centred at (100, 100): the centre stays put.
        let rotated = (w: 100.0, h: 100.0, pos: Point(100, 100), t: Transform3D.rotation(degrees: 45, 0, 0, 1))
        let c = toParent(rotated, point: Point(50, 50))
        close(c.x, 100); close(c.y, 100)
        let corner = toParent(rotated, point: Point(0, 0))
        close(corner.y, 100 - 50 * 2.0.squareRoot())
    }

    func testHomographyInverse() {
        let m = Transform3D.perspective(400).rotated(degrees: 30, 0, 1, 0) * Transform3D.translation(10, 20, 0)
        let h = m.planeHomography
        guard let inv = h.inverse else { return XCTFail("expected an inverse") }
        let p = h.map(13, 17)
        let back = inv.map(p.x, p.y)
        close(back.x, 13, 1e-9); close(back.y, 17, 1e-9)
    }
}

/// The project's own maths agrees with the platform's to a few ulps.
final class DetMathTests: XCTestCase {
    func testSinCosAgainstLibm() {
        var d = -720.0
        while d <= 720 {
            let (s, c) = DetMath.sinCos(degrees: d)
            // Reduce in degrees first (exact) so the reference itself does not lose precision.
            let r = d.truncatingRemainder(dividingBy: 360) * Double.pi / 180
            XCTAssertEqual(s, sin(r), accuracy: 2e-15, "sin \(d)")
            XCTAssertEqual(c, cos(r), accuracy: 2e-15, "cos \(d)")
            d += 0.37
        }
        XCTAssertEqual(DetMath.sinCos(degrees: 90).cos, 0)
        XCTAssertEqual(DetMath.sinCos(degrees: 180).sin, 0)
        XCTAssertEqual(DetMath.sinCos(degrees: -90).sin, -1)
    }

    func testExpLogPowAgainstLibm() {
        for x in stride(from: -40.0, through: 40.0, by: 0.173) {
            let e = DetMath.exp(x)
            XCTAssertEqual(e, Foundation.exp(x), accuracy: Foundation.exp(x) * 4e-16, "exp \(x)")
        }
        for x in stride(from: 0.001, through: 1000.0, by: 0.917) {
            XCTAssertEqual(DetMath.log(x), Foundation.log(x), accuracy: 4e-16 * max(1, abs(Foundation.log(x))), "log \(x)")
        }
        XCTAssertEqual(DetMath.pow(0.998, 1000), Foundation.pow(0.998, 1000), accuracy: 1e-15)
        XCTAssertEqual(DetMath.exp(0), 1)
        XCTAssertEqual(DetMath.log(1), 0)
    }
}

final class DecompositionTests: XCTestCase {
    func assertClose(_ a: Transform3D, _ b: Transform3D, _ tol: Double = 1e-9, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
        for (x, y) in zip(a.entries, b.entries) { XCTAssertEqual(x, y, accuracy: tol, message, file: file, line: line) }
    }

    /// Decomposing and recomposing gives the matrix back (divided by m44, which is the same
    /// projective transform), with scale, skew, rotation, translation and perspective together,
    /// including a mirror.
    func testRoundTrip() throws {
        var p = Transform3D.identity
        p.m34 = -1.0 / 500
        var skew = Transform3D.identity
        skew.m21 = 0.3
        let cases: [Transform3D] = [
            .identity,
            .rotation(degrees: 37, 0, 0.7, 0.4),
            Transform3D.scale(2, 0.5, 1.5) * .rotation(degrees: 120, 1, 1, 0) * .translation(10, -20, 30),
            skew * .rotation(degrees: -15, 0, 0, 1) * .translation(-20, -20, 0),
            p.rotated(degrees: 60, 1, 0, 0).translated(5, 6, 7),
            Transform3D.scale(-1, 1, 1) * .rotation(degrees: 30, 0, 1, 0),
        ]
        for (i, m) in cases.enumerated() {
            let d = try XCTUnwrap(DecomposedTransform(m), "case \(i)")
            assertClose(d.matrix, Transform3D(m.entries.map { $0 / m.m44 }), 1e-9, "case \(i)")
        }
        XCTAssertNil(DecomposedTransform(.scale(0, 1, 1)))
    }

    /// Halfway between identity and a 90 degree rotation is the 45 degree rotation, not the
    /// entry-wise average (which would shrink the layer by 1/sqrt 2).
    func testRotationsInterpolateAsRotations() throws {
        let a = try XCTUnwrap(DecomposedTransform(.identity))
        let b = try XCTUnwrap(DecomposedTransform(.rotation(degrees: 90, 0, 0, 1)))
        assertClose(DecomposedTransform.interpolate(a, b, 0.5).matrix, .rotation(degrees: 45, 0, 0, 1), 1e-8)
        assertClose(DecomposedTransform.interpolate(a, b, 1).matrix, .rotation(degrees: 90, 0, 0, 1), 1e-8)
        let c = try XCTUnwrap(DecomposedTransform(Transform3D.translation(10, 0, 0) * .identity))
        let d = try XCTUnwrap(DecomposedTransform(Transform3D.rotation(degrees: 60, 0, 1, 0) * .translation(30, 0, 0)))
        assertClose(DecomposedTransform.interpolate(c, d, 0.5).matrix,
                    Transform3D.rotation(degrees: 30, 0, 1, 0) * .translation(20, 0, 0), 1e-8)
    }
}
