import Geometry
import LayerTree
@testable import Text
import XCTest

/// Text in every script: the font cascade, bidi, UAX #14 line breaks, colour emoji, SF Pro's
/// tracking.
final class ScriptTests: XCTestCase {
    static let noto = "/usr/share/fonts/truetype/noto/"
    static let hebrew = try! Font(data: TextTests.load(noto + "NotoSansHebrew-Regular.ttf"))
    static let cjk = try! Font(data: TextTests.load("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"), faceIndex: 2)
    static let emoji = try! Font(data: TextTests.load(noto + "NotoColorEmoji.ttf"))
    static let cascade = FontCascade([TextTests.regular, hebrew, cjk, emoji])
    var cascade: FontCascade { ScriptTests.cascade }

    func layout(_ s: String, width: Double = 300, lines: Int = 1, alignment: TextAlignment = .natural) -> TextLayout {
        TextLayout(text: LayerText(string: s, font: .system(.regular), size: 17, color: .black, alignment: alignment, lines: lines,
                                   truncation: .tail),
                   shaper: Shaper(cascade: cascade), bounds: Rect(0, 0, width, 200))
    }

    /// Each character goes to the first font that has it: Latin to Inter, Hebrew to Noto Sans
    /// Hebrew, Han to Noto Sans CJK; a flag, a skin-tone thumb and a family to the emoji font
    /// whole; a character nobody has to none.
    func testEachCharacterGoesToTheFirstFontThatHasIt() {
        XCTAssertEqual(cascade.fontIndex(for: "a"), 0)
        XCTAssertEqual(cascade.fontIndex(for: "א"), 1)
        XCTAssertEqual(cascade.fontIndex(for: "日"), 2)
        for e in ["🇯🇵", "👍🏽", "👨‍👩‍👧", "❤️", "🙂"] as [Character] { XCTAssertEqual(cascade.fontIndex(for: e), 3, "\(e)") }
        XCTAssertNil(cascade.fontIndex(for: "\u{13000}"), "an Egyptian hieroglyph is in none of these fonts")
        XCTAssertTrue(ScriptTests.emoji.hasColorBitmaps)
        XCTAssertEqual(ScriptTests.emoji.unitsPerEm, 2048, "a bitmap font's units per em come from its head table")
    }

    /// A family emoji (three people joined by ZWJ) is one glyph with a colour bitmap.
    func testAnEmojiSequenceIsOneColourGlyph() throws {
        let glyphs = ScriptTests.emoji.shape("👨‍👩‍👧")
        XCTAssertEqual(glyphs.count, 1)
        let bitmap = try XCTUnwrap(ScriptTests.emoji.colorBitmap(glyphs[0].glyph))
        XCTAssertGreaterThan(bitmap.width, 100)
        XCTAssertEqual(bitmap.rgba.count, bitmap.width * bitmap.height * 4)
        XCTAssertTrue(bitmap.rgba.enumerated().contains { $0.offset % 4 == 3 && $0.element == 255 }, "opaque pixels")
        XCTAssertNil(TextTests.regular.colorBitmap(TextTests.regular.shape("a")[0].glyph), "an outline font has none")
    }

    /// Rule L2 on run levels: a left-to-right line with a right-to-left stretch holding a number.
    func testRunsAreReorderedByRuleL2() {
        XCTAssertEqual(FontCascade.visualOrder([0, 1, 1, 2, 1, 0]), [0, 4, 3, 2, 1, 5])
        XCTAssertEqual(FontCascade.visualOrder([0, 0]), [0, 1])
        XCTAssertEqual(FontCascade.visualOrder([1, 1, 1]), [2, 1, 0])
    }

    /// "abc שלום" in a left-to-right paragraph: the Hebrew word sits right of "abc", its first
    /// letter rightmost; the same text starting with Hebrew is a right-to-left paragraph, which a
    /// UILabel aligns by the app's language (left) and a CATextLayer by its script (right).
    func testBidiPutsHebrewRightToLeft() {
        let h = ScriptTests.hebrew
        let shin = h.glyph(for: "ש")!, finalMem = h.glyph(for: "ם")!
        let ltr = layout("abc שלום")
        XCTAssertEqual(ltr.rightToLeft, [false])
        func x(_ glyph: UInt32, in l: TextLayout) -> Double { l.glyphs.first { $0.font == 1 && $0.glyph == glyph }!.origin.x }
        let a = ltr.glyphs.first { $0.font == 0 }!.origin.x
        XCTAssertLessThan(a, x(finalMem, in: ltr))
        XCTAssertGreaterThan(x(shin, in: ltr), x(finalMem, in: ltr), "the first letter of a Hebrew word is its rightmost")
        let rtl = layout("שלום abc")
        XCTAssertEqual(rtl.rightToLeft, [true])
        // Issue 29.5: a UILabel's natural alignment follows the app's localization (left to
        // right here), a CATextLayer's the paragraph's script.
        XCTAssertLessThan(rtl.glyphs.map(\.origin.x).min()!, 1, "a UILabel's natural alignment is the app's: left")
        var layerText = LayerText(string: "שלום abc", font: .system(.regular), size: 17, color: .black, alignment: .natural, lines: 1, truncation: .tail)
        layerText.verticalAlignment = .top
        let caText = TextLayout(text: layerText, shaper: Shaper(cascade: cascade), bounds: Rect(0, 0, 300, 200))
        XCTAssertGreaterThan(caText.glyphs.map(\.origin.x).max()!, 250, "a CATextLayer's natural alignment follows the paragraph: right")
        XCTAssertLessThan(layout("שלום abc", alignment: .left).glyphs.map(\.origin.x).min()!, 1, "left is left")
        XCTAssertLessThan(ltr.glyphs.map(\.origin.x).min()!, 1, "a left-to-right paragraph starts at the left")
    }

    /// Japanese has no spaces: UAX #14 breaks between its characters, every line fits, nothing is
    /// lost, and no line starts with "。" (a closing mark stays with the text before it).
    func testCJKWrapsBetweenCharacters() {
        let text = "日本語のテキストは単語の間にスペースがなくても正しく折り返されます。中文也一样。"
        let l = layout(text, width: 120, lines: 0)
        XCTAssertGreaterThan(l.lines.count, 3)
        XCTAssertEqual(l.lines.joined(), text)
        let units = 120 / l.scale
        for line in l.lines {
            XCTAssertLessThanOrEqual(cascade.advance(line), units + 1e-9, line)
            XCTAssertFalse(line.hasPrefix("。"), line)
        }
    }

    /// Mixed fonts measure in the primary's units: an emoji's advance is its font's, scaled by
    /// the two units per em.
    func testMeasuringAcrossFontsUsesThePrimaryUnits() {
        let thumb = Double(ScriptTests.emoji.advance("🙂")) * Double(TextTests.regular.unitsPerEm) / 2048
        XCTAssertEqual(cascade.advance("🙂"), thumb, accuracy: 1e-9)
        XCTAssertEqual(cascade.advance("a🙂"), Double(TextTests.regular.advance("a")) + thumb, accuracy: 1e-9)
    }

    /// SF Pro's tracking by size (HIG): 0 at 12 pt, -26/1000 em at 17, +14 at 28, interpolated
    /// between whole sizes, the ends held.
    func testSystemTrackingFollowsTheTable() {
        XCTAssertEqual(SystemFont.tracking(size: 12), 0)
        XCTAssertEqual(SystemFont.tracking(size: 17), -26)
        XCTAssertEqual(SystemFont.tracking(size: 28), 14)
        XCTAssertEqual(SystemFont.tracking(size: 17.5), -25.5, accuracy: 1e-12)
        XCTAssertEqual(SystemFont.tracking(size: 2), 41)
        XCTAssertEqual(SystemFont.tracking(size: 200), 0)
        // Tracking widens or tightens a line by one amount per glyph.
        let plain = Shaper(cascade: cascade), tracked = Shaper(cascade: cascade, tracking: -50)
        XCTAssertEqual(tracked.advance("abcd"), plain.advance("abcd") - 200, accuracy: 1e-9)
    }
}
