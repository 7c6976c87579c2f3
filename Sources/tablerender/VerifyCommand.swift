import ArgumentParser
import Foundation
import PNGCodec
import Raster
import SceneModel
import TableRender
import TableRenderReview

/// A path as a shell reads it back (for commands printed to be pasted).
func shellQuoted(_ s: String) -> String {
    let plain = s.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "/._-+=:,@".unicodeScalars.contains($0) }
    return plain && !s.isEmpty ? s : "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a scene with its golden's settings and compare every frame's pixels with the golden's.",
        discussion: """
            GOLDEN is an earlier render: its folder or its manifest.json. Decoded pixels are compared \
            (pixel hashes, then pixel by pixel), never PNG bytes. Exit status: 0 every frame matches \
            (within --tolerance and --max-diff-pixels); 1 a frame differs; 64 a bad scene or flag, or a \
            golden that does not fit the scene (missing, other frame count or size: the message says \
            which); 73 the report folder was refused.
            """)

    @Argument(help: "The scene JSON file.")
    var scene: String
    @Argument(help: "The golden: a folder an earlier render wrote, or its manifest.json.")
    var golden: String
    @Option(help: ArgumentHelp("Write a report to this folder: index.html (open it in a browser), summary.json, junit.xml and expected-, actual- and diff-NNNN.png for each differing frame.", valueName: "dir"))
    var report: String?
    @Option(help: "The largest difference (0-255) in any channel of a pixel still counted as equal (the report shows the exact result too).")
    var tolerance: Int = 0
    @Option(name: .customLong("max-diff-pixels"), help: ArgumentHelp("The share (0-1) of a frame's pixels that may differ beyond the tolerance and still pass.", valueName: "ratio"))
    var maxDiffPixels: Double = 0
    @Flag(help: "Record the golden (render the scene into GOLDEN) when it is missing, and only then.")
    var record = false
    @Flag(help: "Write the report (or a recorded golden) into a folder that holds files tablerender did not write.")
    var force = false
    @Flag(name: [.short, .long], help: "Print only errors and, when frames differ, one line that says so.")
    var quiet = false
    @Option(help: "Progress on standard error: auto (a bar on a terminal), json (one line per compared frame), none.")
    var progress: ProgressReporter.Mode = .auto
    @Option(help: "Frames per second for --record (otherwise the golden's; a different value is refused).")
    var fps: Double?
    @Option(help: "Pixels per point for --record (otherwise the golden's; a different value is refused).")
    var scale: Double?
    @Option(help: ArgumentHelp("Compare only frames A..B of the golden (or, with --record, record only those).", valueName: "A..B"))
    var frames: String?
    @Option(help: "Frames rendered at once (default: all cores). Results are identical for every value.")
    var jobs: Int?
    @OptionGroup(title: "Limits") var limitOptions: LimitOptions

    func validate() throws {
        if !(0...255).contains(tolerance) { throw ValidationError("--tolerance expects a whole number from 0 to 255, found \(tolerance)") }
        if !(maxDiffPixels >= 0 && maxDiffPixels <= 1) { throw ValidationError("--max-diff-pixels expects a ratio from 0 to 1 (0.01 is 1 % of a frame's pixels), found \(maxDiffPixels)") }
        try validateSettings(fps: fps, scale: scale, jobs: jobs, frames: frames)
        if let report {
            // Compared once links are followed: a link cannot put the report into the golden.
            let g = GoldenLocation(golden).folder
            if PathName.isInside(report, g) || PathName.isInside(g, report) {
                throw ValidationError("--report \(report): expected a folder apart from the golden \(golden) (neither inside the other)")
            }
        }
    }

    func fail(_ message: String, _ status: Int32) -> ExitCode {
        printError(message)
        return ExitCode(status)
    }

    /// The golden's manifest (read first: verify renders at the golden's scale, so the scene's
    /// images are loaded for it, their @2x/@3x files) and the scene. A manifest that cannot be
    /// read is reported after the scene's own problems.
    func goldenAndScene(_ location: GoldenLocation) throws -> (Result<Manifest, RenderFailure>?, LoadedScene) {
        let manifest: Result<Manifest, RenderFailure>? = location.exists
            ? Result(catching: { () throws(RenderFailure) in try Manifest.read(folder: location.folder, file: location.manifest) }) : nil
        let goldenScale = (try? manifest?.get())?.header.scale
        return (manifest, try loadScene(scene, limitOptions.loadOptions(scale: scale ?? goldenScale), quiet: quiet))
    }

    /// No golden at `location`: record it (`--record`), or refuse with the command that records
    /// it (and, with `--report`, a report that says so).
    func recordOrRefuse(_ location: GoldenLocation, _ loaded: LoadedScene, range: ClosedRange<Int>?) throws {
        if record && PathName.lastComponent(location.manifest) != "manifest.json" {
            throw fail("\(golden): --record writes a folder's manifest.json; name the folder (or its manifest.json) to record a golden", 64)
        }
        guard record else {
            let command = (["tablerender", "verify", scene, golden, "--record"]
                + (scale.map { ["--scale", JSON.format($0)] } ?? []) + (fps.map { ["--fps", JSON.format($0)] } ?? [])).map(shellQuoted)
            let message = "\(golden): no golden yet (no manifest.json there). Record it from the scene as it is now with:\n  \(command.joined(separator: " "))"
            // The report says so too (a failing test case in junit.xml), so CI shows why.
            if let report { try? VerifyReport.writeProblem(message, scene: scene, golden: golden, report: report, force: force) }
            throw fail(message, 64)
        }
        var options = RenderOptions(fps: fps, scale: scale, frames: range, jobs: jobs ?? 0)
        options.limits = limitOptions.limits
        options.force = force
        options.createParents = true
        var writer = FrameWriter(loaded, options: options, outputPath: location.folder)
        let reporter = ProgressReporter(mode: quiet ? .none : progress)
        if reporter.active { writer.progress = { frame, done, total in reporter.frameDone(frame, done: done, total: total) } }
        do {
            _ = try writer.frameIndices()
            defer { reporter.finish() }
            let records = try writer.run()
            if !quiet { print("\(scene): recorded the golden: \(records.count) frames to \(location.folder) (verify compares against it from now on)") }
        } catch {
            throw fail("\(scene): \(error.description)", error.exitStatus)
        }
    }

    func run() throws {
        let location = GoldenLocation(golden)
        let (manifest, loaded) = try goldenAndScene(location)
        let range = frames.flatMap { FrameRange(argument: $0)?.range }
        if !location.exists {
            try recordOrRefuse(location, loaded, range: range)
            return
        }
        if record && !quiet {
            print("\(golden): the golden exists, so it is verified, not recorded again (remove \(location.folder) to record it anew)")
        }
        var options = VerifyOptions()
        options.tolerance = tolerance
        options.maxDiffRatio = maxDiffPixels
        options.jobs = jobs ?? 0
        options.limits = limitOptions.limits
        options.report = report
        options.force = force
        options.fps = fps
        options.scale = scale
        options.frames = range
        let result: VerifyResult
        do {
            let golden = try (manifest ?? Result(catching: { () throws(RenderFailure) in try Manifest.read(folder: location.folder, file: location.manifest) })).get()
            var verifier = Verifier(scenePath: scene, loaded: loaded, golden: golden, options: options)
            let reporter = ProgressReporter(mode: quiet ? .none : progress)
            if reporter.active { verifier.progress = { frame, done, total in reporter.frameDone(frame, done: done, total: total) } }
            defer { reporter.finish() }
            result = try verifier.run()
        } catch {
            throw fail("\(scene): \(error.description)", error.exitStatus)
        }
        let differing = result.differing
        if !quiet {
            let shown = report == nil ? differing.count : 10
            for c in differing.prefix(shown) {
                print("\(scene): frame \(c.index) (t = \(VerifyReport.time(c.time)) s): \(VerifyReport.describe(c, result))")
            }
            if differing.count > shown { print("\(scene): ... and \(differing.count - shown) more differing frames (see the report)") }
            if !differing.isEmpty {
                for why in result.textSources.prefix(shownWarnings) { print("\(scene): \(why)") }
                if result.textSources.count > shownWarnings {
                    print("\(scene): ... and \(result.textSources.count - shownWarnings) more text sources that differ from the golden's")
                }
            }
        }
        let n = result.comparisons.count
        let verdict: String
        switch result.outcome {
        case .allMatch: verdict = "\(scene): all \(n) frames match \(golden)"
        case .withinTolerance(let d): verdict = "\(scene): \(d) of \(n) frames differ from \(golden), all within the tolerance"
        case .failed(let f, let first): verdict = "\(scene): \(f) of \(n) frames differ from \(golden) (first: frame \(first))"
        }
        if !quiet { print(verdict) } else if !result.passed { printError(verdict) }
        let reencoded = result.comparisons.filter(\.goldenReencoded).map(\.index)
        if !quiet, let first = reencoded.first {
            print("\(scene): note: \(reencoded.count) golden frame files (first: frame \(first)) were re-encoded since they were recorded (their PNG bytes are not the manifest's sha256, their pixels are its pixelsSha256); frames are compared by their pixels")
        }
        if let report, !quiet { print("\(scene): report in \(report)/index.html") }
        if !result.passed { throw ExitCode(1) }
    }
}
