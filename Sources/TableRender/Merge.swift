import Foundation
import PNGCodec
import SceneModel
import Hashing

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
            guard SHA256.hex(bytes) == r.fileSHA256 else {
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
        let m = try Manifest.read(folder: folder)
        return Part(folder: folder, header: m.header, records: m.records)
    }
}
