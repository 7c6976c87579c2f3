import Foundation
import XCTest
import TestSupport
import Geometry
import PNGCodec
import Raster
@testable import Compositing
@testable import SceneModel
@testable import TableRender

final class ContentTests: XCTestCase {
    func fixture(_ name: String) -> String {
        Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil)?.path ?? "missing-\(name)"
    }

    /// Grey, grey+alpha, palette with transparency, 16-bit, Adam7-interlaced and 1-bit PNGs all
    /// decode to the straight RGBA that an independent decoder (ImageMagick) produced.
    func testEveryPNGFlavourDecodes() throws {
        for name in ["grey", "grey-alpha", "palette", "rgba16", "interlaced", "grey1"] {
            let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixture(name + ".png"))))
            let expected = [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixture(name + ".rgba"))))
            let decoded = try PNGCodec.decode(png)
            XCTAssertEqual(decoded.width, 96, name)
            XCTAssertEqual(decoded.height, 64, name)
            XCTAssertEqual(decoded.rgba, expected, name)
        }
    }

    func scene(_ layers: String, directory: String, canvas: String = ##"{"size": [40, 30], "scale": 1, "background": "#00000000"}"##) -> String {
        #"{"canvas": "# + canvas + #", "fps": 1, "duration": 0, "layers": ["# + layers + "]}"
    }

    func load(_ text: String, directory: String) throws -> LoadedScene {
        try SceneLoader.load(bytes: Array(text.utf8), displayName: "scene.json", directory: directory)
    }

    /// At identity and whole-pixel placement an image appears pixel for pixel.
    func testImageAtIdentityEqualsItsSource() throws {
        let dir = Package.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var g = (state: UInt64(7), bytes: [UInt8]())
        for _ in 0..<(13 * 9) {
            for _ in 0..<3 { g.state = g.state &* 6364136223846793005 &+ 1; g.bytes.append(UInt8(truncatingIfNeeded: g.state >> 33)) }
            g.bytes.append(255)
        }
        let png = try PNGCodec.encode(rgba: g.bytes, width: 13, height: 9)
        try Data(png).write(to: URL(fileURLWithPath: dir + "/src.png"))
        for (scale, contentsScale) in [(1.0, 1.0), (2.0, 2.0)] {
            let canvas = #"{"size": [40, 30], "scale": "# + "\(scale)" + ##", "background": "#00000000"}"##
            let text = scene(#"{"frame": [5, 7, "# + "\(13 / contentsScale), \(9 / contentsScale)" + #"], "image": {"file": "src.png", "contentsScale": "# + "\(contentsScale)" + "}}", directory: dir, canvas: canvas)
            let loaded = try load(text, directory: dir)
            let out = FrameRenderer(loaded).render(frame: 0).unpremultipliedRGBA()
            let w = Int(40 * scale)
            let ox = Int(5 * scale), oy = Int(7 * scale)
            for y in 0..<9 {
                for x in 0..<13 {
                    let o = ((oy + y) * w + ox + x) * 4, s = (y * 13 + x) * 4
                    XCTAssertEqual(Array(out[o..<o + 4]), Array(g.bytes[s..<s + 4]), "scale \(scale) pixel \(x),\(y)")
                }
            }
            XCTAssertEqual(out[((oy - 1) * w + ox) * 4 + 3], 0, "nothing drawn outside the image")
        }
    }

    /// Strong minification reads the mipmap: a one-pixel checkerboard drawn 16 times smaller
    /// comes out as even grey instead of aliasing to black or white.
    func testMinifiedImageUsesTheMipmap() throws {
        let dir = Package.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var rgba: [UInt8] = []
        for y in 0..<64 { for x in 0..<64 { let v: UInt8 = (x + y) % 2 == 0 ? 255 : 0; rgba += [v, v, v, 255] } }
        try Data(try PNGCodec.encode(rgba: rgba, width: 64, height: 64)).write(to: URL(fileURLWithPath: dir + "/checker.png"))
        // 4.37 points: sample positions fall at varying phases of the checkerboard.
        let text = scene(#"{"frame": [10, 10, 4.37, 4.37], "image": {"file": "checker.png"}, "transform": [{"perspective": 200}, {"rotate": [20, 0, 1, 0]}]}"#, directory: dir)
        let pixels = FrameRenderer(try load(text, directory: dir)).render(frame: 0)
        for (x, y) in [(11, 11), (12, 11), (11, 12), (12, 12), (13, 12)] {
            let i = (y * 40 + x) * 4
            XCTAssertEqual(Double(pixels.data[i]), 128, accuracy: 10, "pixel \(x),\(y)")
            XCTAssertEqual(pixels.data[i + 3], 255)
        }
    }

    func testGravityRules() {
        let b = Rect(0, 0, 100, 50)
        XCTAssertEqual(Compositor.imageRect(.resizeAspect, bounds: b, size: (20, 20)), Rect(25, 0, 50, 50))
        XCTAssertEqual(Compositor.imageRect(.resizeAspectFill, bounds: b, size: (20, 20)), Rect(0, -25, 100, 100))
        XCTAssertEqual(Compositor.imageRect(.center, bounds: b, size: (20, 10)), Rect(40, 20, 20, 10))
        // Core Animation's "top" is maximum y: the visual bottom of a y-down layer.
        XCTAssertEqual(Compositor.imageRect(.top, bounds: b, size: (20, 10)), Rect(40, 40, 20, 10))
        XCTAssertEqual(Compositor.imageRect(.bottomLeft, bounds: b, size: (20, 10)), Rect(0, 0, 20, 10))
        XCTAssertEqual(Compositor.imageRect(.resize, bounds: b, size: (20, 10)), b)
    }

    func testMissingAndCorruptFilesAreReportedWithTheirJSONPath() throws {
        let dir = Package.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: fixture("truncated.png"), toPath: dir + "/truncated.png")
        try FileManager.default.copyItem(atPath: fixture("not-a-png.png"), toPath: dir + "/not-a-png.png")
        try Data("no font here".utf8).write(to: URL(fileURLWithPath: dir + "/bad.ttf"))
        let text = scene(#"""
            {"image": {"file": "missing.png"}}, {"image": {"file": "truncated.png"}}, {"image": {"file": "not-a-png.png"}},
            {"text": {"string": "x", "font": {"file": "fonts/None.ttf", "size": 12}}},
            {"text": {"string": "y", "font": {"file": "bad.ttf", "size": 12}}}
            """#, directory: dir)
        XCTAssertThrowsError(try load(text, directory: dir)) { error in
            let lines = "\(error)".components(separatedBy: "\n")
            XCTAssertEqual(lines.count, 5, "\(error)")
            XCTAssertTrue(lines[0].hasPrefix(#"scene.json: layers[0].image.file: expected a PNG file, found no file at "missing.png""#), lines[0])
            XCTAssertTrue(lines[1].hasPrefix(#"scene.json: layers[1].image.file: expected a PNG file, found "truncated.png" that libpng cannot read:"#), lines[1])
            XCTAssertTrue(lines[1].contains("truncated"), lines[1])
            XCTAssertTrue(lines[2].contains("layers[2].image.file") && lines[2].contains("bad signature"), lines[2])
            XCTAssertTrue(lines[3].hasPrefix(#"scene.json: layers[3].text.font.file: expected a font file, found no file at "fonts/None.ttf""#), lines[3])
            XCTAssertTrue(lines[4].hasPrefix(#"scene.json: layers[4].text.font.file: expected a font file, found "bad.ttf""#) && lines[4].contains("FreeType cannot read"), lines[4])
        }
    }

    /// A character the font lacks is drawn as the font's .notdef glyph (the documented fallback),
    /// not dropped and not a crash.
    func testMissingGlyphFallsBackToNotdef() throws {
        let text = scene(#"{"frame": [0, 0, 40, 30], "text": {"string": "\u0D9E", "font": {"size": 20}, "color": "black"}}"#, directory: ".")
        let loaded = try load(text, directory: ".")
        let pixels = FrameRenderer(loaded).render(frame: 0)
        let inked = stride(from: 3, to: pixels.data.count, by: 4).filter { pixels.data[$0] > 0 }.count
        XCTAssertGreaterThan(inked, 20, "the .notdef box is drawn")
    }
}
