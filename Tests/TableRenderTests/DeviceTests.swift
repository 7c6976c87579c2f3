import Foundation
import XCTest
import Geometry
import LayerTree
@testable import SceneModel
@testable import Simulation
@testable import TableEngine
@testable import TableRender

/// Issue 29.1: a device's screen, its status bar and the table's safe-area insets.
final class DeviceTests: XCTestCase {
    func loaded(_ json: String) throws -> LoadedScene {
        try SceneLoader.load(bytes: Array(json.utf8), displayName: "t.json", directory: ".")
    }

    func scene(_ device: String, statusBar: String = "true", table: String = #""rowCount": 40"#, script: String = "") -> String {
        #"{"canvas": {"device": "\#(device)"}, "fps": 10, "duration": 2, "statusBar": \#(statusBar), "table": {\#(table)}, "script": [\#(script)]}"#
    }

    func testTheDeviceSetsTheScreen() throws {
        let s = try loaded(scene("iPhone 15")).scene
        XCTAssertEqual([s.canvas.width, s.canvas.height, s.canvas.scale], [393, 852, 3])
        XCTAssertEqual(s.canvas.device?.safeAreaTop, 59)
        let mini = try loaded(#"{"canvas": {"device": "iPhone 13 mini", "size": [375, 812], "scale": 2}, "fps": 1, "duration": 0}"#).scene
        XCTAssertEqual(mini.canvas.scale, 2, "a scale given wins (as --scale)")
        XCTAssertEqual(Set(Device.all.map(\.name)).count, Device.all.count, "names are unique")
    }

    /// The first row starts below the status bar (the safe area's top), the content ends above
    /// the home indicator, a plain section header pins below the status bar, and scrollToRow
    /// .top puts a row just below it.
    func testTheTablesContentInsetsAreTheSafeArea() throws {
        func rows(_ n: Int) -> String { (0..<n).map { #"{"title": "r\#($0)"}"# }.joined(separator: ", ") }
        let table = #""sections": [{"title": "A", "rows": ["# + rows(10) + #"]}, {"title": "B", "rows": ["# + rows(30) + "]}]"
        let sim = try XCTUnwrap(TableSimulation(scene: try loaded(scene("iPhone 15", table: table,
            script: #"{"at": 0.5, "scroll": {"by": 100, "duration": 0.2}}, {"at": 1, "scrollToRow": {"section": 1, "row": 10, "position": "top", "animated": false}}"#)).scene))
        XCTAssertEqual(sim.inset.top, 59)
        XCTAssertEqual(sim.inset.bottom, 34)
        let start = sim.layout(at: 0)
        XCTAssertEqual(start.sections[0].top, 59, "the first header below the status bar")
        XCTAssertEqual(sim.maxOffset(at: 0), start.contentHeight + 34 - 852, "the last row stops above the home indicator")
        // At offset 100 section A's header pins at offset + 59 (drawn in content coordinates).
        let headerY = sim.layers(at: 0.8)[0].sublayers.filter { $0.sublayers.contains { $0.text?.string == "A" } }.map { $0.position.y - $0.bounds.height / 2 }
        XCTAssertEqual(headerY, [100 + 59])
        let row = try XCTUnwrap(sim.layout(at: 1.5).sections[1].rows.first { $0.path.row == 10 })
        XCTAssertEqual(row.y - 28, sim.contentOffset(at: 1.5) + 59, accuracy: 1e-9, "scrollToRow .top: the row below the pinned header, below the status bar")
    }

    /// Without a device a status bar is the 20 pt bar, and so is the table's top inset; without
    /// either, nothing moves. A table on a 375 x 667 canvas is a Home-button phone's whole
    /// screen, which has the bar unless the scene says `false` (issue 54); other sizes do not.
    func testTheClassicBarAndNoBar() throws {
        let classic = try XCTUnwrap(TableSimulation(scene: try loaded(#"{"canvas": {"size": [375, 667]}, "fps": 1, "duration": 0, "statusBar": true, "table": {"rowCount": 3}}"#).scene))
        XCTAssertEqual(classic.inset.top, 20)
        XCTAssertEqual(classic.inset.bottom, 0)
        let phone = try loaded(#"{"canvas": {"size": [375, 667]}, "fps": 1, "duration": 0, "table": {"rowCount": 3}}"#).scene
        XCTAssertEqual(phone.statusBar, StatusBarModel(), "a phone's whole screen shows its status bar")
        XCTAssertFalse(phone.homeIndicator, "a Home-button phone has no home indicator")
        XCTAssertEqual(try XCTUnwrap(TableSimulation(scene: phone)).inset.top, 20)
        let none = try XCTUnwrap(TableSimulation(scene: try loaded(#"{"canvas": {"size": [375, 667]}, "fps": 1, "duration": 0, "statusBar": false, "table": {"rowCount": 3}}"#).scene))
        XCTAssertEqual(none.inset.top, 0)
        XCTAssertEqual(none.layout(at: 0).sections[0].rows[0].y, 0)
        let part = try loaded(#"{"canvas": {"size": [375, 600]}, "fps": 1, "duration": 0, "table": {"rowCount": 3}}"#).scene
        XCTAssertNil(part.statusBar, "a canvas of another size is not a phone's screen")
        let layersOnly = try loaded(#"{"canvas": {"size": [375, 667]}, "fps": 1, "duration": 0, "layers": []}"#).scene
        XCTAssertNil(layersOnly.statusBar, "layers without a table on a 375 x 667 canvas: a drawing, not an app's screen")
    }

    /// The phones without a Home button show the home indicator over everything: 5 pt tall, its
    /// bottom 8 pt above the screen's, 140 pt wide on a 393 pt screen, black over light content
    /// (issue 54). `homeIndicator: false` leaves it out; a scene's JSON writes what differs
    /// from the default, so it decodes to the same.
    func testTheHomeIndicator() throws {
        let shown = try loaded(scene("iPhone 15", table: #""rowCount": 40, "separator": {"style": "none"}"#))
        XCTAssertTrue(shown.scene.homeIndicator)
        let pixels = FrameRenderer(shown).render(frame: 0).unpremultipliedRGBA()
        let w = 393 * 3, h = 852 * 3
        func red(_ x: Double, _ y: Double) -> UInt8 { pixels[(Int(y * 3) * w + Int(x * 3)) * 4] }
        XCTAssertEqual(red(196.5, 852 - 10.5), 0, "the bar's middle is black")
        XCTAssertEqual(red(196.5 - 69, 852 - 10.5), 0, "69 pt left of the centre: inside its 140 pt")
        XCTAssertEqual(red(196.5 - 71, 852 - 10.5), 255, "71 pt left: outside it")
        XCTAssertEqual(red(196.5, 852 - 7.5), 255, "below it: its bottom is 8 pt above the screen's")
        XCTAssertEqual(red(196.5, 852 - 13.5), 255, "above it: 5 pt tall")
        XCTAssertEqual(pixels.count, w * h * 4)
        let off = try loaded(#"{"canvas": {"device": "iPhone 15"}, "fps": 1, "duration": 0, "homeIndicator": false, "table": {"rowCount": 40, "separator": {"style": "none"}}}"#)
        XCTAssertFalse(off.scene.homeIndicator)
        XCTAssertNotNil(off.scene.statusBar, "the device's status bar by default")
        let plain = FrameRenderer(off).render(frame: 0).unpremultipliedRGBA()
        XCTAssertEqual(plain[(Int((852 - 10.5) * 3) * w + Int(196.5 * 3)) * 4], 255, "no bar")
        let classic = try loaded(scene("iPhone SE"))
        XCTAssertFalse(classic.scene.homeIndicator, "a Home-button phone has none")
    }

    /// The items' places: beside the Dynamic Island the time is centred between the left edge's
    /// 17 pt and 8 pt before the island, on the island's centre line; the battery's nub ends
    /// where the right cluster ends (centred between the island + 8 and 18 pt from the right).
    func testStatusBarLayoutBesideTheIsland() throws {
        let d = try XCTUnwrap(Device.named("iPhone 15"))
        var canvas = Canvas(width: d.width, height: d.height, scale: d.scale)
        canvas.device = d
        let layers = StatusBar.layers(StatusBarModel(), canvas: canvas)
        let time = try XCTUnwrap(layers.first { $0.text != nil })
        XCTAssertEqual(time.text?.string, "9:41")
        XCTAssertEqual(time.text?.size, 17)
        XCTAssertEqual(time.position.x, (17 + 133.5 - 8) / 2, accuracy: 1e-9)
        XCTAssertEqual(time.position.y, 11 + 37.33 / 2, accuracy: 1e-9)
        let g = StatusBar.Glyphs.of(d)
        let nub = try XCTUnwrap(layers.last)
        XCTAssertEqual(nub.position.x + nub.bounds.width / 2, (133.5 + 126 + 8 + 393 - 18) / 2 + g.clusterWidth / 2, accuracy: 1e-9)
        XCTAssertEqual(nub.shape?.fillColor?.a, 0.5)
        let light = StatusBar.layers(StatusBarModel(style: .lightContent), canvas: canvas)
        XCTAssertEqual(light.first?.text?.color, .white)
    }

    /// Drawn: the time's pixels are dark on the light background, in the left ear.
    func testTheStatusBarIsDrawnOverTheTable() throws {
        let l = try loaded(scene("iPhone 15", table: #""rowCount": 40, "separator": {"style": "none"}"#))
        let pixels = FrameRenderer(l).render(frame: 0).unpremultipliedRGBA()
        let w = 393 * 3
        func dark(_ xs: Range<Int>, _ ys: Range<Int>) -> Int {
            var n = 0
            for y in ys { for x in xs where pixels[(y * w + x) * 4] < 80 { n += 1 } }
            return n
        }
        XCTAssertGreaterThan(dark(150..<280, 60..<120), 300, "the time 9:41 in the left ear")
        XCTAssertEqual(dark(0..<140, 0..<177), 0, "no row under the status bar at rest: Row 0's title starts below 59 pt")
        XCTAssertGreaterThan(dark(0..<140, 177..<309), 100, "Row 0's title below it")
    }

    /// A navigation bar below the status bar: 44 pt (96 with a large title) more top inset;
    /// transparent at rest, its material and hairline once content is under it; a large title
    /// collapses into the standard bar over its 52 pt, and plain headers pin below the bar as
    /// it is.
    func testTheNavigationBar() throws {
        func sim(_ large: Bool) throws -> TableSimulation {
            let json = #"{"canvas": {"device": "iPhone 15"}, "fps": 10, "duration": 2, "statusBar": true, "navigationBar": {"title": "Mail", "prefersLargeTitles": \#(large)}, "table": {"rowCount": 60}}"#
            return try XCTUnwrap(TableSimulation(scene: try loaded(json).scene))
        }
        let standard = try sim(false), large = try sim(true)
        XCTAssertEqual(standard.inset.top, 59 + 44)
        XCTAssertEqual(large.inset.top, 59 + 96)
        XCTAssertEqual(large.coveredTop(offset: 30), 59 + 96 - 30)
        XCTAssertEqual(large.coveredTop(offset: 100), 59 + 44)
        XCTAssertEqual(standard.coveredTop(offset: 100), 59 + 44)
        func texts(_ l: [PresentationLayer]) -> [String: Double] {
            // Each text with its opacity, and the one of the layer it is in.
            func walk(_ l: PresentationLayer, _ outer: Double) -> [(String, Double)] {
                let o = outer * l.opacity
                return (l.text.map { [("\($0.string) \(Int($0.size))", o)] } ?? []) + l.sublayers.flatMap { walk($0, o) }
            }
            return Dictionary(l.flatMap { walk($0, 1) }, uniquingKeysWith: { a, _ in a })
        }
        let rest = standard.navigationBarLayers(offset: 0, at: 0)
        XCTAssertEqual(texts(rest), ["Mail 17": 1])
        XCTAssertFalse(rest.contains { $0.backgroundColor == TableSimulation.barMaterial }, "transparent at the scroll edge")
        let scrolled = standard.navigationBarLayers(offset: 40, at: 0)
        XCTAssertEqual(scrolled.first?.backgroundColor, TableSimulation.barMaterial)
        XCTAssertEqual(scrolled.first?.backdropBlur, 10, "the material blurs what is under it (issue 54.2)")
        XCTAssertLessThan(TableSimulation.barMaterial.a, 1, "and its tint lets the blur show")
        XCTAssertEqual(scrolled.first?.bounds.height, 59 + 44)
        XCTAssertEqual(scrolled[1].bounds.height, 1.0 / 3, "a one-pixel hairline")
        XCTAssertEqual(texts(large.navigationBarLayers(offset: 0, at: 0)), ["Mail 34": 1], "only the large title at rest")
        // Collapsed, the standard title (faded in over 0.15 s once the scroll passed 42 pt).
        let collapsed = try XCTUnwrap(TableSimulation(scene: try loaded(#"{"canvas": {"device": "iPhone 15"}, "fps": 10, "duration": 2, "navigationBar": {"title": "Mail", "prefersLargeTitles": true}, "table": {"rowCount": 60}, "script": [{"at": 0.1, "scroll": {"to": 100, "duration": 0.2}}]}"#).scene))
        XCTAssertEqual(texts(collapsed.navigationBarLayers(offset: collapsed.contentOffset(at: 1), at: 1)), ["Mail 17": 1], "collapsed: the standard title")
        // Collapsing, the large title slides up in the label colour, clipped where the standard
        // bar begins (issue 54.2: it faded to grey, 0.6 at 40 pt).
        let collapsing = large.navigationBarLayers(offset: 40, at: 0)
        XCTAssertEqual(texts(collapsing), ["Mail 34": 1])
        let clip = try XCTUnwrap(collapsing.first { $0.sublayers.first?.text?.size == 34 })
        XCTAssertTrue(clip.masksToBounds)
        XCTAssertEqual(clip.position.y - clip.bounds.height / 2, 59 + 44, "clipped at the standard bar's bottom")
        XCTAssertEqual(large.navigationBarLayers(offset: 100, at: 0).first?.bounds.height, 59 + 44)
        XCTAssertThrowsError(try loaded(#"{"canvas": {"size": [100, 100]}, "fps": 1, "duration": 0, "navigationBar": {"title": "x"}}"#)) { error in
            XCTAssertTrue("\(error)".contains("navigationBar: expected a table under the navigation bar"), "\(error)")
        }
    }

    /// A large title over a collapsing header drew the two over each other (a helper's probe):
    /// refused by one check, from a file and from a scene built in memory alike.
    func testALargeTitleOverACollapsingHeaderIsRefused() throws {
        let json = #"{"canvas": {"device": "iPhone 15"}, "fps": 10, "duration": 1, "navigationBar": {"title": "Mail", "prefersLargeTitles": true}, "table": {"header": {"maxHeight": 200, "minHeight": 60}, "rowCount": 30}}"#
        let line = "navigationBar.prefersLargeTitles: expected no large title over a collapsing header"
        XCTAssertThrowsError(try loaded(json)) { XCTAssertTrue("\($0)".contains(line), "\($0)") }
        XCTAssertNoThrow(try loaded(json.replacingOccurrences(of: #""prefersLargeTitles": true"#, with: #""prefersLargeTitles": false"#)))
        var scene = try loaded(json.replacingOccurrences(of: #""prefersLargeTitles": true"#, with: #""prefersLargeTitles": false"#)).scene
        XCTAssertEqual(scene.validate().count, 0)
        scene.navigationBar?.prefersLargeTitles = true
        XCTAssertEqual(scene.validate().map { "\($0.path): \($0.message)" }.filter { $0.hasPrefix(line) }.count, 1, "\(scene.validate())")
    }

    /// Issue 54.1: rows sliding in from above the first row come out from under the bars; they
    /// were drawn through the status bar's and the transparent navigation bar's area (the
    /// sections article's frames 18-26). Every frame's bars area equals the frame's before the
    /// insert, in plain and grouped tables, with a status bar alone and with a navigation bar.
    func testRowsSlidingInAreNotDrawnOverTheBars() throws {
        for (style, bar) in [("plain", ""), ("plain", #""navigationBar": {"title": "Inbox"},"#), ("insetGrouped", #""navigationBar": {"title": "Inbox"},"#)] {
            let json = #"{"canvas": {"device": "iPhone SE"}, "fps": 10, "duration": 1, \#(bar) "table": {"style": "\#(style)", "rowHeight": 60, "sections": [{"rows": [{"title": "a"}, {"title": "b"}]}]}, "script": [{"at": 0.2, "insertRows": {"indexPaths": [[0, 0], [0, 1], [0, 2]], "rows": [{"title": "N1"}, {"title": "N2"}, {"title": "N3"}], "animation": "top", "duration": 0.6}}]}"#
            let l = try loaded(json)
            let renderer = FrameRenderer(l)
            let sim = try XCTUnwrap(TableSimulation(scene: l.scene))
            let top = Int(sim.inset.top * 2)
            XCTAssertGreaterThan(top, 0)
            let w = 375 * 2
            let before = Array(renderer.render(frame: 0).unpremultipliedRGBA()[0..<(top * w * 4)])
            for f in 3...7 {
                let bars = Array(renderer.render(frame: f).unpremultipliedRGBA()[0..<(top * w * 4)])
                XCTAssertTrue(bars == before, "\(style) \(bar.isEmpty ? "status bar" : "navigation bar"): frame \(f) draws a row over the bars")
            }
        }
    }

    /// Issue 54.2 (the review's "no large-title stretch on pull-down"): pulled down past the top,
    /// the large title grows from its bottom-leading corner, 3 % for each 44 pt up to 1.1
    /// (Flutter's `_RenderLargeTitle._computeTitleScale`, flutter/flutter#110127). It stayed 34 pt.
    func testALargeTitlePulledDownGrowsFromItsBottomLeadingCorner() throws {
        XCTAssertEqual(TableSimulation.largeTitleScale(pulled: 0), 1)
        XCTAssertEqual(TableSimulation.largeTitleScale(pulled: 44), 1.03, accuracy: 1e-12)
        XCTAssertEqual(TableSimulation.largeTitleScale(pulled: 1_000), 1.1)
        XCTAssertEqual(TableSimulation.largeTitleScale(pulled: .nan), 1)
        let json = #"{"canvas": {"device": "iPhone 15"}, "fps": 10, "duration": 1.5, "navigationBar": {"title": "Mailboxes", "prefersLargeTitles": true}, "table": {"rowCount": 60}, "script": [{"at": 0.1, "drag": {"by": -300, "duration": 0.4}}, {"at": 0.5, "release": {}}]}"#
        let l = try loaded(json)
        let sim = try XCTUnwrap(TableSimulation(scene: l.scene))
        func title(_ offset: Double) throws -> PresentationLayer {
            let clip = try XCTUnwrap(sim.navigationBarLayers(offset: offset, at: 0).first { $0.sublayers.first?.text?.size == 34 })
            return try XCTUnwrap(clip.sublayers.first)
        }
        XCTAssertEqual(try title(0).transform, .identity)
        let pulled = try title(-88)
        XCTAssertEqual(pulled.transform, .scale(1.06, 1.06, 1))
        XCTAssertEqual(pulled.anchorPoint, Point(0, 1), "from its bottom-leading corner")
        XCTAssertEqual(pulled.position.x, 16, "its leading edge stays at the margin")
        XCTAssertEqual(pulled.bounds.width * 1.06, 393 - 32, accuracy: 1e-9, "as wide as the bar allows once grown")
        // Drawn: the title's ink is wider by the scale at the pulled frame's offset.
        let d = sim.contentOffset(at: 0.5)
        XCTAssertLessThan(d, -100, "pulled well past the top")
        func inkWidth(_ frame: Int) -> Int {
            let px = FrameRenderer(l).render(frame: frame).unpremultipliedRGBA()
            func dark(_ x: Int, _ y: Int) -> Bool {
                let i = (y * 393 * 3 + x) * 4
                return px[i] < 40 && px[i + 1] < 40 && px[i + 2] < 40
            }
            // The title is the first run of rows with ink below the standard bar.
            var y = (59 + 44) * 3
            while y < 852 * 3 && !(0 ..< 393 * 3).contains(where: { dark($0, y) }) { y += 1 }
            var minX = Int.max, maxX = -1
            while y < 852 * 3, case let xs = (0 ..< 393 * 3).filter({ dark($0, y) }), let first = xs.first, let last = xs.last {
                minX = min(minX, first); maxX = max(maxX, last)
                y += 1
            }
            return maxX - minX
        }
        let rest = inkWidth(14), grown = inkWidth(5)
        XCTAssertGreaterThan(rest, 300, "Mailboxes' ink at 34 pt @3x")
        XCTAssertEqual(Double(grown) / Double(rest), TableSimulation.largeTitleScale(pulled: -d), accuracy: 0.01)
    }
}
