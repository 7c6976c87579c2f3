import Foundation
import Hashing
import PNGCodec
import SnapshotTesting
import TableRender
import TableRenderReview

/// A reference strip against the strip rendered now: nil when every frame matches within the
/// tolerance, else the failure's words and the first failing frame's diff picture.
struct FrameStripDiff {
    var reference: FrameStrip
    var actual: FrameStrip
    var options: VerifyOptions

    func failure() -> (String, [DiffAttachment])? {
        if let why = actual.failure { return ("The scene was not rendered: \(why)", []) }
        if let why = reference.failure { return ("\(why). Record it again (delete it, or record with .all).", []) }
        let size = { (s: FrameStrip) in "\(s.frames.count) frame\(s.frames.count == 1 ? "" : "s") of \(s.width)x\(s.height) pixels" }
        guard reference.width == actual.width, reference.height == actual.height,
              reference.frames.map(\.index) == actual.frames.map(\.index) else {
            let list = { (s: FrameStrip) in s.frames.prefix(8).map { String($0.index) }.joined(separator: ", ") + (s.frames.count > 8 ? ", ..." : "") }
            return ("The reference holds \(size(reference)) (frames \(list(reference))); the scene renders \(size(actual)) (frames \(list(actual))): the canvas, the scale, the fps or the frames asked for changed. Record it again if the change is intended.", [])
        }
        var failing: [(frame: FrameStrip.Frame, diff: PixelDiff)] = []
        var differing = 0
        for (old, new) in zip(reference.frames, actual.frames) where old.rgba != new.rgba {
            differing += 1
            let d = PixelDiff(expected: old.rgba, actual: new.rgba, width: actual.width, height: actual.height, tolerance: options.tolerance)
            if Double(d.overTolerance) > options.maxDiffRatio * Double(actual.width * actual.height) { failing.append((old, d)) }
        }
        guard let first = failing.first, let firstNew = actual.frames.first(where: { $0.index == first.frame.index }) else { return nil }
        var message = "\(failing.count) of \(actual.frames.count) frames differ from the reference"
        if differing > failing.count { message += " beyond the tolerance (\(differing) differ in all)" }
        message += "; first: frame \(first.frame.index) (\(VerifyReport.time(first.frame.time)) s): \(first.diff.differing) pixels differ, max channel delta \(first.diff.maxDelta)"
        if let box = first.diff.box { message += ", in \(box)" }
        message += "."
        message += report()
        var attachments: [DiffAttachment] = []
        let picture = PixelDiff.image(expected: first.frame.rgba, actual: firstNew.rgba, width: actual.width, height: actual.height, tolerance: options.tolerance)
        if let png = try? PNGCodec.encode(rgba: picture, width: actual.width, height: actual.height, level: 6) {
            attachments.append(.data(Data(png), name: "diff-\(first.frame.index).png"))
        }
        return (message, attachments)
    }

    /// Writes `tablerender verify`'s report for the scene against the reference's frames (a
    /// golden folder made of the reference next to it) and says where it is, with the font files
    /// and libraries that differ from the reference's; an empty string when it cannot.
    func report() -> String {
        guard let source = actual.source, !reference.manifest.isEmpty else { return "" }
        let root = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory()
        let id = String(SHA256.hex(reference.manifest + actual.manifest).prefix(12))
        let base = (root.hasSuffix("/") ? root : root + "/") + "tablerender/" + source.name + "-" + id
        let golden = base + "/reference", reportPath = base + "/report"
        try? FileManager.default.removeItem(atPath: golden)
        guard (try? FileManager.default.createDirectory(atPath: golden, withIntermediateDirectories: true)) != nil else {
            return " (No report: cannot create \(golden).)"
        }
        do throws(RenderFailure) {
            try FrameWriter.writeAtomically(reference.manifest, to: golden + "/manifest.json")
            let manifest = try Manifest.read(folder: golden)
            // Each frame under the file its manifest record names (the strip keeps the order asked for).
            let frames = Dictionary(reference.frames.map { ($0.index, $0) }, uniquingKeysWith: { a, _ in a })
            for record in manifest.records {
                guard let frame = frames[record.index] else { continue }
                let png: [UInt8]
                do { png = try PNGCodec.encode(rgba: frame.rgba, width: reference.width, height: reference.height, level: 1) } catch {
                    throw RenderFailure(description: error.description)
                }
                try FrameWriter.writeAtomically(png, to: golden + "/" + record.file)
            }
            var verify = source.options
            verify.report = reportPath
            verify.force = true
            let result = try Verifier(scenePath: source.name, loaded: source.loaded, golden: manifest, options: verify).run()
            return " Report: \(reportPath)/index.html." + result.textSources.map { " " + $0 + "." }.joined()
        } catch {
            return " (No report: \(error.description).)"
        }
    }
}
