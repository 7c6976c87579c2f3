import Foundation
import XCTest
import Geometry
import LayerTree
@testable import SceneModel
@testable import TableEngine
@testable import TableRender

/// Issue 54.6, second part: the preferred text size (`canvas.contentSizeCategory`): the table's
/// built-in text at its Dynamic Type size, its rows and section headers growing with it.
final class DynamicTypeTests: XCTestCase {
    func loaded(_ category: String?, style: String = "insetGrouped") throws -> LoadedScene {
        let key = category.map { #", "contentSizeCategory": "\#($0)""# } ?? ""
        let json = #"{"canvas": {"size": [375, 667]\#(key)}, "fps": 10, "duration": 0, "table": {"style": "\#(style)", "cell": {"style": "value1"}, "#
            + #""sections": [{"title": "Network", "rows": [{"title": "Wi-Fi", "detail": "Home"}, {"title": "Light"}]}]}}"#
        return try SceneLoader.load(bytes: Array(json.utf8), displayName: "t.json", directory: ".")
    }

    func rows(_ l: LoadedScene) throws -> [TableSimulation.RowLayout] {
        try XCTUnwrap(TableSimulation(scene: l.scene)).layout(at: 0).sections.flatMap(\.rows)
    }

    /// The title's text layer of the first row at t = 0: its size.
    func titleSize(_ l: LoadedScene) throws -> Double? {
        let sim = try XCTUnwrap(TableSimulation(scene: l.scene))
        func texts(_ l: PresentationLayer) -> [LayerText] { (l.text.map { [$0] } ?? []) + l.sublayers.flatMap(texts) }
        return sim.layers(at: 0).flatMap(texts).first { $0.string == "Wi-Fi" }?.size
    }

    func testTheSizesAreDynamicTypes() throws {
        XCTAssertEqual(DynamicTextStyle.body.size(.extraSmall), 14)
        XCTAssertEqual(DynamicTextStyle.body.size(.large), 17)
        XCTAssertEqual(DynamicTextStyle.body.size(.extraExtraExtraLarge), 23)
        XCTAssertEqual(DynamicTextStyle.body.size(.accessibilityMedium), 28)
        XCTAssertEqual(DynamicTextStyle.body.size(.accessibilityExtraExtraExtraLarge), 53)
        XCTAssertEqual(DynamicTextStyle.footnote.size(.extraExtraExtraLarge), 19)
        XCTAssertEqual(DynamicTextStyle.scaled(17, to: .large), 17)
        XCTAssertEqual(try titleSize(try loaded(nil)), 17)
        XCTAssertEqual(try titleSize(try loaded("extraSmall")), 14)
        XCTAssertEqual(try titleSize(try loaded("extraExtraExtraLarge")), 23)
    }

    /// Rows of built-in text grow with their lines; at the accessibility sizes a value1 row with
    /// a detail stacks it under the title (a line more); the grouped header grows with its text.
    func testRowsAndHeadersGrowWithTheText() throws {
        let large = try rows(try loaded(nil)), xxxl = try rows(try loaded("extraExtraExtraLarge")), ax1 = try rows(try loaded("accessibilityMedium"))
        XCTAssertEqual(large.map(\.height), [44, 44])
        XCTAssertEqual(xxxl[0].height, 44 + 6 * 22 / 17, accuracy: 1e-9)
        XCTAssertEqual(xxxl[1].height, xxxl[0].height, "one line each")
        XCTAssertEqual(ax1[1].height, 44 + 11 * 22 / 17, accuracy: 1e-9, "a row without a detail: one line")
        XCTAssertEqual(ax1[0].height, ax1[1].height + 22 + 11 * 22 / 17, accuracy: 1e-9, "the detail under the title: a line more")
        let sim = try XCTUnwrap(TableSimulation(scene: try loaded("extraExtraExtraLarge").scene))
        XCTAssertEqual(sim.headerHeight(0), 38 + 6 * 18 / 13, accuracy: 1e-9)
        let small = try XCTUnwrap(TableSimulation(scene: try loaded("extraSmall").scene))
        XCTAssertEqual(small.layout(at: 0).sections[0].rows[0].height, 44, "never shorter than rowHeight")
    }

    func testTheDefaultDrawsWhatItDrewAndABadNameIsSaid() throws {
        XCTAssertEqual(FrameRenderer(try loaded(nil)).render(frame: 0).data, FrameRenderer(try loaded("large")).render(frame: 0).data)
        XCTAssertNotEqual(FrameRenderer(try loaded(nil)).render(frame: 0).data, FrameRenderer(try loaded("extraLarge")).render(frame: 0).data)
        XCTAssertThrowsError(try loaded("huge")) { error in
            XCTAssertTrue("\(error)".contains(#"canvas.contentSizeCategory: expected one of "extraSmall""#), "\(error)")
        }
    }
}
