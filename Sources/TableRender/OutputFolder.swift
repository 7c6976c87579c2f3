import Foundation

/// The rules that keep an output folder from misleading anyone:
///
/// - A folder holding files tablerender did not write is refused (exit 73, nothing touched)
///   unless `--force`, which leaves those files alone.
/// - An earlier render in the folder is removed before the first new frame is written:
///   `manifest.json` first, then `SHA256SUMS`, then the old frames and any temporary files a
///   killed run left. So at every instant, even after `kill -9`, either there is no manifest, or
///   the manifest and SHA256SUMS describe exactly the frames present (they are written last,
///   each under a temporary name and renamed).
/// - A run that fails removes the frames it wrote.
///
/// The same rules keep a `verify` report folder (`Kind.report`).
struct OutputFolder {
    let path: String
    var kind = Kind.frames
    /// This run made the folder (a failed run removes it again).
    var created = false

    /// What the folder holds: a render's frames, or a verify report.
    enum Kind {
        case frames, report

        /// The files whose content says who wrote them (checked before they are replaced).
        var described: [String] {
            switch self {
            case .frames: return ["manifest.json", "SHA256SUMS"]
            case .report: return ["summary.json", "junit.xml", "index.html"]
            }
        }

        /// The numbered images: frame-NNNN.png, or expected-, actual- and diff-NNNN.png.
        var numbered: [String] {
            switch self {
            case .frames: return ["frame-"]
            case .report: return ["expected-", "actual-", "diff-"]
            }
        }

        /// Whether this kind of folder's writer wrote the file `name` in `folder`.
        func wrote(_ name: String, in folder: String) -> Bool {
            switch (self, name) {
            case (.frames, "manifest.json"): return OutputFolder.isOurManifest(folder + "/manifest.json")
            case (.frames, "SHA256SUMS"): return OutputFolder.isOurSums(folder + "/SHA256SUMS")
            case (.report, _) where described.contains(name):
                guard let bytes = AssetFiles.readRegular(folder + "/" + name, maxBytes: 256 << 20) else { return false }
                return String(decoding: bytes.prefix(300), as: UTF8.self).contains(VerifyReport.marker)
            default: return true
            }
        }
    }

    /// What tablerender writes: frames, the manifest and sums, and their temporary names.
    static func isOurs(_ name: String) -> Bool { isOurs(name, kind: .frames) }

    static func isOurs(_ name: String, kind: Kind) -> Bool {
        var n = Substring(name)
        if n.hasPrefix(".") && n.hasSuffix(".tmp") { n = n.dropFirst().dropLast(4) }
        if kind.described.contains(String(n)) { return true }
        for prefix in kind.numbered where n.hasPrefix(prefix) && n.hasSuffix(".png") {
            let digits = n.dropFirst(prefix.count).dropLast(4)
            return digits.count >= 4 && digits.allSatisfy { $0 >= "0" && $0 <= "9" }
        }
        return false
    }

    /// A manifest.json that tablerender wrote (its first keys), as opposed to a user's own.
    static func isOurManifest(_ path: String) -> Bool {
        guard let bytes = AssetFiles.readRegular(path, maxBytes: 64 << 20) else { return false }
        let head = String(decoding: bytes.prefix(200), as: UTF8.self)
        return head.hasPrefix("{\n  \"frameCount\": ") || head.hasPrefix("{\n  \"generator\": \"tablerender")
    }

    /// A SHA256SUMS whose every line names a frame file.
    static func isOurSums(_ path: String) -> Bool {
        guard let bytes = AssetFiles.readRegular(path, maxBytes: 64 << 20) else { return false }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").allSatisfy { line in
            let parts = line.split(separator: " ", maxSplits: 1)
            return parts.count == 2 && parts[0].count == 64 && isOurs(String(parts[1].drop { $0 == " " || $0 == "*" }))
        }
    }

    static func fail(_ message: String, status: Int32) -> RenderFailure {
        RenderFailure(description: message, isUsage: false, exitStatus: status)
    }

    /// Checks the folder and clears an earlier render from it; creates it when missing.
    /// `createParents` makes missing parent folders too (a golden or a report at a new path);
    /// a render's parent must exist, which catches a mistyped path.
    static func prepare(_ path: String, force: Bool, kind: Kind = .frames, createParents: Bool = false) throws(RenderFailure) -> OutputFolder {
        let what = kind == .frames ? "output folder" : "report folder"
        if path.utf8.contains(0) { throw fail("\(path): expected an \(what), found a path with a NUL byte", status: 64) }
        var st = stat()
        if lstat(path, &st) != 0 {
            guard errno == ENOENT else {
                throw fail("\(path): cannot use the \(what): \(String(cString: strerror(errno)))", status: 73)
            }
            let parent = (path as NSString).deletingLastPathComponent
            var pst = stat()
            if createParents, !parent.isEmpty, stat(parent, &pst) != 0 {
                do { try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true) } catch {
                    throw fail("\(path): cannot create the \(what)'s parent folder \(parent): \(error.localizedDescription)", status: 73)
                }
            }
            if !parent.isEmpty, stat(parent, &pst) != 0 || pst.st_mode & S_IFMT != S_IFDIR {
                throw fail("\(path): cannot create the \(what): its parent folder \(parent) does not exist (create it first)", status: 73)
            }
            guard mkdir(path, 0o755) == 0 else {
                throw fail("\(path): cannot create the \(what): \(String(cString: strerror(errno)))", status: 73)
            }
            return OutputFolder(path: path, kind: kind, created: true)
        }
        guard st.st_mode & S_IFMT == S_IFDIR else {
            throw fail("\(path): expected an \(what), found a file that is not a folder", status: 73)
        }
        guard let names = entries(path) else {
            throw fail("\(path): cannot read the \(what): \(String(cString: strerror(errno)))", status: 73)
        }
        var foreign = names.filter { !isOurs($0, kind: kind) }.sorted()
        for name in kind.described.reversed() where names.contains(name) && !kind.wrote(name, in: path) { foreign.insert(name, at: 0) }
        if !foreign.isEmpty && !force {
            let shown = foreign.prefix(5).map { "\"\($0)\"" }.joined(separator: ", ") + (foreign.count > 5 ? " and \(foreign.count - 5) more" : "")
            throw fail("\(path): refusing to \(kind == .frames ? "render" : "write a report") into a folder that holds files tablerender did not write (\(shown)); "
                       + "choose an empty or new folder, or pass --force to write beside them", status: 73)
        }
        // Manifest and sums (summary first for a report) go first: from here on no manifest
        // describes frames that are gone.
        let folder = OutputFolder(path: path, kind: kind)
        for name in kind.described where names.contains(name) {
            try folder.remove(name)
        }
        if !names.isEmpty { syncFolder(path) }
        for name in names where isOurs(name, kind: kind) && !kind.described.contains(name) {
            try folder.remove(name)
        }
        return folder
    }

    func remove(_ name: String) throws(RenderFailure) {
        if unlink(path + "/" + name) != 0 && errno != ENOENT {
            throw OutputFolder.fail("\(path)/\(name): cannot remove the earlier render's file: \(String(cString: strerror(errno)))", status: 1)
        }
    }

    /// Removes what this run (or an earlier one) wrote: used when a run fails.
    func removeRendered() {
        for name in OutputFolder.entries(path) ?? [] where OutputFolder.isOurs(name, kind: kind) { unlink(path + "/" + name) }
        if created { rmdir(path) }
    }

    /// The names in a folder (without . and ..), nil when it cannot be read.
    static func entries(_ path: String) -> [String]? {
        guard let dir = opendir(path) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Makes the removals durable before new files appear (a crash cannot bring back the old
    /// manifest beside new frames).
    static func syncFolder(_ path: String) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}
