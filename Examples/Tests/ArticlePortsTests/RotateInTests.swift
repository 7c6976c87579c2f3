import XCTest
import Foundation
import ArticlePorts
import TableRenderQuartz

/// The repository's scenes folder: `TABLERENDER_SCENES`, or the one Examples/ is in.
let scenes = ProcessInfo.processInfo.environment["TABLERENDER_SCENES"]
    ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scenes").path

/// Every `step`-th frame of a port and of the shipped scene: the same pixels.
func assertSameFrames(_ port: LayerScene, _ sceneFile: String, step: Int, file: StaticString = #filePath, line: UInt = #line) throws {
    let swift = try Renderer(port)
    let shipped = try Renderer(path: scenes + "/" + sceneFile)
    let count = shipped.loaded.scene.frameCount
    XCTAssertEqual(swift.loaded.scene.frameCount, count, file: file, line: line)
    var compared = 0
    for i in stride(from: 0, to: count, by: step) + [count - 1] {
        let t = shipped.loaded.scene.time(ofFrame: i)
        // A Bool, not the pixel arrays: a failure names the frame without printing millions of bytes.
        let same = swift.frame(at: t).data == shipped.frame(at: t).data
        XCTAssertTrue(same, "frame \(i) (t = \(t) s) differs from \(sceneFile)", file: file, line: line)
        compared += 1
    }
    XCTAssertGreaterThan(compared, 3, file: file, line: line)
}

final class RotateInTests: XCTestCase {
    func testThePortDrawsRotateJSON() throws {
        try MainActor.assumeIsolated {
            try assertSameFrames(RotateInTableViewController().scene(directory: scenes), "rotate.json", step: 12)
        }
    }

    /// What the port's willDisplay becomes: the article's numbers.
    func testTheDisplayEffectIsTheArticles() throws {
        try MainActor.assumeIsolated {
            let json = try RotateInTableViewController().scene().json()
            for expected in [#""rotate": [90, 0, 0.7, 0.4]"#, #""m34": -0.0016666666666666668"#, #""opacity": 0"#,
                             #""duration": 0.8"#, #""anchorPoint": [0, 0.5]"#, #""shadowOffset": [10, 10]"#, #""target": "cell""#] {
                XCTAssertTrue(json.contains(expected), "\(expected) in \(json)")
            }
        }
    }
}
