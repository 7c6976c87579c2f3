import Foundation
import JSONText
import PNGCodec
import Raster
import SceneModel
import Synchronization
import TableRender

/// What `tablerender preview` serves for one scene file: the page, the scene's state, each
/// frame's PNG (the bytes `tablerender` writes for that frame) and its draw list. The scene is
/// loaded again when its file or an image it uses changes, checked each time the page asks for
/// the state; a scene that does not load is shown by its problems.
public final class PreviewSession: Sendable {
    /// The scene file, as given.
    public let scenePath: String
    let loadOptions: LoadOptions
    let renderOptions: RenderOptions
    /// The `Host` headers answered (the loopback names with the port): a page elsewhere that
    /// resolves its own name to 127.0.0.1 (DNS rebinding) is refused.
    let hosts: Set<String>
    let state: Mutex<State>
    /// The renderer frames are drawn with, made for the load it belongs to: it keeps caches
    /// between frames, so one request at a time uses it (the mutex owns it, not a convention).
    let rendering = Mutex<(load: Int, renderer: FrameRenderer)?>(nil)

    /// A file's modification time and size.
    struct Stamp: Equatable {
        var seconds: Int
        var nanoseconds: Int
        var size: Int
    }

    struct Loaded: Sendable {
        /// The load's number (the state's `generation` when it was made).
        var load: Int
        var shared: FrameRenderer.Shared
        var resources: SceneResources
        var scene: Scene
        var frameCount: Int
    }

    struct State: Sendable {
        /// Counts loads: the page asks for frames of the generation it shows.
        var generation = 0
        var stamps: [String: Stamp] = [:]
        var loaded: Loaded?
        /// The last load that succeeded.
        var lastGood: Loaded?
        var problems: [String] = []
        var warnings: [String] = []
        /// The image files the scene drew (watched for changes).
        var images: [String] = []
    }

    /// Told of each load after the first: what the terminal prints.
    let log: @Sendable (String) -> Void

    public init(scenePath: String, port: Int, load: LoadOptions, render: RenderOptions, log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.log = log
        self.scenePath = scenePath
        loadOptions = load
        renderOptions = render
        hosts = ["127.0.0.1:\(port)", "localhost:\(port)"]
        state = Mutex(State())
        state.withLock { reload(&$0) }
    }

    /// Why the scene does not load now (nil when it does).
    public var problems: String? {
        state.withLock { $0.loaded == nil ? $0.problems.joined(separator: "\n") : nil }
    }

    /// Answers one request.
    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        guard let host = request.host, hosts.contains(host.lowercased()) else {
            return .text("this preview answers only http://127.0.0.1 and http://localhost on its port\n", status: 403)
        }
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        switch parts.first {
        case nil: return HTTPResponse(contentType: "text/html; charset=utf-8", body: Array(PreviewPage.html.utf8))
        case "state" where parts.count == 1: return stateResponse()
        // The generation in the path only keeps the browser from reusing a frame of an earlier
        // load; a request of one that just ended gets the scene as it is now.
        case "frame" where parts.count == 3 && parts[2].hasSuffix(".png"): return frame(parts[2].dropLast(4), png: true)
        case "draws" where parts.count == 3 && parts[2].hasSuffix(".txt"): return frame(parts[2].dropLast(4), png: false)
        case "favicon.ico": return HTTPResponse(status: 204, contentType: "image/x-icon", body: [])
        default: return .text("not found\n", status: 404)
        }
    }

    /// The scene's state as JSON, after loading it again if a file it uses changed.
    func stateResponse() -> HTTPResponse {
        let json: JSON = state.withLock { s in
            if stamps(s) != s.stamps {
                reload(&s)
                log(s.loaded != nil ? "\(scenePath): loaded again (\(s.loaded?.frameCount ?? 0) frames)"
                                    : "\(scenePath): does not load:\n" + s.problems.joined(separator: "\n"))
            }
            var members: [(key: String, value: JSON)] = [
                ("scene", .string(scenePath)), ("generation", .number(Double(s.generation))),
                ("ok", .bool(s.loaded != nil)), ("problems", .array(s.problems.map(JSON.string))),
                ("warnings", .array(s.warnings.map(JSON.string))), ("generator", .string(Version.software)),
            ]
            if let l = s.loaded {
                members += [
                    ("frameCount", .number(Double(l.frameCount))), ("fps", .number(l.scene.fps)),
                    ("duration", .number(l.scene.duration)), ("width", .number(l.scene.canvas.width)),
                    ("height", .number(l.scene.canvas.height)), ("scale", .number(l.scene.canvas.scale)),
                    ("pixelWidth", .number(Double(l.scene.canvas.pixelWidth))), ("pixelHeight", .number(Double(l.scene.canvas.pixelHeight))),
                ]
            }
            return .object(members)
        }
        return HTTPResponse(contentType: "application/json", body: Array(JSONWriter.string(json, layout: .rows).utf8))
    }

    /// Frame `index`'s PNG or draw list, of the scene as loaded now.
    func frame(_ index: Substring, png: Bool) -> HTTPResponse {
        // While the file does not load, the frames of the last load that did (the page dims them).
        guard let loaded = state.withLock({ $0.loaded ?? $0.lastGood }) else { return .text("the scene is not loaded: see its problems\n", status: 404) }
        guard index.count <= 9, let n = Int(index), n >= 0, n < loaded.frameCount else {
            return .text("no frame \(index): the scene has frames 0 to \(loaded.frameCount - 1)\n", status: 404)
        }
        // One frame at a time: a renderer keeps caches that one thread may use at once.
        return rendering.withLock { kept in
            if kept?.load != loaded.load {
                // The render's budgets per frame (edges, pixels drawn, path work), as a render's workers have.
                kept = (loaded.load, FrameRenderer(scene: loaded.scene, resources: loaded.resources, cache: MaskCache(), keepsBetweenFrames: true,
                                                   budget: RasterBudget(limits: renderOptions.limits), sharing: loaded.shared))
            }
            guard let renderer = kept?.renderer else { return .text("frame \(n): no renderer\n", status: 500) }
            if !png { return .text(renderer.drawList(frame: n).description) }
            do {
                let pixmap = try renderer.checkedRender(frame: n)
                let encoded = try PNGFrameEncoder(renderOptions).encode(pixmap)
                return HTTPResponse(contentType: "image/png", body: encoded.png)
            } catch let failure as RenderFailure {
                return .text("frame \(n): \(failure.description)\n", status: 500)
            } catch {
                return .text("frame \(n): \(error)\n", status: 500)
            }
        }
    }

    /// Loads the scene again (`generation` + 1). The files' stamps are taken before it is read,
    /// so a save while it loads is seen at the next check.
    func reload(_ s: inout State) {
        s.generation += 1
        s.loaded = nil
        s.problems = []
        s.warnings = []
        s.images = []
        s.stamps = stamps(s)
        let sceneStamp = s.stamps[scenePath]
        let loaded: LoadedScene
        do throws(SceneError) {
            loaded = try SceneLoader.load(path: scenePath, options: loadOptions)
        } catch {
            s.problems = [error.description]
            return
        }
        let writer = FrameWriter(loaded, options: renderOptions, outputPath: "")
        do throws(RenderFailure) {
            let count = try writer.frameIndices().count
            let shared = FrameRenderer(scene: writer.scene, resources: loaded.resources).shared
            s.loaded = Loaded(load: s.generation, shared: shared, resources: loaded.resources, scene: writer.scene, frameCount: count)
            s.lastGood = s.loaded
            s.warnings = loaded.warnings.map { "\(scenePath): \($0)" }
            // The images it draws are watched from now on (their stamps as they were loaded).
            s.images = loaded.resources.images.keys.sorted()
            s.stamps = stamps(s)
            s.stamps[scenePath] = sceneStamp
        } catch {
            s.problems = ["\(scenePath): \(error.description)"]
        }
    }

    /// The stamps of the scene file and of the image files the scene drew when it last loaded;
    /// while it is refused, also of its folders (a missing image added, say).
    func stamps(_ s: State) -> [String: Stamp] {
        let folder = URL(fileURLWithPath: scenePath).deletingLastPathComponent().path
        let root = loadOptions.assetsRoot ?? folder
        var paths = [scenePath]
        if s.loaded == nil { paths += [folder, root] }
        for image in s.images {
            paths.append(image.hasPrefix("/") ? image : root + "/" + image)
        }
        var out: [String: Stamp] = [:]
        for path in paths where out[path] == nil {
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            #if canImport(Darwin)
            let time = info.st_mtimespec
            #else
            let time = info.st_mtim
            #endif
            out[path] = Stamp(seconds: Int(time.tv_sec), nanoseconds: Int(time.tv_nsec), size: Int(info.st_size))
        }
        return out
    }
}
