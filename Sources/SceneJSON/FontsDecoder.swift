import JSONText
import SceneModel

extension SceneDecoder {
    /// The names a scene's `fonts` map takes: SF Pro's static files by PostScript name.
    public static let systemFontNames: [String] = ["Text", "Display"].flatMap { design in
        ["Regular", "Medium", "Semibold", "Bold"].map { "SFPro\(design)-\($0)" }
    }

    /// The `fonts` map: SF Pro's files by name, as written (resolved when the scene is loaded).
    static func decodeFonts(_ v: JSON, _ r: Reader) -> [String: String] {
        guard let o = r.object(v, "fonts", known: systemFontNames) else { return [:] }
        var fonts: [String: String] = [:]
        for (name, value) in o { if let file = r.string(value, Reader.join("fonts", name)) { fonts[name] = file } }
        return fonts
    }
}
