import Foundation
import XCTest
@testable import SceneModel
@testable import Simulation
@testable import TableEngine
import TestSupport
@testable import TableRenderQuartz

/// Every settable property of the layer classes, changed at a scene time (`LayerScene.at`), shows
/// from that time on: as an implicit animation where it animates, as a step of the model value
/// where it does not; a change the scene cannot draw yet stops the scene with a message naming
/// the property. Before `@Recorded`, 25 of these were dropped without a word.
final class PropertyRecordingTests: XCTestCase {
    static let image = "assets/avatar-al.png"
    static let otherImage = "assets/avatar-gh.png"

    /// A named layer of the property's class, with the content object its container needs.
    func layer(for p: SceneModel.LayerProperty) -> CALayer {
        let l = PropertySamples.layer(for: p.container)
        l.name = "x"
        l.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        switch p.container {
        case .gradient: (l as? CAGradientLayer)?.colors = [UIColor.red.cgColor, UIColor.blue.cgColor]
        case .path: (l as? CAShapeLayer)?.path = CGPath(rect: CGRect(x: 0, y: 0, width: 5, height: 5))
        case .image: l.contents = CGImage(file: PropertyRecordingTests.image)
        case .text: (l as? CATextLayer)?.string = "Text"
        case .layer: break
        }
        return l
    }

    /// A Swift value of the property that is not the layer's (nil: the table has no sample).
    func value(of p: SceneModel.LayerProperty) -> Any? {
        switch (p.container, p.key) {
        case (.gradient, "colors"): return [UIColor.green.cgColor, UIColor.yellow.cgColor]
        case (.gradient, "locations"): return [NSNumber(value: 0), NSNumber(value: 0.3)]
        case (.path, "d"): return CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 8, height: 8))
        case (.image, "file"): return CGImage(file: PropertyRecordingTests.otherImage)
        default: return PropertySamples.sample(p).map { PropertyCoding.swiftValue($0, p) }
        }
    }

    func scene(_ l: CALayer) -> LayerScene {
        var s = LayerScene(size: CGSize(width: 20, height: 20), fps: 10, duration: 3, directory: Package.root + "/scenes")
        s.layers = [l]
        return s
    }

    /// The property on the scene's layer at `t` (after every change and animation by then).
    func property(_ p: SceneModel.LayerProperty, of s: LayerScene, at t: Double) throws -> AnimValue {
        let loaded = try s.load()
        return p.get(Presentation(scene: loaded.scene).modelLayers(at: t)[0])
    }

    func testEveryPropertyChangedAtASceneTimeShowsFromThenOrIsRefused() throws {
        var checked = 0, refused: [String] = []
        for p in LayerProperties.all where p.swiftName != nil && !p.derived {
            guard let v = value(of: p) else { XCTFail("no sample for \(p.jsonPath)"); continue }
            // Changed at 1 s; the same value set before the scene; no change.
            let changed = layer(for: p)
            let s = scene(changed)
            s.at(1) { changed.setValue(v, forKey: p.caKey) }
            let before = layer(for: p)
            before.setValue(v, forKey: p.caKey)
            let plain = scene(layer(for: p))
            do {
                let atStart = try property(p, of: s, at: 0.5), atEnd = try property(p, of: s, at: 2)
                XCTAssertEqual(atStart, try property(p, of: plain, at: 0.5), "\(p.jsonPath): the old value until the change")
                XCTAssertEqual(atEnd, try property(p, of: scene(before), at: 0.5), "\(p.jsonPath): the new value after it")
                XCTAssertNotEqual(atStart, atEnd, "\(p.jsonPath): the sample is the default")
                checked += 1
            } catch let error as SceneError {
                // What cannot be drawn yet is refused by name.
                XCTAssertTrue(error.description.contains(p.caKey) && error.description.contains("changed at 1 s"), "\(p.jsonPath): \(error)")
                refused.append(p.caKey)
            }
        }
        // A shape's path and a layer's image: the format has no change of them yet.
        XCTAssertEqual(refused.sorted(), ["contents", "path"])
        XCTAssertEqual(checked, LayerProperties.all.filter { $0.swiftName != nil && !$0.derived }.count - 2)
    }

    /// A view's properties are its layer's: `clipsToBounds` changes at once (a step), `alpha`
    /// animates inside `UIView.animate` and holds outside it.
    func testAViewsLayerPropertiesAreRecorded() throws {
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        v.accessibilityIdentifier = "x"
        let s = scene(v.layer)
        s.at(1) {
            v.clipsToBounds = true
            UIView.animate(withDuration: 0.5) { v.alpha = 0.5 }
        }
        s.at(2) { v.layer.cornerCurve = .continuous }
        let masks = LayerProperties.all[try XCTUnwrap(LayerProperties.changeable["masksToBounds"])]
        let opacity = LayerProperties.all[try XCTUnwrap(LayerProperties.changeable["opacity"])]
        let curve = LayerProperties.all[try XCTUnwrap(LayerProperties.changeable["cornerCurve"])]
        XCTAssertEqual(try property(masks, of: s, at: 0.9), .bool(false))
        XCTAssertEqual(try property(masks, of: s, at: 1), .bool(true))
        XCTAssertEqual(try property(opacity, of: s, at: 1.25), .number(0.75))
        XCTAssertEqual(try property(opacity, of: s, at: 1.6), .number(0.5))
        XCTAssertEqual(try property(curve, of: s, at: 1.9), .text("circular"))
        XCTAssertEqual(try property(curve, of: s, at: 2), .text("continuous"))
        // The written scene says it as a change.
        let json = try s.json().filter { !$0.isWhitespace }
        XCTAssertTrue(json.contains(#""changes":[{"at":1,"layer":"x","key":"masksToBounds","value":true},{"at":2,"layer":"x","key":"cornerCurve","value":"continuous"}]"#), json)
    }
}

/// A label's and a text layer's text changed at a scene time shows from then (issue 50: they
/// were written with their last values from the first frame); what the scene cannot draw yet
/// (a new font, line layout) stops it with a message naming the view and property.
final class TextRecordingTests: XCTestCase {
    func scene(_ layers: [CALayer]) -> LayerScene {
        var s = LayerScene(size: CGSize(width: 120, height: 60), fps: 10, duration: 3)
        s.layers = layers
        return s
    }

    func text(_ s: LayerScene, _ layer: Int, at t: Double) throws -> TextContent? {
        let loaded = try s.load()
        return Presentation(scene: loaded.scene).modelLayers(at: t)[layer].text
    }

    func testALabelsTextAndColourChangeAtTheirTime() throws {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 120, height: 30))
        label.accessibilityIdentifier = "status"
        label.text = "Loading"
        let empty = UILabel(frame: CGRect(x: 0, y: 30, width: 120, height: 30))
        let s = scene([label.layer, empty.layer])
        s.at(1) { label.textColor = .systemRed }
        s.at(2) {
            label.text = "Done"
            empty.text = "Now shown"
        }
        XCTAssertEqual(try text(s, 0, at: 0.5)?.string, "Loading")
        XCTAssertEqual(try text(s, 0, at: 0.5)?.color, Color.named["label"])
        XCTAssertEqual(try text(s, 0, at: 1.5)?.color, Color.named["systemRed"])
        XCTAssertEqual(try text(s, 0, at: 1.5)?.string, "Loading")
        XCTAssertEqual(try text(s, 0, at: 2)?.string, "Done")
        XCTAssertEqual(try text(s, 1, at: 1)?.string, "", "a label with no text yet draws none")
        XCTAssertEqual(try text(s, 1, at: 2.5)?.string, "Now shown")
        // The frames show it: the label's pixels differ before and after, and equal a label
        // that said "Done" from the start.
        let done = UILabel(frame: CGRect(x: 0, y: 0, width: 120, height: 30))
        done.text = "Done"
        done.textColor = .systemRed
        let loaded = try Renderer(s)
        XCTAssertNotEqual(loaded.frame(at: 0.5).data, loaded.frame(at: 2.5).data)
        XCTAssertEqual(try Renderer(scene([done.layer])).frame(at: 0).data, try Renderer(scene([label.layer])).frame(at: 2.5).data)
        // The written scene says it as changes.
        let json = try s.json().filter { !$0.isWhitespace }
        XCTAssertTrue(json.contains(#"{"at":2,"layer":"status","key":"text.string","value":"Done"}"#), json)
    }

    func testATextLayersStringAndColourChangeAtTheirTime() throws {
        let t = CATextLayer()
        t.name = "t"
        t.frame = CGRect(x: 0, y: 0, width: 120, height: 40)
        t.string = "One"
        let s = scene([t])
        s.at(1) {
            t.string = "Two"
            t.foregroundColor = UIColor.black.cgColor
        }
        XCTAssertEqual(try text(s, 0, at: 0.5)?.string, "One")
        XCTAssertEqual(try text(s, 0, at: 0.5)?.color, .white)
        XCTAssertEqual(try text(s, 0, at: 1)?.string, "Two")
        XCTAssertEqual(try text(s, 0, at: 1)?.color, .black)
    }

    func testWhatCannotBeDrawnYetIsRefusedByName() {
        func refusal(_ change: @escaping (UILabel, CATextLayer) -> Void) -> String {
            let label = UILabel(frame: CGRect(x: 0, y: 0, width: 120, height: 30))
            label.text = "A"
            let t = CATextLayer()
            t.string = "B"
            let s = scene([label.layer, t])
            s.at(1) { change(label, t) }
            do {
                _ = try s.load()
                return ""
            } catch {
                return error.problems.map(\.description).joined(separator: "\n")
            }
        }
        XCTAssertTrue(refusal { l, _ in l.font = .systemFont(ofSize: 30) }.contains("UILabel.font changed at 1 s: a change of it during the scene is not drawn yet"))
        XCTAssertTrue(refusal { l, _ in l.numberOfLines = 0 }.contains("UILabel.numberOfLines changed at 1 s"))
        XCTAssertTrue(refusal { _, t in t.fontSize = 12 }.contains("CATextLayer.fontSize changed at 1 s"))
        XCTAssertEqual(refusal { l, t in l.text = "C"; t.string = "D" }, "")
    }
}
