import Foundation
import Testing
import XCTest
import TableRender
import TableRenderReview
import TableRenderQuartz

/// When ``assertFrames(_:matching:options:record:fileID:filePath:testName:line:column:)`` records a
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

/// Renders `scene` and compares every frame's pixels with its golden folder, kept beside the
/// test file as swift-snapshot-testing keeps snapshots:
/// `__Snapshots__/<test file>/<test>.frames/` (`<test>.<name>.frames/` with `named:`, for a
/// test that asserts more than one scene). On a difference the failure names the first
/// differing frame and `tablerender verify`'s report, written outside the source tree (see
/// ``reportsFolder``). A missing golden is recorded (see ``RecordMode``). Works in XCTest and
/// in Swift Testing.
@preconcurrency @MainActor
public func assertFrames(_ scene: LayerScene, named name: String? = nil, options: VerifyOptions = VerifyOptions(),
                         record: RecordMode = .fromEnvironment, fileID: String = #fileID, filePath: StaticString = #filePath,
                         testName: String = #function, line: UInt = #line, column: UInt = #column) {
    let golden = goldenBesideTest(filePath: "\(filePath)", testName: testName, name: name)
    assertFrames(scene, matching: golden, options: options, record: record, fileID: fileID, filePath: filePath,
                 testName: testName + (name.map { "." + $0 } ?? ""), line: line, column: column)
}

/// Renders `scene` and compares every frame's pixels with the golden folder `golden` (a folder
/// `tablerender` or this function wrote; a relative path is taken from the working directory),
/// as `tablerender verify` does. On a difference the failure names the first differing frame
/// and the report (``reportsFolder``). A missing golden is recorded (see ``RecordMode``). A
/// scene without a `displayName` of its own is called by its test in the report. Works in
/// XCTest and in Swift Testing.
@preconcurrency @MainActor
public func assertFrames(_ scene: LayerScene, matching golden: String, options: VerifyOptions = VerifyOptions(),
                         record: RecordMode = .fromEnvironment,
                         fileID: String = #fileID, filePath: StaticString = #filePath, testName: String = #function,
                         line: UInt = #line, column: UInt = #column) {
    var named = scene
    if named.displayName == "LayerScene" {
        // "AssertFramesTests.testFold()": the test, where the report would say "LayerScene".
        let file = fileID.split(separator: "/").last.map { String($0.dropLast($0.hasSuffix(".swift") ? 6 : 0)) + "." } ?? ""
        named.displayName = file + testName
    }
    if let mismatch = verifyFrames(named, matching: golden, options: options, record: record) {
        let location = SourceLocation(fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column))
        if Test.current != nil {
            Issue.record(Comment(rawValue: mismatch.description), sourceLocation: location)
        } else {
            XCTFail(mismatch.description, file: filePath, line: line)
        }
    }
}

/// Where ``assertFrames(_:matching:options:record:fileID:filePath:testName:line:column:)``
/// writes `tablerender verify`'s report when frames differ: the folder `TABLERENDER_REPORTS`
/// names, else `tablerender-reports` beside the test bundle (in the build folder), one
/// subfolder per golden. Never inside the source tree, unless the variable says so.
public var reportsFolder: String {
    if let named = ProcessInfo.processInfo.environment["TABLERENDER_REPORTS"], !named.isEmpty { return named }
    // The test bundle: SwiftPM on Linux runs `<build>/<package>PackageTests.xctest` itself; on
    // macOS `xctest` loads it.
    let bundle = Bundle.allBundles.first { $0.bundleURL.pathExtension == "xctest" }?.bundleURL
        ?? URL(fileURLWithPath: CommandLine.arguments.first ?? ".")
    return bundle.standardizedFileURL.deletingLastPathComponent().appendingPathComponent("tablerender-reports").path
}

/// `__Snapshots__/<test file>/<test>[.<name>].frames` beside the test file.
func goldenBesideTest(filePath: String, testName: String, name: String?) -> String {
    let file = URL(fileURLWithPath: filePath)
    let test = sanitized(testName) + (name.map { "." + sanitized($0) } ?? "")
    return file.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
        .appendingPathComponent(file.deletingPathExtension().lastPathComponent).appendingPathComponent(test + ".frames").path
}

/// A name made safe for a path: runs of anything but letters, digits and `_` become one `-`,
/// none at the ends (as swift-snapshot-testing names its files).
func sanitized(_ name: String) -> String {
    var out = ""
    var dash = false
    for c in name.unicodeScalars {
        if CharacterSet.alphanumerics.contains(c) || c == "_" {
            if dash && !out.isEmpty { out += "-" }
            out.unicodeScalars.append(c)
            dash = false
        } else {
            dash = true
        }
    }
    return out.isEmpty ? "frames" : out
}

/// ``assertFrames(_:matching:options:record:fileID:filePath:testName:line:column:)`` without
/// the test framework: the mismatch, or nil when the frames match. The scene is rendered once:
/// frames that differ are written into the report as they are compared, and the report is
/// removed again when every frame passes.
@preconcurrency @MainActor
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
    var verify = options
    let report = verify.report ?? PathName.join(reportsFolder, reportName(location.folder))
    verify.report = report
    verify.force = true
    do {
        let manifest = try Manifest.read(folder: location.folder, file: location.manifest)
        let result = try Verifier(scenePath: scene.displayName, loaded: loaded, golden: manifest, options: verify).run()
        guard case .failed(let failing, let first) = result.outcome else {
            // A passing test leaves no report behind.
            if options.report == nil { try? FileManager.default.removeItem(atPath: report) }
            return nil
        }
        let detail = result.comparisons.first { $0.index == first }.map { VerifyReport.describe($0, result) } ?? ""
        let why = result.textSources.map { " " + $0 + "." }.joined()
        return FramesMismatch(description: "\(failing) of \(result.comparisons.count) frames differ from \(golden); first: frame \(first): \(detail). Report: \(report)/index.html\(why)")
    } catch {
        return FramesMismatch(description: "\(golden): \(error.description)")
    }
}

/// A report's folder name for a golden folder: its last two components joined
/// (`AssertFramesTests-testFold.frames`), so goldens of two test files do not share one.
func reportName(_ golden: String) -> String {
    URL(fileURLWithPath: golden).standardizedFileURL.pathComponents.suffix(2).map(sanitized).joined(separator: "-")
}
