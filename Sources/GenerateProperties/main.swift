// Writes what SceneModel's property table declares into the sources (`./render.sh generate`):
// the layer classes' stored properties, their key-value coding and the docs' reference tables.
// `GeneratedSwiftTests` fails when the sources differ from it.
import Foundation
import SceneModel
import SceneJSON

let root = URL(fileURLWithPath: CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : FileManager.default.currentDirectoryPath)
var failed = false
for file in LayerProperties.generatedFiles {
    let url = root.appendingPathComponent(file)
    let current = try? String(contentsOf: url, encoding: .utf8)
    guard let text = LayerProperties.regenerated(file, current: current) else {
        FileHandle.standardError.write(Data("generate-properties: \(file): its generated regions' markers are missing\n".utf8))
        failed = true
        continue
    }
    if text == current { print("unchanged \(file)"); continue }
    do {
        try text.write(to: url, atomically: true, encoding: .utf8)
        print("wrote \(file)")
    } catch {
        FileHandle.standardError.write(Data("generate-properties: \(file): \(error)\n".utf8))
        failed = true
    }
}
exit(failed ? 1 : 0)
