import XCTest
@testable import TableRenderQuartz

/// A Foundation `Timer` in app code (issues 50 and 51): it waits for the wall clock on a run
/// loop the scene never runs, so it never fired in the frames, without a word. Recording the
/// scene now stops with what to write instead (`asyncAfter`, a display link).
final class FoundationTimerTests: XCTestCase {
    final class Ticking: UIViewController {
        var timer: Timer?
        var ticks = 0
        override func viewDidLoad() {
            super.viewDidLoad()
            timer = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { [weak self] _ in
                MainActor.assumeIsolated { self?.ticks += 1 }
            }
        }
    }

    func testATimerScheduledByAppCodeStopsTheSceneWithWhatToWrite() throws {
        let vc = Ticking()
        var scene = try XCTUnwrap(LayerScene(device: "iPhone 15", fps: 10, duration: 1))
        scene.rootViewController = vc
        defer { vc.timer?.invalidate() }
        XCTAssertThrowsError(try scene.json()) { error in
            XCTAssertTrue("\(error)".contains("Timer: a Foundation Timer scheduled by app code"), "\(error)")
            XCTAssertTrue("\(error)".contains("DispatchQueue.main.asyncAfter"), "\(error)")
        }
        XCTAssertEqual(vc.ticks, 0)
        // The same controller ticking with asyncAfter, as the message says, records.
        final class Queued: UIViewController {
            var ticks = 0
            func tick() {
                ticks += 1
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { [weak self] in self?.tick() }
            }
            override func viewDidLoad() { super.viewDidLoad(); DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { [weak self] in self?.tick() } }
        }
        let queued = Queued()
        var ok = try XCTUnwrap(LayerScene(device: "iPhone 15", fps: 10, duration: 1))
        ok.rootViewController = queued
        _ = try ok.json()
        XCTAssertEqual(queued.ticks, 2, "at 0.5 s and 1 s of scene time")
    }
}
