import XCTest
import Synchronization
import Foundation
import Testing
import TableRenderQuartz
@testable import TableRenderTesting
import TableRender
import TableRenderReview
import TestSupport

/// A small animated scene: a square fading and turning.
func squareScene(color: UIColor = .systemBlue) -> LayerScene {
    var scene = LayerScene(size: CGSize(width: 60, height: 40), scale: 1, fps: 10, duration: 0.3)
    scene.backgroundColor = UIColor.white.cgColor
    let square = CALayer()
    square.frame = CGRect(x: 20, y: 10, width: 20, height: 20)
    square.backgroundColor = color.cgColor
    let turn = CABasicAnimation(keyPath: "transform.rotation.z")
    turn.toValue = CGFloat.pi / 4
    turn.duration = 0.3
    square.add(turn, forKey: "turn")
    scene.layers = [square]
    return scene
}

func temporaryFolder(_ name: String) -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(getpid())").path
    try? FileManager.default.removeItem(atPath: path)
    try? FileManager.default.removeItem(atPath: path + "-report")
    return path
}

final class AssertFramesTests: XCTestCase {
    /// A missing golden is recorded (and says so); then the same scene matches, a changed one
    /// fails naming the first differing frame and the report, and `never` refuses to record.
    func testRecordThenCompare() throws {
        let golden = temporaryFolder("golden")
        defer { try? FileManager.default.removeItem(atPath: golden); try? FileManager.default.removeItem(atPath: golden + "-report") }
        XCTAssertEqual(verifyFrames(squareScene(), matching: golden + "-never", record: .never)?.description.contains("no golden"), true)
        let first = verifyFrames(squareScene(), matching: golden, record: .missing)
        XCTAssertEqual(first?.description.contains("recorded the golden (4 frames)"), true, "\(String(describing: first))")
        XCTAssertTrue(FileManager.default.fileExists(atPath: golden + "/manifest.json"))
        XCTAssertNil(verifyFrames(squareScene(), matching: golden, record: .missing))
        XCTAssertFalse(FileManager.default.fileExists(atPath: reportsFolder + "/tmp-" + URL(fileURLWithPath: golden).lastPathComponent), "no report when the frames match")
        assertFrames(squareScene(), matching: golden, record: .never)
        let changed = verifyFrames(squareScene(color: .systemRed), matching: golden, record: .missing)
        XCTAssertEqual(changed?.description.contains("4 of 4 frames differ"), true, "\(String(describing: changed))")
        XCTAssertEqual(changed?.description.contains("first: frame 0"), true)
        // The report is verify's, outside the source tree (in the build folder), and calls the
        // scene by its test.
        let report = try XCTUnwrap(changed?.description.components(separatedBy: "Report: ").last?.components(separatedBy: "/index.html").first)
        XCTAssertEqual(report, reportsFolder + "/tmp-" + URL(fileURLWithPath: golden).lastPathComponent)
        XCTAssertTrue(reportsFolder.hasPrefix(Package.root + "/.build/") && reportsFolder.hasSuffix("/tablerender-reports"), reportsFolder)
        XCTAssertFalse(FileManager.default.fileExists(atPath: golden + "-report"), "nothing beside the golden")
        let rerecorded = verifyFrames(squareScene(color: .systemRed), matching: golden, record: .all)
        XCTAssertEqual(rerecorded?.description.contains("recorded the golden"), true)
        XCTAssertNil(verifyFrames(squareScene(color: .systemRed), matching: golden, record: .never))
    }
}

extension AssertFramesTests {
    /// A golden recorded at another scale than the scene's draws the images that scale picks
    /// (their @2x files at 2), and verifying against it loads them again (issue 53.14).
    func testAGoldenAtAnotherScaleHasThatScalesImages() throws {
        var scene = LayerScene(size: CGSize(width: 40, height: 40), scale: 1, fps: 10, duration: 0, directory: Package.root + "/scenes")
        let photo = CALayer()
        photo.frame = CGRect(x: 4, y: 4, width: 32, height: 32)
        photo.contents = CGImage(file: "assets/avatar-al.png")
        scene.layers = [photo]
        let golden = temporaryFolder("golden-scale"), right = temporaryFolder("right-scale")
        defer { for f in [golden, golden + "-report", right] { try? FileManager.default.removeItem(atPath: f) } }
        var options = VerifyOptions()
        options.scale = 2
        XCTAssertEqual(verifyFrames(scene, matching: golden, options: options, record: .missing)?.description.contains("recorded the golden"), true)
        try Renderer(scene, options: LoadOptions(scale: 2)).render(to: right, options: RenderOptions(scale: 2))
        func pixels(_ folder: String) throws -> [String] { try Manifest.read(folder: folder).records.map(\.pixelsSHA256) }
        XCTAssertEqual(try pixels(golden), try pixels(right), "the golden holds the @2x image")
        XCTAssertNil(verifyFrames(scene, matching: golden, record: .never))
    }
}

/// In Swift Testing, a mismatch is an issue recorded at the call.
@Test @MainActor func assertFramesRecordsAnIssueInSwiftTesting() throws {
    let golden = temporaryFolder("golden-swift-testing")
    defer { try? FileManager.default.removeItem(atPath: golden); try? FileManager.default.removeItem(atPath: golden + "-report") }
    #expect(verifyFrames(squareScene(), matching: golden, record: .missing) != nil)
    assertFrames(squareScene(), matching: golden, record: .never)
    withKnownIssue {
        assertFrames(squareScene(color: .systemGreen), matching: golden, record: .never)
    }
}

/// The golden kept beside the test file (`__Snapshots__/AssertFramesTests/<test>.<name>.frames`,
/// committed): the scene matches it, a changed scene fails with a report that calls the scene by
/// its test, outside the source tree.
@Test @MainActor func assertFramesKeepsItsGoldenBesideTheTestFile() throws {
    let golden = Package.root + "/Tests/TableRenderQuartzTests/__Snapshots__/AssertFramesTests/assertFramesKeepsItsGoldenBesideTheTestFile.square.frames"
    #expect(FileManager.default.fileExists(atPath: golden + "/manifest.json"), "the committed golden")
    assertFrames(squareScene(), named: "square", record: .never)
    let issues = Mutex<[String]>([])
    withKnownIssue {
        assertFrames(squareScene(color: .systemRed), named: "square", record: .never)
    } matching: { issue in
        issues.withLock { $0.append(issue.comments.map(\.rawValue).joined()) }
        return true
    }
    let message = try #require(issues.withLock { $0 }.first)
    #expect(message.hasPrefix("4 of 4 frames differ from \(golden); first: frame 0:"), "\(message)")
    let report = try #require(message.components(separatedBy: "Report: ").last?.components(separatedBy: "/index.html").first)
    #expect(report == reportsFolder + "/AssertFramesTests-assertFramesKeepsItsGoldenBesideTheTestFile-square-frames")
    #expect(!report.hasPrefix(Package.root + "/Tests"))
    let html = try String(contentsOfFile: report + "/index.html", encoding: .utf8)
    #expect(html.contains("AssertFramesTests.assertFramesKeepsItsGoldenBesideTheTestFile().square"), "the scene is named by its test")
    // A passing assertion leaves no report.
    assertFrames(squareScene(), named: "square", record: .never)
    #expect(!FileManager.default.fileExists(atPath: report))
}

/// `TABLERENDER_REPORTS` is not set in the tests: the default is the build folder.
@Test @MainActor func goldenPathsAreSanitizedAsSnapshotTestings() {
    #expect(goldenBesideTest(filePath: "/p/Tests/T/FoldTests.swift", testName: "testFold()", name: "open / closed")
            == "/p/Tests/T/__Snapshots__/FoldTests/testFold.open-closed.frames")
    #expect(goldenBesideTest(filePath: "/p/FoldTests.swift", testName: "fold(at:)", name: nil) == "/p/__Snapshots__/FoldTests/fold-at.frames")
}
