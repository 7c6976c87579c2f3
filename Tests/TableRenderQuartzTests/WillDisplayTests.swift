import Hashing
import TableRender
import TableRenderQuartz
import TestSupport
import XCTest

/// `willDisplay` run as UIKit runs it: for every row when it comes into view, on a cell with
/// the row's frame, with its index path and `CACurrentMediaTime()` the display's time; what it
/// does per row becomes the table's display effect and the rows' own.
final class WillDisplayTests: XCTestCase {
    func compact(_ json: String) -> String { json.filter { !$0.isWhitespace } }

    func same(_ a: Renderer, _ b: Renderer, at times: [Double], file: StaticString = #filePath, line: UInt = #line) {
        for t in times {
            XCTAssertEqual(SHA256.hex(a.frame(at: t).unpremultipliedRGBA()), SHA256.hex(b.frame(at: t).unpremultipliedRGBA()),
                           "t = \(t)", file: file, line: line)
        }
    }

    /// Explicit Core Animation in willDisplay, depending on the index path and the cell's
    /// frame, draws what scenes/alternate-slide-in.json (per-row effects in JSON) draws.
    func testAnIndexPathDependentHookDrawsThePerRowScene() throws {
        var read = try LayerScene(contentsOf: Package.scene("alternate-slide-in.json"))
        let table = try XCTUnwrap(read.tableView)
        table.willDisplay = { _, cell, indexPath in
            guard indexPath.row > 0 else { return }  // the pinned row stays
            let slide = CASpringAnimation(keyPath: "position.x")
            slide.fromValue = indexPath.row % 2 == 0 ? cell.frame.width : -cell.frame.width
            slide.toValue = 0
            slide.isAdditive = true
            slide.mass = 1
            slide.stiffness = 170
            slide.damping = 20
            slide.duration = 0.7
            slide.beginTime = CACurrentMediaTime() + 0.06 * Double(indexPath.row)
            slide.fillMode = .backwards
            cell.layer.add(slide, forKey: "slide")
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 0
            fade.toValue = 1
            fade.duration = 0.3
            fade.beginTime = slide.beginTime
            fade.fillMode = .backwards
            cell.layer.add(fade, forKey: "fade")
        }
        read.displayName = "swift"
        let written = compact(try read.json())
        XCTAssertTrue(written.contains(#""display":"none""#), "row 0 does nothing: \(written)")
        XCTAssertTrue(written.contains(#""delayPerRow":0.06"#), written)
        let file = try Renderer(path: Package.scene("alternate-slide-in.json")), swift = try Renderer(read)
        same(swift, file, at: [0, 0.1, 0.3, 0.6, 1.5, 1.7, 2.0, 2.4, 3.4])
        XCTAssertNotEqual(SHA256.hex(swift.frame(at: 0.1).unpremultipliedRGBA()), SHA256.hex(swift.frame(at: 2.0).unpremultipliedRGBA()))
    }

    /// A UIView animation of `cell.center` on odd rows only: the hook sees each row's real frame
    /// and index path, at the time it comes into view; the move is recorded relative to where
    /// the table puts the cell; it draws what the same effects written in JSON draw.
    func testCenterMovesOnOddRowsAsTheJSONDraws() throws {
        var scene = LayerScene(size: CGSize(width: 200, height: 132), scale: 1, fps: 10, duration: 2)
        let table = UITableView()
        table.rowCount = 8
        var seen: [(row: Int, frame: CGRect, time: Double)] = []
        table.willDisplay = { _, cell, indexPath in
            seen.append((indexPath.row, cell.frame, CACurrentMediaTime()))
            guard indexPath.row % 2 == 1 else { return }
            let end = cell.center
            cell.center = CGPoint(x: end.x + 100, y: end.y)
            UIView.animate(withDuration: 0.5, delay: 0, options: [], animations: { cell.center = end })
        }
        scene.tableView = table
        scene.script = [.scrollBy(at: 0.5, by: 132, duration: 0.4)]
        let written = try scene.json()
        XCTAssertEqual(seen.prefix(3).map(\.row), [0, 1, 2], "the first layout's rows at time 0")
        XCTAssertEqual(seen[2].frame, CGRect(x: 0, y: 88, width: 200, height: 44))
        XCTAssertEqual(seen.prefix(3).map(\.time), [0, 0, 0])
        let late = try XCTUnwrap(seen.first { $0.row == 5 })
        XCTAssertEqual(late.frame.minY, 220)
        XCTAssertGreaterThan(late.time, 0.5, "a row scrolled into view is displayed when it shows")
        XCTAssertTrue(compact(written).contains(#""from":[100,0],"to":[0,0]"#), written)
        XCTAssertFalse(written.contains("rowCount"), "a rowCount table with rows of their own is written as rows")
        let json = #"""
            {"version": 1, "canvas": {"size": [200, 132]}, "fps": 10, "duration": 2,
             "table": {"sections": [{"rows": [
               {"title": "Cell 0", "display": "none"}, {"title": "Cell 1"}, {"title": "Cell 2", "display": "none"}, {"title": "Cell 3"},
               {"title": "Cell 4", "display": "none"}, {"title": "Cell 5"}, {"title": "Cell 6", "display": "none"}, {"title": "Cell 7"}]}],
              "display": {"effect": {"animations": [
                {"layer": "cell", "keyPath": "position", "from": [100, 0], "to": [0, 0], "additive": true, "duration": 0.5,
                 "timingFunction": "easeInEaseOut", "fillMode": "backwards"}]}}},
             "script": [{"at": 0.5, "scroll": {"by": 132, "duration": 0.4}}]}
            """#
        let swift = try Renderer(scene), file = try Renderer(LayerScene(json: Array(json.utf8)))
        same(swift, file, at: [0, 0.2, 0.4, 0.7, 0.9, 1.1, 1.5])
        XCTAssertNotEqual(SHA256.hex(swift.frame(at: 0.2).unpremultipliedRGBA()), SHA256.hex(swift.frame(at: 1.5).unpremultipliedRGBA()))
    }

    /// The cell is prepared for reuse before every display but the first, and what willDisplay
    /// changed is put back after each: a value set without animation holds for its row only.
    func testPrepareForReuseAndAValueSetWithoutAnimation() throws {
        final class Cell: UITableViewCell {
            var reused = 0
            override func prepareForReuse() { reused += 1 }
        }
        var scene = LayerScene(size: CGSize(width: 200, height: 132), scale: 1, fps: 10, duration: 1)
        let table = UITableView()
        table.rowCount = 3
        let proto = Cell()
        let badge = UIView(frame: CGRect(x: 150, y: 12, width: 20, height: 20))
        badge.accessibilityIdentifier = "badge"
        badge.backgroundColor = .systemRed
        proto.contentView.addSubview(badge)
        table.cellTemplate = proto
        table.willDisplay = { _, cell, indexPath in
            if indexPath.row == 2 { cell.contentView.viewWithIdentifier("badge")?.alpha = 0.25 }
        }
        scene.tableView = table
        let written = compact(try scene.json())
        XCTAssertEqual(proto.reused, 2, "three displays")
        XCTAssertEqual(badge.alpha, 1, "the template is put back")
        XCTAssertTrue(written.contains(#"{"layer":"badge","keyPath":"opacity","values":[0.25],"fillMode":"both"}"#), written)
        let frame = try Renderer(scene).frame(at: 0.5)
        func green(_ y: Int) -> UInt8 { frame.unpremultipliedRGBA()[(y * 200 + 160) * 4 + 1] }
        XCTAssertEqual(green(22), 59, "row 0's badge: systemRed's green")
        XCTAssertGreaterThan(green(22 + 88), 150, "row 2's badge at a quarter over white")
    }

    /// A cell's own animation (added to a view of the cell in its initialiser) runs on every
    /// row's cell, on a clock that starts when the row is first displayed, as the same
    /// template animation in JSON does.
    func testACellsOwnAnimationRunsOnEveryRowFromItsDisplay() throws {
        final class PulseCell: UITableViewCell {
            required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
            required init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
                super.init(style: style, reuseIdentifier: reuseIdentifier)
                let dot = UIView(frame: CGRect(x: 170, y: 17, width: 10, height: 10))
                dot.accessibilityIdentifier = "dot"
                dot.backgroundColor = .black
                let pulse = CABasicAnimation(keyPath: "opacity")
                pulse.fromValue = 1
                pulse.toValue = 0
                pulse.duration = 1
                pulse.autoreverses = true
                pulse.repeatCount = 100
                dot.layer.add(pulse, forKey: "pulse")
                contentView.addSubview(dot)
            }
        }
        var scene = LayerScene(size: CGSize(width: 200, height: 132), scale: 1, fps: 10, duration: 3)
        let table = UITableView()
        table.rowCount = 6
        table.cellTemplate = PulseCell(style: .default, reuseIdentifier: nil)
        scene.tableView = table
        scene.script = [.scrollBy(at: 1.0, by: 132, duration: 0.5)]
        let written = compact(try scene.json())
        XCTAssertTrue(written.contains(#""animations":[{"layer":"dot","keyPath":"opacity","from":1,"to":0,"duration":1,"repeatCount":100,"autoreverses":true}]"#), written)
        let json = #"""
            {"version": 1, "canvas": {"size": [200, 132]}, "fps": 10, "duration": 3,
             "table": {"rowCount": 6, "cell": {"template": {
               "layers": [{"name": "dot", "frame": [170, 17, 10, 10], "backgroundColor": "black"}],
               "animations": [{"layer": "dot", "keyPath": "opacity", "from": 1, "to": 0, "duration": 1, "autoreverses": true, "repeatCount": 100}]}}},
             "script": [{"at": 1.0, "scroll": {"by": 132, "duration": 0.5}}]}
            """#
        let swift = try Renderer(scene), file = try Renderer(LayerScene(json: Array(json.utf8)))
        same(swift, file, at: [0, 0.5, 1.2, 1.5, 2.0, 2.9])
        let frame = swift.frame(at: 0.5)
        func level(_ x: Int, _ y: Int) -> Int { Int(frame.unpremultipliedRGBA()[(y * 200 + x) * 4]) }
        XCTAssertEqual(level(175, 22), 128, accuracy: 2, "row 0's dot half faded at 0.5 s")
        let later = swift.frame(at: 2.0)
        // Row 3 came into view on the scroll's first frame (1.1 s): at 2 s its pulse is 0.9 s
        // in (opacity 0.1), where row 0's, 2 s in, is back at 1.
        XCTAssertEqual(Int(later.unpremultipliedRGBA()[(22 * 200 + 175) * 4]), 230, accuracy: 3, "row 3, at the top after the scroll")
    }

    /// A value set to what it already is (the rotate article's `shadowColor = black`) changes
    /// nothing: the effect keeps the start-state form the articles' scenes use.
    func testAValueSetToWhatItIsKeepsTheStartStateForm() throws {
        var scene = LayerScene(size: CGSize(width: 100, height: 100), duration: 1)
        let table = UITableView()
        table.rowCount = 3
        table.willDisplay = { _, cell, _ in
            cell.layer.shadowColor = UIColor.black.cgColor
            cell.alpha = 0
            UIView.animate(withDuration: 0.3) { cell.alpha = 1 }
        }
        scene.tableView = table
        let written = compact(try scene.json())
        XCTAssertTrue(written.contains(#""effect":{"opacity":0,"duration":0.3"#), written)
        XCTAssertFalse(written.contains("animations"), written)
    }

    /// A template layer named "card" in a table without a card, and a template layer's mask,
    /// are animated by the effects that name them.
    func testEffectsReachACardNamedLayerAndAMask() throws {
        func scene(_ layers: String, _ target: String) throws -> Renderer {
            let json = """
                {"version": 1, "canvas": {"size": [100, 44]}, "fps": 10, "duration": 1,
                 "table": {"rowCount": 1, "separator": {"style": "none"}, "cell": {"template": {"layers": [\(layers)]}},
                  "display": {"effect": {"animations": [
                    {"layer": "\(target)", "keyPath": "opacity", "from": 0, "to": 1, "duration": 1, "timingFunction": "linear"}]}}}}
                """
            return try Renderer(LayerScene(json: Array(json.utf8)))
        }
        let card = try scene(#"{"name": "card", "frame": [0, 0, 100, 44], "backgroundColor": "black"}"#, "card")
        let masked = try scene(#"{"name": "box", "frame": [0, 0, 100, 44], "backgroundColor": "black", "mask": {"name": "m", "frame": [0, 0, 100, 44], "backgroundColor": "white"}}"#, "m")
        for r in [card, masked] {
            func level(_ t: Double) -> Int { Int(r.frame(at: t).unpremultipliedRGBA()[(22 * 100 + 50) * 4]) }
            XCTAssertEqual(level(0.5), 128, accuracy: 2, "half faded in")
            XCTAssertEqual(level(1), 0, "black at the end")
        }
    }
}
