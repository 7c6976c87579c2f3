import Foundation
import XCTest
import PNGCodec
@testable import SceneModel
@testable import TableRender
import Raster
import Hashing

/// Whole-frame goldens: the SHA-256 of every frame's decoded RGBA pixels. Recorded only by
/// `./render.sh record-goldens`, after looking at the frames; never by CI.
final class GoldenTests: XCTestCase {
    func goldens() throws -> [String: [Int: String]] {
        guard let url = Bundle.module.url(forResource: "Goldens/pixels", withExtension: "txt") else {
            throw XCTSkip("unreachable")
        }
        let text = try String(contentsOf: url, encoding: .utf8)
        var out: [String: [Int: String]] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard parts.count == 3, let i = Int(parts[1]) else { continue }
            out[String(parts[0]), default: [:]][i] = String(parts[2])
        }
        return out
    }

    func check(_ sceneFile: String, shortcuts: Set<Shortcut> = Set(Shortcut.allCases), cached: Bool = false) throws {
        let all = try goldens()
        guard let expected = all[sceneFile], !expected.isEmpty else {
            return XCTFail("no golden hashes recorded for \(sceneFile); run ./render.sh record-goldens after reviewing its frames")
        }
        let loaded = try SceneLoader.load(path: Package.scene(sceneFile))
        XCTAssertEqual(expected.count, loaded.scene.frameCount, "\(sceneFile): goldens cover every frame")
        let renderer = FrameRenderer(scene: loaded.scene, resources: loaded.resources, cache: cached ? MaskCache() : nil, shortcuts: shortcuts)
        for (index, hash) in expected.sorted(by: { $0.key < $1.key }) {
            let pixmap = renderer.render(frame: index)
            let pixels = pixmap.unpremultipliedRGBA()
            renderer.recycle(pixmap)
            XCTAssertEqual(SHA256.hex(pixels), hash, "\(sceneFile) frame \(index) changed (shortcuts: \(shortcuts.map(\.rawValue).sorted()))")
        }
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
