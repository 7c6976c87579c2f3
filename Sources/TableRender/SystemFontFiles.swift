import Foundation
import LayerTree
import SceneModel

/// SF Pro, when the user has it: Apple's licence keeps it out of this repository, so a scene's
/// `fonts` map or `--font-dir DIR` points at the files, and "system" text is then drawn as iOS
/// draws it (SF Pro Text below 20 pt, SF Pro Display from 20 pt, iOS's tracking by size).
enum SystemFontFiles {
    struct File {
        var bytes: [UInt8]
        /// How messages name it.
        var shown: String
        /// Where it came from in the scene, or the option.
        var path: String
        /// The file it was read from.
        var file: String
    }

    static let weights: [(FontWeight, String)] = [(.regular, "Regular"), (.medium, "Medium"), (.semibold, "Semibold"), (.bold, "Bold")]

    /// The file names a folder may hold a face under: Apple's download (`SF-Pro-Text-Regular.otf`)
    /// and the PostScript name (`SFProText-Regular.otf`).
    static func fileNames(design: String, weight: String) -> [String] {
        ["SF-Pro-\(design)-\(weight)", "SFPro\(design)-\(weight)"].flatMap { ["\($0).otf", "\($0).ttf"] }
    }

    static func find(scene: Scene, fontDirectory: String?, files: AssetFiles)
        -> (text: [FontWeight: File], display: [FontWeight: File], problems: [SceneProblem], warnings: [SceneProblem]) {
        var text: [FontWeight: File] = [:], display: [FontWeight: File] = [:]
        var problems: [SceneProblem] = [], warnings: [SceneProblem] = []
        for design in ["Text", "Display"] {
            for (weight, name) in weights {
                let key = "SFPro\(design)-\(name)"
                var found: File?
                if let written = scene.fonts[key] {
                    switch files.read(written, directory: files.sceneDirectory, noun: "a font file") {
                    case .success(let f): found = File(bytes: f.bytes, shown: "\"\(written)\"", path: "fonts.\(key)", file: written)
                    case .failure(let refusal): problems.append(SceneProblem(path: "fonts.\(key)", message: refusal.reason))
                    }
                } else if let dir = fontDirectory {
                    for file in fileNames(design: design, weight: name) {
                        let path = PathName.join(dir, file)
                        if let bytes = AssetFiles.readRegular(path, maxBytes: AssetFiles.maxBytes) {
                            found = File(bytes: bytes, shown: "\"\(path)\"", path: "--font-dir", file: path)
                            break
                        }
                    }
                }
                if let found { if design == "Text" { text[weight] = found } else { display[weight] = found } }
            }
        }
        let given = !scene.fonts.isEmpty || fontDirectory != nil
        if given && text.isEmpty && problems.isEmpty {
            let where_ = fontDirectory.map { "in \"\($0)\" (--font-dir)" } ?? "in the scene's fonts"
            problems.append(SceneProblem(path: fontDirectory == nil ? "fonts" : "", message:
                "expected SF Pro Text's files \(where_) (SF-Pro-Text-Regular.otf, SF-Pro-Text-Semibold.otf ... from developer.apple.com/fonts), found none"))
        }
        if !text.isEmpty {
            let missing = weights.filter { text[$0.0] == nil }.map { "SFProText-\($0.1)" }
                + weights.filter { display[$0.0] == nil }.map { "SFProDisplay-\($0.1)" }
            if !missing.isEmpty {
                warnings.append(SceneProblem(path: "", message: "SF Pro is in use without \(missing.joined(separator: ", ")); "
                                             + "those weights use Inter, and Display sizes the Text design"))
            }
        }
        return (text, display, problems, warnings)
    }
}
