import XCTest
import Foundation
import JSONText
import SceneJSON
import SceneModel
import TableRender
import TestSupport
import TableRenderQuartz

/// JSON is a codec beside the model (issue 50): every shipped scene, tables and scripts
/// included, decodes to a model whose encoding decodes to the same model again, and both draw
/// the same pixels.
final class SceneCodecTests: XCTestCase {
    func testEveryShippedSceneEncodesToWhatItDecodesFrom() throws {
        let folder = Package.root + "/scenes"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThan(files.count, 20)
        for file in files {
            let bytes = Array(try XCTUnwrap(FileManager.default.contents(atPath: folder + "/" + file)))
            let scene = try SceneDecoder.decode(bytes: bytes, displayName: file, directory: folder)
            let text = JSONWriter.write(SceneEncoder.scene(scene))
            let again = try SceneDecoder.decode(bytes: Array(text.utf8), displayName: file + " (encoded)", directory: folder)
            XCTAssertEqual(JSONWriter.write(SceneEncoder.scene(again)), text, "\(file): the encoding does not decode to the same model")
            guard scene.table != nil else { continue }
            // The tables draw the same: the first, a middle and the last frame.
            let a = Renderer(loaded: try SceneLoader.load(bytes: bytes, displayName: file, directory: folder))
            let b = Renderer(loaded: try SceneLoader.load(bytes: Array(text.utf8), displayName: file, directory: folder))
            for t in [0, scene.duration / 2, scene.duration] {
                XCTAssertTrue(a.frame(at: t).data == b.frame(at: t).data, "\(file) at \(t) s: the encoding draws other pixels")
            }
        }
    }

    /// A held tap and the accessory's highlighted colour are written and read back (issue 54.4).
    func testAHeldTapEncodesItsHold() throws {
        let json = #"{"canvas": {"size": [50, 50]}, "fps": 1, "duration": 1, "table": {"cell": {"accessoryHighlightedColor": "red"}, "rowCount": 2}, "#
            + #""script": [{"at": 0.8, "tap": {"row": 1, "hold": 0.5}}, {"at": 0.9, "tap": {"row": 0}}]}"#
        let scene = try SceneDecoder.decode(bytes: Array(json.utf8), displayName: "t", directory: ".")
        let text = JSONWriter.write(SceneEncoder.scene(scene)).filter { !$0.isWhitespace }
        XCTAssertTrue(text.contains(#""tap":{"section":0,"row":1,"hold":0.5}"#), text)
        XCTAssertTrue(text.contains(#""tap":{"section":0,"row":0}}"#), "a quick tap writes no hold: \(text)")
        XCTAssertTrue(text.contains(#""accessoryHighlightedColor":"#), text)
        let again = try SceneDecoder.decode(bytes: Array(text.utf8), displayName: "t", directory: ".")
        XCTAssertEqual(again.table?.accessoryHighlightedColor, scene.table?.accessoryHighlightedColor)
        XCTAssertEqual(JSONWriter.write(SceneEncoder.scene(again)).filter { !$0.isWhitespace }, text)
    }

    /// A dark scene writes its appearance, and each colour by the name it has in dark (a light
    /// name would be read back as its dark value): the scene decodes to the same colours, and the
    /// shipped scenes rendered `--appearance dark` encode to what they decode from.
    func testADarkSceneEncodesItsColoursForDark() throws {
        let json = #"{"canvas": {"size": [50, 50], "appearance": "dark"}, "fps": 1, "duration": 0, "statusBar": {"style": "darkContent"}, "layers": ["#
            + ##"{"name": "a", "frame": [0, 0, 10, 10], "backgroundColor": "systemGray4"}, {"name": "b", "frame": [0, 0, 10, 10], "backgroundColor": "#D1D1D6"}]}"##
        let scene = try SceneDecoder.decode(bytes: Array(json.utf8), displayName: "t", directory: ".")
        let text = JSONWriter.write(SceneEncoder.scene(scene))
        XCTAssertTrue(text.contains(#""appearance":"dark""#) || text.contains(#""appearance": "dark""#), text)
        let again = try SceneDecoder.decode(bytes: Array(text.utf8), displayName: "t", directory: ".")
        XCTAssertEqual(again.layers.map(\.backgroundColor), scene.layers.map(\.backgroundColor), text)
        XCTAssertEqual(again.statusBar?.style, .darkContent, "a dark scene's black status bar is written")
        let folder = Package.root + "/scenes"
        for file in ["settings-value1.json", "navigation-large-title.json", "edit-mode.json"] {
            let bytes = Array(try XCTUnwrap(FileManager.default.contents(atPath: folder + "/" + file)))
            let dark = try SceneDecoder.decode(bytes: bytes, displayName: file, directory: folder, appearance: .dark)
            let written = JSONWriter.write(SceneEncoder.scene(dark))
            let back = try SceneDecoder.decode(bytes: Array(written.utf8), displayName: file, directory: folder)
            XCTAssertEqual(JSONWriter.write(SceneEncoder.scene(back)), written, "\(file) dark")
        }
    }
}
