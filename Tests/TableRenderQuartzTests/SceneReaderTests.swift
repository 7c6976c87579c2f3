import XCTest
import Foundation
import Hashing
import TableRenderQuartz
import TestSupport

/// A scene file read back into layers and animations writes a scene that draws the file's
/// pixels: the layer tree is the scene's, both ways.
final class SceneReaderTests: XCTestCase {
    func testTheLayerScenesComeBackAsLayers() throws {
        for name in ["layers-basics.json", "flip.json", "content.json"] {
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
