import XCTest
import Geometry
import SceneJSON
import SceneModel
@testable import Simulation
@testable import TableEngine

/// A large-title bar hands its title to the standard bar once the content has scrolled 42 of
/// the large title's 52 pt away: the collapsed title fades in over 0.2 s (ease in, ease out)
/// from that moment while the large title fades out, and back when the scroll comes back
/// (issue 54's review: frames showed neither title; UIKit's 0.2 s swap from the decompiled
/// UIKitCore, notes/uikit-table-research.md), at once when a programmatic scroll crosses it;
/// the bar's material comes in over 4 pt once the large title is gone.
final class LargeTitleHandOffTests: XCTestCase {
    func testTheCollapsedTitleFadesInFromTheHandOff() throws {
        let json = """
        {"version": 1, "canvas": {"device": "iPhone 15"}, "fps": 30, "duration": 3,
         "navigationBar": {"title": "Inbox", "prefersLargeTitles": true},
         "table": {"rowHeight": 64, "rowCount": 40},
         "script": [{"at": 0.2, "drag": {"by": 120, "duration": 0.8}}, {"at": 1.5, "drag": {"by": -120, "duration": 0.8}}]}
        """
        let sim = try TableSimulation.decoded(json)
        func opacity(_ t: Double) -> Double { sim.collapsedTitleOpacity(offset: sim.contentOffset(at: t), at: t) }
        // The moment the scroll passes 42 pt, to a millisecond.
        var up = 0.0
        while sim.contentOffset(at: up) <= 42 { up += 0.001 }
        XCTAssertGreaterThan(up, 0.2)
        XCTAssertLessThan(up, 1.0)
        XCTAssertEqual(opacity(up - 0.01), 0)
        XCTAssertEqual(opacity(up + 0.1), 0.5, accuracy: 0.02)
        XCTAssertLessThan(opacity(up + 0.04), 0.2 * 0.5, "eased: slow at first (linear would be 0.2)")
        XCTAssertEqual(opacity(up + 0.21), 1)
        // Coming back, it fades out from the moment the scroll is below 42 pt again.
        var down = 1.5
        while sim.contentOffset(at: down) > 42 { down += 0.001 }
        XCTAssertLessThan(down, 2.3)
        XCTAssertEqual(opacity(down - 0.01), 1)
        XCTAssertEqual(opacity(down + 0.1), 0.5, accuracy: 0.02)
        XCTAssertEqual(opacity(down + 0.21), 0)
        // The large title is the other half of the swap.
        func largeTitle(_ t: Double) -> Double? {
            sim.navigationBarLayers(offset: sim.contentOffset(at: t), at: t).compactMap { $0.masksToBounds ? $0.sublayers.first?.opacity : nil }.first
        }
        XCTAssertEqual(largeTitle(down + 0.1) ?? -1, 0.5, accuracy: 0.02)
        XCTAssertEqual(largeTitle(down + 0.21) ?? -1, 1)
        XCTAssertEqual(largeTitle(up - 0.01) ?? -1, 1)
        XCTAssertNil(largeTitle(up + 0.21), "faded out: not drawn")
    }

    /// A programmatic scroll (scrollToRow) crosses the hand-off with no finger on the content:
    /// UIKit swaps the titles at once.
    func testAProgrammaticScrollSwapsTheTitlesAtOnce() throws {
        let json = """
        {"version": 1, "canvas": {"device": "iPhone 15"}, "fps": 30, "duration": 2,
         "navigationBar": {"title": "Inbox", "prefersLargeTitles": true},
         "table": {"rowHeight": 64, "rowCount": 40},
         "script": [{"at": 0.2, "scrollToRow": {"row": 10, "position": "top"}}]}
        """
        let sim = try TableSimulation.decoded(json)
        var up = 0.2
        while sim.contentOffset(at: up) <= 42 { up += 0.001 }
        XCTAssertLessThan(up, 0.5)
        XCTAssertEqual(sim.collapsedTitleOpacity(offset: sim.contentOffset(at: up + 0.01), at: up + 0.01), 1)
    }

    /// The standard background (material and hairline) comes in over 4 pt of content under the
    /// bar once the large title has gone (UIKit's default scroll edge transition distance).
    func testTheMaterialComesInOverFourPoints() throws {
        let json = """
        {"version": 1, "canvas": {"device": "iPhone 15"}, "fps": 30, "duration": 1,
         "navigationBar": {"title": "Inbox", "prefersLargeTitles": true},
         "table": {"rowHeight": 64, "rowCount": 40}}
        """
        let sim = try TableSimulation.decoded(json)
        func material(_ d: Double) -> Double {
            sim.navigationBarLayers(offset: d, at: 0).first { $0.backdropBlur > 0 }?.opacity ?? 0
        }
        XCTAssertEqual(material(52), 0)
        XCTAssertEqual(material(54), 0.5, accuracy: 1e-9)
        XCTAssertEqual(material(56), 1)
    }

    /// A table laid out whole (collapsible sections) under a large title: the fade's look back
    /// (90 moments a frame, each a layout of every section) is worked out once for all frames,
    /// about 10 new moments a frame at 60 fps, and gives what stepping back from each frame's
    /// own time gives (6,000 such sections took 10.4 s for 61 frames, 1.6 s now).
    func testTheFadesLookBackIsSharedByTheFrames() throws {
        let sections = (0..<40).map { _ in #"{"collapsible": true, "rows": [{"title": "r"}, {"title": "s"}]}"# }.joined(separator: ", ")
        let json = """
        {"version": 1, "canvas": {"device": "iPhone 15"}, "fps": 60, "duration": 1,
         "navigationBar": {"title": "Inbox", "prefersLargeTitles": true},
         "table": {"expansion": {"effect": "rows"}, "sections": [\(sections)]},
         "script": [{"at": 0.1, "drag": {"by": 130, "duration": 0.37}}, {"at": 0.55, "drag": {"by": -100, "duration": 0.33}}]}
        """
        let sim = try TableSimulation.decoded(json)
        XCTAssertFalse(sim.windowed, "collapsible sections: laid out whole")
        let threshold = 42.0, step = 1.0 / 600
        // The fade as it was worked out before, stepping back from the frame's own time.
        func direct(_ t: Double) -> Double {
            let shows = sim.contentOffset(at: t) > threshold
            for k in 1...120 where (sim.contentOffset(at: t - Double(k) * step) > threshold) != shows {
                let p = min((Double(k) - 0.5) * step / 0.2, 1)
                let f = TimingCurve.apply(.easeInEaseOut, p, duration: 0.2)
                return shows ? f : 1 - f
            }
            return shows ? 1 : 0
        }
        var fading = 0
        for frame in 0...60 {
            let t = Double(frame) / 60
            let o = sim.collapsedTitleOpacity(offset: sim.contentOffset(at: t), at: t)
            XCTAssertEqual(o, direct(t), accuracy: 1e-9, "frame \(frame)")
            if o > 0 && o < 1 { fading += 1 }
        }
        XCTAssertGreaterThan(fading, 8, "the title fades in and out again")
        // 61 frames looked back over 0.2 s each: the moments from -0.2 s to 1 s, in blocks
        // of 0.1 s, not 120 a frame.
        XCTAssertLessThanOrEqual(sim.handOff.blocksMade, 14)
    }

    /// A finger that turns back while the titles cross-fade: the fade goes back from where it
    /// had got to (UIKit animates from the current state), with no jump (a helper's probe: the
    /// collapsed title jumped from 0.63 to 1 and the large title from 0.36 to 0 for a frame).
    func testAFadeTurnedBackGoesBackFromWhereItWas() throws {
        let json = """
        {"version": 1, "canvas": {"device": "iPhone 15"}, "fps": 60, "duration": 0.8,
         "navigationBar": {"title": "Inbox", "prefersLargeTitles": true}, "table": {"rowCount": 40},
         "script": [{"at": 0, "scroll": {"to": 38, "duration": 0}}, {"at": 0.2, "drag": {"by": 12, "duration": 0.1}},
                    {"at": 0.3, "drag": {"by": -12, "duration": 0.1}}, {"at": 0.4, "release": {}}]}
        """
        let sim = try TableSimulation.decoded(json)
        var previous = 0.0, highest = 0.0
        for frame in 0...48 {
            let t = Double(frame) / 60
            let o = sim.collapsedTitleOpacity(offset: sim.contentOffset(at: t), at: t)
            XCTAssertLessThanOrEqual(abs(o - previous), 0.15, "frame \(frame): \(previous) to \(o)")
            previous = o
            highest = max(highest, o)
        }
        XCTAssertGreaterThan(highest, 0.2, "it faded in some way before turning back")
        XCTAssertEqual(previous, 0, "and out again")
    }
}
