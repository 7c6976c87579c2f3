import Foundation
import XCTest
import Geometry
import LayerTree
@testable import Text

final class TextTests: XCTestCase {
    static func load(_ path: String) -> [UInt8] { [UInt8](FileManager.default.contents(atPath: path) ?? Data()) }

    static let regular: Font = {
        // The Inter tablerender ships (fonts/inter at the repository's root).
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let data = FileManager.default.contents(atPath: root.appendingPathComponent("fonts/inter/Inter-Regular.otf").path) ?? Data()
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

    func content(_ s: String, size: Double = 17, lines: Int = 1, truncation: Truncation = .tail, alignment: TextAlignment = .natural) -> LayerText {
        LayerText(string: s, font: .system(.regular), size: size, color: .black, alignment: alignment, lines: lines,
                  truncation: truncation)
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
        let word = TextLayout(text: content("abcdefghijklmnop", lines: 0), font: font, bounds: Rect(0, 0, 40, 1000))
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

    /// A UILabel too short for its lines shows those that fit, the last truncated ("the label
    /// truncates any text that doesn't fit within the maximum number of lines and inside the
    /// bounding rectangle", UILabel.numberOfLines); it showed every line, centred and cut at
    /// its edges (a probe). A clipping label and a CATextLayer (from the top) still show all.
    func testALabelTooShortForItsLinesShowsThoseThatFitTheLastTruncated() {
        let long = "The quick brown fox jumps over the lazy dog while the table scrolls past its rows"
        let lineHeight = Double(font.ascender - font.descender + font.lineGap) * 17 / Double(font.unitsPerEm)
        let all = TextLayout(text: content(long, lines: 0), font: font, bounds: Rect(0, 0, 120, 1000)).lines
        XCTAssertGreaterThan(all.count, 3)
        let two = TextLayout(text: content(long, lines: 0), font: font, bounds: Rect(0, 0, 120, lineHeight * 2.5))
        XCTAssertEqual(two.lines.count, 2)
        XCTAssertEqual(two.lines[0], all[0])
        XCTAssertTrue(two.lines[1].hasSuffix("\u{2026}"), two.lines[1])
        XCTAssertFalse(two.overflows, "the lines shown fit")
        XCTAssertEqual(TextLayout(text: content(long, lines: 3), font: font, bounds: Rect(0, 0, 120, lineHeight * 2)).lines.count, 2, "exactly two fit")
        XCTAssertEqual(TextLayout(text: content(long, lines: 0), font: font, bounds: Rect(0, 0, 120, lineHeight / 2)).lines.count, 1, "at least one, clipped")
        XCTAssertEqual(TextLayout(text: content(long, lines: 0, truncation: .clip), font: font, bounds: Rect(0, 0, 120, lineHeight * 2.5)).lines, all)
        var top = content(long, lines: 0)
        top.verticalAlignment = .top
        XCTAssertEqual(TextLayout(text: top, font: font, bounds: Rect(0, 0, 120, lineHeight * 2.5)).lines, all)
    }

    /// adjustsFontSizeToFitWidth: a single line wider than the bounds is drawn at the size that
    /// just fits it whole (no ellipsis, its glyphs scaled down, its width the bounds'); below the
    /// minimum factor it stops shrinking and is truncated; a line that fits, a factor of 0 and a
    /// two-line label keep the size.
    func testAShrinkingLabelFitsItsLineDownToTheMinimumFactor() {
        let line = "Settings and Privacy"
        let natural = Double(font.advance(line)) * 17 / Double(font.unitsPerEm)
        let width = natural * 0.8
        var text = content(line)
        text.minimumScaleFactor = 0.5
        let shrunk = TextLayout(text: text, font: font, bounds: Rect(0, 0, width, 30))
        XCTAssertEqual(shrunk.lines, [line])
        XCTAssertEqual(shrunk.scale, 17 * 0.8 / Double(font.unitsPerEm), accuracy: 1e-12)
        let drawnWidth = Double(font.advance(line)) * shrunk.scale
        XCTAssertEqual(drawnWidth, width, accuracy: 1e-9)
        text.minimumScaleFactor = 0.9
        let floor = TextLayout(text: text, font: font, bounds: Rect(0, 0, width, 30))
        XCTAssertEqual(floor.scale, 17 * 0.9 / Double(font.unitsPerEm), accuracy: 1e-12)
        XCTAssertTrue(floor.lines[0].hasSuffix("\u{2026}"), "truncated at the minimum: \(floor.lines)")
        for kept in [content(line), { var t = content(line); t.minimumScaleFactor = 0.5; t.lines = 2; return t }()] {
            XCTAssertEqual(TextLayout(text: kept, font: font, bounds: Rect(0, 0, width, 60)).scale, 17 / Double(font.unitsPerEm))
        }
        XCTAssertEqual(TextLayout(text: text, font: font, bounds: Rect(0, 0, natural + 1, 30)).scale, 17 / Double(font.unitsPerEm))
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

/// The layout's fast paths (sums of word widths where they decide, one measurement for long
/// words and long truncations) against the plain definition: every candidate shaped.
final class TextLayoutFastPathTests: XCTestCase {
    var font: Font { TextTests.regular }

    var shaper: Shaper { Shaper(font: font) }

    /// The plain greedy wrap: every candidate shaped. Lines end where UAX #14 allows (after
    /// spaces, after a hyphen), the pieces joined as the paragraph joins them.
    func plainWrap(_ string: String, width: Double) -> [String] {
        func fits(_ s: String) -> Bool { Double(font.advance(s)) <= width + 1e-9 }
        var lines: [String] = []
        for p in string.split(separator: "\n", omittingEmptySubsequences: false) {
            let paragraph = TextLayout.Paragraph(String(p))
            let text = paragraph.text
            var line: Range<Int>?
            for piece in paragraph.pieces {
                if let l = line, fits(String(text[l.lowerBound..<piece.upperBound])) { line = l.lowerBound..<piece.upperBound; continue }
                if let l = line { lines.append(String(text[l])) }
                var chars = Array(text[piece])
                var start = piece.lowerBound
                while !fits(String(chars)) && chars.count > 1 {
                    var n = chars.count - 1
                    while n > 1 && !fits(String(chars[0..<n])) { n -= 1 }
                    lines.append(String(chars[0..<n]))
                    chars = Array(chars[n...])
                    start += n
                }
                line = start..<piece.upperBound
            }
            lines.append(line.map { String(text[$0]) } ?? "")
        }
        return lines
    }

    /// Spaces are drawn as UILabel draws them: as written inside a line ("a  b" keeps both),
    /// leading spaces too ("  3" is not "3", issue 33); where a line breaks, the spaces hang
    /// past its end and the next line starts at its word.
    func testSpacesAreKeptInsideALineAndHangWhereItBreaks() {
        XCTAssertEqual(TextLayout.wrap("one two  three   four", shaper: shaper, width: 60_000), ["one two  three   four"])
        XCTAssertEqual(TextLayout.wrap("  lead and trail  ", shaper: shaper, width: 60_000), ["  lead and trail"])
        XCTAssertEqual(TextLayout.wrap("  3", shaper: shaper, width: 20_000), ["  3"])
        let oneWidth = Double(font.advance("one   ")) + 10
        XCTAssertLessThan(oneWidth, Double(font.advance("one   two")))
        XCTAssertEqual(TextLayout.wrap("one   two", shaper: shaper, width: oneWidth), ["one", "two"], "the spaces at a break hang")
        // Single-spaced text breaks at its spaces only, as before.
        let text = "a b c d e f g h"
        XCTAssertEqual(TextLayout.wrap(text, shaper: shaper, width: 3000).joined(separator: " "), text)
        // Drawn: the 3 of "  3" sits two spaces' advance right of the 3 of "3".
        let s = 17.0 / Double(font.unitsPerEm)
        func label(_ string: String) -> LayerText { LayerText(string: string, font: .system(.regular), size: 17) }
        let padded = TextLayout(text: label("  3"), font: font, bounds: Rect(0, 0, 200, 30))
        let plain = TextLayout(text: label("3"), font: font, bounds: Rect(0, 0, 200, 30))
        XCTAssertEqual(padded.lines, ["  3"])
        XCTAssertEqual((padded.glyphs.last?.origin.x ?? -1) - (plain.glyphs.last?.origin.x ?? 0), Double(font.advance("  ")) * s, accuracy: 1e-6)
        let hyphenWidth = Double(font.advance("drop-")) + 10
        XCTAssertLessThan(hyphenWidth, Double(font.advance("drop-in")))
        XCTAssertEqual(TextLayout.wrap("drop-in cards", shaper: shaper, width: hyphenWidth), ["drop-", "in", "cards"],
                       "a line may end after a hyphen")
    }

    /// Seeded text from kerning-heavy letters: the word sums must decide exactly as shaping does.
    func testWrapEqualsThePlainDefinitionOnSeededText() {
        var state: UInt64 = 0x9E3779B97F4A7C15
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        let letters = Array("AVWTYLPFo.,ayvwe-rkfi1 ")
        var compared = 0
        for _ in 0..<300 {
            var text = ""
            for _ in 0..<(5 + next(120)) { text.append(letters[next(letters.count)]) }
            if next(5) == 0 { text += "\n" + text }
            let width = Double(500 + next(20_000))   // font units
            XCTAssertEqual(TextLayout.wrap(text, shaper: shaper, width: width), plainWrap(text, width: width), "\(text) at \(width)")
            compared += 1
        }
        XCTAssertEqual(compared, 300)
    }

    /// Words over 64 characters break by one measurement: lines of the same lengths as the plain
    /// definition on ordinary long words (URLs, identifiers), in linear time.
    func testLongWordsBreakAsThePlainDefinition() {
        let words = ["https://example.com/a/very/long/path/with/many/segments/and?query=parameters&more=values",
                     String(repeating: "AVATAR", count: 20), String(repeating: "W", count: 150),
                     "supercalifragilisticexpialidocious-supercalifragilisticexpialidocious-again"]
        for word in words {
            for width in [3000.0, 7777, 20_000] {
                XCTAssertEqual(TextLayout.wrap(word, shaper: shaper, width: width), plainWrap(word, width: width), "\(word) at \(width)")
            }
        }
    }

    /// Truncating a long line starts its exact search from one measurement: same result as the
    /// plain search from the whole text.
    func testLongTruncationEqualsThePlainSearch() {
        let text = String(repeating: "Tomorrow AV wave, ", count: 30)
        for mode in [Truncation.tail, .head, .middle] {
            for width in [4000.0, 12_345, 30_000] {
                let fast = TextLayout.truncate(text, shaper: shaper, width: width, mode: mode)
                // The plain search: n from the whole text down (what `start = count` gives).
                let plain = TextLayoutFastPathTests.plainTruncate(text, font: font, width: width, mode: mode)
                XCTAssertEqual(fast, plain, "\(mode) at \(width)")
            }
        }
    }

    static func plainTruncate(_ s: String, font: Font, width: Double, mode: Truncation) -> String {
        let chars = Array(s)
        func fits(_ t: String) -> Bool { Double(font.advance(t)) <= width + 1e-9 }
        func trimmed(_ c: ArraySlice<Character>) -> String { String(c).trimmingTrailingSpaces }
        var n = chars.count
        switch mode {
        case .clip: return s
        case .tail:
            while n > 0 && !fits(trimmed(chars[0..<n]) + TextLayout.ellipsis) { n -= 1 }
            return trimmed(chars[0..<n]) + TextLayout.ellipsis
        case .head:
            while n > 0 && !fits(TextLayout.ellipsis + String(chars[(chars.count - n)...]).trimmingLeadingSpaces) { n -= 1 }
            return TextLayout.ellipsis + String(chars[(chars.count - n)...]).trimmingLeadingSpaces
        case .middle:
            func candidate(_ n: Int) -> String {
                let head = (n + 1) / 2, tail = n / 2
                return trimmed(chars[0..<head]) + TextLayout.ellipsis + String(chars[(chars.count - tail)...]).trimmingLeadingSpaces
            }
            while n > 0 && !fits(candidate(n)) { n -= 1 }
            return candidate(n)
        }
    }
}
