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
            which); 73 the report folder was refused. With --goldens DIR, every scene given is verified \
            against DIR/NAME (its file name without .json), with one report of them all; the status is \
            64 when a scene was not compared, else 1 when one differs.
            """)

    @Argument(help: ArgumentHelp("SCENE GOLDEN: the scene JSON file and its golden (a folder an earlier render wrote, or its manifest.json). With --goldens: one or more scenes.", valueName: "paths"))
    var paths: [String] = []
    @Option(help: ArgumentHelp("Verify every scene named against the golden folder of its name (without .json) in this folder, in one call: with --report, one index of the scenes and one junit.xml with a test case per scene (each scene's report in scenes/NAME/).", valueName: "dir"))
    var goldens: String?
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
        if goldens == nil && paths.count != 2 {
            throw ValidationError("expected SCENE GOLDEN (or --goldens DIR and one or more scenes), found \(paths.count) paths")
        }
        if goldens != nil && paths.isEmpty { throw ValidationError("--goldens: expected one or more scenes to verify, found none") }
        if goldens != nil {
            var seen: [String: String] = [:]
            for scene in paths {
                let name = Verify.goldenName(scene)
                if name.isEmpty || name == "." || name == ".." {
                    throw ValidationError("--goldens: \(scene): expected a scene file name that can name a golden folder, found \"\(name)\"")
                }
                if let other = seen[name] {
                    throw ValidationError("--goldens: \(other) and \(scene) would share the golden \(name) (scenes verified together need different file names)")
                }
                seen[name] = scene
            }
        }
        for (scene, golden) in pairs {
            guard let report else { break }
            // Compared once links are followed: a link cannot put the report into the golden.
            let g = GoldenLocation(golden).folder
            if PathName.isInside(report, g) || PathName.isInside(g, report) {
                throw ValidationError("--report \(report): expected a folder apart from the golden \(golden) of \(scene) (neither inside the other)")
            }
        }
    }

    /// A golden's folder name under --goldens: the scene's file name without `.json`.
    static func goldenName(_ scene: String) -> String {
        let file = PathName.lastComponent(scene)
        return file.hasSuffix(".json") && file.count > 5 ? String(file.dropLast(5)) : file
    }

    /// Each scene with its golden.
    var pairs: [(scene: String, golden: String)] {
        guard let goldens else { return paths.count == 2 ? [(paths[0], paths[1])] : [] }
        return paths.map { ($0, PathName.join(goldens, Verify.goldenName($0))) }
    }

    func run() throws {
        if let goldens {
            try VerifyMany(command: self, goldens: goldens).run()
            return
        }
        let verification = SceneVerification(command: self, scene: paths[0], golden: paths[1], report: report)
        do {
            let result = try verification.run()
            if result?.passed == false { throw ExitCode(1) }
        } catch let stop as VerifyStop {
            printError(stop.message)
            verification.reportProblem(stop)
            throw ExitCode(stop.status)
        }
    }
}

/// Why a scene was not compared: printed, and in a report of many scenes its failing test case.
struct VerifyStop: Error {
    var message: String
    var status: Int32
}

/// One scene against its golden: `verify`'s work for each scene it is given.
struct SceneVerification {
    let command: Verify
    let scene: String, golden: String
    /// This scene's report folder.
    let report: String?

    var record: Bool { command.record }
    var quiet: Bool { command.quiet }
    var force: Bool { command.force }
    var scale: Double? { command.scale }
    var fps: Double? { command.fps }
    var jobs: Int? { command.jobs }
    var progress: ProgressReporter.Mode { command.progress }
    var limitOptions: LimitOptions { command.limitOptions }

    func fail(_ message: String, _ status: Int32) -> VerifyStop {
        VerifyStop(message: message, status: status)
    }

    /// A scene that was not compared (a refused scene, a golden missing, damaged or not
    /// fitting) still leaves a report that says why when one was asked for, in place of an
    /// earlier one (never one that says "passed"); a report folder that was itself refused is
    /// left alone.
    func reportProblem(_ stop: VerifyStop) {
        guard let report, stop.status != 73 else { return }
        try? VerifyReport.writeProblem(stop.message, scene: scene, golden: golden, report: report, force: force)
    }

    /// The golden's manifest (read first: verify renders at the golden's scale, so the scene's
    /// images are loaded for it, their @2x/@3x files) and the scene. A manifest that cannot be
    /// read is reported after the scene's own problems.
    func goldenAndScene(_ location: GoldenLocation) throws -> (Result<Manifest, RenderFailure>?, LoadedScene) {
        let manifest: Result<Manifest, RenderFailure>? = location.exists
            ? Result(catching: { () throws(RenderFailure) in try Manifest.read(folder: location.folder, file: location.manifest) }) : nil
        let goldenScale = (try? manifest?.get())?.header.scale
        let goldenAppearance = (try? manifest?.get())?.header.appearance
        do {
            let loaded = try SceneLoader.load(path: scene, options: limitOptions.loadOptions(scale: scale ?? goldenScale, appearance: goldenAppearance))
            printWarnings(loaded, scene, quiet: quiet)
            return (manifest, loaded)
        } catch {
            throw fail(error.description, 64)
        }
    }

    /// No golden at `location`: record it (`--record`), or refuse with the command that records
    /// it (and, with `--report`, a report that says so).
    func recordOrRefuse(_ location: GoldenLocation, _ loaded: LoadedScene, range: ClosedRange<Int>?) throws {
        if record && PathName.lastComponent(location.manifest) != "manifest.json" {
            throw fail("\(golden): --record writes a folder's manifest.json; name the folder (or its manifest.json) to record a golden", 64)
        }
        guard record else {
            let command = (["tablerender", "verify", scene, golden, "--record"]
                + (scale.map { ["--scale", JSON.format($0)] } ?? []) + (fps.map { ["--fps", JSON.format($0)] } ?? [])
                + (limitOptions.appearance.map { ["--appearance", $0.rawValue] } ?? [])).map(shellQuoted)
            let message = "\(golden): no golden yet (no manifest.json there). Record it from the scene as it is now with:\n  \(command.joined(separator: " "))"
            // The report says so too (a failing test case in junit.xml), so CI shows why.
            if let report { try? VerifyReport.writeProblem(message, scene: scene, golden: golden, report: report, force: force) }
            throw fail(message, 64)
        }
        var options = RenderOptions(fps: fps, scale: scale, frames: range, jobs: jobs ?? 0)
        options.limits = limitOptions.limits
        options.appearance = limitOptions.appearance
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

    /// The result of the comparison (nil: the golden was recorded); a scene that could not be
    /// compared throws a ``VerifyStop``.
    func run() throws -> VerifyResult? {
        let location = GoldenLocation(golden)
        let (manifest, loaded) = try goldenAndScene(location)
        let range = command.frames.flatMap { FrameRange(argument: $0)?.range }
        if !location.exists {
            try recordOrRefuse(location, loaded, range: range)
            return nil
        }
        if record && !quiet {
            print("\(golden): the golden exists, so it is verified, not recorded again (remove \(location.folder) to record it anew)")
        }
        var options = VerifyOptions()
        options.tolerance = command.tolerance
        options.maxDiffRatio = command.maxDiffPixels
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
        return result
    }
}
