import Foundation
import TableRender
import PNGCodec
import SceneModel
import Hashing

/// `tablerender merge OUT PART...`: joins the folders of a sharded render (`--shard I/N`, one per
/// CI machine) into one folder whose manifest.json and SHA256SUMS are those of an unsharded
/// render. Nothing read is trusted: every part must be complete (its manifest present and
/// well-formed), come from the same scene file (its SHA-256), settings, `--frames` selection
/// and tablerender; each shard 1...N must appear once and hold exactly its share of the
/// selection (no gap, no overlap); every frame file is checked against its part's SHA-256
/// before OUT is touched, and again while it is copied. Frames are copied one at a time (memory
/// stays at one frame). OUT follows the render's rules (exit 73 for files tablerender did not
/// write, `force` to render beside them).
public enum Merge {
    struct Part {
        var folder: String
        var header: FrameWriter.ManifestHeader
        var records: [FrameRecord]
    }

    /// The largest frame file read: a PNG of the canvas budget's 16 M pixels, stored, is 64 MB.
    static let maxFrameBytes = 128 << 20

    public static func run(output: String, parts: [String], force: Bool) throws(RenderFailure) -> [FrameRecord] {
        guard !parts.isEmpty else { throw bad("merge: expected at least one part folder") }
        // OUT is cleared before the frames are copied: it must not be, hold or lie in a part.
        for part in parts where PathName.isInside(output, part) || PathName.isInside(part, output) {
            throw bad("merge: expected an output folder apart from the parts, found \(output) and the part \(part) (one inside the other)")
        }
        // The parts hold the render's frames once between them; twice as many is refused as it
        // is read, so many crafted parts cannot hold many manifests' worth of frames in memory
        // (an overlap within that is named with its frames by `check`).
        var read: [Part] = []
        var listed = 0
        for p in parts {
            let part = try readPart(p)
            listed += part.records.count
            if let first = read.first, listed > 2 * first.header.frameCount {
                throw bad("merge: expected parts that hold the \(first.header.frameCount) frames of one render between them, found \(listed) frames listed by the first \(read.count + 1) parts (parts that overlap)")
            }
            read.append(part)
        }
        let records = try check(read)
        // Every frame is read and checked before OUT is touched (one at a time): its file's
        // SHA-256, and its decoded pixels' (a file that is not the frame its manifest describes
        // is never copied into a manifest that would describe it again).
        for (part, r) in records {
            let bytes = try frameBytes(part, r)
            let path = PathName.join(part.folder, r.file)
            guard let png = try? PNGCodec.decode(bytes, maxPixels: r.width * r.height), png.width == r.width, png.height == r.height,
                  SHA256.hex(png.rgba) == r.pixelsSHA256 else {
                throw bad("\(path): expected a PNG of \(r.width)x\(r.height) pixels whose pixels have the SHA-256 its manifest lists (pixelsSha256), found another file")
            }
        }
        let folder = try OutputFolder.prepare(output, force: force, staged: true)
        do throws(RenderFailure) {
            for (part, r) in records { try AtomicFile.writeNew(try frameBytes(part, r), to: PathName.join(folder.writePath, r.file)) }
        } catch {
            throw folder.abandon(error)
        }
        var header = read[0].header
        header.shard = nil
        let merged = records.map { $0.1 }
        // `complete` cleans up after itself when it fails.
        try folder.complete(merged.map(\.file)) { () throws(RenderFailure) in try FrameWriter.writeManifest(header, merged, to: output) }
        return merged
    }

    static func bad(_ message: String) -> RenderFailure { RenderFailure(description: message, isUsage: true) }

    /// The parts agree and together hold the selection exactly: its frames in order, each with
    /// the part it comes from.
    static func check(_ read: [Part]) throws(RenderFailure) -> [(Part, FrameRecord)] {
        let first = read[0]
        guard let n = first.header.shard?.count else {
            throw bad("\(first.folder): expected the folder of a shard (rendered with --shard I/N), found a whole render")
        }
        guard first.header.sceneSHA256 != nil, let selection = first.header.selection else {
            throw bad("\(first.folder): expected a shard whose manifest names its scene (sceneSha256) and frames (selection), found none: render the parts again with tablerender \(Version.tablerender)")
        }
        var seen: [Int: String] = [:]
        var out: [(Part, FrameRecord)] = []
        for part in read {
            guard let s = part.header.shard, s.count == n else {
                throw bad("\(part.folder): expected a shard of \(n), found \(part.header.shard.map { "shard \($0)" } ?? "a whole render")")
            }
            var h = part.header, f = first.header
            h.shard = nil; f.shard = nil
            if h.sceneSHA256 != f.sceneSHA256 {
                throw bad("\(part.folder): expected a part of the same scene file as \(first.folder) (sceneSha256), found another scene")
            }
            if h.selection != f.selection {
                throw bad("\(part.folder): expected the frames \(selection.lowerBound)..\(selection.upperBound) as \(first.folder), found \(h.selection.map { "\($0.lowerBound)..\($0.upperBound)" } ?? "none")")
            }
            if h.raster != f.raster {
                throw bad("\(part.folder): expected parts drawn the same way as \(first.folder) (raster \(f.raster ?? "exact")), found raster \(h.raster ?? "exact")")
            }
            guard h == f else {
                throw bad("\(part.folder): expected the same scene settings and tablerender as \(first.folder) (frame count, fps, size, generator, libraries), found others")
            }
            if let other = seen[s.index] { throw bad("\(part.folder): shard \(s) is also \(other)") }
            seen[s.index] = part.folder
        }
        let missing = (1...n).filter { seen[$0] == nil }
        guard missing.isEmpty else {
            throw bad("merge: expected shards 1...\(n), missing \(missing.map { "\($0)/\(n)" }.joined(separator: ", "))")
        }
        guard selection.upperBound < first.header.frameCount else {
            throw bad("\(first.folder): selection \(selection.lowerBound)..\(selection.upperBound) is outside the \(first.header.frameCount) frames")
        }
        try checkOverlapsAndGaps(read, selection: selection)
        let all = Array(selection)
        for part in read.sorted(by: { ($0.header.shard?.index ?? 0) < ($1.header.shard?.index ?? 0) }) {
            guard let s = part.header.shard else { continue }
            let expected = s.select(all), listed = part.records.sorted { $0.index < $1.index }
            guard listed.map(\.index) == expected else {
                let what = expected.isEmpty ? "none" : "\(expected[0])..\(expected[expected.count - 1])"
                let own = Set(expected), theirs = listed.map(\.index).filter { !own.contains($0) }
                let lacking = Set(listed.map(\.index)), gone = expected.filter { !lacking.contains($0) }
                let found = theirs.isEmpty ? "it lacks frames \(frameRanges(gone))" : "it holds frames \(frameRanges(theirs)), which are not shard \(s)'s"
                throw bad("\(part.folder): expected shard \(s) to hold frames \(what) of \(selection.lowerBound)..\(selection.upperBound), found that \(found)")
            }
            out += listed.map { (part, $0) }
        }
        return out
    }

    /// Each frame of the selection comes from exactly one part: two parts that list the same
    /// frames are named with the frames they share, and frames no part lists are named.
    static func checkOverlapsAndGaps(_ read: [Part], selection: ClosedRange<Int>) throws(RenderFailure) {
        var owner: [Int: Int] = [:]
        var shared: [Int] = [], pair: (Int, Int)?
        for (p, part) in read.enumerated() {
            for r in part.records {
                guard let q = owner[r.index] else { owner[r.index] = p; continue }
                if pair == nil { pair = (q, p) }
                if let (a, b) = pair, (a, b) == (q, p) { shared.append(r.index) }
            }
        }
        if let (a, b) = pair {
            let first = read[a], second = read[b]
            let same = a == b ? "\(first.folder) lists" : "\(first.folder) (shard \(first.header.shard.map { "\($0)" } ?? "?")) and \(second.folder) (shard \(second.header.shard.map { "\($0)" } ?? "?")) both hold"
            throw bad("merge: \(same) frames \(frameRanges(shared)) (\(shared.count) frames twice): each frame comes from one part; render the parts again with --shard I/N")
        }
        let missing = selection.filter { owner[$0] == nil }
        if !missing.isEmpty {
            throw bad("merge: frames \(frameRanges(missing)) of the selection \(selection.lowerBound)..\(selection.upperBound) are in no part (\(missing.count) frames): a part is incomplete; render it again")
        }
    }

    /// Frame numbers as ranges (`3..5, 9`), the first few of them.
    static func frameRanges(_ frames: [Int]) -> String {
        var runs: [(Int, Int)] = []
        for f in frames.sorted() {
            if let last = runs.last, f == last.1 + 1 { runs[runs.count - 1].1 = f } else if runs.last?.1 != f { runs.append((f, f)) }
        }
        let shown = runs.prefix(5).map { $0.0 == $0.1 ? "\($0.0)" : "\($0.0)..\($0.1)" }
        return shown.joined(separator: ", ") + (runs.count > 5 ? " and \(runs.count - 5) more runs" : "")
    }

    /// A part's frame file, checked against its manifest's SHA-256.
    static func frameBytes(_ part: Part, _ r: FrameRecord) throws(RenderFailure) -> [UInt8] {
        let path = PathName.join(part.folder, r.file)
        guard let bytes = AssetFiles.readRegular(path, maxBytes: maxFrameBytes) else {
            throw bad("\(path): expected the frame its manifest lists (a regular file of at most \(maxFrameBytes >> 20) MB), found none")
        }
        guard SHA256.hex(bytes) == r.fileSHA256 else {
            throw bad("\(path): expected SHA-256 \(r.fileSHA256) as its manifest says, found another (a damaged copy?)")
        }
        return bytes
    }

    static func readPart(_ folder: String) throws(RenderFailure) -> Part {
        let m = try Manifest.read(folder: folder)
        return Part(folder: folder, header: m.header, records: m.records)
    }
}
