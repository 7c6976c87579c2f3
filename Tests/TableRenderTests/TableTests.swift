import Foundation
import XCTest
import TestSupport
import Geometry
import PNGCodec
@testable import SceneModel
@testable import Simulation
@testable import TableEngine
@testable import TableRender
import Hashing

final class TableTests: XCTestCase {
    func loaded(_ json: String) throws -> LoadedScene {
        try SceneLoader.load(bytes: Array(json.utf8), displayName: "t.json", directory: ".")
    }

    func foldScene(tap: Bool, expanded: Bool, duration: Double) -> String {
        let rows = (0..<8).map { i in
            #"{"title": "Row \#(i)", "detail": "Details of row \#(i) that unfold in two halves.""# + (i == 2 && expanded ? #", "expanded": true}"# : "}")
        }.joined(separator: ", ")
        let script = tap ? #", "script": [{"at": 0.1, "tap": {"section": 0, "row": 2}}]"# : ""
        return #"{"canvas": {"size": [200, 400], "scale": 2}, "fps": 20, "duration": "# + "\(duration)"
            + #", "table": {"rowHeight": 50, "sections": [{"rows": ["# + rows + #"]}], "expansion": {"effect": "fold"}}"# + script + "}"
    }

    /// Continuity: the last frame of a finished fold equals, pixel for pixel, a still of the
    /// same table with that row already expanded; its first frame equals the table before.
    func testFoldEndsExactlyOnTheExpandedStill() throws {
        let animated = FrameRenderer(try loaded(foldScene(tap: true, expanded: false, duration: 0.5)))
        let still = FrameRenderer(try loaded(foldScene(tap: false, expanded: true, duration: 0)))
        let before = FrameRenderer(try loaded(foldScene(tap: false, expanded: false, duration: 0)))
        let last = animated.render(frame: 10).data            // t = 0.5, after 0.1 + 0.3
        XCTAssertEqual(last, still.render(frame: 0).data)
        XCTAssertEqual(animated.render(frame: 2).data, before.render(frame: 0).data)   // t = 0.1: the tap's own instant
        XCTAssertNotEqual(animated.render(frame: 5).data, last, "mid-fold differs")
    }

    /// Issue 29.4: the fold closes as its opening played backwards (the bottom half's
    /// translation easeIn, the mirror of the opening's easeOut), so the bottom half never rises
    /// above the crease: closing with easeOut swung it over the top half and 6.5 pt into the
    /// row above.
    func testFoldClosesAsItsOpeningBackwards() throws {
        var json = foldScene(tap: true, expanded: false, duration: 2)
        json = json.replacingOccurrences(of: #""script": [{"at": 0.1, "tap": {"section": 0, "row": 2}}]"#,
                                         with: #""script": [{"at": 0.1, "tap": {"section": 0, "row": 2}}, {"at": 1, "tap": {"section": 0, "row": 2}}]"#)
        let l = try loaded(json)
        let sim = try XCTUnwrap(TableSimulation(scene: l.scene))
        let key = TableSimulation.RowKey(2), d = sim.detailHeight(key)
        for i in 1..<30 {
            let x = Double(i) / 100
            let closing = sim.fold(key, at: 1 + x), opening = sim.fold(key, at: 0.1 + 0.3 - x)
            XCTAssertTrue(closing.animating)
            XCTAssertEqual(closing.theta, opening.theta, accuracy: 1e-9, "at \(x) s")
            XCTAssertEqual(closing.bottom, opening.bottom, accuracy: 1e-6 * d, "at \(x) s")
            let crease = TableSimulation.visibleHeight(detail: d, theta: closing.theta, perspective: 500)
            XCTAssertGreaterThanOrEqual(closing.bottom, crease - 1e-9, "the bottom half hangs below the crease at \(x) s")
        }
        XCTAssertEqual(sim.fold(key, at: 1.5).bottom, 0)
    }

    /// Issue 29.5: "rotateAsWritten" runs the rotating-cells article's code as a device does:
    /// the anchor (0, 0.5) is set after the frame, the position stays, so once the animation
    /// has ended each cell is drawn half its width to the right of where "rotate" draws it.
    func testRotateAsWrittenMovesTheCellByHalfItsWidth() throws {
        func scene(_ effect: String) -> String {
            #"{"canvas": {"size": [200, 100], "scale": 1}, "fps": 10, "duration": 1, "table": {"rowHeight": 50, "separator": {"emptyRows": false}, "#
                + #""sections": [{"rows": [{"title": "MMMMMMMMMMMMMMM"}, {"title": "WWWWWWWWWWWWWWW"}]}], "display": {"effect": "\#(effect)"}}}"#
        }
        let fixed = FrameRenderer(try loaded(scene("rotate"))).render(frame: 10).unpremultipliedRGBA()
        let literal = FrameRenderer(try loaded(scene("rotateAsWritten"))).render(frame: 10).unpremultipliedRGBA()
        func px(_ p: [UInt8], _ x: Int, _ y: Int) -> [UInt8] { let i = (y * 200 + x) * 4; return Array(p[i..<i + 4]) }
        var inked = 0
        for y in 0..<100 {
            for x in 0..<100 {
                XCTAssertEqual(px(literal, x + 100, y), px(fixed, x, y), "(\(x), \(y))")
                XCTAssertEqual(px(literal, x, y), [255, 255, 255, 255], "the left half is the table's background at (\(x), \(y))")
                if px(fixed, x, y) != [255, 255, 255, 255] { inked += 1 }
            }
        }
        XCTAssertGreaterThan(inked, 200, "the titles are drawn")
    }

    /// The fold's visible height follows the exact geometry: 0 when closed, D when open, and at
    /// every angle the projected height of the two halves.
    func testFoldVisibleHeight() {
        XCTAssertEqual(TableSimulation.visibleHeight(detail: 88, theta: 0, perspective: 500), 88)
        XCTAssertEqual(TableSimulation.visibleHeight(detail: 88, theta: -90, perspective: 500), 0)
        let theta = -40.0, d = 88.0
        let m = Transform3D.perspective(500).rotated(degrees: theta, 1, 0, 0)
        let edge = m.apply(0, d / 2).projected.y            // the top half's lower edge below its anchor
        XCTAssertEqual(TableSimulation.visibleHeight(detail: d, theta: theta, perspective: 500), 2 * edge, accuracy: 1e-12)
    }

    /// Rows below their plain headers, each header 22 pt below its section's top (iOS 15's
    /// `sectionHeaderTopPadding`), and the separators' pixels.
    func testRowPositionsHeadersAndSeparatorPixels() throws {
        let json = #"{"canvas": {"size": [100, 300], "scale": 2}, "fps": 1, "duration": 0, "table": {"rowHeight": 44, "sections": [{"title": "A", "rows": [{"title": "a"}, {"title": "b", "height": 60}]}, {"title": "B", "rows": [{"title": "c"}]}]}}"#
        let l = try loaded(json)
        let sim = try XCTUnwrap(TableSimulation(scene: l.scene))
        let (sections, height) = sim.layout(at: 0)
        XCTAssertEqual(sections.map(\.top), [0, 154])
        XCTAssertEqual(sections[0].rows.map(\.y), [50, 94], "22 pt of room, then the 28 pt header")
        XCTAssertEqual(sections[1].rows.map(\.y), [204])
        XCTAssertEqual(height, 248)
        XCTAssertEqual(sim.rect(ofHeaderInSection: 1, at: 0), Rect(0, 176, 100, 28), "the header without the room above it")
        // The iOS 14 layout, as apps set it with `sectionHeaderTopPadding = 0`.
        let before = try XCTUnwrap(TableSimulation(scene: try loaded(json.replacingOccurrences(of: #""rowHeight": 44"#, with: #""rowHeight": 44, "sectionHeaderTopPadding": 0"#)).scene))
        XCTAssertEqual(before.layout(at: 0).sections.map(\.top), [0, 132])
        XCTAssertEqual(before.layout(at: 0).sections[0].rows.map(\.y), [28, 72])
        // The separator of row a is one device pixel at the bottom of the row, from x = 16 pt.
        let pixels = FrameRenderer(l).render(frame: 0).unpremultipliedRGBA()
        func px(_ x: Int, _ y: Int) -> [UInt8] { let i = (y * 200 + x) * 4; return Array(pixels[i..<i + 4]) }
        let rowBottom = (50 + 44) * 2          // device row 188 is the first row of b
        XCTAssertEqual(px(100, rowBottom - 1), [198, 198, 200, 255], "separator (60,60,67) at 0.29 over white")
        XCTAssertEqual(px(100, rowBottom - 2), [255, 255, 255, 255])
        XCTAssertEqual(px(100, rowBottom), [255, 255, 255, 255])
        XCTAssertEqual(px(31, rowBottom - 1), [255, 255, 255, 255], "inset 16 pt")
        XCTAssertEqual(px(32, rowBottom - 1), [198, 198, 200, 255])
    }

    /// Plain section headers float at the top while their section is on screen, and are pushed
    /// up by the next section's header; at rest they have no background, floating the bar's
    /// material (iOS 15: it was a secondarySystemBackground band everywhere).
    func testPlainHeadersFloat() throws {
        let rows = (0..<10).map { #"{"title": "r\#($0)"}"# }.joined(separator: ",")
        let json = #"{"canvas": {"size": [100, 200], "scale": 1}, "fps": 10, "duration": 4, "table": {"rowHeight": 40, "sections": [{"title": "A", "rows": ["# + rows + #"]}, {"title": "B", "rows": ["# + rows + #"]}]}, "script": [{"at": 0, "scroll": {"to": 100, "duration": 0}}, {"at": 1, "scroll": {"to": 430, "duration": 0}}, {"at": 2, "scroll": {"to": 0, "duration": 0}}, {"at": 3, "scroll": {"to": 27, "duration": 0}}]}"#
        let l = try loaded(json)
        let sim = try XCTUnwrap(TableSimulation(scene: l.scene))
        func header(_ t: Double, _ title: String) -> PresentationLayer? {
            sim.layers(at: t)[0].sublayers.first { $0.sublayers.contains { $0.text?.string == title } }
        }
        func headerY(_ t: Double, _ title: String) -> Double? { header(t, title).map { $0.position.y - $0.bounds.height / 2 } }
        func material(_ t: Double, _ title: String) -> PresentationLayer? { header(t, title)?.sublayers.first { $0.backdropBlur > 0 } }
        XCTAssertEqual(headerY(0.5, "A"), 100)      // floats at the offset
        XCTAssertEqual(headerY(1.5, "A"), 422)      // section A ends at 450: pushed up to 450 - 28
        XCTAssertEqual(headerY(1.5, "B"), 472)      // 22 pt below section B's top
        XCTAssertEqual(headerY(2.5, "A"), 22, "at rest, 22 pt below the top")
        XCTAssertNil(material(2.5, "A"), "no material at rest")
        XCTAssertEqual(header(2.5, "A")?.backgroundColor, Color.named["systemBackground"], "the table's background at rest (it was secondarySystemBackground)")
        XCTAssertNil(header(0.5, "A")?.backgroundColor, "pinned: the material only")
        XCTAssertNil(material(1.5, "B"))
        XCTAssertEqual(material(0.5, "A")?.backdropBlur, 10, "pinned: the bar's blur")
        XCTAssertEqual(material(0.5, "A")?.opacity, 1)
        XCTAssertEqual(try XCTUnwrap(material(3.5, "A")).opacity, 0.5, accuracy: 1e-9, "5 pt past its place: half faded in")
    }

    /// A fling decelerates as UIScrollView (rate 0.998 per millisecond) and stops once slower
    /// than 10 pt/s: from rest it travels (v0 - 10) / (1000 ln(1/d)), about 5 pt short of the
    /// curve's limit v0 / (1000 ln(1/d)) at the normal rate, as devices are measured to rest
    /// (reference table: 1000 pt/s -> 499.5 pt at the limit; issue 54.4: it stopped at 0.5 pt/s).
    func testFlingEndOffsets() {
        func end(_ v: Double, _ d: Double) -> Double { (v - 10 * (v < 0 ? -1 : 1)) / (1000 * Foundation.log(1 / d)) }
        XCTAssertEqual(TableSimulation.flingOffset(from: 0, velocity: 1000, rate: 0.998, after: 100), end(1000, 0.998), accuracy: 1e-6)
        XCTAssertEqual(end(1000, 0.998), 494.5, accuracy: 0.05, "5 pt short of 499.5")
        XCTAssertEqual(TableSimulation.flingOffset(from: 0, velocity: 3000, rate: 0.998, after: 100), end(3000, 0.998), accuracy: 1e-6)
        XCTAssertEqual(TableSimulation.flingOffset(from: 0, velocity: 1000, rate: 0.99, after: 100), end(1000, 0.99), accuracy: 1e-6)
        XCTAssertEqual(TableSimulation.flingOffset(from: 10, velocity: -1000, rate: 0.998, after: 100), 10 + end(-1000, 0.998), accuracy: 1e-6)
        XCTAssertEqual(TableSimulation.flingOffset(from: 0, velocity: 8, rate: 0.998, after: 1), 0, "slower than the stop speed: no motion")
        // The same closed form at any time: v(t) = v0 d^(1000 t).
        let x1 = TableSimulation.flingOffset(from: 0, velocity: 1000, rate: 0.998, after: 0.5)
        XCTAssertEqual(x1, 1000 * (Foundation.pow(0.998, 500) - 1) / (1000 * Foundation.log(0.998)), accuracy: 1e-9)
    }

    func testScriptAndTableErrors() {
        let json = #"{"canvas": {"size": [100, 100]}, "fps": 1, "duration": 1, "table": {"sections": [{"rows": [{"title": "a", "accesory": "none"}]}]}, "script": [{"at": 0, "tap": {"section": 0, "row": 5}}, {"at": 1, "scroll": {"to": 5, "by": 2}}]}"#
        XCTAssertThrowsError(try loaded(json)) { error in
            let d = "\(error)"
            XCTAssertTrue(d.contains(#"table.sections[0].rows[0].accesory: expected a known key, found "accesory" (did you mean "accessory"?)"#), d)
            XCTAssertTrue(d.contains("script[0].tap.row: expected a row index below 1, found 5"), d)
            XCTAssertTrue(d.contains("script[1].scroll: expected exactly one of to and by"), d)
        }
    }
}

final class SectionTests: XCTestCase {
    func simulation(_ animation: String) throws -> TableSimulation {
        let detail = (0..<4).map { _ in #"{"title": "Some Detail", "accessory": "disclosureIndicator"}"# }.joined(separator: ",")
        let json = #"{"canvas": {"size": [100, 600], "scale": 1}, "fps": 10, "duration": 2, "table": {"rowHeight": 44, "sections": [{"rows": [{"title": "Normal Cell"}]}, {"collapsible": true, "expanded": false, "rows": [{"title": "Expandable"}, "# + detail + #"]}, {"rows": [{"title": "After"}]}], "expansion": {"effect": "rows", "rowAnimation": ""# + animation + #"", "timingFunction": "linear"}}, "script": [{"at": 0.5, "tap": {"section": 1, "row": 0}}, {"at": 1.5, "tap": {"section": 1, "row": 0}}]}"#
        let l = try SceneLoader.load(bytes: Array(json.utf8), displayName: "t", directory: ".")
        return try XCTUnwrap(TableSimulation(scene: l.scene))
    }

    func rows(_ sim: TableSimulation, _ t: Double) -> [TableSimulation.RowLayout] { sim.layout(at: t).sections.flatMap(\.rows) }

    /// Halfway through the insertion (linear, 0.3 s) the block shows half its 176 pt and the rows
    /// below follow; each row animation places the inserted rows its own way, beneath the others.
    func testRowAnimationsMidway() throws {
        let t = 0.65
        let expected: [String: (y: Double, x: Double, alpha: Double)] = [
            "top": (88 - 88, 0, 1), "bottom": (88 + 88, 0, 1), "middle": (88 - 44, 0, 1),
            "fade": (88, 0, 0.5), "left": (88, -50, 1), "right": (88, 50, 1), "none": (88, 0, 1),
        ]
        for (name, e) in expected {
            let r = rows(try simulation(name), t)
            let first = try XCTUnwrap(r.first { $0.key == .init(2) }, name)
            XCTAssertEqual(first.y, e.y, accuracy: 1e-9, name)
            XCTAssertEqual(first.x, e.x, accuracy: 1e-9, name)
            XCTAssertEqual(first.alpha, e.alpha, accuracy: 1e-9, name)
            XCTAssertTrue(first.behind, name)
            XCTAssertEqual(r.first { $0.key == .init(6) }?.y ?? -1, 88 + 88, accuracy: 1e-9, "\(name): the row below follows the block")
        }
    }

    func testChevronFlipsAndRowsGoAway() throws {
        let sim = try simulation("top")
        func chevron(_ t: Double) -> String? {
            let cell = sim.layers(at: t)[0].sublayers.first { $0.sublayers.contains { $0.text?.string == "Expandable" } }
            return cell?.sublayers.compactMap { $0.shape }.first.map { shape in
                if case .move(let p) = shape.commands.first { return p.y < 7 ? "down" : "up" }
                return "?"
            }
        }
        XCTAssertEqual(chevron(0.4), "down")
        XCTAssertEqual(chevron(0.5), "up")
        XCTAssertEqual(chevron(1.6), "down")
        XCTAssertEqual(rows(sim, 1.0).count, 7)
        XCTAssertEqual(rows(sim, 2.0).count, 3, "collapsed: the detail rows are deleted")
        XCTAssertEqual(rows(sim, 2.0).last?.y, 88)
    }
}

extension SectionTests {
    /// `insetGrouped`: cells inset by 16 pt (20 pt from 414 pt wide), the group's first row with
    /// its top corners rounded, its last with the bottom ones and no separator under it, the
    /// header's title over the cells' text.
    func testInsetGroupedSectionsAreRoundedGroups() throws {
        func simulation(width: Int) throws -> TableSimulation {
            let json = #"{"canvas": {"size": [\#(width), 400], "scale": 2}, "fps": 10, "duration": 1, "table": {"style": "insetGrouped", "sections": [{"title": "First", "rows": [{"title": "a"}, {"title": "b"}, {"title": "c"}]}, {"rows": [{"title": "alone"}]}]}}"#
            let l = try SceneLoader.load(bytes: Array(json.utf8), displayName: "t", directory: ".")
            return try XCTUnwrap(TableSimulation(scene: l.scene))
        }
        let sim = try simulation(width: 375)
        let table = sim.layers(at: 0)[0]
        func cell(_ title: String) throws -> PresentationLayer {
            try XCTUnwrap(table.sublayers.first { $0.sublayers.contains { $0.text?.string == title } }, title)
        }
        let a = try cell("a"), b = try cell("b"), c = try cell("c"), alone = try cell("alone")
        for l in [a, b, c, alone] {
            XCTAssertEqual(l.position.x - l.bounds.width / 2, 16)
            XCTAssertEqual(l.bounds.width, 343)
        }
        XCTAssertEqual(a.maskedCorners, [.minXMinY, .maxXMinY])
        XCTAssertEqual(a.cornerRadius, 10)
        XCTAssertEqual(b.cornerRadius, 0, "a middle row is square")
        XCTAssertEqual(c.maskedCorners, [.minXMaxY, .maxXMaxY])
        XCTAssertEqual(alone.maskedCorners, .all)
        func separators(_ l: PresentationLayer) -> Int { l.sublayers.filter { $0.bounds.height == 0.5 && $0.text == nil }.count }
        XCTAssertEqual(separators(a), 1)
        XCTAssertEqual(separators(c), 0, "no separator under the group's last row")
        let header = try XCTUnwrap(table.sublayers.first { $0.sublayers.contains { $0.text?.string == "FIRST" } }?.sublayers.first)
        XCTAssertEqual(header.position.x - header.bounds.width / 2, 32, "over the cells' text")
        let wide = try simulation(width: 414).layers(at: 0)[0]
        let first = try XCTUnwrap(wide.sublayers.first { $0.sublayers.contains { $0.text?.string == "a" } })
        XCTAssertEqual(first.position.x - first.bounds.width / 2, 20)
    }

    /// A spring cut off by the row update's duration before it settles: once the update ends
    /// the table is the model's layout (UIKit removes the animation), after the insert and
    /// after the delete, never the spring's unsettled value (issue 28: rows left 1.5 pt off,
    /// and a deleted row drawn over the next section).
    func testASpringCutOffByItsDurationEndsAtTheModelsLayout() throws {
        func scene(expanded: Bool, taps: [Double]) throws -> TableSimulation {
            let detail = (0..<3).map { #"{"title": "Detail \#($0)"}"# }.joined(separator: ",")
            let script = taps.map { #"{"at": \#($0), "tap": {"section": 1, "row": 0}}"# }.joined(separator: ",")
            let json = #"{"canvas": {"size": [100, 400], "scale": 1}, "fps": 10, "duration": 3, "table": {"rowHeight": 44, "sections": [{"rows": [{"title": "A"}]}, {"title": "S", "collapsible": true, "expanded": \#(expanded), "rows": [{"title": "Expandable"}, \#(detail)]}, {"title": "T", "rows": [{"title": "After"}]}], "expansion": {"effect": "rows", "rowAnimation": "fade", "duration": 0.3, "timingFunction": {"spring": {"mass": 1, "stiffness": 100, "damping": 4}}}}, "script": [\#(script)]}"#
            let l = try SceneLoader.load(bytes: Array(json.utf8), displayName: "t", directory: ".")
            return try XCTUnwrap(TableSimulation(scene: l.scene))
        }
        let animated = try scene(expanded: false, taps: [0.5, 1.5])
        // Mid-way the spring has not settled: this is the case the test is about.
        let unsettled = TimingCurve.apply(.spring(mass: 1, stiffness: 100, damping: 4, initialVelocity: 0), 1, duration: 0.3)
        XCTAssertGreaterThan(abs(unsettled - 1), 0.01, "the spring must still be moving when its duration ends")
        let open = try scene(expanded: true, taps: []), closed = try scene(expanded: false, taps: [])
        XCTAssertEqual(animated.layers(at: 1.0), open.layers(at: 1.0), "after the insert: the expanded table")
        XCTAssertEqual(animated.layers(at: 2.5), closed.layers(at: 2.5), "after the delete: the collapsed table")
        XCTAssertEqual(rows(animated, 2.5).map(\.key), rows(closed, 2.5).map(\.key))
    }

    func cell(_ sim: TableSimulation, _ t: Double, _ title: String) -> PresentationLayer? {
        sim.layers(at: t)[0].sublayers.first { $0.sublayers.contains { $0.text?.string == title } }
    }

    /// The sections article's accessory: a 15 x 15 view stroked 3 pt in [UIColor grayColor];
    /// UIKit's disclosure indicator: a thin filled chevron in systemGray3, both at the 16 pt margin.
    func testTheArticlesAccessoryAndTheSystemChevron() throws {
        let sim = try simulation("top")
        let custom = try XCTUnwrap(cell(sim, 0, "Expandable")?.sublayers.first { $0.shape != nil })
        XCTAssertEqual(custom.bounds, Rect(0, 0, 15, 15))
        XCTAssertEqual(custom.position.x + 7.5, 100 - 16, accuracy: 1e-9)
        XCTAssertEqual(custom.shape?.strokeColor, Color(r: 0.5, g: 0.5, b: 0.5))
        XCTAssertEqual(custom.shape?.lineWidth, 3)
        XCTAssertNil(custom.shape?.fillColor)
        let system = try XCTUnwrap(cell(sim, 1.0, "Some Detail")?.sublayers.first { $0.shape != nil })
        XCTAssertEqual(system.bounds.height, 14)
        XCTAssertEqual(system.position.x + system.bounds.width / 2, 100 - 16, accuracy: 1e-9)
        XCTAssertEqual(system.shape?.fillColor, Color(199, 199, 204))
        XCTAssertNil(system.shape?.strokeColor, "filled, not stroked like the custom accessory")
    }

    /// A plain table fills the view below its last row with empty rows' separators, which follow
    /// the content's end as rows are inserted; `separator.emptyRows: false` and grouped tables
    /// have none.
    func testEmptyRowsHaveSeparators() throws {
        func hairlines(_ sim: TableSimulation, _ t: Double) -> [Double] {
            sim.layers(at: t)[0].sublayers.filter { $0.bounds.height == 1 && $0.sublayers.isEmpty }.map { $0.position.y - 0.5 }
        }
        let sim = try simulation("top")
        // Collapsed: three rows (132 pt); empty rows end at 176, 220, ... 572 within 600.
        XCTAssertEqual(hairlines(sim, 0), stride(from: 176.0, to: 600, by: 44).map { $0 - 1 })
        // Expanded: seven rows (308 pt).
        XCTAssertEqual(hairlines(sim, 1.0), stride(from: 352.0, to: 600, by: 44).map { $0 - 1 })
        // Rows end at 88, 132, ... 572 below one 44 pt row in 600 pt: twelve.
        let json = #"{"canvas": {"size": [100, 600], "scale": 1}, "fps": 10, "duration": 1, "table": {"style": "STYLE", "rowHeight": 44, "separator": {"emptyRows": EMPTY}, "sections": [{"rows": [{"title": "A"}]}]}}"#
        for (style, empty, count) in [("plain", "true", 12), ("plain", "false", 0), ("grouped", "true", 0)] {
            let text = json.replacingOccurrences(of: "STYLE", with: style).replacingOccurrences(of: "EMPTY", with: empty)
            let l = try SceneLoader.load(bytes: Array(text.utf8), displayName: "t", directory: ".")
            let s = try XCTUnwrap(TableSimulation(scene: l.scene))
            XCTAssertEqual(s.emptyRowSeparators(below: 44, offset: 0, height: 600).count, count, "\(style), emptyRows \(empty)")
        }
    }

    /// `deselectRowAtIndexPath:animated:YES`: the selected background is there at the tap and
    /// gone after the fade; with the default (`animated:NO`) no frame shows it.
    func testATapHighlightsTheRowAndTheHighlightFades() throws {
        let base = try simulation("top")
        XCTAssertEqual(base.selectionAlpha(.init(1), at: 0.5), 0, "deselected at once by default")
        let json = #"{"canvas": {"size": [100, 600], "scale": 1}, "fps": 10, "duration": 2, "table": {"rowHeight": 44, "selection": {"deselect": "animated", "duration": 0.4}, "sections": [{"rows": [{"title": "A"}, {"title": "B"}]}]}, "script": [{"at": 0.5, "tap": {"section": 0, "row": 1}}]}"#
        let l = try SceneLoader.load(bytes: Array(json.utf8), displayName: "t", directory: ".")
        let sim = try XCTUnwrap(TableSimulation(scene: l.scene))
        let key = TableSimulation.RowKey(1)
        XCTAssertEqual(sim.selectionAlpha(key, at: 0.49), 0)
        XCTAssertEqual(sim.selectionAlpha(key, at: 0.5), 1)
        XCTAssertEqual(sim.selectionAlpha(key, at: 0.7), 0.5, accuracy: 1e-9, "halfway through an ease in, ease out")
        XCTAssertLessThan(sim.selectionAlpha(key, at: 0.8), 0.5)
        XCTAssertEqual(sim.selectionAlpha(key, at: 0.9), 0)
        XCTAssertEqual(sim.selectionAlpha(.init(0), at: 0.5), 0, "only the tapped row")
        let highlight = try XCTUnwrap(cell(sim, 0.5, "B")?.sublayers.first)
        XCTAssertEqual(highlight.backgroundColor, Color(209, 209, 214), "systemGray4, behind the content")
        XCTAssertEqual(highlight.opacity, 1)
    }
}

final class HeaderTests: XCTestCase {
    func simulation(rows: Int, script: String) throws -> TableSimulation {
        let json = #"{"canvas": {"size": [320, 480], "scale": 1}, "fps": 30, "duration": 3, "table": {"rowHeight": 44, "rowCount": "# + "\(rows)" + #", "header": {"maxHeight": 88, "minHeight": 44}}, "script": ["# + script + "]}"
        let l = try SceneLoader.load(bytes: Array(json.utf8), displayName: "t", directory: ".")
        return try XCTUnwrap(TableSimulation(scene: l.scene))
    }

    func state(_ sim: TableSimulation, _ t: Double) -> (height: Double, offset: Double) {
        let s = sim.header!.state(at: t)
        return (s.height, sim.contentOffset(at: t))
    }

    /// Scrolling down 30 pt shrinks the header by 30 pt and freezes the content; a release below
    /// the midpoint snaps it closed in 0.2 s; then the content scrolls.
    func testHeaderHeightsAtGivenOffsets() throws {
        let sim = try simulation(rows: 40, script: #"{"at": 0.1, "scroll": {"by": 30, "duration": 0.25, "timingFunction": "linear"}}, {"at": 0.5, "release": {}}, {"at": 1.0, "scroll": {"by": 100, "duration": 0.5, "timingFunction": "linear"}}"#)
        XCTAssertEqual(state(sim, 0).height, 88)
        XCTAssertEqual(state(sim, 0.45).height, 58, accuracy: 1e-9)
        XCTAssertEqual(state(sim, 0.45).offset, 0, "the content does not move while the header resizes")
        XCTAssertEqual(state(sim, 0.6).height, 51, accuracy: 1.5, "halfway through the 0.2 s snap")
        XCTAssertEqual(state(sim, 0.75).height, 44, accuracy: 1e-9)
        XCTAssertEqual(state(sim, 1.6).height, 44, accuracy: 1e-9)
        XCTAssertEqual(state(sim, 1.6).offset, 100, accuracy: 1e-9, "at its minimum the header lets the scroll through")
    }

    func testReleaseAboveTheMidpointSnapsOpen() throws {
        let sim = try simulation(rows: 40, script: #"{"at": 0.1, "scroll": {"by": 15, "duration": 0.25, "timingFunction": "linear"}}, {"at": 0.5, "release": {}}"#)
        XCTAssertEqual(state(sim, 0.45).height, 73, accuracy: 1e-9)
        XCTAssertEqual(state(sim, 1.0).height, 88, accuracy: 1e-9)
    }

    /// Scrolling to the end reaches the content's end below the collapsed header; a drag past it
    /// rubber-bands (reference 7.3, d = the frame's height) and the release bounces back, the
    /// header staying collapsed throughout (the article's absoluteBottom test).
    func testTheBottomRubberBandsWithTheHeaderCollapsed() throws {
        let sim = try simulation(rows: 40, script: #"{"at": 0.1, "scroll": {"to": 5000, "duration": 0.5}}, {"at": 1.2, "drag": {"by": 200, "duration": 0.5}}, {"at": 1.7, "release": {}}"#)
        let end = 40 * 44 - (480 - 44.0)
        XCTAssertEqual(state(sim, 1.0).height, 44)
        XCTAssertEqual(state(sim, 1.0).offset, end, accuracy: 1e-9, "the script's end is the content's end")
        XCTAssertEqual(state(sim, 1.7).offset, end + 200 * 480 * 0.55 / (480 + 0.55 * 200), accuracy: 1e-6)
        let later = stride(from: 1.2, through: 3.0, by: 0.05).map { state(sim, $0) }
        XCTAssertTrue(later.allSatisfy { $0.height == 44 && $0.offset >= end - 1e-9 }, "\(later)")
        XCTAssertEqual(later.last?.offset ?? 0, end, accuracy: 0.01, "back at the end")
    }

    /// With content that fits even when the header is collapsed, the header stays open.
    func testShortContentNeverCollapses() throws {
        let sim = try simulation(rows: 5, script: #"{"at": 0.1, "scroll": {"by": 30, "duration": 0.25}}"#)
        XCTAssertEqual(state(sim, 1.0).height, 88)
    }
}

extension HeaderTests {
    /// The article constrains the logo to the header's bottom with a fixed size: it moves as far
    /// as the bottom edge (not half as far, as a centred logo would).
    func testTheLogoKeepsItsDistanceToTheHeadersBottom() throws {
        func logoY(bottom: String, _ t: Double) throws -> (logo: Double, header: Double) {
            let json = #"{"canvas": {"size": [320, 480], "scale": 1}, "fps": 30, "duration": 3, "table": {"rowHeight": 44, "rowCount": 40, "header": {"maxHeight": 88, "minHeight": 44, "logo": {"image": "assets/header-logo.png", "size": [66, 44]"# + bottom + #"}}}, "script": [{"at": 0.1, "scroll": {"by": 30, "duration": 0.25, "timingFunction": "linear"}}]}"#
            let l = try SceneLoader.load(bytes: Array(json.utf8), displayName: "t", directory: Package.root + "/scenes")
            let sim = try XCTUnwrap(TableSimulation(scene: l.scene))
            let header = try XCTUnwrap(sim.layers(at: t).last)
            let logo = try XCTUnwrap(header.sublayers.first { $0.image != nil })
            return (logo.position.y + logo.bounds.height / 2, header.bounds.height)
        }
        for (bottom, gap) in [("", 0.0), (#", "bottom": 10"#, 10)] {
            for t in [0.0, 0.45] {
                let (logoBottom, height) = try logoY(bottom: bottom, t)
                XCTAssertEqual(logoBottom, height - gap, accuracy: 1e-9, "t = \(t), bottom \(gap)")
            }
        }
        XCTAssertEqual(try logoY(bottom: "", 0.45).header, 58, accuracy: 1e-9, "the header did shrink")
    }

    /// UIImage(named:)'s choice: the file for the canvas scale when there is one.
    func testImagesComeAtTheCanvasScale() throws {
        typealias Loader = SceneLoader.ResourceLoader
        XCTAssertEqual(Loader.variants(of: "assets/a.png", canvasScale: 2).map(\.file), ["assets/a@2x.png", "assets/a@3x.png", "assets/a.png"])
        XCTAssertEqual(Loader.variants(of: "assets/a.png", canvasScale: 3).map(\.scale), [3, 2, 1])
        XCTAssertEqual(Loader.variants(of: "assets/a.png", canvasScale: 1).map(\.file), ["assets/a.png"])
        XCTAssertEqual(Loader.variants(of: "assets/a@2x.png", canvasScale: 3).map(\.file), ["assets/a@2x.png"], "a file that names its scale")
        for (scale, width) in [(1.0, 66), (2, 132), (3, 198)] {
            let loaded = try SceneLoader.load(path: Package.scene("header.json"), options: LoadOptions(scale: scale))
            let key = try XCTUnwrap(loaded.scene.table?.header?.logo?.path)
            let image = try XCTUnwrap(loaded.resources.images[key])
            XCTAssertEqual(image.width, width, "@\(scale)x")
            XCTAssertEqual(image.scale, scale)
        }
        // A scene whose image has no variants loads the file as written at any scale.
        let plain = try SceneLoader.load(path: Package.scene("content.json"), options: LoadOptions(scale: 3))
        XCTAssertTrue(plain.resources.images.values.allSatisfy { $0.scale == 1 })
    }
}

final class FrameReuseTests: XCTestCase {
    /// Frames at rest before and after a fold share one render: the plan groups them into runs,
    /// and every written frame still holds exactly the pixels a direct render gives.
    /// Six rows, one fold opened by a tap at 0.3 s.
    func foldScene(fps: Int, duration: Int) throws -> LoadedScene {
        let rows = (0..<6).map { #"{"title": "Row \#($0)", "detail": "Detail \#($0)"}"# }.joined(separator: ",")
        let json = #"{"canvas": {"size": [120, 300], "scale": 1}, "fps": \#(fps), "duration": \#(duration), "table": {"rowHeight": 40, "sections": [{"rows": ["# + rows + #"]}], "expansion": {"effect": "fold"}}, "script": [{"at": 0.3, "tap": {"section": 0, "row": 1}}]}"#
        return try SceneLoader.load(bytes: Array(json.utf8), displayName: "t", directory: ".")
    }

    /// A writer of the fold scene into `dir` with two jobs, a renderer of the same scene, and the
    /// writer's plan (runs of equal frames) for `frames`.
    func foldRun(fps: Int, duration: Int, frames: [Int], into dir: String) throws
        -> (writer: FrameWriter, renderer: FrameRenderer, runs: [[Int]]) {
        let loaded = try foldScene(fps: fps, duration: duration)
        let writer = FrameWriter(loaded, options: RenderOptions(jobs: 2), outputPath: dir)
        let renderer = FrameRenderer(loaded)
        return (writer, renderer, writer.plan(frames, renderer: renderer))
    }

    /// Every written frame holds the pixels that rendering it directly (no reuse, no cache) gives.
    func assertPixelsOfDirectRenders(_ records: [FrameRecord], _ renderer: FrameRenderer, line: UInt = #line) {
        for r in records {
            XCTAssertEqual(r.pixelsSHA256, SHA256.hex(renderer.render(frame: r.index).unpremultipliedRGBA()),
                           "frame \(r.index)", line: line)
        }
    }

    func testFramesAtRestAreRenderedOnceAndStillWritten() throws {
        let dir = Package.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (writer, renderer, runs) = try foldRun(fps: 10, duration: 1, frames: Array(0...10), into: dir)
        // At rest 0...3 (the tap at 0.3 s is frame 3: the halves start edge-on, which draws the
        // same layers' pixels but not the same tree), animating 3...6, at rest from 6 on.
        XCTAssertEqual(runs.first, [0, 1, 2])
        XCTAssertEqual(runs.last, [6, 7, 8, 9, 10])
        XCTAssertEqual(runs.flatMap { $0 }, Array(0...10))
        let records = try writer.run()
        XCTAssertEqual(records.count, 11)
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".png") }).count, 11)
        assertPixelsOfDirectRenders(records, renderer)
    }

    /// A long run at rest is written in chunks shared between workers: every frame file exists,
    /// holds the run's one encoding, and has the pixels of a direct render (no mask cache).
    func testLongRunsAreSplitAcrossWorkersAndStayExact() throws {
        let dir = Package.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (writer, renderer, runs) = try foldRun(fps: 30, duration: 2, frames: Array(0...60), into: dir)
        let longest = try XCTUnwrap(runs.max { $0.count < $1.count })
        XCTAssertGreaterThan(longest.count, 3 * FrameWriter.writeChunk, "the scene must have a long rest")
        let records = try writer.run()
        XCTAssertEqual(records.map(\.index), Array(0...60))
        let bytes = try longest.map { i in
            try Data(contentsOf: URL(fileURLWithPath: dir + "/" + FrameWriter.fileName(index: i, count: 61)))
        }
        XCTAssertEqual(Set(bytes).count, 1, "one encoding for the whole run")
        assertPixelsOfDirectRenders(records, renderer)
    }
}
