import Foundation
import PNGCodec
import TableRender
import TableRenderReview

/// What a tablerender snapshot holds: frames of a scene, one below the other, as one PNG file.
///
/// The file is a picture a reviewer can open (the first frame at the top), and it carries the
/// render's `manifest.json` in a `tEXt` chunk: the frames' indices and times, the scale, the
/// libraries and the font files that drew them. A failing comparison reads the manifest to say
/// which frames differ at what time, to name a font file or library that differs from the one
/// the reference was drawn with, and to write `tablerender verify`'s HTML report.
public struct FrameStrip: Sendable {
    /// One frame: straight-alpha RGBA, `width` x `height` of the strip.
    public struct Frame: Sendable, Equatable {
        /// The frame's index in the scene (frame 0 at 0 s).
        public var index: Int
        /// The frame's time, in seconds.
        public var time: Double
        /// Straight-alpha 8-bit RGBA, row after row.
        public var rgba: [UInt8]
    }

    /// Each frame's size in pixels.
    public var width: Int
    /// Each frame's height in pixels.
    public var height: Int
    /// The frames, top to bottom.
    public var frames: [Frame]
    /// The render's manifest.json (empty for a file that carries none).
    public var manifest: [UInt8]
    /// Why the scene could not be rendered (the strip is then empty), or why a reference file
    /// could not be read.
    public var failure: String?
    /// How to render the scene again for `verify`'s report: never written to the file.
    var source: Source?

    /// The scene a strip was rendered from, kept for the report a failure writes.
    struct Source: Sendable {
        var name: String
        var loaded: LoadedScene
        var options: VerifyOptions
    }

    /// The keyword of the `tEXt` chunk that holds the manifest.
    static let keyword = "tablerender manifest"
    /// libpng reads at most this many rows by default (`png_set_user_limits`): a taller strip
    /// could be written but not read back.
    public static let maxRows = 1_000_000

    /// A strip that stands for a failure (nothing rendered).
    static func failed(_ why: String) -> FrameStrip {
        FrameStrip(width: 0, height: 0, frames: [], manifest: [], failure: why)
    }

    // MARK: the file

    /// The strip's PNG file (frames stacked, the manifest in a `tEXt` chunk).
    public func png() throws(PNGCodec.Failure) -> [UInt8] {
        var rgba: [UInt8] = []
        rgba.reserveCapacity(width * height * 4 * frames.count)
        for f in frames { rgba += f.rgba }
        let image = try PNGCodec.encode(rgba: rgba, width: width, height: height * frames.count, level: 6, software: Version.software)
        return manifest.isEmpty ? image : PNGChunks.inserting(text: manifest, keyword: FrameStrip.keyword, into: image)
    }

    /// Reads a strip's PNG file. A PNG without a manifest is one frame (index 0) of its size.
    public init(png: [UInt8]) {
        let decoded: (rgba: [UInt8], width: Int, height: Int)
        do { decoded = try PNGCodec.decode(png) } catch {
            self = .failed("the reference is not a PNG tablerender can read (\(error.description))")
            return
        }
        width = decoded.width
        manifest = PNGChunks.text(keyword: FrameStrip.keyword, in: png) ?? []
        failure = nil
        let listed = FrameStrip.listedFrames(manifest)
        let frameHeight = listed?.height ?? decoded.height
        guard let listed, frameHeight > 0, listed.frames.count * frameHeight == decoded.height, listed.width == decoded.width else {
            height = decoded.height
            frames = [Frame(index: 0, time: 0, rgba: decoded.rgba)]
            return
        }
        height = frameHeight
        let bytes = width * height * 4
        frames = listed.frames.enumerated().map { i, f in
            Frame(index: f.index, time: f.time, rgba: Array(decoded.rgba[(i * bytes)..<((i + 1) * bytes)]))
        }
    }

    init(width: Int, height: Int, frames: [Frame], manifest: [UInt8], failure: String? = nil) {
        self.width = width; self.height = height; self.frames = frames; self.manifest = manifest; self.failure = failure
    }

    /// The frame size and the frames a manifest lists, or nil when it is not one (read by
    /// `Manifest.parse`, under a golden's rules).
    static func listedFrames(_ manifest: [UInt8]) -> (width: Int, height: Int, frames: [(index: Int, time: Double)])? {
        guard !manifest.isEmpty, let m = try? Manifest.parse(manifest, folder: "snapshot") else { return nil }
        return (m.header.width, m.header.height, m.records.map { ($0.index, $0.time) })
    }
}

/// Reads and writes a PNG file's chunks (ISO/IEC 15948, section 5): what libpng leaves to the
/// application, a `tEXt` chunk added to a file already encoded.
enum PNGChunks {
    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// `png` with a `tEXt` chunk (`keyword`, NUL, `text`) before its `IEND`; `png` unchanged if
    /// it has no `IEND`.
    static func inserting(text: [UInt8], keyword: String, into png: [UInt8]) -> [UInt8] {
        guard let end = chunks(png).first(where: { $0.type == "IEND" }) else { return png }
        let data = Array(keyword.utf8) + [0] + text
        var chunk = bigEndian(UInt32(data.count))
        let typeAndData = Array("tEXt".utf8) + data
        chunk += typeAndData
        chunk += bigEndian(CRC32.checksum(typeAndData))
        return Array(png[..<end.start]) + chunk + Array(png[end.start...])
    }

    /// The text of the first `tEXt` chunk with `keyword`, or nil.
    static func text(keyword: String, in png: [UInt8]) -> [UInt8]? {
        let key = Array(keyword.utf8) + [0]
        for c in chunks(png) where c.type == "tEXt" {
            let data = png[c.data]
            if data.starts(with: key) { return Array(data.dropFirst(key.count)) }
        }
        return nil
    }

    /// Each chunk's start (its length field), type and data range, as far as the file holds
    /// whole chunks.
    static func chunks(_ png: [UInt8]) -> [(start: Int, type: String, data: Range<Int>)] {
        guard png.starts(with: signature) else { return [] }
        var out: [(start: Int, type: String, data: Range<Int>)] = []
        var i = signature.count
        while png.count - i >= 12 {
            let length = png[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self)
            guard length <= png.count - i - 12 else { break }
            out.append((i, type, (i + 8)..<(i + 8 + length)))
            i += 12 + length
        }
        return out
    }

    static func bigEndian(_ n: UInt32) -> [UInt8] {
        [UInt8(truncatingIfNeeded: n >> 24), UInt8(truncatingIfNeeded: n >> 16), UInt8(truncatingIfNeeded: n >> 8), UInt8(truncatingIfNeeded: n)]
    }
}

/// The CRC-32 PNG chunks carry (ISO 3309, polynomial 0xEDB88320, as zlib's `crc32`).
enum CRC32 {
    static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = table[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
