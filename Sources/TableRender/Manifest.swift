import Foundation
import Raster
import SceneModel

/// A folder's manifest.json read back: what `merge` joins and what `verify` compares against.
/// Manifests of every tablerender version are read: 0.1 wrote no generator, libraries or
/// scale (the scale is then derived from the pixel size, see `Verify`).
public struct Manifest: Sendable {
    public var folder: String
    public var header: FrameWriter.ManifestHeader
    public var records: [FrameRecord]

    /// "A..B" (or "N") as `--frames` and a manifest's `selection` write a range of frames.
    public static func range(_ text: String) -> ClosedRange<Int>? {
        let parts = text.components(separatedBy: "..")
        if parts.count == 1, let a = Int(parts[0]), a >= 0 { return a...a }
        guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), a >= 0, b >= a else { return nil }
        return a...b
    }

    /// The largest manifest read: 100,000 frames (the frame budget's default) take about 25 MB.
    public static let maxBytes = 64 << 20
    /// The most JSON values a manifest may hold: a frame takes 8 (its object and 7 fields), so
    /// 64 MB of frames is about 1.6 million; parsed, this many values take under 200 MB, where
    /// 64 MB of small numbers would take 1.3 GB.
    public static let maxValues = 3_000_000

    /// Reads `folder/manifest.json`; a missing or malformed manifest is a usage failure (64)
    /// whose message starts with the folder.
    public static func read(folder: String) throws(RenderFailure) -> Manifest {
        try read(folder: folder, file: PathName.join(folder, "manifest.json"))
    }

    /// Reads the manifest `file` (of the frames in `folder`). Nothing in it is trusted: every
    /// digest must be 64 hexadecimal digits, every size the manifest's own, every file name the
    /// one its index gives, so what is copied from it into another manifest or a report is
    /// well-formed.
    public static func read(folder: String, file: String) throws(RenderFailure) -> Manifest {
        let name = PathName.lastComponent(file)
        func bad(_ message: String) -> RenderFailure {
            RenderFailure(description: "\(folder): " + message.replacingOccurrences(of: "manifest.json:", with: "\(name):"), isUsage: true)
        }
        var st = stat()
        if stat(file, &st) == 0, st.st_mode & S_IFMT == S_IFREG, Int(st.st_size) > maxBytes {
            throw bad("manifest.json: expected a manifest of at most \(maxBytes >> 20) MB, found one of \(Int(st.st_size) >> 20) MB")
        }
        guard let bytes = AssetFiles.readRegular(file, maxBytes: maxBytes) else {
            throw bad("expected a rendered folder with \(name), found none (an incomplete or missing render)")
        }
        return try parse(bytes, folder: folder, name: name)
    }

    /// A manifest's bytes (`name` in `folder`, for messages), held to the same rules as a file
    /// `read` reads: what a snapshot carries inside its PNG is read here too.
    public static func parse(_ bytes: [UInt8], folder: String, name: String = "manifest.json") throws(RenderFailure) -> Manifest {
        func bad(_ message: String) -> RenderFailure {
            RenderFailure(description: "\(folder): " + message.replacingOccurrences(of: "manifest.json:", with: "\(name):"), isUsage: true)
        }
        guard bytes.count <= maxBytes else {
            throw bad("manifest.json: expected a manifest of at most \(maxBytes >> 20) MB, found one of \(bytes.count >> 20) MB")
        }
        let json: JSON
        do { json = try JSONParser.parse(bytes, maxValues: maxValues) } catch { throw bad("manifest.json: line \(error.line), column \(error.column): \(error.message)") }
        guard case .object(let members) = json else { throw bad("manifest.json: expected an object") }
        var o: [String: JSON] = [:]
        for m in members { o[m.key] = m.value }
        func int(_ v: JSON?) -> Int? { if case .number(let n)? = v, n == n.rounded(), abs(n) < 1e15 { return Int(n) }; return nil }
        func double(_ v: JSON?) -> Double? { if case .number(let n)? = v { return n }; return nil }
        func string(_ v: JSON?) -> String? { if case .string(let s)? = v { return s }; return nil }
        guard let frameCount = int(o["frameCount"]), frameCount >= 0, frameCount <= 10_000_000, let fps = double(o["fps"]), fps > 0, fps <= 1000,
              let width = int(o["width"]), width > 0, width <= Int(Canvas.maxPixels), let height = int(o["height"]), height > 0,
              height <= Int(Canvas.maxPixels),
              case .array(let frames)? = o["frames"] else {
            throw bad("manifest.json: expected frameCount, fps, width, height and frames (a manifest tablerender wrote)")
        }
        let libraries = try readNames(o, bad: bad)
        var scale: Double?
        if let s = o["scale"] {
            guard let v = double(s), v > 0, v <= 8 else { throw bad("manifest.json: scale: expected a number > 0 and <= 8 (as --scale and a canvas take)") }
            scale = v
        }
        var shard: Shard?
        if let s = o["shard"] {
            guard let text = string(s), let parsed = Shard(text) else { throw bad("manifest.json: shard: expected \"I/N\"") }
            shard = parsed
        }
        var records: [FrameRecord] = []
        var seen = Set<Int>()
        for (i, f) in frames.enumerated() {
            guard case .object(let fm) = f else { throw bad("manifest.json: frames[\(i)]: expected an object") }
            var d: [String: JSON] = [:]
            for m in fm { d[m.key] = m.value }
            guard let index = int(d["index"]), let time = double(d["time"]), let file = string(d["file"]),
                  let sha = string(d["sha256"]), let pixels = string(d["pixelsSha256"]), let w = int(d["width"]), let h = int(d["height"]),
                  index >= 0, index < frameCount, file == FrameWriter.fileName(index: index, count: frameCount) else {
                throw bad("manifest.json: frames[\(i)]: expected index, time, file (frame-NNNN.png), sha256, pixelsSha256, width and height")
            }
            guard isDigest(sha), isDigest(pixels) else {
                throw bad("manifest.json: frames[\(i)]: expected sha256 and pixelsSha256 of 64 hexadecimal digits")
            }
            guard time.isFinite else { throw bad("manifest.json: frames[\(i)]: expected a finite time, found \(time)") }
            guard w == width, h == height else {
                throw bad("manifest.json: frames[\(i)]: expected a frame of \(width)x\(height) as the manifest says, found \(w)x\(h)")
            }
            guard seen.insert(index).inserted else { throw bad("manifest.json: frames[\(i)]: frame \(index) is listed twice") }
            // The time is the frame's index over the fps, as every version wrote it; the
            // manifest's own number is not copied anywhere.
            _ = time
            records.append(FrameRecord(index: index, time: Double(index) / fps, file: file, fileSHA256: sha, pixelsSHA256: pixels,
                                       width: w, height: h))
        }
        var header = FrameWriter.ManifestHeader(frameCount: frameCount, fps: fps, width: width, height: height, scale: scale,
                                                generator: string(o["generator"]) ?? "", libraries: libraries, shard: shard)
        try readOptionalFields(o, frameCount: frameCount, into: &header, bad: bad)
        return Manifest(folder: folder, header: header, records: records)
    }

    /// The header's fields older manifests lack: the scene's digest (since 0.4), the method a
    /// `--raster` experiment drew with, and a shard's selection.
    static func readOptionalFields(_ o: [String: JSON], frameCount: Int, into header: inout FrameWriter.ManifestHeader,
                                   bad: (String) -> RenderFailure) throws(RenderFailure) {
        func string(_ v: JSON?) -> String? { if case .string(let s)? = v { return s }; return nil }
        if let v = o["sceneSha256"] {
            guard let text = string(v), isDigest(text) else { throw bad("manifest.json: sceneSha256: expected 64 hexadecimal digits") }
            header.sceneSHA256 = text
        }
        if let v = o["raster"] {
            guard let text = string(v), let method = Rasterizer.Method(rawValue: text), method != .exact else {
                throw bad("manifest.json: raster: expected \"cells\" (written only for a render with --raster cells)")
            }
            header.raster = text
        }
        if let v = o["appearance"] {
            guard let text = string(v), let a = Appearance(rawValue: text) else {
                throw bad("manifest.json: appearance: expected \"light\" or \"dark\" (the --appearance the frames were rendered with)")
            }
            header.appearance = a
        }
        if let v = o["selection"] {
            guard let text = string(v), let range = Manifest.range(text), range.upperBound < frameCount else {
                throw bad("manifest.json: selection: expected \"A..B\" within the frames")
            }
            header.selection = range
        }
        if let v = o["fonts"] {
            guard case .array(let items) = v, items.count <= maxFonts else {
                throw bad("manifest.json: fonts: expected an array of at most \(maxFonts) fonts")
            }
            for (i, item) in items.enumerated() {
                guard case .object(let members) = item else { throw bad("manifest.json: fonts[\(i)]: expected an object") }
                var d: [String: String] = [:]
                for m in members { if let s = string(m.value) { d[m.key] = s } }
                guard let family = d["family"], let style = d["style"], let file = d["file"], let sha = d["sha256"], isDigest(sha),
                      [family, style, file].allSatisfy(isName) else {
                    throw bad("manifest.json: fonts[\(i)]: expected family, style and file (each printable text of at most \(maxNameBytes) bytes) and a sha256 of 64 hexadecimal digits")
                }
                header.fonts.append(FrameWriter.ManifestFont(family: family, style: style, file: file, sha256: sha))
            }
        }
    }

    /// The libraries and checks the generator: names are copied into messages and into merged
    /// manifests, so they are short printable text only.
    static func readNames(_ o: [String: JSON], bad: (String) -> RenderFailure) throws(RenderFailure) -> [(name: String, version: String)] {
        var libraries: [(name: String, version: String)] = []
        if case .object(let libs)? = o["libraries"] {
            guard libs.count <= maxLibraries else { throw bad("manifest.json: libraries: expected at most \(maxLibraries) libraries") }
            for l in libs {
                guard case .string(let v) = l.value else { continue }
                guard isName(l.key), isName(v) else {
                    throw bad("manifest.json: libraries: expected names and versions of printable text of at most \(maxNameBytes) bytes")
                }
                libraries.append((l.key, v))
            }
        }
        if case .string(let g)? = o["generator"], !isName(g) {
            throw bad("manifest.json: generator: expected printable text of at most \(maxNameBytes) bytes")
        }
        return libraries
    }

    /// The most font files a manifest lists (a scene in every script uses a few dozen).
    static let maxFonts = 1_000
    /// The most libraries a manifest lists, and the longest name, version, generator or font
    /// name (tablerender writes 6 libraries and names of a few dozen bytes).
    static let maxLibraries = 64, maxNameBytes = 256

    /// Text a manifest may name things with: at most ``maxNameBytes`` bytes and no control
    /// characters (they would reach a terminal through verify's and merge's messages).
    static func isName(_ s: String) -> Bool {
        s.utf8.count <= maxNameBytes && !s.unicodeScalars.contains {
            // Control characters (ESC, BEL, CR, LF ...) and the bidi embeddings, overrides and
            // isolates, which reorder a terminal line.
            $0.properties.generalCategory == .control || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
        }
    }
}

/// A SHA-256 as the manifests write it: 64 lowercase hexadecimal digits.
func isDigest(_ s: String) -> Bool {
    s.utf8.count == 64 && s.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
}

/// Text escaped for messages and for the XML and HTML of a verify report (JSON goes through
/// JSONWriter).
public enum Escape {
    /// A path or name cut for a message (see `Message.cutLongTokens`).
    public static func cut(_ s: String) -> String { Message.cutLongTokens(s) }
}
