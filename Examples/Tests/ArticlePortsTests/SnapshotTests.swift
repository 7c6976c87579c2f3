import XCTest
import ArticlePorts
import SnapshotTesting
import TableRenderQuartz
import TableRenderReview
import TableRenderSnapshotTesting

/// A team's snapshot test of its own controller with swift-snapshot-testing: the reference is
/// `__Snapshots__/SnapshotTests/testTheRotateInController.1.png` beside this file (three frames
/// in one picture), recorded when missing and compared pixel by pixel after.
final class SnapshotTests: XCTestCase {
    func testTheRotateInController() {
        MainActor.assumeIsolated {
            var options = VerifyOptions()
            options.scale = 1
            assertSnapshot(of: RotateInTableViewController().scene(directory: scenes), as: .frames(at: [0, 0.4, 0.8], options))
        }
    }
}
