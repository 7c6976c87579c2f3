import PNGCodec
import Text

/// What `tablerender --version` prints and manifest.json records: this tool's version and the
/// versions of the libraries whose behaviour reaches the files (libpng and zlib: PNG bytes;
/// FreeType and HarfBuzz: glyph outlines and shaping; FriBidi and ICU: the order and line
/// breaks of text; all three groups reach pixels).
/// The version is set here and nowhere else (docs/versions.md says what each kind of version
/// may change; CHANGELOG.md what each changed).
public enum Version {
    public static let tablerender = "0.5.0"
    /// The PNG Software text of every frame.
    public static let software = "tablerender \(tablerender)"

    /// Name and version of each library in use, in a fixed order.
    public static var libraries: [(name: String, version: String)] {
        let png = PNGCodec.libraryVersions, fonts = Font.libraryVersions, text = Font.textLibraryVersions
        return [("libpng", png.libpng), ("zlib", png.zlib), ("FreeType", fonts.freetype), ("HarfBuzz", fonts.harfbuzz),
                ("FriBidi", text.fribidi), ("ICU", text.icu)]
    }

    /// "tablerender 0.5.0 (libpng 1.6.39, zlib 1.2.13, FreeType 2.12.1, HarfBuzz 6.0.0, FriBidi
    /// 1.0.8, ICU 72.1)".
    public static var description: String {
        "tablerender \(tablerender) (" + libraries.map { "\($0.name) \($0.version)" }.joined(separator: ", ") + ")"
    }
}
