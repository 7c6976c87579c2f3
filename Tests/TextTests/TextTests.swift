import Foundation
import XCTest
import Geometry
@testable import SceneModel
@testable import Text

final class TextTests: XCTestCase {
    static let regular: Font = {
        let data = FileManager.default.contents(atPath: "/usr/share/fonts/opentype/inter/Inter-Regular.otf") ?? Data()
        return try! Font(data: [UInt8](data))
    }()
    var font: Font { TextTests.regular }

    func testMetricsComeFromTheFont() {
        XCTAssertGreaterThan(font.unitsPerEm, 0)
        XCTAssertGreaterThan(font.ascender, 0)
        XCTAssertLessThan(font.descender, 0)
        // Inter's hhea: ascender 0.96875 em, descender -0.2421875 em.
        XCTAssertEqual(Double(font.ascender) / Double(font.unitsPerEm), 0.96875, accuracy: 0.01)
    }

    /// HarfBuzz applies the font's kerning: "AV" is narrower than "A" plus "V", and each glyph of
    /// a run carries its own advance.
    func testShapingAppliesKerning() {
        let a = font.shape("A"), v = font.shape("V"), av = font.shape("AV")
        XCTAssertEqual(av.count, 2)
        XCTAssertEqual(av[1].advance, v[0].advance)
        XCTAssertLessThan(av[0].advance, a[0].advance, "kerning tightens A before V")
        XCTAssertEqual(font.advance("AV"), av[0].advance + av[1].advance)
        XCTAssertEqual(av.map(\.cluster), [0, 1])
        XCTAssertEqual(font.shape("x")[0].advance, font.shape("xx")[1].advance)
    }

    func testOutlinesAreInFontUnits() {
        let o = font.outline(font.shape("O")[0].glyph)
        XCTAssertFalse(o.isEmpty)
        var maxY = -Double.infinity
        for c in o { if case .move(let p) = c { maxY = max(maxY, p.y) }; if case .line(let p) = c { maxY = max(maxY, p.y) } }
        XCTAssertLessThan(maxY, Double(font.ascender))
        XCTAssertTrue(font.outline(font.shape(" ")[0].glyph).isEmpty)
    }

    func content(_ s: String, size: Double = 17, lines: Int = 1, truncation: Truncation = .tail, alignment: TextAlignment = .natural) -> TextContent {
        TextContent(string: s, font: .system(.regular), size: size, color: .black, alignment: alignment, lines: lines,
                    truncation: truncation, jsonPath: "t")
    }

    /// A line breaks exactly where the width runs out: "aaa bbb" fits and "aaa bbb ccc" does not.
    func testLineBreaksWhereTheWidthRunsOut() {
        let scale = 17.0 / Double(font.unitsPerEm)
        let fitsTwo = Double(font.advance("aaa bbb")) * scale
        let fitsThree = Double(font.advance("aaa bbb ccc")) * scale
        let width = (fitsTwo + fitsThree) / 2
        let layout = TextLayout(text: content("aaa bbb ccc ddd", lines: 0), font: font, bounds: Rect(0, 0, width, 100))
        XCTAssertEqual(layout.lines, ["aaa bbb", "ccc ddd"])
        let exact = TextLayout(text: content("aaa bbb ccc", lines: 0), font: font, bounds: Rect(0, 0, fitsTwo, 100))
        XCTAssertEqual(exact.lines, ["aaa bbb", "ccc"])
        let word = TextLayout(text: content("abcdefghijklmnop", lines: 0), font: font, bounds: Rect(0, 0, 40, 100))
        XCTAssertGreaterThan(word.lines.count, 1, "a word wider than the line breaks between characters")
        XCTAssertEqual(word.lines.joined(), "abcdefghijklmnop")
        XCTAssertEqual(TextLayout(text: content("one\ntwo", lines: 0), font: font, bounds: Rect(0, 0, 300, 100)).lines, ["one", "two"])
    }

    /// An ellipsized string fits its width, for every truncation mode and line limit.
    func testEllipsizedStringsFitTheirWidth() {
        let long = "The quick brown fox jumps over the lazy dog while the table scrolls"
        let width = 150.0
        let units = width / (17.0 / Double(font.unitsPerEm))
        for mode in [Truncation.tail, .head, .middle] {
            let layout = TextLayout(text: content(long, truncation: mode), font: font, bounds: Rect(0, 0, width, 30))
            XCTAssertEqual(layout.lines.count, 1)
            let line = layout.lines[0]
            XCTAssertTrue(line.contains("\u{2026}"), "\(mode): \(line)")
            XCTAssertLessThanOrEqual(Double(font.advance(line)), units + 1e-9, "\(mode): \(line)")
            XCTAssertGreaterThan(line.count, 10, "\(mode) keeps as much as fits: \(line)")
        }
        let two = TextLayout(text: content(long + " " + long, lines: 2), font: font, bounds: Rect(0, 0, width, 60))
        XCTAssertEqual(two.lines.count, 2)
        XCTAssertTrue(two.lines[1].hasSuffix("\u{2026}"))
        XCTAssertLessThanOrEqual(Double(font.advance(two.lines[1])), units + 1e-9)
        XCTAssertEqual(TextLayout(text: content("short"), font: font, bounds: Rect(0, 0, width, 30)).lines, ["short"])
    }

    /// Baselines follow UILabel: the block of lines is centred vertically in the bounds, the
    /// first baseline one ascender below its top, lines one (ascender - descender + gap) apart.
    func testVerticalCentringAndAlignment() {
        let s = 17.0 / Double(font.unitsPerEm)
        let lineHeight = Double(font.ascender - font.descender + font.lineGap) * s
        let layout = TextLayout(text: content("Hi", alignment: .right), font: font, bounds: Rect(10, 20, 200, 60))
        let top = 20 + (60 - lineHeight) / 2
        XCTAssertEqual(layout.glyphs[0].origin.y, top + Double(font.ascender) * s, accuracy: 1e-9)
        let width = Double(font.advance("Hi")) * s
        XCTAssertEqual(layout.glyphs[0].origin.x, 210 - width, accuracy: 1e-9)
        let centred = TextLayout(text: content("Hi", alignment: .center), font: font, bounds: Rect(10, 20, 200, 60))
        XCTAssertEqual(centred.glyphs[0].origin.x, 10 + (200 - width) / 2, accuracy: 1e-9)
    }
}
