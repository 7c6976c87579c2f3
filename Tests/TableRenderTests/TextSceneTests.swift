import Foundation
import XCTest
import TestSupport
import LayerTree
import Compositing
@testable import TableRender
import Text

/// Scenes' text: the cascade a scene gets, colour glyphs, the missing-glyph warning, SF Pro.
final class TextSceneTests: XCTestCase {
    func scene(_ strings: [String], fonts: String = "") -> String {
        let layers = strings.enumerated().map { i, s in
            #"{"bounds": [0, 0, 300, 30], "position": [150, \#(20 + 40 * i)], "text": {"string": "\#(s)"}}"#
        }.joined(separator: ", ")
        return #"{"version": 1, "canvas": {"size": [300, 300]}, "fps": 1, "duration": 0, \#(fonts) "layers": [\#(layers)]}"#
    }

    /// A new, created temporary folder.
    func folder() throws -> String {
        let dir = Package.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    func load(_ json: String, options: LoadOptions = LoadOptions()) throws -> LoadedScene {
        try SceneLoader.load(bytes: Array(json.utf8), displayName: "t.json", directory: NSTemporaryDirectory(), options: options)
    }

    /// Only the fallbacks the text needs are in the cascade: ASCII text has Inter alone; Hebrew
    /// and an emoji add Noto Sans Hebrew and Noto Color Emoji, whose glyph bitmaps are loaded.
    func testTheCascadeHasTheFallbacksTheTextNeeds() throws {
        let ascii = try load(scene(["Hello"]))
        XCTAssertEqual(ascii.resources.fonts[.system(.regular)]?.fonts.count, 1)
        XCTAssertTrue(ascii.warnings.isEmpty)
        let mixed = try load(scene(["Hello שלום", "🙂"]))
        let cascade = try XCTUnwrap(mixed.resources.fonts[.system(.regular)])
        XCTAssertEqual(cascade.fonts.count, 3, "Inter, Noto Sans Hebrew, the emoji font")
        XCTAssertNotNil(cascade.emoji)
        let glyph = try XCTUnwrap(cascade.fonts[cascade.emoji!].shape("🙂").first).glyph
        XCTAssertNotNil(mixed.resources.images[Resources.emojiKey(glyph)], "the emoji's bitmap is loaded as an image")
        XCTAssertNotNil(mixed.resources.colorGlyphOffsets[glyph])
        XCTAssertTrue(mixed.warnings.isEmpty)
    }

    /// A character no font has is reported once per scene, at the first JSON path using it.
    func testACharacterNoFontHasIsReportedOnceWithItsPath() throws {
        let loaded = try load(scene(["ok", "a \u{13000} b", "\u{13000} again"]))
        XCTAssertEqual(loaded.warnings.count, 1)
        XCTAssertEqual(loaded.warnings.first?.path, "layers[1].text.string")
        XCTAssertTrue(loaded.warnings.first?.message.contains("U+13000") == true, loaded.warnings.first?.message ?? "")
    }

    /// The warning reaches the command line on standard error, and the frames are still written.
    func testTheCommandLinePrintsTheWarning() throws {
        let dir = try folder()
        let file = dir + "/missing.json"
        try scene(["\u{13000}"]).write(toFile: file, atomically: true, encoding: .utf8)
        let r = try runCLI([file, dir + "/out"])
        XCTAssertEqual(r.status, 0, r.err)
        XCTAssertTrue(r.err.contains("missing.json: warning: layers[0].text.string: no font has the character U+13000"), r.err)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/out/frame-0000.png"))
    }

    /// SF Pro from a folder: Text below 20 pt, Display from 20 pt, tracking by size. Stand-ins
    /// (Inter as Text, Noto Sans as Display) show which file each size uses.
    func testFontDirMakesSystemMeanSFPro() throws {
        let dir = try folder()
        let fm = FileManager.default
        try fm.copyItem(atPath: Package.root + "/fonts/inter/Inter-Regular.otf", toPath: dir + "/SF-Pro-Text-Regular.otf")
        try fm.copyItem(atPath: "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf", toPath: dir + "/SF-Pro-Display-Regular.otf")
        let loaded = try load(scene(["Hello"]), options: LoadOptions(fontDirectory: dir))
        let r = loaded.resources
        XCTAssertTrue(r.systemTracking)
        func text(_ size: Double) -> LayerText {
            LayerText(string: "Hello", font: .system(.regular), size: size, color: .black, alignment: .natural, lines: 1, truncation: .tail)
        }
        let small = try XCTUnwrap(r.shaper(for: text(17))), large = try XCTUnwrap(r.shaper(for: text(24)))
        XCTAssertEqual(small.cascade.primary.unitsPerEm, 2816, "17 pt: SF Pro Text (Inter's file here)")
        XCTAssertEqual(large.cascade.primary.unitsPerEm, 1000, "24 pt: SF Pro Display (Noto Sans's file here)")
        XCTAssertEqual(small.tracking, -26.0 / 1000 * 2816, accuracy: 1e-9)
        XCTAssertEqual(large.tracking, 3.0 / 1000 * 1000, accuracy: 1e-9)
        XCTAssertTrue(loaded.warnings.contains { $0.message.contains("SFProText-Semibold") }, "missing weights are named")
        // Without the option Inter is "system", tracked to SF Pro's widths (not Apple's table).
        let plain = try load(scene(["Hello"]))
        XCTAssertFalse(plain.resources.systemTracking)
        XCTAssertEqual(try XCTUnwrap(plain.resources.shaper(for: text(24))?.tracking),
                       SystemFont.interTracking(size: 24, weight: .regular) / 1000 * 2816, accuracy: 1e-9)
        XCTAssertNotEqual(SystemFont.interTracking(size: 24, weight: .regular), SystemFont.tracking(size: 24))
    }

    /// A folder without SF Pro is an error that says what was looked for; so is a fonts map entry
    /// naming no file, and an unknown name gets a suggestion.
    func testMissingSFProFilesAreErrors() throws {
        let empty = try folder()
        XCTAssertThrowsError(try load(scene(["Hello"]), options: LoadOptions(fontDirectory: empty))) { e in
            XCTAssertTrue("\(e)".contains("expected SF Pro Text's files in \"\(empty)\" (--font-dir)"), "\(e)")
        }
        XCTAssertThrowsError(try load(scene(["Hello"], fonts: #""fonts": {"SFProText-Regular": "nope.otf"},"#))) { e in
            XCTAssertTrue("\(e)".contains("fonts.SFProText-Regular"), "\(e)")
        }
        XCTAssertThrowsError(try load(scene(["Hello"], fonts: #""fonts": {"SFProText-Regualr": "a.otf"},"#))) { e in
            XCTAssertTrue("\(e)".contains("did you mean \"SFProText-Regular\"?"), "\(e)")
        }
    }
}
