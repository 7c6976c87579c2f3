import ArgumentParser
import Foundation
import TableRender
import TableRenderPreview

struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve a live preview of a scene on this machine: a page with a frame scrubber that follows the file as it is saved.",
        discussion: """
            Open the address it prints (http://127.0.0.1:PORT/). The page plays the scene at its fps, \
            scrubs frame by frame (arrow keys, space to play and pause), shows each frame's time and \
            what it draws (tablerender draws), and loads the scene again when the file or an image \
            it uses changes. A scene that does not load shows its problems until it is fixed, on the \
            page and here. Each frame is the PNG `tablerender SCENE OUT` writes for it, within the \
            same budgets. The server listens on 127.0.0.1 only and answers only requests addressed \
            to 127.0.0.1 or localhost; Ctrl-C stops it.
            """)

    @Argument(help: "The scene JSON file.")
    var scene: String
    @Option(help: "The port on 127.0.0.1 (0 picks a free one).")
    var port: Int = 8421
    @Option(help: "Pixels per point, overriding canvas.scale.")
    var scale: Double?
    @Option(help: "Frames per second, overriding the scene's fps.")
    var fps: Double?
    @OptionGroup(title: "Limits") var limitOptions: LimitOptions

    func validate() throws {
        try validateSettings(fps: fps, scale: scale)
        if !(0...65535).contains(port) { throw ValidationError("--port expects a whole number from 0 to 65535 (0 picks a free port)") }
    }

    func run() throws {
        // A path that is not a file is a typo, said here: a scene that is there but does not
        // load is shown on the page until it is fixed.
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: scene, isDirectory: &isDirectory), !isDirectory.boolValue else {
            printError("\(scene): expected a scene file, found \(isDirectory.boolValue ? "a folder" : "no file at this path")")
            throw ExitCode(64)
        }
        let server: LoopbackServer
        do { server = try LoopbackServer(port: port) } catch {
            printError("tablerender preview: \(error.description)")
            throw ExitCode(69)
        }
        var render = RenderOptions(fps: fps, scale: scale)
        render.limits = limitOptions.limits
        let session = PreviewSession(scenePath: scene, port: server.port, load: limitOptions.loadOptions(scale: scale), render: render,
                                     log: { printError($0) })
        if let problems = session.problems { printError(problems) }
        // Written at once (not buffered), so a script reading the address gets it now.
        FileHandle.standardOutput.write(Data("tablerender preview: http://127.0.0.1:\(server.port)/ (\(scene); Ctrl-C stops)\n".utf8))
        server.serve { session.handle($0) }
    }
}
