import XCTest
import Foundation
import JSONText
import SceneJSON
import SceneModel
import TableRender
import TestSupport
@testable import TableRenderQuartz

/// A scene built in Swift is the model as recorded (issue 50, step 3): it is validated and
/// rendered without being written as JSON text and parsed back, the model it renders is the one
/// its `json()` decodes to (so both draw the same pixels), and its problems are found on the
/// model with the decoder's wording.
final class SwiftModelTests: XCTestCase {
    /// Something of everything a scene without a table carries: a named colour and a rounded
    /// one, a shadow path, a gradient, a shape with a dash pattern, a text layer, a label, an
    /// image, basic, keyframe, spring and group animations, steps and implicit animations from
    /// code at a scene time, a device's status bar.
    func richScene() -> LayerScene {
        guard var scene = LayerScene(device: "iPhone 15", fps: 10, duration: 1, directory: Package.root + "/scenes") else {
            XCTFail("the device is known")
            return LayerScene(size: CGSize(width: 10, height: 10), duration: 0)
        }
        scene.backgroundColor = UIColor.systemGroupedBackground.cgColor
        let card = CALayer()
        card.name = "card"
        card.frame = CGRect(x: 20, y: 100, width: 300, height: 120)
        card.backgroundColor = UIColor(red: 0.3, green: 0.5, blue: 0.7, alpha: 0.9).cgColor
        card.cornerRadius = 12
        card.shadowOpacity = 0.3
        card.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 300, height: 120))
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 10, y: 10, width: 100, height: 50)
        gradient.colors = [UIColor.systemBlue.cgColor, UIColor(white: 0.2, alpha: 0.5).cgColor]
        gradient.locations = [0, 0.7]
        gradient.startPoint = CGPoint(x: 0, y: 0.5)
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 120, y: 10, width: 60, height: 60)
        shape.path = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 60, height: 60), cornerRadius: 9).cgPath
        shape.strokeColor = UIColor.systemRed.cgColor
        shape.fillColor = nil
        shape.lineDashPattern = [4, 2.5]
        let text = CATextLayer()
        text.frame = CGRect(x: 10, y: 70, width: 200, height: 40)
        text.string = "Fold open"
        text.fontSize = 20
        let label = UILabel(frame: CGRect(x: 200, y: 70, width: 90, height: 30))
        label.text = "Detail"
        label.textColor = .secondaryLabel
        label.textAlignment = .right
        let photo = CALayer()
        photo.frame = CGRect(x: 250, y: 10, width: 40, height: 40)
        photo.contents = CGImage(file: "assets/avatar-al.png")
        for l in [gradient, shape, text, label.layer, photo] { card.addSublayer(l) }
        scene.layers = [card]

        let fold = CABasicAnimation(keyPath: "transform.rotation.x")
        fold.fromValue = -CGFloat.pi / 2
        fold.toValue = 0
        fold.duration = 0.5
        card.add(fold, forKey: "fold")
        let slide = CAKeyframeAnimation(keyPath: "position")
        slide.values = [CGPoint(x: 170, y: 160), CGPoint(x: 180, y: 170), CGPoint(x: 170, y: 160)]
        slide.keyTimes = [0, 0.3, 1]
        slide.timingFunctions = [CAMediaTimingFunction(name: .easeOut), CAMediaTimingFunction(controlPoints: 0.2, 0.8, 0.3, 1)]
        gradient.add(slide, forKey: "slide")
        let pop = CASpringAnimation(keyPath: "transform.scale")
        pop.fromValue = 0.8
        pop.toValue = 1
        pop.damping = 12
        shape.add(pop, forKey: "pop")
        let group = CAAnimationGroup()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        group.animations = [fade]
        group.duration = 0.4
        group.beginTime = 0.2
        group.fillMode = .backwards
        text.add(group, forKey: "fade")
        scene.at(0.5) {
            card.masksToBounds = true
            shape.strokeEnd = 0.5
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            photo.contentsGravity = .resizeAspect
            CATransaction.commit()
        }
        return scene
    }

    func testASceneWithoutATableIsRenderedFromItsModelNotFromJSONText() throws {
        let scene = richScene()
        let before = JSONParser.documentsParsed
        let loaded = try scene.load()
        let pixels = Renderer(loaded: loaded).frame(at: 0.6)
        XCTAssertEqual(JSONParser.documentsParsed, before, "a Swift scene without a table was parsed from JSON text")
        XCTAssertEqual(loaded.scene.layers.first?.name, "card")
        // The counter counts: the same scene through its JSON parses one document, and draws the same pixels.
        let viaJSON = try SceneLoader.load(bytes: Array(try scene.json().utf8), displayName: "json", directory: scene.directory)
        XCTAssertEqual(JSONParser.documentsParsed, before + 1)
        XCTAssertEqual(Renderer(loaded: viaJSON).frame(at: 0.6).data, pixels.data, "the model and its JSON draw different pixels")
    }

    /// The recorded model is what its `json()` decodes to: every layer, animation and change.
    func testTheModelIsWhatItsJSONDecodesTo() throws {
        try assertModelMatchesJSON(richScene())
        // Every property of the table, set to a value that is not its default.
        for c in LayerProperty.Container.allCases {
            var scene = LayerScene(size: CGSize(width: 50, height: 50), fps: 10, duration: 1, directory: Package.root + "/scenes")
            let l = PropertySamples.layer(for: c)
            if c == .path { l.setValue(CGPath(rect: CGRect(x: 0, y: 0, width: 5, height: 5)), forKey: "path") }
            if c == .gradient { l.setValue([UIColor.red.cgColor, UIColor.blue.cgColor], forKey: "colors") }
            if c == .image { l.contents = CGImage(file: "assets/avatar-al.png") }
            for p in LayerProperties.in(c) where p.swiftName != nil && !p.derived && p.type != .custom {
                if let v = PropertySamples.sample(p) { l.setValue(PropertyCoding.swiftValue(v, p), forKey: p.caKey) }
            }
            scene.layers = [l]
            try assertModelMatchesJSON(scene, c.rawValue)
        }
    }

    func assertModelMatchesJSON(_ scene: LayerScene, _ what: String = "", file: StaticString = #filePath, line: UInt = #line) throws {
        let model = try scene.recorded().scene
        let decoded = try SceneDecoder.decode(bytes: Array(try scene.json().utf8), displayName: "json", directory: scene.directory)
        XCTAssertEqual(model.layers, decoded.layers, what, file: file, line: line)
        XCTAssertEqual(model.animations.map(SceneEncoder.animation), decoded.animations.map(SceneEncoder.animation), what, file: file, line: line)
        XCTAssertEqual(model.changes.map(SceneEncoder.change), decoded.changes.map(SceneEncoder.change), what, file: file, line: line)
        XCTAssertEqual(SceneEncoder.canvas(model.canvas), SceneEncoder.canvas(decoded.canvas), what, file: file, line: line)
        XCTAssertEqual(model.canvas.background, decoded.canvas.background, what, file: file, line: line)
        XCTAssertEqual(model.statusBar, decoded.statusBar, what, file: file, line: line)
        XCTAssertEqual([model.fps, model.duration], [decoded.fps, decoded.duration], what, file: file, line: line)
    }

    /// What Swift code can get wrong in typed values is found on the model, with the file
    /// format's wording and the layer named.
    func testProblemsAreFoundOnTheModel() {
        func problems(_ build: (inout LayerScene, CALayer) -> Void) -> String {
            var scene = LayerScene(size: CGSize(width: 50, height: 50), fps: 10, duration: 1)
            let card = CALayer()
            card.name = "card"
            scene.layers = [card]
            build(&scene, card)
            do {
                _ = try scene.load()
                return ""
            } catch {
                return error.problems.map(\.description).joined(separator: "\n")
            }
        }
        XCTAssertEqual(problems { _, _ in }, "")
        XCTAssertEqual(problems { s, _ in s.fps = 0 }, "fps: expected a number > 0 and <= 1000, found 0")
        XCTAssertEqual(problems { s, _ in s.duration = 4000 }, "duration: expected a number >= 0 and <= 3600, found 4000")
        XCTAssertEqual(problems { s, _ in
            let twin = CALayer()
            twin.name = "card"
            s.layers.append(twin)
        }, "layers[1] (layer \"card\").name: expected a unique name, found \"card\" (also used at layers[0])")
        XCTAssertEqual(problems { _, card in
            card.backgroundColor = CGColor(srgbRed: .nan, green: 0, blue: 0, alpha: 1)
        }, "layers[0] (layer \"card\").backgroundColor: expected a colour of finite components, found [nan, 0, 0, 1]")
        // A view's layer is named by the view (kept alive here, as its superview keeps it in an app).
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
        label.accessibilityIdentifier = "title"
        XCTAssertEqual(problems { _, card in
            label.layer.cornerRadius = -3
            card.addSublayer(label.layer)
        }, "layers[0].sublayers[0] (UILabel \"title\").cornerRadius: expected a number >= 0, found -3")
        XCTAssertEqual(problems { _, card in
            let a = CAKeyframeAnimation(keyPath: "opacity")
            a.values = [0, 1, 0.5]
            a.keyTimes = [0, 1]
            card.add(a, forKey: "blink")
        }, "animations[0] (animation \"blink\" of layer \"card\").keyTimes: expected one key time per value (3), found [0, 1]")
        XCTAssertEqual(problems { _, card in
            let a = CABasicAnimation(keyPath: "opacity")
            a.toValue = 1
            a.timingFunction = CAMediaTimingFunction(controlPoints: 1.5, 0, 0.5, 1)
            card.add(a, forKey: "fade")
        }, "animations[0] (animation \"fade\" of layer \"card\").timingFunction: expected control points with x in 0...1, found [1.5, 0, 0.5, 1]")
        // A step names its layer, property and time (and the format keeps contentsScale with an image).
        XCTAssertEqual(problems { s, card in s.at(1) { card.contentsScale = -1 } }, """
            changes[0] (layer "card"'s contentsScale at 1 s).value: expected a number > 0 and <= 16, found -1
            changes[0] (layer "card"'s contentsScale at 1 s).key: expected a property layer "card" has (it has no image object), found "image.contentsScale"
            """)
        XCTAssertEqual(problems { _, card in
            let a = CABasicAnimation(keyPath: "opacity")
            a.toValue = 1
            a.repeatCount = -2
            card.add(a, forKey: "fade")
        }, "animations[0] (animation \"fade\" of layer \"card\").repeatCount: expected a number >= 0, found -2")
        // An animated content rectangle is held to what the layer's own may be (issue 53), as a file's is.
        XCTAssertEqual(problems { _, card in
            let a = CAKeyframeAnimation(keyPath: "contentsCenter")
            a.values = [CGRect(x: 0, y: 0, width: 1, height: 1), CGRect(x: 0.4, y: 0.4, width: -0.2, height: 0.2)]
            card.add(a, forKey: "stretch")
        }, "animations[0] (animation \"stretch\" of layer \"card\").values[1]: expected [x, y, width, height] with width and height >= 0, found [0.4, 0.4, -0.2, 0.2]")
    }
}

/// The README's Swift example, as written there (issue 52.6: its commands run as written).
final class ReadmeExampleTests: XCTestCase {
    final class InboxViewController: UITableViewController {
        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 5 }
        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
            cell.textLabel?.text = "Message \(indexPath.row)"
            return cell
        }
    }

    func testTheReadmesSwiftExampleRendersItsFrames() throws {
        // Removed before, not after: the last run's frame stays in the temporary folder to look at.
        let out = NSTemporaryDirectory() + "tablerender-readme-example"
        try? FileManager.default.removeItem(atPath: out)
        let readme = try String(contentsOfFile: Package.root + "/README.md", encoding: .utf8)
        for line in ["var scene = LayerScene(size: CGSize(width: 393, height: 852), scale: 3, duration: 2)",
                     "scene.script = [.tap(at: 0.5, row: 2)]",
                     "scene.rootViewController = InboxViewController()", "try Renderer(scene).render(to: \"out/inbox\")"] {
            XCTAssertTrue(readme.contains(line), "the README no longer says \(line)")
        }
        var scene = LayerScene(size: CGSize(width: 393, height: 852), scale: 3, duration: 2)
        scene.script = [.tap(at: 0.5, row: 2)]   // a finger taps the third row
        scene.rootViewController = InboxViewController()   // your UITableViewController, as it is
        var options = RenderOptions()
        options.frames = 60...60
        let frames = try Renderer(scene).render(to: out, options: options)
        XCTAssertEqual(frames.count, 1)
    }
}
