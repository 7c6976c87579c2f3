import ArgumentParser
import TableRender
import TableRenderReview

/// `tablerender verify --goldens DIR SCENE...`: each scene against the golden of its name under
/// DIR, in one call, with one report of them all (issue 52.3). A scene that cannot be compared
/// (its golden missing or not fitting, the scene refused) is a failing test case in the report,
/// and the others are still verified.
struct VerifyMany {
    let command: Verify
    let goldens: String

    func run() throws {
        // The report's folder first: the earlier report (its index and its scenes' reports)
        // goes before any scene is compared, so no earlier "passed" outlives this run.
        var folder: OutputFolder?
        if let path = command.report {
            do throws(RenderFailure) { folder = try OutputFolder.prepare(path, force: command.force, kind: .report, createParents: true) } catch {
                printError(error.description)
                throw ExitCode(error.exitStatus)
            }
        }
        var verdicts: [SceneVerdict] = []
        for (scene, golden) in command.pairs {
            let name = Verify.goldenName(scene)
            let relative = VerifyReport.scenesFolder + "/" + name
            let report = folder.map { PathName.join($0.path, relative) }
            let kind: SceneVerdict.Kind
            let verification = SceneVerification(command: command, scene: scene, golden: golden, report: report)
            do {
                let result = try verification.run()
                kind = result.map { SceneVerdict.Kind.compared($0) } ?? .recorded
            } catch let stop as VerifyStop {
                printError(stop.message)
                // Its own report says why too.
                verification.reportProblem(stop)
                kind = .problem(stop.message)
            }
            verdicts.append(SceneVerdict(scene: scene, golden: golden, report: relative, kind: kind))
        }
        if let folder {
            do throws(RenderFailure) {
                try folder.complete([]) { () throws(RenderFailure) in try VerifyReport.writeIndex(verdicts, to: folder.path) }
            } catch {
                printError(error.description)
                throw ExitCode(error.exitStatus)
            }
        }
        let problems = verdicts.filter { if case .problem = $0.kind { true } else { false } }.count
        let failing = verdicts.filter { !$0.passed }.count - problems
        let line = "verify: \(verdicts.count) scenes: \(verdicts.count - failing - problems) pass, \(failing) differ, \(problems) not compared"
        if !command.quiet { print(line) } else if failing + problems > 0 { printError(line) }
        if let folder, !command.quiet { print("verify: report in \(folder.path)/index.html") }
        if problems > 0 { throw ExitCode(64) }
        if failing > 0 { throw ExitCode(1) }
    }
}
