import XCTest
import Geometry
import LayerTree
import Text
@testable import Compositing
@testable import TableRender

/// Text as wide as on a device (issue 54.7): Inter, standing in for SF Pro, is tracked so that
/// table strings are as wide as iOS draws them in SF Pro with Apple's tracking (before, Inter
/// ran 2-10 % wider, so truncation and line breaks fell elsewhere). The SF Pro widths are
/// HarfBuzz advances of SF Pro Text and Display 17.0 (notes/scene-support.md): facts, not
/// Apple's font, which is not shipped or read here.
final class InterWidthTests: XCTestCase {
    /// The width in points of `string` in the default system font at `size` and `weight`, as
    /// rendering measures and draws it.
    func width(_ string: String, _ size: Double, _ weight: FontWeight) throws -> Double {
        let font = try SceneLoader.defaultFont(weight).get()
        let resources = Resources(fonts: [.system(weight): FontCascade([font])])
        let shaper = try XCTUnwrap(resources.shaper(for: LayerText(string: string, font: .system(weight), size: size)))
        return shaper.advance(string) * size / Double(font.unitsPerEm)
    }

    /// SF Pro's width: its design's advances (em) plus Apple's tracking after each glyph.
    func sf(em: Double, glyphs: Int, tracking: Double, size: Double) -> Double { (em + Double(glyphs) * tracking / 1000) * size }

    func testBodyTextIsAsWideAsSFProText() throws {
        // 17 pt regular: SF Pro Text 21.0303 em over 43 glyphs, tracking -26: 338.5 pt (Inter
        // untracked: 359.7 pt, 6.3 % wider).
        let sentence = "The quick brown fox jumps over the lazy dog"
        let expected = sf(em: 21.0302734375, glyphs: 43, tracking: -26, size: 17)
        XCTAssertEqual(try width(sentence, 17, .regular), expected, accuracy: expected * 0.01)
        // 13 pt regular "Notifications": 5.9717 em, 13 glyphs, tracking -6.
        let small = sf(em: 5.9716796875, glyphs: 13, tracking: -6, size: 13)
        XCTAssertEqual(try width("Notifications", 13, .regular), small, accuracy: small * 0.015)
    }

    func testLargeTitlesAreAsWideAsSFProDisplay() throws {
        // 34 pt bold "Settings" (a large title): SF Pro Display 3.8223 em, 8 glyphs, tracking +12:
        // 133.2 pt (Inter untracked: 140.0 pt).
        let expected = sf(em: 3.822265625, glyphs: 8, tracking: 12, size: 34)
        XCTAssertEqual(try width("Settings", 34, .bold), expected, accuracy: expected * 0.015)
    }

    /// The optical size's share of the Display design (SF Pro's avar): 0 to 17 pt, 1 from 28.
    func testTheDisplayShareFollowsTheOpticalSize() {
        XCTAssertEqual(SystemFont.displayShare(size: 12), 0)
        XCTAssertEqual(SystemFont.displayShare(size: 17), 0)
        XCTAssertEqual(SystemFont.displayShare(size: 20), 0.236, accuracy: 1e-12)
        XCTAssertEqual(SystemFont.displayShare(size: 22.5), 0.6, accuracy: 1e-12)
        XCTAssertEqual(SystemFont.displayShare(size: 28), 1)
        XCTAssertEqual(SystemFont.displayShare(size: .nan), 0)
        XCTAssertEqual(SystemFont.interTracking(size: 17, weight: .regular), -27.5, accuracy: 1e-9)
        XCTAssertEqual(SystemFont.interTracking(size: 34, weight: .bold), -26.3, accuracy: 1e-9)
    }
}

/// The tracking is the same in points in every font of a cascade: a Hebrew run (Noto, 1000
/// units to Inter's 2816) was tracked 7.9 times too much and its glyphs piled onto each other
/// (a helper's probe of the tracking).
final class FallbackTrackingTests: XCTestCase {
    func testAFallbackRunIsTrackedInPoints() throws {
        let hebrew = "שלום עולם"
        let json = #"{"version": 1, "canvas": {"size": [300, 100], "scale": 1}, "fps": 1, "duration": 0, "layers": [{"frame": [0, 0, 300, 100], "text": {"string": "\#(hebrew)", "font": {"size": 28}}}]}"#
        let loaded = try SceneLoader.load(bytes: Array(json.utf8), displayName: "t", directory: ".")
        let text = LayerText(string: hebrew, font: .system(.regular), size: 28)
        let tracked = try XCTUnwrap(loaded.resources.shaper(for: text))
        XCTAssertGreaterThan(tracked.cascade.fonts.count, 1, "Hebrew comes from a fallback font")
        let untracked = Shaper(cascade: tracked.cascade, tracking: 0)
        // The glyphs as drawn: the span of their origins, tracked and not.
        func span(_ shaper: Shaper) -> Double {
            let xs = TextLayout(text: text, shaper: shaper, bounds: Rect(0, 0, 1000, 100)).glyphs.map(\.origin.x)
            return (xs.max() ?? 0) - (xs.min() ?? 0)
        }
        let w = span(tracked), w0 = span(untracked)
        let perGlyph = SystemFont.interTracking(size: 28, weight: .regular) / 1000 * 28
        XCTAssertEqual(w - w0, perGlyph * Double(hebrew.count - 1), accuracy: 0.01, "each glyph moved by the tracking in points")
        XCTAssertGreaterThan(w, 0.85 * w0, "no collapse")
    }
}
