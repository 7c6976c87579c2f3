import Foundation
import SceneModel

/// Reads a scene file from disk and validates it.
public enum SceneLoader {
    public static func load(path: String) throws(SceneError) -> Scene {
        let url = URL(fileURLWithPath: path)
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDir: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDir)
            let why = !exists ? "expected a scene file, found no file at this path"
                : isDir.boolValue ? "expected a scene file, found a folder" : "expected a readable scene file, found one that cannot be read"
            throw SceneError(file: path, problems: [SceneProblem(path: "", message: why)])
        }
        return try SceneDecoder.decode(bytes: [UInt8](data), displayName: path,
                                       directory: url.deletingLastPathComponent().path)
    }
}
