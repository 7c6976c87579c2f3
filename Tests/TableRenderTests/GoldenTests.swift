import Foundation
import XCTest
import TestSupport
import PNGCodec
@testable import SceneModel
@testable import TableRender
import Raster
import Hashing

/// Whole-frame goldens: the SHA-256 of every frame's decoded RGBA pixels. Recorded only by
/// `./render.sh record-goldens`, after looking at the frames; never by CI.
final class GoldenTests: XCTestCase {
    func check(_ sceneFile: String, shortcuts: Set<Shortcut> = Set(Shortcut.allCases), cached: Bool = false) throws {
        let all = try GoldenPixels.load()
        guard let expected = all[sceneFile], !expected.isEmpty else {
            return XCTFail("no golden hashes recorded for \(sceneFile); run ./render.sh record-goldens after reviewing its frames")
        }
        let loaded = try SceneLoader.load(path: Package.scene(sceneFile))
        XCTAssertEqual(expected.count, loaded.scene.frameCount, "\(sceneFile): goldens cover every frame")
        let renderer = FrameRenderer(scene: loaded.scene, resources: loaded.resources, cache: cached ? MaskCache() : nil, shortcuts: shortcuts)
        let failures = GoldenPixels.mismatches(expected) { index in
            let pixmap = renderer.render(frame: index)
            defer { renderer.recycle(pixmap) }
            return SHA256.hex(pixmap.unpremultipliedRGBA())
        }
        XCTAssertEqual(failures, [], "\(sceneFile) changed (shortcuts: \(shortcuts.map(\.rawValue).sorted()))")
    }

    /// Every scene in scenes/ has goldens, and every frame of each still renders to them.
    func testEveryScene() throws {
        let scenes = try FileManager.default.contentsOfDirectory(atPath: Package.root + "/scenes")
            .filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThanOrEqual(scenes.count, 7)
        for scene in scenes { try check(scene) }
    }

    /// The executor's shortcuts change no pixel: every frame of every scene, with all of them
    /// off (and the caches between frames on, as a render has them), still gives the goldens.
    func testEverySceneWithEveryShortcutOff() throws {
        let scenes = try FileManager.default.contentsOfDirectory(atPath: Package.root + "/scenes")
            .filter { $0.hasSuffix(".json") }.sorted()
        for scene in scenes { try check(scene, shortcuts: [], cached: true) }
    }
}
