import Foundation
import Hashing
import TableRenderQuartz
import SceneModel
import XCTest

/// The main run loop on the scene's clock (issues 50 and 51): `DispatchQueue.main.async` and
/// `asyncAfter` blocks and `CADisplayLink` ticks run as app code at their scene times, in the
/// order a device runs them, and what they change shows from then.
final class RunLoopTests: XCTestCase {
    @MainActor static func scene(_ layers: [CALayer], fps: Double = 10, duration: Double = 2) -> LayerScene {
        var s = LayerScene(size: CGSize(width: 20, height: 20), fps: fps, duration: duration)
        s.backgroundColor = UIColor.black.cgColor
        s.layers = layers
        return s
    }

    /// The red, green and blue of the pixel at (x, y) in points (scale 1).
    static func rgb(_ r: Renderer, _ t: Double, _ x: Int = 5, _ y: Int = 5) throws -> [UInt8] {
        let p = try r.frame(at: t)
        let i = (y * p.width + x) * 4
        return Array(p.unpremultipliedRGBA()[i..<i + 3])
    }

    @MainActor static func square(_ colour: UIColor, x: CGFloat = 0) -> UIView {
        let v = UIView(frame: CGRect(x: x, y: 0, width: 10, height: 10))
        v.backgroundColor = colour
        return v
    }

    func testAsyncAfterRunsItsBlockAtItsSceneTime() throws {
        try MainActor.assumeIsolated {
            let v = Self.square(.red), w = Self.square(.red, x: 10)
            var times: [Double] = []
            let s = Self.scene([v.layer, w.layer])
            s.at(0.2) {
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
                    times.append(CACurrentMediaTime())
                    v.backgroundColor = .blue
                }
                DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(1100)) {
                    times.append(CACurrentMediaTime())
                    w.backgroundColor = .green
                }
                DispatchQueue.main.asyncAfter(deadline: .now() + .never) { w.backgroundColor = .white }
            }
            let r = try Renderer(s)
            XCTAssertEqual(times, [0.7, 1.3])
            XCTAssertEqual(try Self.rgb(r, 0.6), [255, 0, 0], "red until 0.7 s")
            XCTAssertEqual(try Self.rgb(r, 0.7), [0, 0, 255], "blue from 0.7 s, at once (no animation block)")
            XCTAssertEqual(try Self.rgb(r, 1.2, 15), [255, 0, 0])
            XCTAssertEqual(try Self.rgb(r, 1.3, 15), [0, 255, 0])
            XCTAssertEqual(try Self.rgb(r, 2, 15), [0, 255, 0], "a .never deadline never comes")
        }
    }

    /// `async` runs after the code that queued it, at the same time and before that time's
    /// frame; blocks run in the order queued, a block queued by a block after those before it.
    func testAsyncRunsAfterTheCodeThatQueuedItInOrder() throws {
        try MainActor.assumeIsolated {
            var log: [String] = []
            let v = Self.square(.red)
            let s = Self.scene([v.layer])
            s.at(0.5) {
                DispatchQueue.main.async {
                    log.append("a \(CACurrentMediaTime())")
                    DispatchQueue.main.async { log.append("c"); v.backgroundColor = .blue }
                }
                DispatchQueue.main.async { log.append("b") }
                log.append("code")
            }
            XCTAssertEqual(log, ["code"], "nothing runs while the code that queues it runs")
            let r = try Renderer(s)
            XCTAssertEqual(log, ["code", "a 0.5", "b", "c"])
            XCTAssertEqual(try Self.rgb(r, 0.4), [255, 0, 0])
            XCTAssertEqual(try Self.rgb(r, 0.5), [0, 0, 255], "the block's change shows in its time's frame")
        }
    }

    /// An animation started in a block starts at the block's time, and its completion runs when it ends.
    func testAnAnimationInABlockStartsAtTheBlocksTime() throws {
        try MainActor.assumeIsolated {
            let v = Self.square(.white)
            var done: Double?
            let s = Self.scene([v.layer])
            s.at(0) {
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
                    UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { v.alpha = 0 },
                                   completion: { _ in done = CACurrentMediaTime() })
                }
            }
            let r = try Renderer(s)
            XCTAssertEqual(try Self.rgb(r, 0.5), [255, 255, 255])
            XCTAssertEqual(Int(try Self.rgb(r, 1.0)[0]), 128, accuracy: 2, "half way at 1 s")
            XCTAssertEqual(try Self.rgb(r, 1.5), [0, 0, 0])
            XCTAssertEqual(done, 1.5)
        }
    }

    /// A view controller that shows its badge a second after it appears, as apps write it.
    func testAViewControllersDelayedCodeRunsOnTheScenesClock() throws {
        try MainActor.assumeIsolated {
            final class Badge: UIViewController {
                let badge = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.backgroundColor = .black
                    badge.backgroundColor = .red
                    badge.alpha = 0
                    view.addSubview(badge)
                    DispatchQueue.main.asyncAfter(deadline: .now() + 1) { [weak self] in
                        UIView.animate(withDuration: 0.5) { self?.badge.alpha = 1 }
                    }
                }
            }
            var s = LayerScene(size: CGSize(width: 20, height: 20), fps: 10, duration: 2)
            s.rootViewController = Badge()
            let r = try Renderer(s)
            XCTAssertEqual(try Self.rgb(r, 0.9), [0, 0, 0])
            XCTAssertGreaterThan(try Self.rgb(r, 1.2)[0], 0)
            XCTAssertLessThan(try Self.rgb(r, 1.2)[0], 255)
            XCTAssertEqual(try Self.rgb(r, 1.5), [255, 0, 0])
        }
    }

    /// A table's data changed by a delayed block animates as the same update in a scene file.
    func testADelayedDeleteAnimatesAsTheFilesUpdate() throws {
        try MainActor.assumeIsolated {
            final class Inbox: UITableViewController {
                var items = ["Milk", "Bread", "Apples"]
                override func viewDidLoad() {
                    super.viewDidLoad()
                    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "c")
                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
                        self.items.remove(at: 1)
                        self.tableView.deleteRows(at: [IndexPath(row: 1, section: 0)], with: .fade)
                    }
                }
                override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { items.count }
                override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                    let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath)
                    cell.textLabel?.text = items[indexPath.row]
                    return cell
                }
            }
            var s = LayerScene(size: CGSize(width: 200, height: 200), fps: 10, duration: 1.2)
            s.showsStatusBar = false
            s.rootViewController = Inbox()
            let file = #"""
                {"version": 1, "canvas": {"size": [200, 200]}, "fps": 10, "duration": 1.2,
                 "table": {"sections": [{"rows": [{"title": "Milk"}, {"title": "Bread"}, {"title": "Apples"}]}]},
                 "script": [{"at": 0.5, "deleteRows": {"indexPaths": [[0, 1]], "animation": "fade"}}]}
                """#
            let swift = try Renderer(s), json = try Renderer(LayerScene(json: Array(file.utf8)))
            for t in [0.0, 0.4, 0.6, 0.7, 1.2] {
                XCTAssertEqual(SHA256.hex(try swift.frame(at: t).unpremultipliedRGBA()), SHA256.hex(try json.frame(at: t).unpremultipliedRGBA()), "t = \(t)")
            }
            XCTAssertNotEqual(SHA256.hex(try swift.frame(at: 0.4).unpremultipliedRGBA()), SHA256.hex(try swift.frame(at: 0.7).unpremultipliedRGBA()))
        }
    }

    /// Outside a scene there is no clock: the block runs at once, as a completion does.
    func testOutsideASceneABlockRunsAtOnce() {
        MainActor.assumeIsolated {
            var ran = false
            DispatchQueue.main.async { ran = true }
            XCTAssertTrue(ran)
        }
    }

    /// A display link calls on each frame after it is added, with the frame it prepares as its
    /// target, until it is invalidated; a layer moved to its place at the target draws there.
    func testADisplayLinkCallsOnEachFrameUntilInvalidated() throws {
        try MainActor.assumeIsolated {
            final class Mover {
                let layer = CALayer()
                var targets: [Double] = []
                var stamps: [Double] = []
                var link: CADisplayLink?
                func step(_ link: CADisplayLink) {
                    targets.append(link.targetTimestamp)
                    stamps.append(link.timestamp)
                    CATransaction.setDisableActions(true)
                    layer.position.x = 5 + CGFloat(link.targetTimestamp) * 10
                    if link.targetTimestamp >= 0.8 { link.invalidate() }
                }
            }
            let m = Mover()
            m.layer.frame = CGRect(x: 0, y: 0, width: 10, height: 20)
            m.layer.backgroundColor = UIColor.white.cgColor
            let s = Self.scene([m.layer], duration: 1.5)
            s.at(0.25) {
                let link = CADisplayLink(target: m, selector: Mover.step)
                link.add(to: .main, forMode: .common)
                m.link = link
            }
            let r = try Renderer(s)
            let expected = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8]
            XCTAssertEqual(m.targets.count, expected.count)
            for (a, b) in zip(m.targets, expected) { XCTAssertEqual(a, b, accuracy: 1e-12) }
            for (a, b) in zip(m.stamps, expected) { XCTAssertEqual(a, b - 0.1, accuracy: 1e-12) }
            // The layer's left edge: 0 until the first tick, then targetTimestamp x 10 points.
            func left(_ t: Double) throws -> Int {
                let p = try r.frame(at: t), rgba = p.unpremultipliedRGBA()
                return (0..<p.width).first { rgba[(10 * p.width + $0) * 4] > 127 } ?? -1
            }
            XCTAssertEqual(try left(0.2), 0)
            XCTAssertEqual(try left(0.3), 3)
            XCTAssertEqual(try left(0.5), 5)
            XCTAssertEqual(try left(0.8), 8)
            XCTAssertEqual(try left(1.5), 8, "invalidated at 0.8 s: it stays")
        }
    }

    /// A paused link calls nothing; a preferred rate below the scene's calls on every n-th frame;
    /// a link added outside a scene never calls.
    func testAPausedOrSlowerLink() throws {
        try MainActor.assumeIsolated {
            var calls: [Double] = []
            let link = CADisplayLink { calls.append($0.targetTimestamp) }
            link.preferredFramesPerSecond = 5
            let s = Self.scene([], duration: 1)
            s.at(0) { link.add(to: .main, forMode: .default) }
            s.at(0.45) { link.isPaused = true }
            s.at(0.65) { link.isPaused = false }
            _ = try s.json()
            XCTAssertEqual(calls.map { Int(($0 * 10).rounded()) }, [1, 3, 7, 9], "every other frame of 10 fps; 5 passes while paused")
            var outside = 0
            CADisplayLink { _ in outside += 1 }.add(to: .main, forMode: .common)
            XCTAssertEqual(outside, 0)
        }
    }

    /// Blocks that queue each other with no delay stop with a message instead of running forever.
    func testABlockThatQueuesItselfForeverStops() {
        MainActor.assumeIsolated {
            let s = Self.scene([], duration: 1)
            func again() { DispatchQueue.main.async { again() } }
            s.at(0.3) { again() }
            do {
                _ = try s.json()
                XCTFail("expected a refusal")
            } catch let error as SceneError {
                XCTAssertTrue(error.problems.first?.message.hasPrefix("app code: more than 100000 blocks") == true, "\(error.problems)")
                XCTAssertTrue(error.problems.first?.message.contains("ran by 0.3 s") == true, "\(error.problems)")
            } catch {
                XCTFail("\(error)")
            }
        }
    }
}

/// What the table does not draw is said, not left out.
final class TableSubviewTests: XCTestCase {
    func testAViewAddedToTheTableItselfIsSaid() {
        MainActor.assumeIsolated {
            final class List: UITableViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let empty = UILabel()
                    empty.accessibilityIdentifier = "empty"
                    empty.text = "No messages"
                    tableView.addSubview(empty)
                }
                override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
            }
            var s = LayerScene(size: CGSize(width: 100, height: 100), fps: 10, duration: 0.5)
            s.rootViewController = List()
            do {
                _ = try s.json()
                XCTFail("expected a refusal")
            } catch let error as SceneError {
                XCTAssertEqual(error.problems.map(\.message), [
                    "UITableView: UILabel \"empty\" added to the table view itself is not drawn yet: add it to the view controller's view (over the table), to the table's header or footer view, or to a cell's contentView",
                ])
            } catch {
                XCTFail("\(error)")
            }
        }
    }
}
