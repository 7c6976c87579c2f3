import XCTest
import Foundation
import Hashing
import TableRender
import TableRenderQuartz
import TestSupport

/// Every scene file read back into layers, animations, a table and a script writes a scene
/// that draws the file's pixels: the model is the scene's, both ways.
final class SceneReaderTests: XCTestCase {
    func testEverySceneComesBackAsLayersAndATable() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Package.root + "/scenes").filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThan(names.count, 10)
        for name in names {
            let file = try Renderer(path: Package.scene(name))
            let read = try LayerScene(contentsOf: Package.scene(name))
            let again = try Renderer(read)
            let scene = file.loaded.scene
            for i in Set([0, scene.frameCount / 3, scene.frameCount / 2, scene.frameCount - 1]).sorted() {
                let t = scene.time(ofFrame: i)
                XCTAssertEqual(SHA256.hex(again.frame(at: t).unpremultipliedRGBA()), SHA256.hex(file.frame(at: t).unpremultipliedRGBA()),
                               "\(name) frame \(i)")
            }
        }
    }

    /// Issue 29.1 from Swift: a device's screen with its status bar writes the device and the
    /// bar; an unknown device is nil; the style and time round-trip.
    func testADevicesScreenFromSwift() throws {
        XCTAssertNil(LayerScene(device: "iPhone 99", duration: 1))
        var scene = try XCTUnwrap(LayerScene(device: "iPhone 15", fps: 10, duration: 0))
        XCTAssertEqual(scene.size, CGSize(width: 393, height: 852))
        XCTAssertEqual(scene.scale, 3)
        var json = try scene.json()
        XCTAssertTrue(json.contains(#""device": "iPhone 15""#) && json.contains(#""statusBar": true"#), json)
        XCTAssertFalse(json.contains(#""size""#), "the device sets the size: \(json)")
        scene.statusBarStyle = .lightContent
        scene.statusBarTime = "10:09"
        json = try scene.json()
        let back = try LayerScene(json: Array(json.utf8))
        XCTAssertEqual(back.device, "iPhone 15")
        XCTAssertEqual(back.statusBarStyle, .lightContent)
        XCTAssertEqual(back.statusBarTime, "10:09")
        XCTAssertTrue(back.showsStatusBar)
    }

    /// A label that shrinks to fit (issue 33.5): `adjustsFontSizeToFitWidth` with a
    /// `minimumScaleFactor` writes the text's `minimumScaleFactor`, reads back as it, and draws
    /// a long title smaller than the same label that does not shrink (which truncates it).
    func testALabelThatShrinksToFitWritesAndDrawsIt() throws {
        func scene(shrinks: Bool) throws -> LayerScene {
            var scene = LayerScene(size: CGSize(width: 200, height: 60), scale: 1, fps: 10, duration: 0)
            let label = UILabel(frame: CGRect(x: 10, y: 10, width: 120, height: 40))
            label.text = "Notifications and Sounds"
            label.adjustsFontSizeToFitWidth = shrinks
            label.minimumScaleFactor = 0.5
            scene.layers = [label.layer]
            return scene
        }
        let json = try scene(shrinks: true).json()
        XCTAssertTrue(json.contains(#""minimumScaleFactor": 0.5"#), json)
        XCTAssertFalse(try scene(shrinks: false).json().contains("minimumScaleFactor"))
        let back = try LayerScene(json: Array(json.utf8))
        XCTAssertTrue(try back.json().contains(#""minimumScaleFactor": 0.5"#), "read back as a shrinking label")
        // The shrunk line ends where the label ends and shows its last letters; the truncated one
        // draws an ellipsis in their place at the full size (ink further down the label's height).
        func ink(_ s: LayerScene) throws -> (right: Int, bottom: Int) {
            let px = try Renderer(s).frame(at: 0).unpremultipliedRGBA()
            var right = 0, bottom = 0
            for y in 0..<60 { for x in 0..<200 where px[(y * 200 + x) * 4 + 3] > 128 { right = max(right, x); bottom = max(bottom, y) } }
            return (right, bottom)
        }
        let shrunk = try ink(scene(shrinks: true)), full = try ink(scene(shrinks: false))
        XCTAssertLessThanOrEqual(shrunk.right, 130)
        XCTAssertLessThan(shrunk.bottom, full.bottom, "smaller glyphs: \(shrunk) against \(full)")
    }

    /// A UINavigationController root writes its bar: the root's navigation item's title and
    /// prefersLargeTitles; the root's table is the scene's.
    func testANavigationControllerWritesItsBar() throws {
        final class Inbox: UITableViewController {
            override func viewDidLoad() { title = "Inbox" }
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
                cell.textLabel?.text = "Mail \(indexPath.row)"
                return cell
            }
        }
        var scene = try XCTUnwrap(LayerScene(device: "iPhone 15", fps: 10, duration: 0))
        let root = Inbox(style: .plain)
        let nav = UINavigationController(rootViewController: root)
        nav.navigationBar.prefersLargeTitles = true
        XCTAssertTrue(root.navigationController === nav)
        scene.rootViewController = nav
        let json = try scene.json()
        XCTAssertTrue(json.contains(#""navigationBar": {"#) && json.contains(#""title": "Inbox""#) && json.contains(#""prefersLargeTitles": true"#), json)
        XCTAssertNotNil(scene.tableView)
    }

    /// What comes back is Core Animation's objects: classes by content, radians, names.
    func testTheObjectsAreCoreAnimations() throws {
        let flip = try LayerScene(contentsOf: Package.scene("flip.json"))
        XCTAssertEqual(flip.layers.map { $0.name }, ["front", "back"])
        XCTAssertTrue(flip.layers[1] is CAGradientLayer)
        let json = try flip.json()
        XCTAssertTrue(json.contains("\"to\": 180"), "degrees to radians and back: \(json)")
        XCTAssertThrowsError(try LayerScene(json: Array(#"{"version": 1}"#.utf8))) { error in
            XCTAssertTrue("\(error)".contains("canvas"), "\(error)")
        }
    }
}

/// scenes/cube.json written with a CATransformLayer: six faces keep their 3D places.
final class TransformLayerTests: XCTestCase {
    func cube() -> LayerScene {
        var scene = LayerScene(size: CGSize(width: 320, height: 320), scale: 2, fps: 30, duration: 2.0, directory: Package.root + "/scenes")
        scene.backgroundColor = UIColor(named: "#1C1C1E")?.cgColor
        let stage = CALayer()
        stage.name = "stage"
        stage.frame = CGRect(x: 0, y: 0, width: 320, height: 320)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        stage.sublayerTransform = perspective
        let cube = CATransformLayer()
        cube.name = "cube"
        cube.bounds = CGRect(x: 0, y: 0, width: 120, height: 120)
        cube.position = CGPoint(x: 160, y: 160)
        cube.transform = CATransform3DMakeRotation(-25 * .pi / 180, 1, 0, 0)
        let faces: [(String, String, CATransform3D)] = [
            ("front", "#0A84FF", CATransform3DMakeTranslation(0, 0, 60)),
            ("back", "#FF9F0A", CATransform3DTranslate(CATransform3DMakeRotation(.pi, 0, 1, 0), 0, 0, 60)),
            ("right", "#30D158", CATransform3DTranslate(CATransform3DMakeRotation(.pi / 2, 0, 1, 0), 0, 0, 60)),
            ("left", "#FF375F", CATransform3DTranslate(CATransform3DMakeRotation(-.pi / 2, 0, 1, 0), 0, 0, 60)),
            ("top", "#BF5AF2", CATransform3DTranslate(CATransform3DMakeRotation(.pi / 2, 1, 0, 0), 0, 0, 60)),
            ("bottom", "#64D2FF", CATransform3DTranslate(CATransform3DMakeRotation(-.pi / 2, 1, 0, 0), 0, 0, 60)),
        ]
        for (i, (name, color, transform)) in faces.enumerated() {
            let face = CALayer()
            face.name = name
            face.bounds = CGRect(x: 0, y: 0, width: 120, height: 120)
            face.position = CGPoint(x: 60, y: 60)
            face.transform = transform
            face.backgroundColor = UIColor(named: color)?.cgColor
            face.cornerRadius = 10
            face.borderWidth = 2
            face.borderColor = UIColor.white.withAlphaComponent(0.8).cgColor
            let number = UILabel(frame: CGRect(x: 0, y: 35, width: 120, height: 50))
            number.text = "\(i + 1)"
            number.font = .systemFont(ofSize: 40, weight: .bold)
            number.textColor = .white
            number.textAlignment = .center
            face.addSublayer(number.layer)
            cube.addSublayer(face)
        }
        stage.addSublayer(cube)
        let spin = CABasicAnimation(keyPath: "transform.rotation.y")
        spin.fromValue = 0
        spin.toValue = CGFloat.pi
        spin.duration = 2.0
        spin.fillMode = .both
        spin.isRemovedOnCompletion = false
        cube.add(spin, forKey: "spin")
        scene.layers = [stage]
        return scene
    }

    func testTheCubeInSwiftDrawsCubeJSON() throws {
        let swift = try Renderer(cube())
        let file = try Renderer(path: Package.scene("cube.json"))
        for t in [0.0, 0.5, 1.0, 2.0] {
            XCTAssertEqual(SHA256.hex(swift.frame(at: t).unpremultipliedRGBA()), SHA256.hex(file.frame(at: t).unpremultipliedRGBA()), "t = \(t)")
        }
        XCTAssertTrue(try cube().json().contains("\"transformLayer\": true"))
        XCTAssertTrue(try LayerScene(contentsOf: Package.scene("cube.json")).layers[0].sublayers?.first is CATransformLayer)
    }

    /// Without the transform layer the faces flatten into one plane: the picture differs.
    func testATransformLayerIsNotFlattened() throws {
        let json = try String(contentsOfFile: Package.scene("cube.json"), encoding: .utf8)
        let flat = json.replacingOccurrences(of: "\"transformLayer\": true", with: "\"transformLayer\": false")
        let a = try Renderer(path: Package.scene("cube.json")).frame(at: 0.5)
        let b = Renderer(loaded: try SceneLoader.load(bytes: Array(flat.utf8), displayName: "flat", directory: Package.root + "/scenes")).frame(at: 0.5)
        XCTAssertFalse(a.data == b.data, "the flattened cube draws differently")
    }

    /// A transform layer's opacity applies to each sublayer on its own (no group): where a blue
    /// face covers a red one at half opacity, the red shows through.
    func testATransformLayersOpacityIsPerSublayer() throws {
        var scene = LayerScene(size: CGSize(width: 40, height: 40), duration: 0)
        scene.backgroundColor = UIColor.black.cgColor
        let group = CATransformLayer()
        group.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        group.opacity = 0.5
        for (color, z) in [(UIColor.red, 0.0), (UIColor.blue, 1.0)] {
            let face = CALayer()
            face.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            face.zPosition = CGFloat(z)
            face.backgroundColor = color.cgColor
            group.addSublayer(face)
        }
        scene.layers = [group]
        let rgba = try Renderer(scene).frame(at: 0).unpremultipliedRGBA()
        let (r, b) = (Int(rgba[(20 * 40 + 20) * 4]), Int(rgba[(20 * 40 + 20) * 4 + 2]))
        XCTAssertEqual(r, 64, accuracy: 2, "red at half, under blue at half")
        XCTAssertEqual(b, 128, accuracy: 2)
    }
}
