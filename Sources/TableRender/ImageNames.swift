import Foundation
import JSONText
import SceneModel

/// An image named as `UIImage(named:)` names one, without an extension (`"avatar"`): its PNG
/// files (`avatar@2x.png`, `avatar@3x.png`, `avatar.png`, best for the canvas first), then an
/// asset catalog's image set beside the scene (`Assets.xcassets/avatar.imageset`, whose
/// `Contents.json` lists a file per scale), then a file of that very name.
enum ImageNames {
    /// Whether `file` is a bare name: its last component has no extension.
    static func isBareName(_ file: String) -> Bool {
        let last = PathName.lastComponent(file)
        return !last.isEmpty && !last.contains(".")
    }

    /// The files to try for a bare name, best first, with their scales.
    static func candidates(of name: String, canvasScale: Double, files: AssetFiles, directory: String) -> [(file: String, scale: Double)] {
        var out = SceneLoader.ResourceLoader.variants(of: name + ".png", canvasScale: canvasScale)
        out += imageSet(name, canvasScale: canvasScale, files: files, directory: directory)
        out.append((name, 1))
        return out
    }

    /// The image set's files, the canvas's scale first, then the larger, then the smaller
    /// (UIKit's choice for a scale the set lacks); none when there is no readable set.
    static func imageSet(_ name: String, canvasScale: Double, files: AssetFiles, directory: String) -> [(file: String, scale: Double)] {
        let folder = "Assets.xcassets/\(name).imageset"
        guard case .success(let contents) = files.read(folder + "/Contents.json", directory: directory, noun: "an image set's Contents.json"),
              contents.bytes.count <= 1 << 20,
              case .object(let top)? = try? JSONParser.parse(contents.bytes, maxValues: 10_000),
              case .array(let images)? = top.first(where: { $0.key == "images" })?.value else { return [] }
        var entries: [(file: String, scale: Double)] = []
        for case .object(let image) in images {
            guard case .string(let filename)? = image.first(where: { $0.key == "filename" })?.value, !filename.isEmpty,
                  !filename.contains("/") else { continue }
            var scale = 1.0
            if case .string(let s)? = image.first(where: { $0.key == "scale" })?.value, let n = Double(s.dropLast()), s.hasSuffix("x"), n >= 1, n <= 3 {
                scale = n
            }
            entries.append((folder + "/" + filename, scale))
        }
        let want = canvasScale >= 2.5 ? 3.0 : canvasScale >= 1.5 ? 2 : 1
        func rank(_ s: Double) -> Double { s == want ? 0 : s > want ? s - want : 10 + want - s }
        return entries.sorted { rank($0.scale) < rank($1.scale) }
    }

    /// The refusal when nothing answers to a bare name.
    static func notFound(_ name: String) -> String {
        let n = AssetFiles.shortened(name)
        return "expected a PNG file, found no image named \"\(n)\" (UIImage(named:)'s name: looked for \(n).png, \(n)@2x.png, "
            + "\(n)@3x.png, an image set Assets.xcassets/\(n).imageset and a file \(n))"
    }
}
