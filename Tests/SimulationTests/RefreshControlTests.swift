import XCTest
import Geometry
import LayerTree
import SceneModel
@testable import TableEngine

/// `UIRefreshControl` in the table engine (issue 51): a pull 100 pt past the top starts it,
/// the release rests the content 60 pt down while it refreshes, `endRefreshing` closes that room;
/// the spinner lies beneath the rows in the room a pull opens.
final class RefreshControlTests: XCTestCase {
    func table(control: Bool = true, script: String) throws -> TableSimulation {
        try TableSimulation.decoded("""
        {"canvas": {"size": [390, 600]}, "fps": 30, "duration": 4,
         "table": {"rowHeight": 50, "rowCount": 30\(control ? #", "refreshControl": {}"# : "")},
         "script": [\(script)]}
        """)
    }

    func testAPullPastTheTriggerRefreshesAndTheReleaseRestsInTheControlsRoom() throws {
        let s = try table(script: #"{"at": 0.2, "drag": {"by": -300, "duration": 0.6}}, {"at": 1.0, "release": {}}, {"at": 2.5, "endRefreshing": {}}"#)
        let span = try XCTUnwrap(s.refreshSpans.first)
        XCTAssertEqual(s.refreshSpans.count, 1)
        XCTAssertGreaterThan(span.start, 0.2)
        XCTAssertLessThan(span.start, 0.8)
        XCTAssertEqual(s.contentOffset(at: span.start), -TableSimulation.refreshTrigger, accuracy: 1e-6, "it starts the moment the pull reaches 100 pt")
        XCTAssertGreaterThan(s.contentOffset(at: span.start - 0.01), -TableSimulation.refreshTrigger)
        XCTAssertEqual(span.end, 2.5)
        XCTAssertEqual(s.contentOffset(at: 2.4), -TableSimulation.refreshExtent, accuracy: 0.05, "released, it rests with the room open")
        XCTAssertEqual(s.contentOffset(at: 2.5 + TableSimulation.refreshClosing), 0, accuracy: 1e-9, "closed after endRefreshing")
        XCTAssertLessThan(s.contentOffset(at: 2.5 + TableSimulation.refreshClosing / 2), -1, "closing, not at once")
    }

    func testAShortPullOrNoControlDoesNotRefresh() throws {
        let short = try table(script: #"{"at": 0.2, "drag": {"by": -150, "duration": 0.6}}, {"at": 1.0, "release": {}}"#)
        XCTAssertLessThan(short.contentOffset(at: 0.8), -50, "pulled")
        XCTAssertGreaterThan(short.contentOffset(at: 0.8), -TableSimulation.refreshTrigger, "but not to the trigger")
        XCTAssertTrue(short.refreshSpans.isEmpty)
        XCTAssertEqual(short.contentOffset(at: 3), 0, accuracy: 0.05, "it bounces back to the top")
        let none = try table(control: false, script: #"{"at": 0.2, "drag": {"by": -300, "duration": 0.6}}, {"at": 1.0, "release": {}}"#)
        XCTAssertTrue(none.refreshSpans.isEmpty)
        XCTAssertEqual(none.contentOffset(at: 3), 0, accuracy: 0.05)
    }

    func testBeginRefreshingDoesNotScroll() throws {
        let s = try table(script: #"{"at": 0, "beginRefreshing": {}}, {"at": 1, "endRefreshing": {}}"#)
        XCTAssertEqual(s.refreshSpans.first?.start, 0)
        XCTAssertEqual(s.refreshSpans.first?.end, 1)
        for t in [0.0, 0.5, 1.2] { XCTAssertEqual(s.contentOffset(at: t), 0) }
    }

    /// The spinner: its spokes revealed by the pull, all eight while it refreshes, nothing at rest.
    func testTheSpinnerShowsInTheRoomAPullOpens() throws {
        let s = try table(script: #"{"at": 0.2, "drag": {"by": -300, "duration": 0.6}}, {"at": 1.0, "release": {}}, {"at": 2.5, "endRefreshing": {}}"#)
        func spinner(at t: Double) -> PresentationLayer? {
            s.refreshControlLayer(at: t, offset: s.contentOffset(at: t), width: 390)?.sublayers.first
        }
        XCTAssertNil(spinner(at: 0.1), "nothing before the pull")
        let early = try XCTUnwrap(spinner(at: 0.35))
        XCTAssertLessThan(early.sublayers.count, 8, "a short pull reveals some spokes")
        XCTAssertEqual(try XCTUnwrap(spinner(at: 1.5)).sublayers.count, 8, "refreshing: all eight")
        XCTAssertEqual(try XCTUnwrap(spinner(at: 1.5)).sublayers.map(\.opacity).max(), 1, "the leading spoke solid")
        XCTAssertNil(spinner(at: 3.5), "closed")
        // It turns on one clock through the closing (it jumped back to 12 o'clock at the end).
        func leading(at t: Double) throws -> Point {
            try XCTUnwrap(spinner(at: t)?.sublayers.first(where: { $0.opacity == 1 })).position
        }
        XCTAssertEqual(try leading(at: 2.499), try leading(at: 2.501))
        XCTAssertNotEqual(try leading(at: 2.501), try leading(at: 2.501 + 0.125), "and keeps turning")
        // At rest while refreshing the spinner is centred in the 60 pt room above the first row.
        let room = try XCTUnwrap(s.refreshControlLayer(at: 2, offset: s.contentOffset(at: 2), width: 390))
        XCTAssertEqual(room.bounds.height, TableSimulation.refreshExtent, accuracy: 0.05)
        XCTAssertEqual(try XCTUnwrap(room.sublayers.first).position.y, TableSimulation.refreshExtent / 2, accuracy: 0.05)
    }

    /// While it refreshes the room is part of the range: a scroll, a fling, a release inside it
    /// move on from where the content is (they snapped to the top in one frame, the probe found).
    func testMotionWhileRefreshingGoesOnFromTheRoom() throws {
        for event in [#"{"at": 1.0, "scroll": {"by": 50, "duration": 0.5}}"#, #"{"at": 1.0, "fling": {"velocity": 400}}"#,
                      #"{"at": 1.0, "drag": {"by": 30, "duration": 0.2}}, {"at": 1.3, "release": {}}"#] {
            let s = try table(script: #"{"at": 0.1, "drag": {"by": -400, "duration": 0.3}}, {"at": 0.5, "release": {}}, "# + event)
            var last = s.contentOffset(at: 0.9)
            for k in 1...120 {
                let t = 0.9 + Double(k) / 240
                let o = s.contentOffset(at: t)
                XCTAssertLessThan(abs(o - last), 8, "\(event): no jump at \(t) (\(last) to \(o))")
                last = o
            }
        }
        let inside = try table(script: #"{"at": 0.1, "drag": {"by": -400, "duration": 0.3}}, {"at": 0.5, "release": {}}, {"at": 1.0, "drag": {"by": 30, "duration": 0.2}}, {"at": 1.4, "release": {}}"#)
        XCTAssertEqual(inside.contentOffset(at: 2), inside.contentOffset(at: 1.3), accuracy: 0.5, "released at rest inside the room, it stays")
        XCTAssertLessThan(inside.contentOffset(at: 2), -20)
    }

    /// `endRefreshing` while the finger holds the pull leaves the content under the finger; the
    /// release then bounces it to the top.
    func testEndRefreshingUnderAFingerWaitsForTheRelease() throws {
        let s = try table(script: #"{"at": 0.2, "drag": {"by": -600, "duration": 1}}, {"at": 0.8, "endRefreshing": {}}, {"at": 1.5, "release": {}}"#)
        XCTAssertLessThan(s.contentOffset(at: 1.1), s.contentOffset(at: 0.9), "still following the finger down")
        XCTAssertEqual(s.contentOffset(at: 3.5), 0, accuracy: 0.05, "bounced to the top after the release")
        XCTAssertEqual(s.refreshSpans.count, 1, "the pull still held does not refresh again")
        let again = try table(script: #"{"at": 0.2, "drag": {"by": -600, "duration": 0.5}}, {"at": 0.8, "release": {}}, {"at": 1.0, "endRefreshing": {}}, {"at": 2.0, "drag": {"by": -600, "duration": 0.5}}"#)
        XCTAssertEqual(again.refreshSpans.count, 2, "a new pull from the top does")
    }

    /// A finger distance past any table (1e306 points) rubber-bands to a finite offset: the table
    /// vanished for the rest of the scene (a product overflowed to a NaN).
    func testAHugeDragStaysFinite() throws {
        let s = try table(control: false, script: #"{"at": 0.2, "drag": {"by": -1e306, "duration": 0}}, {"at": 0.5, "release": {}}"#)
        for t in [0.3, 0.6, 2.0] { XCTAssertTrue(s.contentOffset(at: t).isFinite, "\(t)") }
        XCTAssertGreaterThanOrEqual(s.contentOffset(at: 0.3), -600, "banded to at most the table's height")
        XCTAssertEqual(s.contentOffset(at: 3.5), 0, accuracy: 0.05)
    }

    /// Under a large-title bar the room opens above the large title.
    func testUnderALargeTitleTheRoomOpensAboveIt() throws {
        let s = try TableSimulation.decoded("""
        {"canvas": {"device": "iPhone 15", "scale": 1}, "fps": 30, "duration": 2,
         "navigationBar": {"title": "Mailboxes", "prefersLargeTitles": true},
         "table": {"rowHeight": 60, "rowCount": 20, "refreshControl": {}},
         "script": [{"at": 0.2, "drag": {"by": -400, "duration": 0.5}}, {"at": 0.8, "release": {}}]}
        """)
        let offset = s.contentOffset(at: 1.5)
        let room = try XCTUnwrap(s.refreshControlLayer(at: 1.5, offset: offset, width: 393))
        // On screen (content minus offset) the room starts at the standard bar's bottom.
        let top = room.position.y - room.bounds.height / 2 - offset
        XCTAssertEqual(top, s.inset.top - 52, accuracy: 0.01)
    }
}
