import XCTest
import Foundation
import SceneModel
import TableRender
@testable import TableRenderQuartz

/// Issue 54.2 from Swift: `UIVisualEffectView` with a `UIBlurEffect` blurs what lies behind it
/// (the layer's backdrop) under its style's tint, and its `contentView` draws sharp on top.
final class VisualEffectTests: XCTestCase {
    /// A black stripe on white with a 40 pt view over its edge: with a blur, the edge is soft
    /// and tinted; without an effect, sharp. Its JSON is the layer's `backdropBlur`.
    func testABlurEffectViewBlursWhatIsBehindIt() throws {
        func scene(_ effect: UIVisualEffect?) -> LayerScene {
            var scene = LayerScene(size: CGSize(width: 100, height: 60), scale: 1, fps: 1, duration: 0)
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 60))
            root.backgroundColor = .white
            let stripe = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 60))
            stripe.backgroundColor = .black
            root.addSubview(stripe)
            let blur = UIVisualEffectView(effect: effect)
            blur.frame = CGRect(x: 0, y: 0, width: 100, height: 40)
            let badge = UIView(frame: CGRect(x: 80, y: 10, width: 10, height: 10))
            badge.backgroundColor = .red
            blur.contentView.addSubview(badge)
            root.addSubview(blur)
            scene.layers = [root.layer]
            return scene
        }
        let sharp = try Renderer(scene(nil)), soft = try Renderer(scene(UIBlurEffect(style: .systemUltraThinMaterialLight)))
        XCTAssertEqual(sharp.rgb(at: 0, 51, 20), [255, 255, 255])
        XCTAssertEqual(sharp.rgb(at: 0, 49, 20), [0, 0, 0])
        let right = soft.rgb(at: 0, 51, 20)[0], left = soft.rgb(at: 0, 49, 20)[0]
        XCTAssertLessThan(right, 230, "the black blurs across the edge")
        XCTAssertGreaterThan(left, 40, "and the white")
        XCTAssertGreaterThan(soft.rgb(at: 0, 5, 20)[0], 40, "the tint (white at 30 %) lightens the black")
        XCTAssertEqual(soft.rgb(at: 0, 51, 50), [255, 255, 255], "below the view: untouched")
        XCTAssertEqual(soft.rgb(at: 0, 85, 15), [255, 0, 0], "the content view's subviews draw sharp over the blur")
        let json = try scene(UIBlurEffect(style: .systemMaterial)).json().filter { !$0.isWhitespace }
        XCTAssertTrue(json.contains(#""backdropBlur":10"#), json)
        // The JSON draws the same.
        let again = Renderer(loaded: try SceneLoader.load(bytes: Array(json.utf8), displayName: "json", directory: "."))
        XCTAssertTrue(again.frame(at: 0).data == (try Renderer(scene(UIBlurEffect(style: .systemMaterial)))).frame(at: 0).data)
    }
}
