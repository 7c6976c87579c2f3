import XCTest
import Foundation
import Hashing
import SceneModel
import TableRender
import TableRenderQuartz
import TestSupport

final class TransformTests: XCTestCase {
    /// The Swift functions make the matrices the scene format's operations make (radians in,
    /// degrees inside: pi/2 is exactly 90 degrees).
    func testFunctionsMatchTheSceneFormatsOperations() {
        let swift = CATransform3DMakeRotation(.pi / 2, 0, 0.7, 0.4)
        let scene = TransformValue.ops([.rotate(degrees: 90, x: 0, y: 0.7, z: 0.4)]).matrix
        XCTAssertEqual(swift.entries, scene.entries)
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 500
        t = CATransform3DRotate(t, -.pi / 4, 1, 0, 0)
        let ops = TransformValue.ops([.set(entry: 11, value: -1.0 / 500), .rotate(degrees: -45, x: 1, y: 0, z: 0)]).matrix
        XCTAssertEqual(t.entries, ops.entries)
    }

    /// Translate, Scale and Rotate put the new step first (it acts in the layer's own space);
    /// Concat(a, b) is a then b.
    func testTheOrderOfSteps() {
        let scaledThenMoved = CATransform3DTranslate(CATransform3DMakeScale(2, 2, 1), 10, 0, 0)
        XCTAssertEqual(scaledThenMoved.m41, 20, "the translation is scaled: it acts first")
        let concat = CATransform3DConcat(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeTranslation(10, 0, 0))
        XCTAssertEqual(concat.m41, 10, "scale, then translate")
        XCTAssertTrue(CATransform3DIsIdentity(CATransform3DMakeRotation(1, 0, 0, 0)), "a zero axis is the identity")
        XCTAssertFalse(CATransform3DIsIdentity(concat))
    }
}

final class LayerSceneTests: XCTestCase {
    /// scenes/flip.json written with Core Animation's API: the same pixels as the file.
    func flipScene() -> LayerScene {
        var scene = LayerScene(size: CGSize(width: 375, height: 667), scale: 2, fps: 60, duration: 1.0, directory: Package.root + "/scenes")
        scene.backgroundColor = UIColor.systemGroupedBackground.cgColor
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        func card(_ name: String) -> CALayer {
            let l = CALayer()
            l.name = name
            l.bounds = CGRect(x: 0, y: 0, width: 260, height: 360)
            l.position = CGPoint(x: 187.5, y: 333.5)
            l.transform = perspective
            l.isDoubleSided = false
            l.cornerRadius = 18
            l.shadowOpacity = 0.25
            l.shadowRadius = 12
            l.shadowOffset = CGSize(width: 0, height: 8)
            return l
        }
        func box(_ frame: CGRect, _ radius: CGFloat, _ color: UIColor) -> CALayer {
            let l = CALayer()
            l.frame = frame
            l.cornerRadius = radius
            l.backgroundColor = color.cgColor
            return l
        }
        let front = card("front")
        front.backgroundColor = UIColor.white.cgColor
        let banner = CAGradientLayer()
        banner.frame = CGRect(x: 0, y: 0, width: 260, height: 120)
        banner.masksToBounds = true
        banner.cornerRadius = 18
        banner.colors = [UIColor(named: "#0A84FF")!.cgColor, UIColor(named: "#5E5CE6")!.cgColor]
        banner.startPoint = CGPoint(x: 0, y: 0)
        banner.endPoint = CGPoint(x: 1, y: 1)
        banner.addSublayer(box(CGRect(x: 180, y: -40, width: 120, height: 120), 60, UIColor.white.withAlphaComponent(0.2)))
        front.addSublayer(banner)
        let avatar = box(CGRect(x: 24, y: 88, width: 64, height: 64), 32, .systemOrange)
        avatar.borderWidth = 4
        avatar.borderColor = UIColor.white.cgColor
        front.addSublayer(avatar)
        front.addSublayer(box(CGRect(x: 24, y: 172, width: 180, height: 14), 7, .label))
        for (y, w) in [(198.0, 212.0), (216, 196), (234, 150)] {
            front.addSublayer(box(CGRect(x: 24, y: y, width: w, height: 10), 5, .systemGray4))
        }
        front.addSublayer(box(CGRect(x: 24, y: 292, width: 212, height: 44), 12, .systemBlue))
        let back = CAGradientLayer()
        back.name = "back"
        back.bounds = CGRect(x: 0, y: 0, width: 260, height: 360)
        back.position = CGPoint(x: 187.5, y: 333.5)
        back.transform = perspective
        back.isDoubleSided = false
        back.cornerRadius = 18
        back.colors = [UIColor(named: "#FF9F0A")!.cgColor, UIColor(named: "#FF375F")!.cgColor]
        back.borderWidth = 6
        back.borderColor = UIColor(named: "#FFFFFFB3")!.cgColor
        back.shadowOpacity = 0.25
        back.shadowRadius = 12
        back.shadowOffset = CGSize(width: 0, height: 8)
        let ring = box(CGRect(x: 80, y: 130, width: 100, height: 100), 50, UIColor.white.withAlphaComponent(0.25))
        ring.addSublayer(box(CGRect(x: 25, y: 25, width: 50, height: 50), 25, .white))
        back.addSublayer(ring)
        for (layer, from, to) in [(front, 0.0, CGFloat.pi), (back, -CGFloat.pi, 0)] {
            let flip = CABasicAnimation(keyPath: "transform.rotation.y")
            flip.fromValue = from
            flip.toValue = to
            flip.duration = 1.0
            flip.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            flip.fillMode = .both
            flip.isRemovedOnCompletion = false
            layer.add(flip, forKey: "flip")
        }
        scene.layers = [front, back]
        return scene
    }

    func hash(_ r: Renderer, _ t: Double) -> String { SHA256.hex(r.frame(at: t).unpremultipliedRGBA()) }

    func testTheFlipSceneInSwiftDrawsTheFilesPixels() throws {
        let swift = try Renderer(flipScene())
        let file = try Renderer(path: Package.scene("flip.json"))
        for t in [0.0, 0.3, 0.5, 0.7, 1.0] {
            XCTAssertEqual(hash(swift, t), hash(file, t), "t = \(t)")
        }
        XCTAssertNotEqual(hash(swift, 0), hash(swift, 0.3), "the frames move")
    }

    /// `UIBezierPath(roundedRect:cornerRadius:)` is the continuous corner's outline: filled by a
    /// shape layer it covers the pixels a layer with `cornerCurve = .continuous` and that radius
    /// covers (to the two flattenings' tolerances), and not those of the circular corner.
    func testUIBezierPathRoundedRectIsTheContinuousCorner() throws {
        func render(_ make: () -> CALayer) throws -> [UInt8] {
            var scene = LayerScene(size: CGSize(width: 80, height: 60), scale: 3, fps: 1, duration: 0, directory: ".")
            scene.backgroundColor = UIColor.white.cgColor
            scene.layers = [make()]
            return try Renderer(scene).frame(at: 0).unpremultipliedRGBA()
        }
        let rect = CGRect(x: 10, y: 10, width: 60, height: 40)
        let path = UIBezierPath(roundedRect: CGRect(origin: .zero, size: rect.size), cornerRadius: 12)
        XCTAssertTrue(path.cgPath.svgPathData.hasPrefix("M41.656"), path.cgPath.svgPathData)
        let shape = try render {
            let l = CAShapeLayer()
            l.frame = rect
            l.path = path.cgPath
            l.fillColor = UIColor.black.cgColor
            return l
        }
        func layer(_ curve: CALayerCornerCurve) throws -> [UInt8] {
            try render {
                let l = CALayer()
                l.frame = rect
                l.cornerRadius = 12
                l.cornerCurve = curve
                l.backgroundColor = UIColor.black.cgColor
                return l
            }
        }
        let maxDifference = { (a: [UInt8], b: [UInt8]) in zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0 }
        let totalDifference = { (a: [UInt8], b: [UInt8]) in zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) } }
        let continuous = try layer(.continuous), circular = try layer(.circular)
        // A shape's curves are flattened to a quarter device pixel: at most a quarter of full
        // coverage apart. The circular corner is half a pixel and more away near its tangents.
        XCTAssertLessThanOrEqual(maxDifference(shape, continuous), 64)
        XCTAssertGreaterThan(maxDifference(shape, circular), 100)
        XCTAssertLessThan(totalDifference(shape, continuous) * 3, totalDifference(shape, circular))
        XCTAssertEqual(CALayer.cornerCurveExpansionFactor(.continuous), 1.528665)
        XCTAssertEqual(CALayer.cornerCurveExpansionFactor(.circular), 1)
    }

    /// The written JSON is a scene the command-line tool reads: its frames, manifest and sums
    /// are the file's.
    func testTheJSONRendersAsTheCommandLineDoes() throws {
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("quartz-\(getpid())").path
        try? FileManager.default.removeItem(atPath: tmp)
        try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: tmp) }
        let scene = flipScene()
        let json = try scene.json()
        XCTAssertTrue(json.contains("\"fillMode\": \"both\""), json)
        XCTAssertTrue(json.contains("\"to\": 180"), "radians become the format's degrees")
        var options = RenderOptions(frames: 28...31, jobs: 1)
        options.createParents = true
        try Renderer(scene).render(to: tmp + "/swift", options: options)
        try Renderer(path: Package.scene("flip.json")).render(to: tmp + "/file", options: options)
        let sums = { (f: String) in try String(contentsOfFile: tmp + "/\(f)/SHA256SUMS", encoding: .utf8) }
        XCTAssertEqual(try sums("swift"), try sums("file"))
        XCTAssertEqual(try sums("swift").split(separator: "\n").count, 4, "the four frames asked for")
    }

    /// Problems are the scene format's, naming the layer; values of the wrong type are found
    /// before the JSON is written.
    func testProblemsNameTheLayerAndTheProperty() {
        var scene = LayerScene(size: CGSize(width: 100, height: 100), duration: 1)
        let card = CALayer()
        card.name = "card"
        card.opacity = 2
        scene.layers = [card]
        XCTAssertThrowsError(try scene.load()) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("layers[0] (layer \"card\").opacity: expected"), text)
        }
        card.opacity = 1
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.toValue = CGPoint(x: 1, y: 2)
        card.add(spin, forKey: "spin")
        XCTAssertThrowsError(try scene.json()) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("layer \"card\""), text)
            XCTAssertTrue(text.contains("animation \"spin\".toValue"), text)
            XCTAssertTrue(text.contains("expected a number for transform.rotation.z, found CGPoint"), text)
        }
    }

    /// A finished animation is removed unless isRemovedOnCompletion is false, as in Core
    /// Animation: its forward fill shows only then.
    func testRemovedOnCompletionDropsTheForwardFill() throws {
        var scene = LayerScene(size: CGSize(width: 10, height: 10), duration: 1)
        let l = CALayer()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.toValue = 0
        fade.fillMode = .forwards
        l.add(fade, forKey: nil)
        scene.layers = [l]
        XCTAssertFalse(try scene.json().contains("fillMode"))
        fade.isRemovedOnCompletion = false
        l.add(fade, forKey: nil)
        XCTAssertTrue(try scene.json().contains("\"fillMode\": \"forwards\""))
        XCTAssertTrue(try scene.json().contains("\"name\": \"layer-1\""), "an animated layer without a name gets one")
    }

    /// A CATextLayer lays its lines out from the top of its bounds (the scene format's
    /// `verticalAlignment: "top"`); a UILabel-style text layer centres them.
    func testATextLayerDrawsFromTheTop() throws {
        func firstInkRow(_ r: Renderer) -> Int {
            let p = r.frame(at: 0)
            let rgba = p.unpremultipliedRGBA()
            for y in 0..<p.height {
                for x in 0..<p.width where rgba[(y * p.width + x) * 4] < 128 { return y }
            }
            return -1
        }
        let text = CATextLayer()
        text.frame = CGRect(x: 0, y: 0, width: 100, height: 120)
        text.string = "Top"
        text.fontSize = 20
        text.foregroundColor = UIColor.black.cgColor
        var scene = LayerScene(size: CGSize(width: 100, height: 120), duration: 0)
        scene.backgroundColor = UIColor.white.cgColor
        scene.layers = [text]
        let top = firstInkRow(try Renderer(scene))
        XCTAssertGreaterThanOrEqual(top, 0)
        XCTAssertLessThan(top, 10, "the cap height starts a few points below the top")
        let json = try scene.json()
        XCTAssertTrue(json.contains("\"verticalAlignment\": \"top\""), json)
        let centred = json.replacingOccurrences(of: "\"verticalAlignment\": \"top\"", with: "\"verticalAlignment\": \"center\"")
        let loaded = try SceneLoader.load(bytes: Array(centred.utf8), displayName: "centred", directory: ".")
        XCTAssertGreaterThan(firstInkRow(Renderer(loaded: loaded)), 40, "centred in 120 points")
    }
}
