import Foundation
import XCTest
import Geometry
import JSONText
import LayerTree
@testable import SceneJSON
@testable import SceneModel
@testable import TableEngine
@testable import TableRender

/// Built-in rows that size themselves (issue 51, issue 54.6): JSON `"rowHeight": "auto"` (and a
/// row's `"height": "auto"`) sizes each built-in row by its labels' text as iOS 17/18's UIKit
/// sizes a built-in cell under `UITableView.automaticDimension` (the decompiled
/// `UITableViewCellLayoutManager`: one line 44 pt, more lines Body's 22 pt leading + the text +
/// the separator, the subtitle's labels stacked, at least 44, rounded up to a point). Before,
/// every built-in row kept the table's height and a wrapped title was cut to one line.
final class SelfSizingBuiltInTests: XCTestCase {
    static let long = "A long title that wraps onto a second line and maybe a third one too when it keeps going"

    func load(_ rows: String, table: String = #""rowHeight": "auto""#, canvas: String = "") throws -> LoadedScene {
        let json = #"{"version": 1, "canvas": {"size": [375, 800], "scale": 3"# + canvas + #"}, "fps": 10, "duration": 0, "table": {"#
            + table + #", "sections": [{"rows": ["# + rows + "]}]}}"
        return try SceneLoader.load(bytes: Array(json.utf8), displayName: "t", directory: ".")
    }

    /// `text` (the body's 17 pt unless said) measured as the loader measures it.
    func measured(_ loaded: LoadedScene, _ text: String, size: Double = 17, lines: Int = 0, width: Double) throws -> Double {
        try XCTUnwrap(loaded.resources.height(of: LayerText(string: text, font: .system(.regular), size: size, lines: lines), width: width))
    }

    func heights(_ loaded: LoadedScene) -> [Double?] { loaded.scene.table?.sections.first?.rows.map(\.height) ?? [] }

    func testOneLineRowsAre44AndWrappedTitlesGrowTheRowByTheirLines() throws {
        let loaded = try load(#"{"title": "One line"}, {"title": "\#(Self.long)", "titleLines": 0}, {"title": "Fixed", "height": 60}, "#
                              + #"{"title": "\#(Self.long)", "titleLines": 0, "accessory": "disclosureIndicator"}"#)
        let h = heights(loaded)
        XCTAssertEqual(h[0], 44, "one line: twice Body's leading")
        let text = try measured(loaded, Self.long, width: 375 - 32)
        let line = try measured(loaded, "One line", lines: 1, width: 375 - 32)
        XCTAssertGreaterThan(text, 1.5 * line, "the title wraps")
        XCTAssertEqual(try XCTUnwrap(h[1]), (22 + text + 1.0 / 3).rounded(.up), accuracy: 1e-9, "the leading, the text, the separator, to a point")
        XCTAssertEqual(h[2], 60, "a row's own height stays")
        // The chevron's 27 pt of room narrow the text: it wraps at least as much.
        let narrower = try measured(loaded, Self.long, width: 375 - 32 - 27)
        XCTAssertEqual(try XCTUnwrap(h[3]), (22 + narrower + 1.0 / 3).rounded(.up), accuracy: 1e-9)
        let rows = try XCTUnwrap(loaded.scene.table?.sections.first?.rows)
        XCTAssertEqual(rows.map(\.selfSizing), [true, true, false, true])
    }

    func testTheSubtitleStylesLabelsStackAndAWrappedDetailIsDrawnWhole() throws {
        let detail = "This detail is long enough to wrap onto more than one line in the subtitle style, as numberOfLines = 0 lets it"
        let loaded = try load(#"{"title": "Subtitle", "detail": "One line", "style": "subtitle"}, "#
                              + #"{"title": "Subtitle", "detail": "\#(detail)", "detailLines": 0, "style": "subtitle"}"#)
        let h = heights(loaded)
        let title = try measured(loaded, "Subtitle", lines: 1, width: 343)
        let one = try measured(loaded, "One line", size: 12, lines: 1, width: 343)
        let wrapped = try measured(loaded, detail, size: 12, width: 343)
        XCTAssertGreaterThan(wrapped, 1.5 * one)
        XCTAssertEqual(try XCTUnwrap(h[0]), (22 + title + one + 1.0 / 3).rounded(.up), accuracy: 1e-9, "stacked: taller than 44")
        XCTAssertGreaterThan(try XCTUnwrap(h[0]), 44)
        XCTAssertEqual(try XCTUnwrap(h[1]), (22 + title + wrapped + 1.0 / 3).rounded(.up), accuracy: 1e-9)
        let rows = try XCTUnwrap(loaded.scene.table?.sections.first?.rows)
        XCTAssertNil(rows[0].labelHeights, "one line each: the style's line heights")
        let measuredHeights = try XCTUnwrap(rows[1].labelHeights)
        XCTAssertEqual(measuredHeights.detail, wrapped, accuracy: 1e-9)
        // Drawn: the title, then the detail right under it as tall as its lines, centred together.
        let sim = try XCTUnwrap(TableSimulation(scene: loaded.scene))
        let base = sim.layout(at: 0).sections[0].rows[1].base
        let labels = sim.content(rows[1], width: 375, height: base, x: 16).compactMap { l in l.text.map { _ in l } }
        XCTAssertEqual(labels.count, 2)
        let top = labels[0].position.y - labels[0].bounds.height / 2
        let detailTop = labels[1].position.y - labels[1].bounds.height / 2
        XCTAssertEqual(detailTop, top + measuredHeights.title, accuracy: 1e-9)
        XCTAssertEqual(labels[1].bounds.height, wrapped, accuracy: 1e-9)
        let half = (base - 1.0 / 3 - measuredHeights.title - wrapped) / 2
        XCTAssertGreaterThanOrEqual(top, half - 1e-9, "centred above the separator, rounded up to a device pixel")
        XCTAssertLessThan(top, half + 1.0 / 3)
    }

    /// value1: a title that wraps takes the whole width and leaves the detail none (UIKit's
    /// value1 layout manager measures the title in the whole width); the detail does not add to
    /// the height.
    func testAValue1TitleThatWrapsGrowsTheRowAndLeavesNoDetail() throws {
        let loaded = try load(#"{"title": "\#(Self.long)", "titleLines": 0, "detail": "Detail"}, {"title": "Wi-Fi", "detail": "Home"}"#,
                              table: #""rowHeight": "auto", "cell": {"style": "value1"}"#)
        let h = heights(loaded)
        let text = try measured(loaded, Self.long, width: 343)
        XCTAssertEqual(try XCTUnwrap(h[0]), (22 + text + 1.0 / 3).rounded(.up), accuracy: 1e-9)
        XCTAssertEqual(h[1], 44)
        let sim = try XCTUnwrap(TableSimulation(scene: loaded.scene))
        let rows = try XCTUnwrap(loaded.scene.table?.sections.first?.rows)
        let texts = sim.content(rows[0], width: 375, height: try XCTUnwrap(h[0]), x: 16).compactMap(\.text?.string)
        XCTAssertEqual(texts, [Self.long])
    }

    /// The one-line height is twice Body's leading at the text size (29 pt at xxxLarge).
    func testAtALargerTextSizeOneLineIsTwiceBodysLeading() throws {
        let loaded = try load(#"{"title": "One line"}"#, canvas: #", "contentSizeCategory": "extraExtraExtraLarge""#)
        XCTAssertEqual(heights(loaded), [58])
    }

    /// A row's own `"height": "auto"` in a table of fixed heights.
    func testARowOfItsOwnAutoHeightInAFixedTable() throws {
        let loaded = try load(#"{"title": "Auto", "height": "auto"}, {"title": "Table's"}"#, table: #""rowHeight": 60"#)
        XCTAssertEqual(heights(loaded), [44, nil])
        let sim = try XCTUnwrap(TableSimulation(scene: loaded.scene))
        XCTAssertEqual(sim.layout(at: 0).sections[0].rows.map(\.height), [44, 60])
    }

    /// "auto" is written back as "auto" (the model is what the JSON comes from), and a word
    /// other than "auto" says what is expected.
    func testAutoIsWrittenBackAndAnotherWordIsSaid() throws {
        let json = #"{"version": 1, "canvas": {"size": [375, 300]}, "fps": 10, "duration": 0, "table": {"rowHeight": "auto", "sections": [{"rows": [{"title": "A", "height": "auto"}, {"title": "B"}]}]}}"#
        let scene = try SceneDecoder.decode(bytes: Array(json.utf8), displayName: "t", directory: ".")
        XCTAssertEqual(scene.table?.selfSizingRows, true)
        let table = SceneEncoder.table(try XCTUnwrap(scene.table))
        guard case .object(let members) = table else { return XCTFail("an object") }
        XCTAssertEqual(members.first { $0.key == "rowHeight" }?.value, .string("auto"))
        let bad = #"{"version": 1, "canvas": {"size": [375, 300]}, "fps": 10, "duration": 0, "table": {"rowHeight": "tall", "sections": [{"rows": [{"title": "A", "height": "big"}]}]}}"#
        XCTAssertThrowsError(try SceneDecoder.decode(bytes: Array(bad.utf8), displayName: "t", directory: ".")) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("table.rowHeight: expected \"auto\" or a height in points"), text)
            XCTAssertTrue(text.contains("table.sections[0].rows[0].height: expected \"auto\" or a height in points"), text)
        }
    }

    /// A helper's probe: a subtitle row of a fixed height whose labels wrap keeps the style's
    /// one-line places, the rest cut off (the measured labels drew outside the row, over the
    /// rows around it).
    func testWrappedLabelsInARowTooShortForThemStayInTheirPlaces() throws {
        let text = "A sentence long enough to wrap onto two or three lines in a subtitle row of fifty points"
        let loaded = try load(#"{"title": "\#(text)", "titleLines": 0, "detail": "\#(text)", "detailLines": 0}"#,
                              table: #""rowHeight": 50, "cell": {"style": "subtitle"}"#)
        let rows = try XCTUnwrap(loaded.scene.table?.sections.first?.rows)
        XCTAssertNotNil(rows[0].labelHeights, "measured: the labels wrap")
        let sim = try XCTUnwrap(TableSimulation(scene: loaded.scene))
        let labels = sim.content(rows[0], width: 375, height: 50, x: 16).filter { $0.text != nil }
        XCTAssertEqual(labels.count, 2)
        for l in labels {
            XCTAssertGreaterThanOrEqual(l.position.y - l.bounds.height / 2, 0, "inside the row")
            XCTAssertLessThanOrEqual(l.position.y + l.bounds.height / 2, 50)
        }
    }

    /// A card's row holds the card's inset above and below its self-sized content; a template
    /// without a height of its own sizes itself in an "auto" table; a table narrower than its
    /// margins gives one line's row; a title of its own size scales the leading.
    func testCardsTemplatesNarrowTablesAndOwnFontSizes() throws {
        let card = try load(#"{"title": "One"}"#, table: #""rowHeight": "auto", "cell": {"card": {"inset": [8, 6]}}"#)
        XCTAssertEqual(heights(card), [44 + 12])
        let template = try load(#"{"title": "\#(Self.long)"}"#, table: #""rowHeight": "auto", "cell": {"template": {"layers": ["#
            + #"{"frame": [16, 11, 343, 22], "text": {"string": "{title}", "font": {"size": 17}, "lines": 0}}]}}"#)
        XCTAssertEqual(template.scene.table?.template?.autoHeight, true)
        XCTAssertGreaterThan(try XCTUnwrap(heights(template).first ?? nil), 50, "the template's text grew its row")
        let narrow = try load(#"{"title": "Hello world wrapping", "titleLines": 0}"#, table: #""frame": [0, 0, 30, 600], "rowHeight": "auto""#)
        XCTAssertEqual(heights(narrow), [44])
        let big = try load(#"{"title": "Big", "titleFont": {"size": 34}}"#)
        XCTAssertEqual(heights(big), [88], "twice the leading of a 34 pt font: 2 x 22 x 34 / 17")
    }
}
