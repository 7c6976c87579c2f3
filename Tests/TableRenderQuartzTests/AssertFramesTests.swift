import XCTest
import Foundation
import Testing
import TableRenderQuartz
import TableRenderTesting
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
        XCTAssertFalse(FileManager.default.fileExists(atPath: golden + "-report"), "no report when the frames match")
        assertFrames(squareScene(), matching: golden, record: .never)
        let changed = verifyFrames(squareScene(color: .systemRed), matching: golden, record: .missing)
        XCTAssertEqual(changed?.description.contains("4 of 4 frames differ"), true, "\(String(describing: changed))")
        XCTAssertEqual(changed?.description.contains("first: frame 0"), true)
        XCTAssertTrue(FileManager.default.fileExists(atPath: golden + "-report/index.html"), "the verify report")
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
@Test func assertFramesRecordsAnIssueInSwiftTesting() throws {
    let golden = temporaryFolder("golden-swift-testing")
    defer { try? FileManager.default.removeItem(atPath: golden); try? FileManager.default.removeItem(atPath: golden + "-report") }
    #expect(verifyFrames(squareScene(), matching: golden, record: .missing) != nil)
    assertFrames(squareScene(), matching: golden, record: .never)
    withKnownIssue {
        assertFrames(squareScene(color: .systemGreen), matching: golden, record: .never)
    }
}
