import CFontShim
import Synchronization
import Foundation
import Geometry

/// A glyph after shaping, in font units.
public struct ShapedGlyph: Equatable, Sendable {
    public var glyph: UInt32
    /// UTF-8 byte offset of the cluster the glyph belongs to.
    public var cluster: Int
    public var advance: Int
    public var xOffset: Int
    public var yOffset: Int
}

/// One step of a glyph outline in font units (y up).
public enum GlyphCommand: Equatable, Sendable {
    case move(Point)
    case line(Point)
    case quad(Point, Point)
    case cubic(Point, Point, Point)
}

/// A font file opened once and shared by every frame. Shaping results and outlines are cached;
/// the FreeType face and the caches live in a `Mutex` (FreeType faces are not thread-safe), so
/// the compiler checks that every render thread reaches them only through it.
public final class Font: Sendable {
    public let unitsPerEm: Int
    public let ascender: Int
    public let descender: Int
    public let lineGap: Int
    /// The glyphs are colour bitmaps (Noto Color Emoji), drawn as images; `bitmapPPEM` is the
    /// strike's pixels per em.
    public let hasColorBitmaps: Bool
    public let bitmapPPEM: Int
    /// The face's family and style names ("Inter", "Regular"; empty when it has none).
    public let family: String
    public let style: String
    /// The file it was read from, as the loader names it (nil for fonts made from bytes alone).
    public let origin: FontOrigin?
    /// The face and what was read from it, used by one thread at a time.
    struct Face: ~Copyable {
        let handle: OpaquePointer
        var shapes: [ShapeKey: [ShapedGlyph]] = [:]
        var outlines: [UInt32: [GlyphCommand]] = [:]
        deinit { tr_font_close(handle) }
    }
    let face: Mutex<Face>
    struct ShapeKey: Hashable { var text: String; var rtl: Bool }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Opens face `faceIndex` of the font data (a .ttc collection holds several faces), read
    /// from `origin` when it came from a file.
    public init(data: [UInt8], faceIndex: Int = 0, origin: FontOrigin? = nil) throws(Failure) {
        var message = [CChar](repeating: 0, count: 256)
        let index = Int32(clamping: faceIndex)
        guard let h = data.withUnsafeBufferPointer({ tr_font_open($0.baseAddress, $0.count, index, &message, message.count) }) else {
            throw Failure(description: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        var upem: Int32 = 0, asc: Int32 = 0, desc: Int32 = 0, gap: Int32 = 0
        tr_font_metrics(h, &upem, &asc, &desc, &gap)
        unitsPerEm = Int(upem)
        ascender = Int(asc)
        descender = Int(desc)
        lineGap = Int(gap)
        var ppem: Int32 = 0
        hasColorBitmaps = tr_font_color_bitmaps(h, &ppem) != 0
        bitmapPPEM = Int(ppem)
        var familyName = [CChar](repeating: 0, count: 256), styleName = [CChar](repeating: 0, count: 256)
        tr_font_names(h, &familyName, familyName.count, &styleName, styleName.count)
        family = Font.text(familyName)
        style = Font.text(styleName)
        self.origin = origin
        // Last: from here the face is reached only through the mutex.
        face = Mutex(Face(handle: h))
    }

    /// A NUL-terminated C buffer as text.
    static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The glyph the font's character map gives `scalar`, nil when it has none.
    public func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        let g = face.withLock { tr_font_glyph_index($0.handle, scalar.value) }
        return g == 0 ? nil : g
    }

    /// Whether the font draws the character: a glyph for each of its scalars but those that
    /// only select or join (variation selectors, ZWJ).
    public func covers(_ c: Character) -> Bool {
        c.unicodeScalars.allSatisfy { FontCascade.isFormat($0) || glyph(for: $0) != nil }
    }

    /// A colour glyph's bitmap: straight-alpha RGBA rows, its size in pixels of the strike
    /// (`bitmapPPEM`) and its offset from the pen position (left) and the baseline (top, y up).
    public struct ColorBitmap: Sendable {
        public var rgba: [UInt8]
        public var width: Int, height: Int, left: Int, top: Int
    }

    public func colorBitmap(_ glyph: UInt32) -> ColorBitmap? {
        face.withLock { face in Font.colorBitmap(face.handle, glyph) }
    }

    static func colorBitmap(_ handle: OpaquePointer, _ glyph: UInt32) -> ColorBitmap? {
        var info = [Int32](repeating: 0, count: 4)
        let need = Int(tr_font_color_bitmap(handle, glyph, nil, 0, &info))
        guard need > 0 else { return nil }
        var rgba = [UInt8](repeating: 0, count: need)
        guard Int(tr_font_color_bitmap(handle, glyph, &rgba, Int32(need), &info)) == need else { return nil }
        return ColorBitmap(rgba: rgba, width: Int(info[0]), height: Int(info[1]), left: Int(info[2]), top: Int(info[3]))
    }

    /// Shapes `text` left to right, or right to left (kerning, ligatures and contextual forms as
    /// the font defines them); the glyphs come in visual order, left to right.
    public func shape(_ text: String, rtl: Bool = false) -> [ShapedGlyph] {
        face.withLock { face in Font.shape(&face, text, rtl: rtl) }
    }

    static func shape(_ face: inout Face, _ text: String, rtl: Bool) -> [ShapedGlyph] {
        let handle = face.handle
        let key = ShapeKey(text: text, rtl: rtl)
        if let cached = face.shapes[key] { return cached }
        let bytes = Array(text.utf8)
        var capacity = max(16, bytes.count + 8)
        var result: [ShapedGlyph] = []
        while true {
            var buffer = [tr_glyph](repeating: tr_glyph(), count: capacity)
            let n = bytes.withUnsafeBufferPointer { b in
                b.withMemoryRebound(to: CChar.self) { c in
                    tr_font_shape(handle, c.baseAddress, Int32(bytes.count), rtl ? 1 : 0, &buffer, Int32(capacity))
                }
            }
            if Int(n) > capacity { capacity = Int(n); continue }
            result = buffer.prefix(Int(n)).map {
                ShapedGlyph(glyph: $0.glyph, cluster: Int($0.cluster), advance: Int($0.x_advance),
                            xOffset: Int($0.x_offset), yOffset: Int($0.y_offset))
            }
            break
        }
        // Long strings are seldom shaped twice (a label's lines are kept by the layout cache):
        // caching them would let one long text fill memory with its prefixes.
        if bytes.count <= Font.cachedShapeBytes {
            if face.shapes.count >= Font.cachedShapes { face.shapes.removeAll(keepingCapacity: true) }
            face.shapes[key] = result
        }
        return result
    }

    static let cachedShapeBytes = 256
    static let cachedShapes = 65_536

    /// Width of `text` in font units.
    public func advance(_ text: String, rtl: Bool = false) -> Int { shape(text, rtl: rtl).reduce(0) { $0 + $1.advance } }



    /// The glyph's outline in font units (empty for blank glyphs such as the space).
    public func outline(_ glyph: UInt32) -> [GlyphCommand] {
        face.withLock { face in Font.outline(&face, glyph) }
    }

    static func outline(_ face: inout Face, _ glyph: UInt32) -> [GlyphCommand] {
        let handle = face.handle
        if let cached = face.outlines[glyph] { return cached }
        var capacity = 512
        var values: [Double] = []
        while true {
            var buffer = [Double](repeating: 0, count: capacity)
            let n = Int(tr_font_outline(handle, glyph, &buffer, Int32(capacity)))
            if n < 0 { values = []; break }
            if n > capacity { capacity = n; continue }
            values = Array(buffer.prefix(n))
            break
        }
        var commands: [GlyphCommand] = []
        var i = 0
        func pt(_ k: Int) -> Point { Point(values[k], values[k + 1]) }
        while i < values.count {
            switch Int(values[i]) {
            case 0: commands.append(.move(pt(i + 1))); i += 3
            case 1: commands.append(.line(pt(i + 1))); i += 3
            case 2: commands.append(.quad(pt(i + 1), pt(i + 3))); i += 5
            default: commands.append(.cubic(pt(i + 1), pt(i + 3), pt(i + 5))); i += 7
            }
        }
        face.outlines[glyph] = commands
        return commands
    }
}

/// Where a font was read from: its file and the SHA-256 of its bytes, which pin the pixels of
/// its text (the manifest records them; verify names a font that differs from a golden's).
public struct FontOrigin: Equatable, Sendable {
    /// The file's path, as the loader found it.
    public var path: String
    /// The face within the file (a .ttc holds several).
    public var face: Int
    /// SHA-256 of the file's bytes, lowercase hex.
    public var sha256: String
    /// A font read from `path` (face `face`), whose bytes hash to `sha256`.
    public init(path: String, face: Int = 0, sha256: String) { self.path = path; self.face = face; self.sha256 = sha256 }
}

extension Font {
    /// FriBidi and ICU as they report themselves: they order and break text, so they reach pixels.
    public static var textLibraryVersions: (fribidi: String, icu: String) {
        var f = [CChar](repeating: 0, count: 64), i = [CChar](repeating: 0, count: 64)
        tr_fribidi_version(&f, f.count)
        tr_icu_version(&i, i.count)
        return (text(f), text(i))
    }

    /// The FreeType and HarfBuzz in use, as they report themselves.
    public static var libraryVersions: (freetype: String, harfbuzz: String) {
        var major: Int32 = 0, minor: Int32 = 0, patch: Int32 = 0
        _ = tr_freetype_version(&major, &minor, &patch)
        return ("\(major).\(minor).\(patch)", String(cString: tr_harfbuzz_version()))
    }
}
