import Foundation
import PNGCodec
import SceneModel

/// `tablerender merge OUT PART...`: joins the folders of a sharded render (`--shard I/N`, one per
/// CI machine) into one folder whose manifest.json and SHA256SUMS are those of an unsharded
/// render. Every part must be complete (its manifest present), come from the same scene
/// settings and tablerender, and each shard 1...N must appear once; every frame file is checked
/// against its part's SHA-256 before it is copied. OUT follows the render's rules (exit 73 for
/// files tablerender did not write, `force` to render beside them).
public enum Merge {
    struct Part {
        var folder: String
        var header: FrameWriter.ManifestHeader
        var records: [FrameRecord]
    }

    public static func run(output: String, parts: [String], force: Bool) throws(RenderFailure) -> [FrameRecord] {
        func bad(_ message: String) -> RenderFailure { RenderFailure(description: message, isUsage: true) }
        guard !parts.isEmpty else { throw bad("merge: expected at least one part folder") }
        let read = try parts.map { (p: String) throws(RenderFailure) -> Part in try readPart(p) }
        let first = read[0]
        guard let n = first.header.shard?.count else {
            throw bad("\(first.folder): expected the folder of a shard (rendered with --shard I/N), found a whole render")
        }
        var seen: [Int: String] = [:]
        for part in read {
            var h = part.header, f = first.header
            h.shard = nil; f.shard = nil
            guard h == f else {
                throw bad("\(part.folder): expected the same scene settings and tablerender as \(first.folder) (frame count, fps, size, generator, libraries), found others")
            }
            guard let s = part.header.shard, s.count == n else {
                throw bad("\(part.folder): expected a shard of \(n), found \(part.header.shard.map { "shard \($0)" } ?? "a whole render")")
            }
            if let other = seen[s.index] { throw bad("\(part.folder): shard \(s) is also \(other)") }
            seen[s.index] = part.folder
        }
        let missing = (1...n).filter { seen[$0] == nil }
        guard missing.isEmpty else {
            throw bad("merge: expected shards 1...\(n), missing \(missing.map { "\($0)/\(n)" }.joined(separator: ", "))")
        }
        var byIndex: [Int: (Part, FrameRecord)] = [:]
        for part in read {
            for r in part.records {
                if byIndex[r.index] != nil { throw bad("\(part.folder): frame \(r.index) is in two parts") }
                byIndex[r.index] = (part, r)
            }
        }
        // Every frame is read and checked before OUT is touched.
        var files: [(FrameRecord, [UInt8])] = []
        for index in byIndex.keys.sorted() {
            guard let (part, r) = byIndex[index] else { continue }
            guard let bytes = AssetFiles.readRegular(part.folder + "/" + r.file, maxBytes: 1 << 30) else {
                throw bad("\(part.folder)/\(r.file): expected the frame its manifest lists, found no readable file")
            }
            guard PNGCodec.sha256Hex(bytes) == r.fileSHA256 else {
                throw bad("\(part.folder)/\(r.file): expected SHA-256 \(r.fileSHA256) as its manifest says, found another (a damaged copy?)")
            }
            files.append((r, bytes))
        }
        let folder = try OutputFolder.prepare(output, force: force)
        do {
            for (r, bytes) in files { try FrameWriter.writeAtomically(bytes, to: output + "/" + r.file) }
            var header = first.header
            header.shard = nil
            try FrameWriter.writeManifest(header, files.map { $0.0 }, to: output)
        } catch {
            folder.removeRendered()
            throw error
        }
        return files.map { $0.0 }
    }

    static func readPart(_ folder: String) throws(RenderFailure) -> Part {
        func bad(_ message: String) -> RenderFailure { RenderFailure(description: "\(folder): " + message, isUsage: true) }
        guard let bytes = AssetFiles.readRegular(folder + "/manifest.json", maxBytes: 1 << 30) else {
            throw bad("expected a rendered folder with manifest.json, found none (an incomplete or missing part)")
        }
        let json: JSON
        do { json = try JSONParser.parse(bytes) } catch { throw bad("manifest.json: line \(error.line), column \(error.column): \(error.message)") }
        guard case .object(let members) = json else { throw bad("manifest.json: expected an object") }
        var o: [String: JSON] = [:]
        for m in members { o[m.key] = m.value }
        func int(_ v: JSON?) -> Int? { if case .number(let n)? = v, n == n.rounded(), abs(n) < 1e15 { return Int(n) }; return nil }
        func double(_ v: JSON?) -> Double? { if case .number(let n)? = v { return n }; return nil }
        func string(_ v: JSON?) -> String? { if case .string(let s)? = v { return s }; return nil }
        guard let frameCount = int(o["frameCount"]), let fps = double(o["fps"]), let width = int(o["width"]),
              let height = int(o["height"]), let generator = string(o["generator"]),
              case .object(let libs)? = o["libraries"], case .array(let frames)? = o["frames"] else {
            throw bad("manifest.json: expected frameCount, fps, width, height, generator, libraries and frames (a manifest of tablerender 0.2 or later)")
        }
        var libraries: [(name: String, version: String)] = []
        for l in libs { if case .string(let v) = l.value { libraries.append((l.key, v)) } }
        var shard: Shard?
        if let s = o["shard"] {
            guard let text = string(s), let parsed = Shard(text) else { throw bad("manifest.json: shard: expected \"I/N\"") }
            shard = parsed
        }
        var records: [FrameRecord] = []
        for (i, f) in frames.enumerated() {
            guard case .object(let fm) = f else { throw bad("manifest.json: frames[\(i)]: expected an object") }
            var d: [String: JSON] = [:]
            for m in fm { d[m.key] = m.value }
            guard let index = int(d["index"]), let time = double(d["time"]), let file = string(d["file"]),
                  let sha = string(d["sha256"]), let pixels = string(d["pixelsSha256"]), let w = int(d["width"]), let h = int(d["height"]),
                  file == FrameWriter.fileName(index: index, count: frameCount), index >= 0, index < frameCount else {
                throw bad("manifest.json: frames[\(i)]: expected index, time, file (frame-NNNN.png), sha256, pixelsSha256, width and height")
            }
            records.append(FrameRecord(index: index, time: time, file: file, fileSHA256: sha, pixelsSHA256: pixels, width: w, height: h))
        }
        return Part(folder: folder, header: FrameWriter.ManifestHeader(frameCount: frameCount, fps: fps, width: width, height: height,
                                                                       generator: generator, libraries: libraries, shard: shard),
                    records: records)
    }
}
