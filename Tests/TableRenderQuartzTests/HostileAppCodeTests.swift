import Foundation
import XCTest
import TableRenderQuartz

/// Hostile app code (issue 53, items 5 to 7 and 9's `addSubview(self)`): cycles and depth in the
/// layer and view trees, and completion chains that never end, stop the scene with a message
/// naming what was refused. Before, each crashed (SIGSEGV, stack overflow while writing the
/// scene), ran until killed, or was ignored without a word.
final class HostileAppCodeTests: XCTestCase {
    func scene(_ layers: [CALayer], duration: Double = 1) -> LayerScene {
        var s = LayerScene(size: CGSize(width: 20, height: 20), fps: 10, duration: duration)
        s.layers = layers
        return s
    }

    /// The messages of a scene that is refused (a failure when it loads).
    func refusal(_ s: LayerScene, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        do {
            _ = try s.load()
            XCTFail("expected the scene to be refused", file: file, line: line)
            return []
        } catch {
            return error.problems.map(\.message)
        }
    }

    func named(_ name: String) -> CALayer {
        let l = CALayer()
        l.name = name
        return l
    }

    func testASublayerThatHoldsItsParentIsRefused() {
        let a = named("a"), b = named("b")
        a.addSublayer(b)
        b.addSublayer(a)
        XCTAssertNil(b.sublayers, "the tree stays a tree")
        XCTAssertEqual(refusal(scene([a])), [#"CALayer "b": the sublayer added is CALayer "a", which holds this layer (the tree would be a cycle)"#])
        let c = named("c")
        c.addSublayer(c)
        XCTAssertEqual(refusal(scene([c])), [#"CALayer "c": the sublayer added is the layer itself (a layer cannot hold itself)"#])
    }

    func testMasksThatHoldTheirLayerAreRefused() {
        let a = named("a")
        a.mask = a
        XCTAssertNil(a.mask)
        XCTAssertEqual(refusal(scene([a])), [#"CALayer "a": mask is the layer itself (a layer cannot hold itself)"#])
        // Two layers masking each other.
        let b = named("b"), c = named("c")
        b.mask = c
        c.mask = b
        XCTAssertNil(c.mask)
        XCTAssertEqual(refusal(scene([b])), [#"CALayer "c": mask is CALayer "b", which holds this layer (the tree would be a cycle)"#])
        // A mask that is the layer's own ancestor.
        let d = named("d"), e = named("e")
        d.addSublayer(e)
        e.mask = d
        XCTAssertEqual(refusal(scene([d])), [#"CALayer "e": mask is CALayer "d", which holds this layer (the tree would be a cycle)"#])
    }

    func testAViewCannotHoldItselfAsUIKitSays() {
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        v.addSubview(v)
        XCTAssertTrue(v.subviews.isEmpty)
        XCTAssertEqual(refusal(scene([v.layer])), ["UIView.addSubview(_:): Can't add self as subview"])
        let outer = UIView(), inner = UIView()
        outer.addSubview(inner)
        inner.addSubview(outer)
        XCTAssertTrue(inner.subviews.isEmpty)
        XCTAssertEqual(refusal(scene([outer.layer])), ["UIView.addSubview(_:): the view added holds this view (the view tree would be a cycle)"])
    }

    /// 10,000 nested sublayers, or a chain of 10,000 masks: the nesting budget's message (as a
    /// scene file of that depth gets), not a stack overflow.
    func testDeepTreesAreRefusedByTheNestingBudget() {
        for viaMasks in [false, true] {
            let root = named("root")
            var last = root
            for _ in 0..<10_000 {
                let next = CALayer()
                if viaMasks { last.mask = next } else { last.addSublayer(next) }
                last = next
            }
            let problems = refusal(scene([root]))
            XCTAssertEqual(problems.count, 1, "\(problems)")
            XCTAssertTrue(problems.first?.hasPrefix("expected at most 64 levels of nested sublayers, found more (a CALayer)") == true, "\(problems)")
            XCTAssertTrue(problems.first?.hasSuffix("(a budget: raise it with --max-nesting)") == true, "\(problems)")
        }
    }

    /// A data source that answers badly (issue 53, items 8 and 9): `reloadData()` inside
    /// `numberOfRowsInSection` (which recursed until SIGSEGV), negative counts and a NaN height
    /// (which drew an empty table or the default height without a word) stop the scene with a
    /// message.
    func testADataSourceThatAnswersBadlyIsNamed() {
        final class Hostile: UITableViewController {
            var rows = 3, sections = 1, height: CGFloat = 44, reloads = false
            override func numberOfSections(in tableView: UITableView) -> Int { sections }
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
                if reloads { tableView.reloadData() }
                return rows
            }
            override func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { height }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
                cell.textLabel?.text = "Row \(indexPath.row)"
                return cell
            }
        }
        func problems(_ change: (Hostile) -> Void) -> [String] {
            let vc = Hostile(style: .plain)
            change(vc)
            var s = LayerScene(size: CGSize(width: 100, height: 200), fps: 10, duration: 0.2)
            s.rootViewController = vc
            return refusal(s)
        }
        XCTAssertEqual(problems { $0.reloads = true }, [
            "reloadData() or an update was called while the table asked its data source (numberOfSections, numberOfRowsInSection, heightForRowAt ...): on iOS the table asks again without end; call it after the data source's answers change, not inside them",
        ])
        XCTAssertEqual(problems { $0.rows = -3 }, [
            "tableView(_:numberOfRowsInSection:) returned -3 for section 0: UIKit raises for a negative count; return 0 or more",
        ])
        XCTAssertEqual(problems { $0.sections = -1 }, ["numberOfSections(in:) returned -1: UIKit raises for a negative count; return 0 or more"])
        // Said once for the table's rows (it was said once a row).
        XCTAssertEqual(problems { $0.height = .nan },
                       ["tableView(_:heightForRowAt:) returned NaN for [0, 0] (and 2 more rows): return a height or UITableView.automaticDimension"])
    }

    /// A touch of the script on a row the table does not have at its time, or on a swipe action
    /// that is not showing, stops the scene with a message naming the event (they did nothing,
    /// silently; issue 53.9).
    func testTouchesOfRowsOrActionsThatAreNotThereAreNamed() throws {
        final class Mail: UITableViewController {
            var tapped: [String] = []
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
                cell.textLabel?.text = "Mail \(indexPath.row)"
                cell.accessoryType = .detailButton
                return cell
            }
            override func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
                let flag = UIContextualAction(style: .normal, title: "Flag") { _, _, done in self.tapped.append("flag \(indexPath.row)"); done(true) }
                let archive = UIContextualAction(style: .normal, title: "Archive") { _, _, done in self.tapped.append("archive \(indexPath.row)"); done(true) }
                return UISwipeActionsConfiguration(actions: [flag, archive])
            }
        }
        func problems(_ script: [TableScriptEvent]) -> (problems: [String], tapped: [String]) {
            let vc = Mail(style: .plain)
            var s = LayerScene(size: CGSize(width: 200, height: 300), fps: 10, duration: 1)
            s.script = script
            s.rootViewController = vc
            do {
                _ = try s.load()
                return ([], vc.tapped)
            } catch {
                return (error.problems.map(\.description), vc.tapped)
            }
        }
        let row1 = IndexPath(row: 1, section: 0)
        XCTAssertEqual(problems([.swipe(at: 0.1, row1), .tapSwipeAction(at: 0.6, row1, action: 1)]).tapped, ["archive 1"], "the control case works")
        XCTAssertEqual(problems([.tapAccessoryButton(at: 0.2, IndexPath(row: 9, section: 0))]).problems,
                       ["script[0]: tapAccessoryButton at 0.2 s: expected a row the table has then (section 0 has 3 rows), found [0, 9]"])
        XCTAssertEqual(problems([.tapEditingControl(at: 0.3, IndexPath(row: 0, section: 2))]).problems,
                       ["script[0]: tapEditingControl at 0.3 s: expected a row the table has then (the table has 1 section), found [2, 0]"])
        XCTAssertEqual(problems([.tapSwipeAction(at: 0.4, IndexPath(row: -1, section: 0))]).problems,
                       ["script[0]: tapSwipeAction at 0.4 s: expected a row the table has then (section 0 has 3 rows), found [0, -1]"])
        XCTAssertEqual(problems([.swipe(at: 0.1, row1), .tapSwipeAction(at: 0.6, row1, action: 99)]).problems,
                       ["script[1]: tapSwipeAction at 0.6 s: expected an action index from 0 to 1 (0 is the outermost of the 2 shown), found 99"])
        XCTAssertEqual(problems([.swipe(at: 0.1, row1), .tapSwipeAction(at: 0.6, row1, action: -1)]).problems,
                       ["script[1]: tapSwipeAction at 0.6 s: expected an action index from 0 to 1 (0 is the outermost of the 2 shown), found -1"])
        XCTAssertEqual(problems([.tapSwipeAction(at: 0.6, IndexPath(row: 2, section: 0))]).problems,
                       ["script[0]: tapSwipeAction at 0.6 s: expected a row whose swipe actions show (swipe it first, without a full swipe), found [0, 2] with none showing"])
    }

    /// A completion that starts the next animation runs until the scene's end, then stops; one
    /// that starts the next with no duration is stopped with a message.
    func testCompletionChainsStopAtTheScenesEnd() throws {
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        v.accessibilityIdentifier = "v"
        var runs = 0
        func pulse(_ d: Double) {
            runs += 1
            UIView.animate(withDuration: d, animations: { v.alpha = v.alpha < 0.5 ? 1 : 0 }, completion: { _ in pulse(d) })
        }
        let s = scene([v.layer], duration: 1)
        s.at(0) { pulse(0.25) }
        XCTAssertNoThrow(try s.load())
        XCTAssertEqual(runs, 5, "at 0, 0.25, 0.5, 0.75 and 1 s; none after the last frame")
        let w = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let t = scene([w.layer], duration: 1)
        func spin() { UIView.animate(withDuration: 0, animations: { w.alpha = 0.5 }, completion: { _ in spin() }) }
        t.at(0.5) { spin() }
        let problems = refusal(t)
        XCTAssertEqual(problems.count, 1)
        XCTAssertTrue(problems.first?.hasPrefix("app code: more than 100000 blocks (completions of UIView.animate and CATransaction, DispatchQueue work, CADisplayLink ticks) ran by 0.5 s") == true, "\(problems)")
    }
}
