import Foundation
import PNGCodec
import SnapshotTesting
import TableRender
import TableRenderQuartz
import TableRenderReview
import TableRenderSnapshotTesting
import XCTest

/// A square turning over 0.3 s at 10 fps (4 frames of 60x40 pixels).
func turningSquare(color: UIColor = .systemBlue, turn: CGFloat = .pi / 4) -> LayerScene {
    var scene = LayerScene(size: CGSize(width: 60, height: 40), scale: 1, fps: 10, duration: 0.3)
    scene.backgroundColor = UIColor.white.cgColor
    scene.displayName = "turningSquare"
    let square = CALayer()
    square.frame = CGRect(x: 20, y: 10, width: 20, height: 20)
    square.backgroundColor = color.cgColor
    let animation = CABasicAnimation(keyPath: "transform.rotation.z")
    animation.toValue = turn
    animation.duration = 0.3
    square.add(animation, forKey: "turn")
    scene.layers = [square]
    return scene
}

final class FrameSnapshotTests: XCTestCase {
    var folder = ""

    override func setUp() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("snapshots-\(getpid())-\(name.filter(\.isLetter))").path
        try? FileManager.default.removeItem(atPath: folder)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    func verify(_ scene: LayerScene, as strategy: Snapshotting<LayerScene, FrameStrip>, record: SnapshotTestingConfiguration.Record,
                testName: String = #function) -> String? {
        verifySnapshot(of: scene, as: strategy, named: "square", record: record, snapshotDirectory: folder, testName: testName)
    }

    /// The file snapshot-testing keeps for `verify`'s snapshot.
    func referenceFile(_ testName: String = #function) -> String {
        folder + "/" + testName.replacingOccurrences(of: "()", with: "") + ".square.png"
    }

    /// Recorded when missing (the test fails once, saying so), then the same scene passes, a
    /// changed one fails naming the frame, with verify's report and a diff picture, and `never`
    /// does not record.
    func testRecordsThenPassesThenFailsWithAReport() throws {
        XCTAssertEqual(verify(turningSquare(), as: .frames, record: .never)?.contains("No reference was found"), true)
        XCTAssertFalse(FileManager.default.fileExists(atPath: referenceFile()), "never does not record")
        let recorded = verify(turningSquare(), as: .frames, record: .missing)
        XCTAssertEqual(recorded?.contains("Automatically recorded"), true, recorded ?? "passed")

        // The reference is a picture of the 4 frames one below the other, with its manifest.
        let png = try XCTUnwrap(FileManager.default.contents(atPath: referenceFile()))
        let image = try PNGCodec.decode([UInt8](png))
        XCTAssertEqual(image.width, 60)
        XCTAssertEqual(image.height, 160)
        let strip = FrameStrip(png: [UInt8](png))
        XCTAssertNil(strip.failure)
        XCTAssertEqual(strip.frames.map(\.index), [0, 1, 2, 3])
        XCTAssertEqual(strip.frames.map(\.time), [0, 0.1, 0.2, 0.3])
        // Frame 2 of the strip is the frame the renderer draws at 0.2 s.
        let frame2 = try Renderer(turningSquare()).frame(at: 0.2).unpremultipliedRGBA()
        XCTAssertEqual(strip.frames[2].rgba, frame2)

        XCTAssertNil(verify(turningSquare(), as: .frames, record: .missing), "the same scene matches")
        let changed = try XCTUnwrap(verify(turningSquare(turn: .pi / 3), as: .frames, record: .missing))
        XCTAssertTrue(changed.contains("2 of 4 frames differ from the reference; first: frame 1 (0.1 s)"), changed)
        let report = try XCTUnwrap(changed.range(of: "Report: ").map { changed[$0.upperBound...].prefix { $0 != " " } }).dropLast()
        XCTAssertTrue(report.hasSuffix("/index.html"), String(report))
        let html = try XCTUnwrap(FileManager.default.contents(atPath: String(report)))
        XCTAssertTrue(String(decoding: html, as: UTF8.self).contains("turningSquare"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: String(report.dropLast(10)) + "diff-0001.png"))
        // The reference is unchanged by a failure (record .missing); .failed records the new one.
        XCTAssertEqual(FileManager.default.contents(atPath: referenceFile()), png)
        XCTAssertNotNil(verify(turningSquare(turn: .pi / 3), as: .frames, record: .failed))
        XCTAssertNil(verify(turningSquare(turn: .pi / 3), as: .frames, record: .never))
    }

    /// The reference committed beside this file (`__Snapshots__/FrameSnapshotTests/`), as a
    /// team keeps theirs: the scene matches it, in record mode `never` as CI runs.
    func testTheCommittedReference() {
        assertSnapshot(of: turningSquare(), as: .frames, record: .never)
        assertSnapshot(of: turningSquare(), as: .frame(at: 0.1), named: "tenth", record: .never)
    }

    /// The diff picture of the first failing frame is the failure's attachment.
    func testTheDiffPictureIsAttached() throws {
        let strategy = Snapshotting<LayerScene, FrameStrip>.frames
        let reference = try XCTUnwrap(snapshot(turningSquare(), strategy))
        let actual = try XCTUnwrap(snapshot(turningSquare(color: .systemRed), strategy))
        let (message, attachments) = try XCTUnwrap(strategy.diffing.diffV2(reference, actual))
        XCTAssertTrue(message.contains("4 of 4 frames differ"), message)
        guard case .data(let data, let name)? = attachments.first else { return XCTFail("no attachment") }
        XCTAssertEqual(name, "diff-0.png")
        let diff = try PNGCodec.decode([UInt8](data))
        XCTAssertEqual(diff.width * diff.height, 60 * 40)
        // The square's pixels are marked in red (beyond the tolerance).
        let centre = (20 * 60 + 30) * 4
        XCTAssertEqual(Array(diff.rgba[centre..<(centre + 3)]), [230, 20, 60])
    }

    /// Tolerance options are verify's: a change within them passes.
    func testToleranceAsVerify() throws {
        var loose = VerifyOptions()
        loose.tolerance = 255
        let strategy = Snapshotting<LayerScene, FrameStrip>.frames(loose)
        let reference = try XCTUnwrap(snapshot(turningSquare(), strategy))
        let actual = try XCTUnwrap(snapshot(turningSquare(color: .systemRed), strategy))
        XCTAssertNil(strategy.diffing.diffV2(reference, actual))
        var ratio = VerifyOptions()
        ratio.maxDiffRatio = 0.01
        let strict = Snapshotting<LayerScene, FrameStrip>.frames(ratio)
        XCTAssertNotNil(strict.diffing.diffV2(reference, actual), "a 20x20 square is 17 % of the frame")
    }

    /// `.frame(at:)` and `.frames(at:)` hold the frames of those times (a time between frames
    /// or past the end is refused: `SwiftTestingFailures`).
    func testFramesAtTimes() throws {
        let some = try XCTUnwrap(snapshot(turningSquare(), .frames(at: [0.3, 0.1])))
        XCTAssertEqual(some.frames.map(\.index), [3, 1])
        let again = FrameStrip(png: try some.png())
        XCTAssertEqual(again.frames.map(\.index), [3, 1])
        XCTAssertEqual(again.frames.map(\.rgba), some.frames.map(\.rgba))
        XCTAssertEqual(try XCTUnwrap(snapshot(turningSquare(), .frame(at: 0.2))).frames.map(\.index), [2])
    }

    /// Frames asked for out of order still make verify's report: each reference frame is
    /// written under the file its own manifest record names.
    func testAReportOfFramesAskedOutOfOrder() throws {
        let strategy = Snapshotting<LayerScene, FrameStrip>.frames(at: [0.2, 0.1])
        let reference = try XCTUnwrap(snapshot(turningSquare(), strategy))
        let actual = try XCTUnwrap(snapshot(turningSquare(turn: .pi / 3), strategy))
        let message = try XCTUnwrap(strategy.diffing.diffV2(reference, actual)?.0)
        XCTAssertTrue(message.contains("2 of 2 frames differ from the reference; first: frame 2 (0.2 s)"), message)
        XCTAssertTrue(message.contains(" Report: ") && !message.contains("No report"), message)
    }

    /// A reference with other frames (another canvas or fps) is named as such, not compared.
    func testAReferenceOfOtherFramesIsNamed() throws {
        let strategy = Snapshotting<LayerScene, FrameStrip>.frames
        let reference = try XCTUnwrap(snapshot(turningSquare(), .frames(at: [0, 0.1])))
        let actual = try XCTUnwrap(snapshot(turningSquare(), strategy))
        let message = try XCTUnwrap(strategy.diffing.diffV2(reference, actual)?.0)
        XCTAssertTrue(message.contains("The reference holds 2 frames of 60x40 pixels (frames 0, 1); the scene renders 4 frames"), message)
    }

    /// A scene file is snapshotted as `tablerender` renders it.
    func testASceneFile() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scenes/fold.json")
        var options = VerifyOptions()
        options.scale = 1
        let strip = try XCTUnwrap(snapshot(url, Snapshotting<URL, FrameStrip>.frame(at: 0.5, options)))
        XCTAssertNil(strip.failure)
        let loaded = try SceneLoader.load(path: url.path, options: LoadOptions(scale: 1))
        XCTAssertEqual(strip.width, Int(loaded.scene.canvas.width))
    }

    func snapshot<V>(_ value: V, _ strategy: Snapshotting<V, FrameStrip>) -> FrameStrip? {
        var out: FrameStrip?
        strategy.snapshot(value).run { out = $0 }
        return out
    }
}
