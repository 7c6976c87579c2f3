import XCTest
import Geometry
@testable import SceneModel
@testable import Simulation
@testable import TableEngine

final class TimingTests: XCTestCase {
    /// Reference section 5.1 test vectors at x = 0.1, 0.25, 0.5, 0.75, 0.9.
    func testNamedTimingFunctionVectors() {
        let xs = [0.1, 0.25, 0.5, 0.75, 0.9]
        let table: [(TimingFunction, [Double])] = [
            (.linear, [0.1000, 0.2500, 0.5000, 0.7500, 0.9000]),
            (.easeIn, [0.0170, 0.0935, 0.3154, 0.6219, 0.8394]),
            (.easeOut, [0.1606, 0.3781, 0.6846, 0.9065, 0.9830]),
            (.easeInEaseOut, [0.0197, 0.1292, 0.5000, 0.8708, 0.9803]),
            (.default, [0.0948, 0.4085, 0.8024, 0.9605, 0.9943]),
        ]
        for (f, ys) in table {
            for (x, y) in zip(xs, ys) {
                XCTAssertEqual(TimingCurve.apply(f, x, duration: 1), y, accuracy: 0.00006, "\(f) at \(x)")
            }
        }
    }

    func testSpringSettlesAtOneAndStartsAtZero() {
        XCTAssertEqual(TimingCurve.spring(0, mass: 1, stiffness: 100, damping: 10, initialVelocity: 0), 0)
        XCTAssertEqual(TimingCurve.spring(5, mass: 1, stiffness: 100, damping: 10, initialVelocity: 0), 1, accuracy: 1e-6)
        // Under-damped springs overshoot.
        let peak = stride(from: 0.0, through: 1.0, by: 0.01).map {
            TimingCurve.spring($0, mass: 1, stiffness: 100, damping: 5, initialVelocity: 0)
        }.max() ?? 0
        XCTAssertGreaterThan(peak, 1.1)
        // Critically and over-damped springs do not.
        for damping in [20.0, 40.0] {
            let m = stride(from: 0.0, through: 3.0, by: 0.01).map {
                TimingCurve.spring($0, mass: 1, stiffness: 100, damping: damping, initialVelocity: 0)
            }.max() ?? 2
            XCTAssertLessThanOrEqual(m, 1.0 + 1e-9)
        }
    }

    func anim(_ configure: (inout AnimationModel) -> Void) -> AnimationModel {
        var a = AnimationModel(layer: "l", keyPath: "opacity", key: AnimatedKey.byPath["opacity"] ?? .rotation(axis: 2))
        a.duration = 1
        configure(&a)
        return a
    }

    func testMediaTimingFillModes() {
        let removed = anim { $0.beginTime = 1 }
        XCTAssertNil(AnimationTiming.progress(of: removed, at: 0.5))
        XCTAssertEqual(AnimationTiming.progress(of: removed, at: 1.5), 0.5)
        XCTAssertNil(AnimationTiming.progress(of: removed, at: 2.0))
        let both = anim { $0.beginTime = 1; $0.fillMode = .both }
        XCTAssertEqual(AnimationTiming.progress(of: both, at: 0.5), 0)
        XCTAssertEqual(AnimationTiming.progress(of: both, at: 3), 1)
        let backwards = anim { $0.beginTime = 1; $0.fillMode = .backwards }
        XCTAssertEqual(AnimationTiming.progress(of: backwards, at: 0), 0)
        XCTAssertNil(AnimationTiming.progress(of: backwards, at: 3))
    }

    func testSpeedOffsetRepeatAndAutoreverse() {
        let fast = anim { $0.speed = 2 }
        XCTAssertEqual(AnimationTiming.progress(of: fast, at: 0.25), 0.5)
        let offset = anim { $0.timeOffset = 0.25 }
        XCTAssertEqual(AnimationTiming.progress(of: offset, at: 0.25), 0.5)
        let rep = anim { $0.repeatCount = 2.5; $0.fillMode = .forwards }
        XCTAssertEqual(AnimationTiming.progress(of: rep, at: 1.25), 0.25)
        XCTAssertEqual(AnimationTiming.progress(of: rep, at: 10), 0.5)
        let rev = anim { $0.autoreverses = true; $0.fillMode = .forwards }
        XCTAssertEqual(AnimationTiming.progress(of: rev, at: 1.5), 0.5)
        XCTAssertEqual(AnimationTiming.progress(of: rev, at: 1.75), 0.25)
        XCTAssertEqual(AnimationTiming.progress(of: rev, at: 5), 0)
    }

    func scene(layers: [LayerModel], animations: [AnimationModel]) -> Scene {
        Scene(canvas: Canvas(width: 10, height: 10, scale: 1, background: .clear), fps: 10, duration: 1,
              layers: layers, animations: animations, directory: ".")
    }

    func layer(_ name: String) -> LayerModel {
        var l = LayerModel()
        l.name = name
        return l
    }

    func testFromToByAndAdditive() {
        let l = { var x = self.layer("l"); x.opacity = 0.8; return x }()
        func value(_ a: AnimationModel, _ t: Double) -> Double {
            Presentation(scene: scene(layers: [l], animations: [a])).layers(at: t)[0].opacity
        }
        XCTAssertEqual(value(anim { $0.from = .number(0); $0.to = .number(1) }, 0.25), 0.25, accuracy: 1e-12)
        XCTAssertEqual(value(anim { $0.to = .number(0) }, 0.5), 0.4, accuracy: 1e-12)          // from = model value
        XCTAssertEqual(value(anim { $0.from = .number(0) }, 0.5), 0.4, accuracy: 1e-12)        // to = model value
        XCTAssertEqual(value(anim { $0.from = .number(0.2); $0.by = .number(0.4) }, 0.5), 0.4, accuracy: 1e-12)
        XCTAssertEqual(value(anim { $0.by = .number(-0.4) }, 0.5), 0.6, accuracy: 1e-12)
        XCTAssertEqual(value(anim { $0.from = .number(-0.4); $0.to = .number(0); $0.additive = true }, 0.5), 0.6, accuracy: 1e-12)
        // After a removed animation ends, the model value shows again.
        XCTAssertEqual(value(anim { $0.from = .number(0); $0.to = .number(1); $0.duration = 0.5 }, 0.75), 0.8)
    }

    func testKeyframesWithKeyTimesAndDiscreteMode() {
        var a = anim { $0.values = [.number(0), .number(1), .number(0.5)]; $0.keyTimes = [0, 0.25, 1] }
        let l = layer("l")
        func value(_ t: Double) -> Double { Presentation(scene: scene(layers: [l], animations: [a])).layers(at: t)[0].opacity }
        XCTAssertEqual(value(0.125), 0.5, accuracy: 1e-12)
        XCTAssertEqual(value(0.625), 0.75, accuracy: 1e-12)
        a.calculationMode = .discrete
        XCTAssertEqual(value(0.2), 0)
        XCTAssertEqual(value(0.3), 1)
    }

    /// The expandable-cells article's idiom: on a layer whose transform is only a perspective,
    /// transform.rotation.x of a presents CATransform3DRotate(transform, a, 1, 0, 0).
    func testRotationComponentKeepsModelPerspective() {
        var l = layer("l")
        l.transform = .ops([.set(entry: 11, value: -1.0 / 500)])
        var a = AnimationModel(layer: "l", keyPath: "transform.rotation.x", key: .rotation(axis: 0))
        a.from = .number(-90); a.to = .number(0); a.duration = 1
        let presented = Presentation(scene: scene(layers: [l], animations: [a])).layers(at: 0.5)[0].transform
        var p = Transform3D.identity
        p.m34 = -1.0 / 500
        let expected = p.rotated(degrees: -45, 1, 0, 0)
        for (x, y) in zip(presented.entries, expected.entries) { XCTAssertEqual(x, y, accuracy: 1e-15) }
    }

    func testTransformOpListsInterpolateByOperation() {
        var l = layer("l")
        l.transform = .identity
        var a = AnimationModel(layer: "l", keyPath: "transform", key: AnimatedKey.byPath["transform"] ?? .rotation(axis: 2))
        a.from = .transform(.ops([.rotate(degrees: -15, x: 0, y: 0, z: 1), .translate(x: -20, y: -20, z: 0)]))
        a.to = .transform(.identity)
        a.duration = 1
        let m = Presentation(scene: scene(layers: [l], animations: [a])).layers(at: 0.5)[0].transform
        let expected = Transform3D.identity.rotated(degrees: -7.5, 0, 0, 1).translated(-10, -10, 0)
        for (x, y) in zip(m.entries, expected.entries) { XCTAssertEqual(x, y, accuracy: 1e-12) }
    }
}

final class ContinuityTests: XCTestCase {
    /// The last instant of an animation presents exactly its `to` value, the first exactly `from`.
    func testAnimationsEndExactlyOnTheirValues() {
        var l = LayerModel()
        l.name = "l"
        var a = AnimationModel(layer: "l", keyPath: "transform", key: AnimatedKey.byPath["transform"] ?? .rotation(axis: 2))
        let from = TransformValue.ops([.rotate(degrees: 90, x: 0, y: 0.7, z: 0.4), .set(entry: 11, value: -1.0 / 600)])
        a.from = .transform(from)
        a.to = .transform(.identity)
        a.duration = 0.8
        a.timingFunction = .easeInEaseOut
        a.fillMode = .both
        var b = AnimationModel(layer: "l", keyPath: "position.y", key: AnimatedKey.byPath["position.y"] ?? .rotation(axis: 2))
        b.from = .number(0.1); b.to = .number(0.3); b.duration = 0.8; b.fillMode = .both
        let scene = Scene(canvas: Canvas(width: 10, height: 10, scale: 1, background: .clear), fps: 10, duration: 1,
                          layers: [l], animations: [a, b], directory: ".")
        let p = Presentation(scene: scene)
        XCTAssertEqual(p.layers(at: 0.8)[0].transform, .identity)
        XCTAssertEqual(p.layers(at: 0.8)[0].position.y, 0.3)
        XCTAssertEqual(p.layers(at: 0)[0].transform, from.matrix)
        XCTAssertEqual(p.layers(at: 0)[0].position.y, 0.1)
    }
}
