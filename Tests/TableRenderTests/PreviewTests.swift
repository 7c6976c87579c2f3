import Foundation
import TestSupport
import XCTest

/// `tablerender preview`, driven in headless Chromium by Tests/Browser/check-preview.py: the
/// scrubber shows the PNG the command line writes for that frame, with its time and draw list;
/// play, pause and the arrow keys; a save on disk (the scene, an image it draws) appears; a
/// broken file shows `validate`'s problems until fixed; only loopback pages are answered; odd
/// requests get a status.
final class PreviewTests: XCTestCase {
    func testThePreviewPageInABrowser() throws {
        let work = Package.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: work) }
        let run = try runProgram("/usr/bin/env", ["python3", Package.root + "/Tests/Browser/check-preview.py", Package.executable,
                                                  Package.scene("fold.json"), work, "--screenshot", work + "/preview.png"])
        XCTAssertEqual(run.status, 0, run.out + run.err)
        XCTAssertTrue(run.out.contains("scrubber, time, draw list, play, keys, edit, idle, image, budgets, refusal and hosts OK"), run.out + run.err)
    }

    /// A port in use is said plainly (exit 69), a bad port is a usage error, and a path that is
    /// not a file is refused at once (exit 64) instead of serving a page for it.
    func testAPortInUseIsSaid() throws {
        let first = Process()
        first.executableURL = URL(fileURLWithPath: Package.executable)
        first.arguments = ["preview", Package.scene("fold.json"), "--port", "0"]
        let out = Pipe()
        first.standardOutput = out
        try first.run()
        defer { first.terminate(); first.waitUntilExit() }
        var line = Data()
        while !line.contains(10) {
            let chunk = out.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            line += chunk
        }
        let text = String(decoding: line, as: UTF8.self)
        let port = try XCTUnwrap(text.split(separator: ":").last.map { $0.prefix { $0.isNumber } }.flatMap { Int($0) }, text)
        let second = try runCLI(["preview", Package.scene("fold.json"), "--port", String(port)])
        XCTAssertEqual(second.status, 69)
        XCTAssertEqual(second.err, "tablerender preview: 127.0.0.1:\(port): the port is in use: pick another with --port (0 picks a free one)\n")
        let bad = try runCLI(["preview", Package.scene("fold.json"), "--port", "70000"])
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.err.contains("--port expects a whole number from 0 to 65535"), bad.err)
        let missing = try runCLI(["preview", Package.root + "/scenes/no-such-scene.json", "--port", "0"])
        XCTAssertEqual(missing.status, 64)
        XCTAssertEqual(missing.err, Package.root + "/scenes/no-such-scene.json: expected a scene file, found no file at this path\n")
        let folder = try runCLI(["preview", Package.root + "/scenes", "--port", "0"])
        XCTAssertEqual(folder.status, 64)
        XCTAssertTrue(folder.err.hasSuffix("expected a scene file, found a folder\n"), folder.err)
    }
}
