import Compositing
import Foundation
import PNGCodec
import Raster
import SceneModel
import Text

/// A validated scene with the images and fonts it needs, ready to render.
public struct LoadedScene: Sendable {
    public var scene: Scene
    public var resources: Resources
}

/// Reads a scene file from disk, validates it, and loads every image and font it names.
/// Every problem (JSON or files) is reported before anything is written.
public enum SceneLoader {
    /// Where the default face, Inter from Debian's fonts-inter, is installed.
    public static let interDirectory = "/usr/share/fonts/opentype/inter"

    public static func load(path: String) throws(SceneError) -> LoadedScene {
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDir: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDir)
            let why = !exists ? "expected a scene file, found no file at this path"
                : isDir.boolValue ? "expected a scene file, found a folder" : "expected a readable scene file, found one that cannot be read"
            throw SceneError(file: path, problems: [SceneProblem(path: "", message: why)])
        }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return try load(bytes: [UInt8](data), displayName: path, directory: directory)
    }

    public static func load(bytes: [UInt8], displayName: String, directory: String) throws(SceneError) -> LoadedScene {
        let scene = try SceneDecoder.decode(bytes: bytes, displayName: displayName, directory: directory)
        var problems: [SceneProblem] = []
        var logoLayer = LayerModel()
        logoLayer.image = scene.table?.header?.logo
        var resources = loadResources(scene.layers + [logoLayer], &problems)
        if scene.table != nil {
            // Cells and headers are drawn with the default face.
            for weight in [FontWeight.regular, .semibold] where resources.fonts[.system(weight)] == nil {
                switch loadFont(.system(weight)) {
                case .success(let font): resources.fonts[.system(weight)] = font
                case .failure(let message): problems.append(SceneProblem(path: "table", message: message.description))
                }
            }
        }
        if !problems.isEmpty { throw SceneError(file: displayName, problems: problems) }
        return LoadedScene(scene: scene, resources: resources)
    }

    static func loadResources(_ layers: [LayerModel], _ problems: inout [SceneProblem]) -> Resources {
        var resources = Resources()
        var failedImages = Set<String>(), failedFonts = Set<FontSource>()
        func visit(_ l: LayerModel) {
            if let image = l.image, resources.images[image.path] == nil, !failedImages.contains(image.path) {
                switch loadImage(image.path, written: image.file) {
                case .success(let img): resources.images[image.path] = img
                case .failure(let message):
                    failedImages.insert(image.path)
                    problems.append(SceneProblem(path: image.jsonPath, message: message.description))
                }
            }
            if let text = l.text, resources.fonts[text.font] == nil, !failedFonts.contains(text.font) {
                switch loadFont(text.font) {
                case .success(let font): resources.fonts[text.font] = font
                case .failure(let message):
                    failedFonts.insert(text.font)
                    let key: String
                    if case .file = text.font { key = ".font.file" } else { key = ".font" }
                    problems.append(SceneProblem(path: text.jsonPath + key, message: message.description))
                }
            }
            l.sublayers.forEach(visit)
        }
        layers.forEach(visit)
        return resources
    }

    struct Message: Error, CustomStringConvertible { var description: String }

    static func loadImage(_ path: String, written: String) -> Result<RasterImage, Message> {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(Message(description: "expected a readable PNG file, found no file at \"\(written)\" (\(path))"))
        }
        do {
            let decoded = try PNGCodec.decode([UInt8](data))
            return .success(RasterImage(straightRGBA: decoded.rgba, width: decoded.width, height: decoded.height))
        } catch {
            return .failure(Message(description: "expected a PNG file, found \"\(written)\" that libpng cannot read: \(error.description)"))
        }
    }

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

    static func loadFont(_ source: FontSource) -> Result<Font, Message> {
        let path: String, shown: String
        switch source {
        case .system(let weight):
            path = fontPath(weight)
            shown = "the default font Inter \(weight.rawValue) (\(path); install Debian's fonts-inter)"
        case let .file(p, written):
            path = p
            shown = "\"\(written)\" (\(p))"
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(Message(description: "expected a font file, found no file for \(shown)"))
        }
        do {
            return .success(try Font(data: [UInt8](data)))
        } catch {
            return .failure(Message(description: "expected a font file, found \(shown) that FreeType cannot read: \(error.description)"))
        }
    }
}
