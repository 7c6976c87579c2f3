import Foundation
import SnapshotTesting
import TableRenderQuartz
import TableRenderSnapshotTesting
import Synchronization
import Testing

/// A scene that cannot be rendered fails the test with the reason, also when no reference is on
/// disk (snapshot-testing then records an empty file and says only that it recorded).
@Test @MainActor func aSceneThatCannotRenderFailsWithItsReason() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snapshots-\(getpid())-unrendered").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    func run() -> (issues: [String], message: String?) {
        let issues = Mutex<[String]>([])
        var message: String?
        withKnownIssue {
            message = verifySnapshot(of: turningSquare(), as: .frame(at: 2), named: "late", record: .missing, snapshotDirectory: folder)
        } matching: { issue in
            issues.withLock { $0.append(issue.comments.map(\.rawValue).joined()) }
            return true
        }
        return (issues.withLock { $0 }, message)
    }
    let first = run()
    #expect(first.issues == ["The scene was not rendered: turningSquare: time 2.0: expected a time within the scene, 0 to 0.3 s"])
    #expect(first.message?.contains("Automatically recorded") == true)
    // The next run says it again, and the comparison names the empty reference.
    let second = run()
    #expect(second.issues == first.issues)
    #expect(second.message?.contains("The scene was not rendered") == true, "\(second.message ?? "passed")")
}

/// The same strategies in Swift Testing: recorded, then passing.
@Test @MainActor func recordsThenPassesInSwiftTesting() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snapshots-\(getpid())-swift-testing").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let first = verifySnapshot(of: turningSquare(), as: .frames(at: [0, 0.2]), named: "two", record: .missing, snapshotDirectory: folder)
    #expect(first?.contains("Automatically recorded") == true)
    #expect(FileManager.default.fileExists(atPath: folder + "/recordsThenPassesInSwiftTesting.two.png"))
    #expect(verifySnapshot(of: turningSquare(), as: .frames(at: [0, 0.2]), named: "two", record: .never, snapshotDirectory: folder) == nil)
}

/// What cannot be rendered fails the test, saying why: a time between two frames, a time past
/// the end, a scene file that is not there.
@Test @MainActor func refusedSnapshotsSayWhy() throws {
    func reasons<V>(_ value: V, _ strategy: Snapshotting<V, FrameStrip>) -> [String] {
        let issues = Mutex<[String]>([])
        withKnownIssue {
            strategy.snapshot(value).run { #expect($0.failure != nil) }
        } matching: { issue in
            issues.withLock { $0.append(issue.comments.map(\.rawValue).joined()) }
            return true
        }
        return issues.withLock { $0 }
    }
    #expect(reasons(turningSquare(), .frame(at: 0.15)) == ["The scene was not rendered: turningSquare: time 0.15: expected the time of a frame (a multiple of 1/10.0 s); the nearest are 0.1 and 0.2 s"])
    #expect(reasons(turningSquare(), .frames(at: [0, 2])) == ["The scene was not rendered: turningSquare: time 2.0: expected a time within the scene, 0 to 0.3 s"])
    let none = URL(fileURLWithPath: "/nonexistent/none.json")
    #expect(reasons(none, .frames) == ["The scene was not rendered: /nonexistent/none.json: expected a scene file, found no file at this path"])
}
