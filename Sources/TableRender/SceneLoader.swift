import Compositing
import Foundation
import Hashing
import PNGCodec
import Raster
import Simulation
import TableEngine
import SceneJSON
import SceneModel
import Text

/// A validated scene with the images and fonts it needs, ready to render.
public struct LoadedScene: Sendable {
    public var scene: Scene
    public var resources: SceneResources
    /// What renders but may not look as meant (a character no font has), once per scene.
    public var warnings: [SceneProblem] = []
    /// The SHA-256 of the scene's bytes (the file's, or the JSON given to `load(bytes:)`).
    public var sourceSHA256: String?

    public init(scene: Scene, resources: SceneResources = SceneResources(), warnings: [SceneProblem] = [], sourceSHA256: String? = nil) {
        self.scene = scene; self.resources = resources; self.warnings = warnings; self.sourceSHA256 = sourceSHA256
    }
}

/// What the command line can change about loading a scene.
public struct LoadOptions: Sendable {
    public var limits = Limits()
    /// The folder images and fonts must resolve inside; nil means the scene file's folder.
    public var assetsRoot: String?
    /// The scale the frames will be rendered at, when it overrides the scene's (`--scale`): it
    /// picks images' `@2x`/`@3x` files.
    public var scale: Double?
    /// A folder with SF Pro's files (`--font-dir`): "system" text is drawn with SF Pro Text and
    /// Display as on iOS instead of Inter.
    public var fontDirectory: String?
    /// Light or dark, overriding the canvas's (`--appearance`): the scene's system colours are
    /// read in it and its table and bars drawn in it.
    public var appearance: Appearance?
    public init(limits: Limits = Limits(), assetsRoot: String? = nil, scale: Double? = nil, fontDirectory: String? = nil,
                appearance: Appearance? = nil) {
        self.limits = limits
        self.appearance = appearance
        self.assetsRoot = assetsRoot
        self.fontDirectory = fontDirectory
        self.scale = scale
    }
}

/// Reads a scene file from disk, validates it, and loads every image and font it names.
/// Every problem (JSON or files) is reported before anything is written.
public enum SceneLoader {
    /// Where the default face, Inter, is read from: the copy tablerender ships (`fonts/inter`
    /// in the repository, installed by `./render.sh install` as `share/tablerender/fonts/inter`
    /// beside `bin/`), found beside the running executable first, then in the repository this
    /// build was made from; else Debian's fonts-inter. The files are Debian 12's, so the pixels
    /// are the same either way on Debian 12, and the same on any other system.
    public static let interDirectory: String = {
        var candidates: [String] = []
        if let executable = executablePath() {
            let bin = URL(fileURLWithPath: executable).deletingLastPathComponent()
            candidates.append(bin.deletingLastPathComponent().appendingPathComponent("share/tablerender/fonts/inter").path)
        }
        // Sources/TableRender/SceneLoader.swift, two folders below the repository's root.
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(repository.appendingPathComponent("fonts/inter").path)
        return candidates.first { FileManager.default.fileExists(atPath: $0 + "/Inter-Regular.otf") } ?? debianInterDirectory
    }()
    /// Debian's fonts-inter, the default face's last resort.
    public static let debianInterDirectory = "/usr/share/fonts/opentype/inter"

    /// The running executable's path (Linux's `/proc/self/exe`), nil when it cannot be read.
    static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    /// The largest scene file read: the parsed JSON of 32 MB of numbers takes about 700 MB, and
    /// a scene of 100,000 layers is about 6 MB.
    public static let maxSceneBytes = 32 << 20

    public static func load(path: String, options: LoadOptions = LoadOptions()) throws(SceneError) -> LoadedScene {
        func refuse(_ why: String) -> SceneError { SceneError(file: path, problems: [SceneProblem(path: "", message: why)]) }
        if path.utf8.contains(0) { throw refuse("expected a scene file, found a path with a NUL byte in it") }
        var st = stat()
        guard stat(path, &st) == 0 else {
            throw refuse(errno == ENOENT || errno == ENOTDIR ? "expected a scene file, found no file at this path"
                         : "expected a readable scene file, found one that cannot be read: \(String(cString: strerror(errno)))")
        }
        let kind = st.st_mode & S_IFMT
        if kind == S_IFDIR { throw refuse("expected a scene file, found a folder") }
        guard kind == S_IFREG else { throw refuse("expected a scene file, found something that is not a regular file (a device, pipe or socket)") }
        guard Int(st.st_size) <= maxSceneBytes else {
            throw refuse("expected a scene file of at most \(maxSceneBytes >> 20) MB, found one of \(Int(st.st_size) >> 20) MB")
        }
        guard let data = AssetFiles.readRegular(path, maxBytes: maxSceneBytes) else {
            throw refuse("expected a readable scene file, found one that cannot be read: \(String(cString: strerror(errno)))")
        }
        let directory = PathName.parent(PathName.absolute(path))
        return try load(bytes: data, displayName: path, directory: directory, options: options)
    }

    public static func load(bytes: [UInt8], displayName: String, directory: String,
                            options: LoadOptions = LoadOptions()) throws(SceneError) -> LoadedScene {
        let scene = try SceneDecoder.decode(bytes: bytes, displayName: displayName, directory: directory, limits: options.limits,
                                            appearance: options.appearance)
        return try load(scene: scene, displayName: displayName, directory: directory, options: options, sourceSHA256: SHA256.hex(bytes))
    }

    /// Loads the images and fonts of a scene already in memory and checked (decoded from a file,
    /// or built by TableRenderQuartz and validated), sizes its table's rows, and collects its
    /// warnings. `sourceSHA256` is what the manifest names the scene by.
    public static func load(scene: Scene, displayName: String, directory: String, options: LoadOptions = LoadOptions(),
                            sourceSHA256: String?) throws(SceneError) -> LoadedScene {
        var scene = scene
        var problems: [SceneProblem] = []
        var logoLayer = LayerModel()
        logoLayer.image = scene.table?.header?.logo
        var files = AssetFiles(root: options.assetsRoot ?? directory, given: options.assetsRoot != nil)
        files.sceneDirectory = directory
        var loader = ResourceLoader(files: files, directory: directory, limits: options.limits, canvasScale: options.scale ?? scene.canvas.scale)
        var warnings: [SceneProblem] = []
        let sfPro = SystemFontFiles.find(scene: scene, fontDirectory: options.fontDirectory, files: files)
        loader.systemFonts = sfPro.text
        problems += sfPro.problems
        warnings += sfPro.warnings
        warnings += scene.animationWarnings()
        loader.load(scene.layers + [logoLayer])
        // The table's rows, and those its updates bring.
        scene.forEachTableRow { row in
            loader.load(row.layers + [row.accessoryView, row.imageView].compactMap { $0 })
            // The fonts a row's built-in labels are set to (`titleFont`, `detailFont`).
            if let f = row.labelStyles?.title.font { loader.font(f, path: row.jsonPath + ".titleFont") }
            if let f = row.labelStyles?.detail.font { loader.font(f, path: row.jsonPath + ".detailFont") }
        }
        // The sections' header and footer views, those updates bring included.
        var sections = scene
        sections.mapTableSections { loader.load([$0.headerView, $0.footerView].compactMap { $0 }) }
        loader.load([scene.table?.tableHeaderView, scene.table?.tableFooterView].compactMap { $0 })
        if scene.statusBar != nil, loader.primaries[.system(.semibold)] == nil {
            // The status bar's time is the system font, semibold.
            switch loader.loadFont(.system(.semibold)) {
            case .success(let font): loader.primaries[.system(.semibold)] = font
            case .failure(let message): loader.problems.append(SceneProblem(path: "statusBar", message: message.description))
            }
        }
        if scene.table != nil {
            // Cells and headers are drawn with the system font; swipe actions' titles in medium,
            // a large title and a section index in bold.
            let swipes = scene.script.contains { if case .swipe = $0.action { return true } else { return false } }
            let bold = scene.navigationBar?.prefersLargeTitles == true || scene.table?.sectionIndexTitles != nil
            for weight in [FontWeight.regular, .semibold] + (swipes ? [.medium] : []) + (bold ? [.bold] : []) where loader.primaries[.system(weight)] == nil {
                switch loader.loadFont(.system(weight)) {
                case .success(let font): loader.primaries[.system(weight)] = font
                case .failure(let message): loader.problems.append(SceneProblem(path: "table", message: message.description))
                }
            }
        }
        var display: [FontWeight: Font] = [:]
        for (weight, file) in sfPro.display {
            if let font = try? Font(data: file.bytes, origin: FontOrigin.of(file.file, file.bytes)) { display[weight] = font }
            else { loader.problems.append(SceneProblem(path: file.path, message: "expected a font file, found \(file.shown) that FreeType cannot read")) }
        }
        loader.resources.systemTracking = !sfPro.text.isEmpty
        warnings += buildCascades(primaries: loader.primaries, systemDisplay: display, scene: scene, into: &loader)
        problems += loader.problems
        if !problems.isEmpty { throw SceneError(file: displayName, problems: problems) }
        // A row image without a size is the file's own, in points (its pixels over its @2x/@3x scale).
        scene.mapTableRows { row in
            guard var v = row.imageView, v.bounds.width == 0, let file = v.image, let img = loader.resources.images[file.path] else { return }
            let s = img.size
            v.bounds.width = Double(s.width) / max(s.scale, 1)
            v.bounds.height = Double(s.height) / max(s.scale, 1)
            row.imageView = v
        }
        TableSimulation.sizeRows(&scene, scale: options.scale ?? scene.canvas.scale, measuring: loader.resources)
        warnings += TableSimulation.touchWarnings(scene)
        return LoadedScene(scene: scene, resources: loader.resources, warnings: warnings, sourceSHA256: sourceSHA256)
    }

    /// Loads each image and font once: images by the file they resolve to (not the spelling
    /// of their path), within the pixel budgets.
    struct ResourceLoader {
        let files: AssetFiles
        let directory: String
        let limits: Limits
        /// The canvas scale, which picks an image's `@2x`/`@3x` file (see `variants`).
        var canvasScale = 1.0
        var resources = SceneResources()
        /// The fonts text layers name, before their fallbacks are added.
        var primaries: [FontSource: Font] = [:]
        /// SF Pro Text's files standing in for "system" (`--font-dir`, the scene's `fonts`).
        var systemFonts: [FontWeight: SystemFontFiles.File] = [:]
        var problems: [SceneProblem] = []
        var byFile: [String: RasterImage] = [:]
        var failedImages = Set<String>(), failedFonts = Set<FontSource>()
        var decodedPixels = 0

        mutating func load(_ layers: [LayerModel]) {
            for l in layers { visit(l) }
        }

        mutating func visit(_ l: LayerModel) {
            if let image = l.image, resources.images[image.path] == nil, !failedImages.contains(image.path) {
                switch loadImage(image) {
                case .success(let img): resources.images[image.path] = img
                case .failure(let message):
                    failedImages.insert(image.path)
                    problems.append(SceneProblem(path: image.jsonPath, message: message.description))
                }
            }
            if let text = l.text { font(text.font, path: text.jsonPath + ".font") }
            for s in l.children { visit(s) }
        }

        /// Loads a font the scene draws with, once; `path` is where its font object is written.
        mutating func font(_ source: FontSource, path: String) {
            guard primaries[source] == nil, !failedFonts.contains(source) else { return }
            switch loadFont(source) {
            case .success(let font): primaries[source] = font
            case .failure(let message):
                failedFonts.insert(source)
                let key: String
                if case .file = source { key = ".file" } else { key = "" }
                problems.append(SceneProblem(path: path + key, message: message.description))
            }
        }

        /// The files UIImage(named:) would look for, best first, with their scale: on an @2x
        /// canvas `logo@2x.png`, then `logo@3x.png`, then `logo.png` (scale 1); on @3x the @3x
        /// file first. A name that already says its scale, or a 1x canvas, is used as written.
        static func variants(of file: String, canvasScale: Double) -> [(file: String, scale: Double)] {
            let scale = canvasScale >= 2.5 ? 3 : canvasScale >= 1.5 ? 2 : 1
            guard scale > 1, file.hasSuffix(".png"), !file.contains("@") else { return [(file, 1)] }
            let stem = String(file.dropLast(4))
            let order = scale == 3 ? [3, 2] : [2, 3]
            return order.map { ("\(stem)@\($0)x.png", Double($0)) } + [(file, 1)]
        }

        /// A font source's file: SF Pro Text for "system" when the user gave it, else as written.
        func loadFont(_ source: FontSource) -> Result<Font, Message> {
            if case .system(let weight) = source, let file = systemFonts[weight] {
                do { return .success(try Font(data: file.bytes, origin: FontOrigin.of(file.file, file.bytes))) } catch {
                    return .failure(Message(description: "expected a font file, found \(file.shown) that FreeType cannot read: \(error.description)"))
                }
            }
            return SceneLoader.loadFont(source, files: files)
        }

        mutating func loadImage(_ image: ImageContent) -> Result<RasterImage, Message> {
            var file: (bytes: [UInt8], identity: String)?
            var scale = 1.0
            let named = ImageNames.isBareName(image.file)
            let candidates = named ? ImageNames.candidates(of: image.file, canvasScale: canvasScale, files: files, directory: directory)
                : ResourceLoader.variants(of: image.file, canvasScale: canvasScale)
            for variant in candidates {
                switch files.read(variant.file, directory: directory, noun: "a PNG file") {
                case .success(let f): file = f; scale = variant.scale
                case .failure(let refusal):
                    // A missing variant is not an error; the file as written must be there.
                    // (A bare name that is nowhere is said below; its file refused for another reason, here.)
                    if variant.file == image.file, !named || !refusal.reason.contains("found no file at") {
                        return .failure(Message(description: refusal.reason))
                    }
                }
                if file != nil { break }
            }
            guard let file else {
                if named { return .failure(Message(description: ImageNames.notFound(image.file))) }
                return .failure(Message(description: "expected a PNG file, found no file at \"\(image.file)\""))
            }
            if let known = byFile[file.identity] { return .success(known) }
            let left = limits.totalImagePixels - decodedPixels
            let maxPixels = min(limits.imagePixels, max(left, 0))
            do {
                let decoded = try PNGCodec.decode(file.bytes, maxPixels: maxPixels)
                decodedPixels += decoded.width * decoded.height
                var img = RasterImage(straightRGBA: decoded.rgba, width: decoded.width, height: decoded.height)
                img.scale = scale
                byFile[file.identity] = img
                return .success(img)
            } catch {
                if let (w, h) = error.overBudget {
                    let found = "\"\(image.file)\", \(w)x\(h) = \(w * h) pixels"
                    if w * h > limits.imagePixels {
                        return .failure(Message(description: Limits.message(\.imagePixels, limit: limits.imagePixels, found: found)))
                    }
                    return .failure(Message(description: Limits.message(\.totalImagePixels, limit: limits.totalImagePixels,
                                                                         found: found + " after \(decodedPixels) already decoded")))
                }
                return .failure(Message(description: "expected a PNG file, found \"\(image.file)\" that libpng cannot read: \(error.description)"))
            }
        }
    }

    struct Message: Error, CustomStringConvertible { var description: String }

    public static func fontPath(_ weight: FontWeight) -> String {
        let name: String
        switch weight {
        case .regular: name = "Regular"
        case .medium: name = "Medium"
        case .semibold: name = "SemiBold"
        case .bold: name = "Bold"
        }
        return "\(interDirectory)/Inter-\(name).otf"
    }

    /// The default font (Inter) at `weight`, for what tablerender draws itself (a contact
    /// sheet's captions).
    public static func defaultFont(_ weight: FontWeight) -> Result<Font, RenderFailure> {
        loadFont(.system(weight), files: AssetFiles(root: "/", given: true)).mapError { RenderFailure(description: $0.description) }
    }

    static func loadFont(_ source: FontSource, files: AssetFiles) -> Result<Font, Message> {
        let data: [UInt8], shown: String, path: String
        switch source {
        case .system(let weight):
            path = fontPath(weight)
            shown = "the default font Inter \(weight.rawValue) (\(path); tablerender ships it in fonts/inter: install with ./render.sh install, or install Debian's fonts-inter)"
            guard let bytes = AssetFiles.readRegular(path, maxBytes: AssetFiles.maxBytes) else {
                return .failure(Message(description: "expected a font file, found no file for \(shown)"))
            }
            data = bytes
        case let .file(_, written):
            shown = "\"\(written)\""
            path = written
            switch files.read(written, directory: files.sceneDirectory, noun: "a font file") {
            case .success(let f): data = f.bytes
            case .failure(let refusal): return .failure(Message(description: refusal.reason))
            }
        }
        do {
            return .success(try Font(data: data, origin: FontOrigin.of(path, data)))
        } catch {
            return .failure(Message(description: "expected a font file, found \(shown) that FreeType cannot read: \(error.description)"))
        }
    }
}

extension FontOrigin {
    /// The origin of a font read from `path`: the SHA-256 of its bytes.
    static func of(_ path: String, _ bytes: [UInt8], face: Int = 0) -> FontOrigin {
        FontOrigin(path: path, face: face, sha256: SHA256.hex(bytes))
    }
}
