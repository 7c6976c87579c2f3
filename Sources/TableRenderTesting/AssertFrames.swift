import Foundation
import Testing
import XCTest
import TableRender
import TableRenderReview
import TableRenderQuartz

/// When ``assertFrames(_:matching:options:record:fileID:filePath:line:column:)`` records a
/// golden instead of comparing with it. Set by the `TABLERENDER_RECORD` environment variable
/// (`missing`, the default; `all`; `never`), as swift-snapshot-testing's `SNAPSHOT_TESTING_RECORD`.
public enum RecordMode: String, Sendable {
    /// Record a golden that does not exist yet (the test fails once, saying so); compare others.
    case missing
    /// Record every golden anew (each test fails once, saying so): after a change you meant.
    case all
    /// Never record: a missing golden is a failure (for CI).
    case never

    /// `TABLERENDER_RECORD`, or `missing` when it is not set.
    public static var fromEnvironment: RecordMode {
        ProcessInfo.processInfo.environment["TABLERENDER_RECORD"].flatMap(RecordMode.init(rawValue:)) ?? .missing
    }
}

/// What an assertion found: nil when every frame matches the golden.
public struct FramesMismatch: Error, CustomStringConvertible, Sendable {
    /// What differs, with the first differing frame and where the report is.
    public var description: String
}

/// Renders `scene` and compares every frame's pixels with the golden folder `golden` (a folder
/// `tablerender` or this function wrote), as `tablerender verify` does. On a difference the
/// failure names the first differing frame and the report (`golden` + `-report/index.html`,
/// the same report `tablerender verify --report` writes, only when frames differ). A missing
/// golden is recorded (see
/// ``RecordMode``). Works in XCTest and in Swift Testing.
public func assertFrames(_ scene: LayerScene, matching golden: String, options: VerifyOptions = VerifyOptions(),
                         record: RecordMode = .fromEnvironment,
                         fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
    if let mismatch = verifyFrames(scene, matching: golden, options: options, record: record) {
        let location = SourceLocation(fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column))
        if Test.current != nil {
            Issue.record(Comment(rawValue: mismatch.description), sourceLocation: location)
        } else {
            XCTFail(mismatch.description, file: filePath, line: line)
        }
    }
}

/// ``assertFrames(_:matching:options:record:fileID:filePath:line:column:)`` without the test
/// framework: the mismatch, or nil when the frames match.
public func verifyFrames(_ scene: LayerScene, matching golden: String, options: VerifyOptions = VerifyOptions(),
                         record: RecordMode = .fromEnvironment) -> FramesMismatch? {
    let location = GoldenLocation(golden)
    // Frames are rendered at the golden's scale (or the one asked for): the scene's images are
    // loaded for that scale (their @2x/@3x files).
    let goldenScale = location.exists && record != .all ? (try? Manifest.read(folder: location.folder, file: location.manifest))?.header.scale : nil
    let loaded: LoadedScene
    do { loaded = try scene.load(options: LoadOptions(scale: options.scale ?? goldenScale)) } catch { return FramesMismatch(description: error.description) }
    if !location.exists || record == .all {
        if record == .never {
            return FramesMismatch(description: "\(golden): no golden (no manifest.json there), and TABLERENDER_RECORD=never")
        }
        var render = RenderOptions(fps: options.fps, scale: options.scale, frames: options.frames, jobs: options.jobs)
        render.force = true
        render.createParents = true
        do {
            let records = try Renderer(loaded: loaded).render(to: location.folder, options: render)
            return FramesMismatch(description: "\(golden): recorded the golden (\(records.count) frames); look at them, then run the test again to compare")
        } catch {
            return FramesMismatch(description: "\(golden): \(error.description)")
        }
    }
    // Compare first; write the report (the verify command's) only when frames differ, so a
    // passing test leaves nothing beside its golden.
    var verify = options
    let report = verify.report ?? location.folder + "-report"
    verify.report = nil
    do {
        let manifest = try Manifest.read(folder: location.folder, file: location.manifest)
        var result = try Verifier(scenePath: scene.displayName, loaded: loaded, golden: manifest, options: verify).run()
        guard case .failed = result.outcome else { return nil }
        verify.report = report
        verify.force = true
        result = try Verifier(scenePath: scene.displayName, loaded: loaded, golden: manifest, options: verify).run()
        guard case .failed(let failing, let first) = result.outcome else { return nil }
        let detail = result.comparisons.first { $0.index == first }.map { VerifyReport.describe($0, result) } ?? ""
        let why = result.textSources.map { " " + $0 + "." }.joined()
        return FramesMismatch(description: "\(failing) of \(result.comparisons.count) frames differ from \(golden); first: frame \(first): \(detail). Report: \(report)/index.html\(why)")
    } catch {
        return FramesMismatch(description: "\(golden): \(error.description)")
    }
}
