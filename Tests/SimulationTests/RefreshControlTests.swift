import XCTest
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
        // At rest while refreshing the spinner is centred in the 60 pt room above the first row.
        let room = try XCTUnwrap(s.refreshControlLayer(at: 2, offset: s.contentOffset(at: 2), width: 390))
        XCTAssertEqual(room.bounds.height, TableSimulation.refreshExtent, accuracy: 0.05)
        XCTAssertEqual(try XCTUnwrap(room.sublayers.first).position.y, TableSimulation.refreshExtent / 2, accuracy: 0.05)
    }
}
