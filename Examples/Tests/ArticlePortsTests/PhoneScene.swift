import XCTest
import TableRenderQuartz

/// The ports' scene: an iPhone 15 at 30 fps, drawn at 1x (the tests read rows by their pixels),
/// showing `root`.
func phoneScene(_ root: UIViewController, duration: Double) throws -> LayerScene {
    var scene = try XCTUnwrap(LayerScene(device: "iPhone 15", fps: 30, duration: duration))
    scene.scale = 1
    scene.rootViewController = root
    return scene
}
