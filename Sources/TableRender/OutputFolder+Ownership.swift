import Foundation
import SceneModel

/// How an output folder tells its own files from a user's, and clears a report's scene reports.
extension OutputFolder {
    /// A manifest.json that tablerender wrote (its first keys), as opposed to a user's own.
    static func isOurManifest(_ path: String) -> Bool {
        guard let bytes = AssetFiles.readRegular(path, maxBytes: 64 << 20) else { return false }
        let head = String(decoding: bytes.prefix(200), as: UTF8.self)
        return head.hasPrefix("{\n  \"frameCount\": ") || head.hasPrefix("{\n  \"generator\": \"tablerender")
    }

    /// The file names a SHA256SUMS lists.
    static func sumsNames(_ path: String) -> Set<String> {
        guard let bytes = AssetFiles.readRegular(path, maxBytes: 64 << 20) else { return [] }
        return Set(String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ", maxSplits: 1)
            return parts.count == 2 ? String(parts[1].drop { $0 == " " || $0 == "*" }) : nil
        })
    }

    /// A SHA256SUMS whose every line names a frame file.
    static func isOurSums(_ path: String) -> Bool {
        guard let bytes = AssetFiles.readRegular(path, maxBytes: 64 << 20) else { return false }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").allSatisfy { line in
            let parts = line.split(separator: " ", maxSplits: 1)
            return parts.count == 2 && parts[0].count == 64 && isOurs(String(parts[1].drop { $0 == " " || $0 == "*" }))
        }
    }

    /// Whether `path` holds only scene reports tablerender wrote: a folder (not a link) of
    /// folders (not links) of regular files named as a report's, its described files ours.
    static func scenesAreOurs(_ path: String) -> Bool {
        func isFolder(_ p: String) -> Bool {
            var st = stat()
            return lstat(p, &st) == 0 && st.st_mode & S_IFMT == S_IFDIR
        }
        guard isFolder(path), let scenes = entries(path) else { return false }
        for scene in scenes {
            let folder = PathName.join(path, scene)
            guard isFolder(folder), let names = entries(folder) else { return false }
            for name in names {
                var st = stat()
                guard lstat(PathName.join(folder, name), &st) == 0, st.st_mode & S_IFMT == S_IFREG,
                      isOurs(name, kind: .report), name != scenesName else { return false }
                if Kind.report.described.contains(name) && !Kind.report.wrote(name, in: folder) { return false }
            }
        }
        return true
    }

    /// An earlier report's scene reports: each cleared as a report folder (a folder of the
    /// user's among them is refused, never removed), then the emptied folders.
    func removeScenes() throws(RenderFailure) {
        let scenes = PathName.join(path, OutputFolder.scenesName)
        var st = stat()
        guard lstat(scenes, &st) == 0 else { return }
        guard st.st_mode & S_IFMT == S_IFDIR else {
            throw OutputFolder.fail("\(scenes): expected an earlier report's scene reports, found a file that is not a folder; choose an empty or new folder", status: 73)
        }
        for name in OutputFolder.entries(scenes) ?? [] {
            let sub = try OutputFolder.prepare(PathName.join(scenes, name), force: false, kind: .report)
            sub.finish()
            if rmdir(sub.path) != 0 && errno != ENOENT {
                throw OutputFolder.fail("\(sub.path): cannot remove the earlier scene report: \(String(cString: strerror(errno)))", status: 73)
            }
        }
        if rmdir(scenes) != 0 && errno != ENOENT {
            throw OutputFolder.fail("\(scenes): cannot remove the earlier scene reports: \(String(cString: strerror(errno)))", status: 73)
        }
    }
}
