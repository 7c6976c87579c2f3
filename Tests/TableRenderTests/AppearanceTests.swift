import Foundation
import XCTest
import Geometry
import LayerTree
import TestSupport
@testable import SceneModel
@testable import TableEngine
@testable import TableRender

/// Issue 54.6, first part: the dark appearance (`canvas.appearance`, `--appearance`): system
/// colours named in the scene are read in it, and the table, bars and status bar follow it.
final class AppearanceTests: XCTestCase {
    func loaded(_ json: String, appearance: Appearance? = nil) throws -> LoadedScene {
        try SceneLoader.load(bytes: Array(json.utf8), displayName: "t.json", directory: ".", options: LoadOptions(appearance: appearance))
    }

    func scene(_ canvasExtra: String = "", top: String = "") -> String {
        #"{"canvas": {"device": "iPhone 15"\#(canvasExtra)}, "fps": 10, "duration": 0.5\#(top), "#
            + #""layers": [{"name": "swatch", "frame": [300, 700, 20, 20], "backgroundColor": "label"}, "#
            + #"{"name": "fixed", "frame": [340, 700, 20, 20], "backgroundColor": "lightGray"}], "#
            + #""table": {"style": "insetGrouped", "frame": [0, 0, 393, 600], "sections": [{"title": "Network", "rows": [{"title": "Wi-Fi", "detail": "Home"}, {"title": "Bluetooth"}]}]}}"#
    }

    func testSystemColoursAreReadInTheScenesAppearance() throws {
        let light = try loaded(scene()).scene, dark = try loaded(scene(#", "appearance": "dark""#)).scene
        XCTAssertEqual(light.canvas.appearance, .light)
        XCTAssertEqual(dark.canvas.appearance, .dark)
        XCTAssertEqual(light.layers[0].backgroundColor, Color(0, 0, 0), "label is black in light")
        XCTAssertEqual(dark.layers[0].backgroundColor, Color(255, 255, 255), "and white in dark")
        XCTAssertEqual(dark.layers[1].backgroundColor, light.layers[1].backgroundColor, "a fixed colour does not change")
        XCTAssertEqual(dark.table?.separatorColor, Color(84, 84, 88, 0.6), "the table's separator default is dark's")
        XCTAssertEqual(dark.statusBar?.style, .lightContent, "white status bar items over dark content")
        XCTAssertEqual(light.statusBar?.style, .darkContent)
        let kept = try loaded(scene(#", "appearance": "dark""#, top: #", "statusBar": {"style": "darkContent"}"#)).scene
        XCTAssertEqual(kept.statusBar?.style, .darkContent, "a style the scene gives stays")
        let flag = try loaded(scene(), appearance: .dark).scene
        XCTAssertEqual(flag.canvas.appearance, .dark, "--appearance overrides the canvas")
        XCTAssertEqual(flag.layers[0].backgroundColor, Color(255, 255, 255))
        let back = try loaded(scene(#", "appearance": "dark""#), appearance: .light).scene
        XCTAssertEqual(back.layers[0].backgroundColor, Color(0, 0, 0), "and back to light")
    }

    /// iOS 15's mint and cyan and iOS 13's brown, in both appearances (HIG values, as Flutter's
    /// CupertinoColors has them): they were refused as unknown colours.
    func testMintCyanAndBrownAreSystemColours() throws {
        for (name, light, dark) in [("systemMint", Color(0, 199, 190), Color(99, 230, 226)),
                                    ("systemCyan", Color(50, 173, 230), Color(100, 210, 255)),
                                    ("systemBrown", Color(162, 132, 94), Color(172, 142, 104))] {
            XCTAssertEqual(Color.parse(name), light, name)
            XCTAssertEqual(Color.parse(name, appearance: .dark), dark, name)
        }
    }

    /// The table's grouped background is black and its cells (28, 28, 30), their titles white;
    /// the status bar's time is drawn white; the flag draws the same pixels as the canvas's key.
    func testATableIsDrawnDark() throws {
        let dark = try loaded(scene(#", "appearance": "dark""#))
        let pixels = FrameRenderer(dark).render(frame: 0).unpremultipliedRGBA()
        let w = 393 * 3
        func rgb(_ x: Double, _ y: Double) -> [UInt8] { let i = (Int(y * 3) * w + Int(x * 3)) * 4; return Array(pixels[i ..< i + 3]) }
        let sim = try XCTUnwrap(TableSimulation(scene: dark.scene))
        let row = try XCTUnwrap(sim.layout(at: 0).sections.first?.rows.first)
        XCTAssertEqual(rgb(200, row.y + 1), [28, 28, 30], "a cell in secondarySystemGroupedBackground, dark")
        XCTAssertEqual(rgb(5, row.y + 1), [0, 0, 0], "the grouped background beside it, dark")
        XCTAssertEqual(rgb(310, 710), [255, 255, 255], "a layer in label")
        let light = FrameRenderer(try loaded(scene())).render(frame: 0).unpremultipliedRGBA()
        XCTAssertEqual(Array(light[((Int((row.y + 1) * 3) * w + 600) * 4) ..< ((Int((row.y + 1) * 3) * w + 600) * 4 + 3)]), [255, 255, 255],
                       "the same cell in light")
        XCTAssertEqual(FrameRenderer(try loaded(scene(), appearance: .dark)).render(frame: 0).data,
                       FrameRenderer(dark).render(frame: 0).data, "--appearance dark draws what canvas.appearance dark draws")
    }

    func testTheFlagIsKeptInTheManifest() throws {
        let path = Package.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        var options = RenderOptions(jobs: 1)
        options.appearance = .dark
        _ = try FrameWriter(try loaded(scene(), appearance: .dark), options: options, outputPath: path + "/out").run()
        XCTAssertEqual(try Manifest.read(folder: path + "/out").header.appearance, .dark)
        _ = try FrameWriter(try loaded(scene(#", "appearance": "dark""#)), options: RenderOptions(jobs: 1), outputPath: path + "/own").run()
        XCTAssertNil(try Manifest.read(folder: path + "/own").header.appearance, "a scene's own appearance is the scene's, not a setting")
        let text = try String(contentsOfFile: path + "/own/manifest.json", encoding: .utf8)
        XCTAssertFalse(text.contains("appearance"))
    }

    func testABadAppearanceIsNamed() {
        XCTAssertThrowsError(try loaded(scene(#", "appearance": "dim""#))) { error in
            XCTAssertTrue("\(error)".contains(#"canvas.appearance: expected one of "light", "dark", found "dim""#), "\(error)")
        }
    }
}
