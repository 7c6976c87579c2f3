import Foundation
import SceneModel

/// The rules that keep an output folder from misleading anyone:
///
/// - A folder holding files tablerender did not write is refused (exit 73, nothing touched)
///   unless `--force`, which leaves those files alone.
/// - A render (`staged`) writes its frames into a hidden folder inside the output folder,
///   `.tablerender-staging`, and only once every frame is there swaps them in: the earlier
///   render's `manifest.json` is removed first, then its `SHA256SUMS`, then its frames; the new
///   frames are renamed into place, and the new sums and manifest written last (each under a
///   temporary name and renamed). So at every instant, even after `kill -9`, either there is no
///   manifest, or the manifest and SHA256SUMS describe exactly the frames present.
/// - A render that fails (a budget, a full disk, a signal) leaves the earlier render as it was:
///   only its staging folder goes. A killed one leaves the staging folder and the lock file,
///   which the next run removes.
///
/// The same rules keep a `verify` report folder (`Kind.report`), except that it is not staged:
/// an earlier report is removed before the new one is written, so a verify that fails for any
/// reason never leaves an earlier report's "passed" behind.
public final class OutputFolder {
    public let path: String
    public let kind: Kind
    /// This run made the folder (a failed run removes it again).
    let created: Bool
    /// The lock this run holds on the folder (see `lock`), and the folder's identity when it
    /// was taken, so a folder removed or replaced under the run is noticed.
    var lockFD: Int32 = -1
    var device: UInt64 = 0
    var inode: UInt64 = 0
    /// Files of the user's that were there before (`--force`): a failed run leaves them.
    var foreign: Set<String> = []
    /// The run writes into the staging folder and swaps its files in at `complete`.
    let staged: Bool
    /// The earlier render's files (staged runs), removed only when the new frames are swapped in.
    var earlier: [String] = []
    /// The swap has begun: from then on a failure removes every file of tablerender's.
    var swapping = false

    /// The hidden folder a staged run writes its numbered files into.
    static let stagingName = ".tablerender-staging"

    /// Where this run writes its numbered files: the staging folder when staged, else `path`.
    public var writePath: String { staged ? PathName.join(path, OutputFolder.stagingName) : path }

    init(path: String, kind: Kind = .frames, created: Bool = false, staged: Bool = false) {
        self.path = path
        self.kind = kind
        self.created = created
        self.staged = staged
    }

    deinit { release() }

    /// The lock file: one writer per folder. It is removed when the run ends; a killed run
    /// leaves it behind, which tells the next run that the numbered files beside it are a
    /// render's (not the user's).
    static let lockName = ".tablerender.lock"

    /// What the folder holds: a render's frames, or a verify report.
    public enum Kind: Sendable {
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
                return String(decoding: bytes.prefix(300), as: UTF8.self).contains(OutputFolder.reportMarker)
            default: return true
            }
        }
    }

    /// What tablerender writes: frames, the manifest and sums, and their temporary names.
    static func isOurs(_ name: String) -> Bool { isOurs(name, kind: .frames) }

    static func isOurs(_ name: String, kind: Kind) -> Bool {
        if name == lockName || name == stagingName { return true }
        if kind == .report && name == scenesName { return true }
        var n = Substring(name)
        if n.hasPrefix(".") && n.hasSuffix(".tmp") { n = n.dropFirst().dropLast(4) }
        if kind.described.contains(String(n)) { return true }
        for prefix in kind.numbered where n.hasPrefix(prefix) && n.hasSuffix(".png") {
            let digits = n.dropFirst(prefix.count).dropLast(4)
            return digits.count >= 4 && digits.allSatisfy { $0 >= "0" && $0 <= "9" }
        }
        return false
    }

    /// The folder a report of many scenes (`verify --goldens`) keeps each scene's report in,
    /// `scenes/NAME`: each a report folder of its own, cleared by its own rules.
    public static let scenesName = "scenes"

    /// What every file of a verify report says near its start, so a report folder's own files
    /// are told from a user's.
    public static let reportMarker = "tablerender verify"

    static func fail(_ message: String, status: Int32) -> RenderFailure {
        RenderFailure(description: message, isUsage: false, exitStatus: status)
    }

    /// Checks the folder and clears an earlier render from it (`staged`: makes the staging
    /// folder instead, and clears the earlier render at `complete`); creates it when missing.
    /// `createParents` makes missing parent folders too (a golden or a report at a new path);
    /// a render's parent must exist, which catches a mistyped path. The returned folder holds
    /// the folder's lock until `finish()` or `removeRendered()`.
    public static func prepare(_ path: String, force: Bool, kind: Kind = .frames, createParents: Bool = false,
                               staged: Bool = false) throws(RenderFailure) -> OutputFolder {
        let what = kind == .frames ? "output folder" : "report folder"
        if path.utf8.contains(0) { throw fail("\(path): expected \(kind == .frames ? "an" : "a") \(what), found a path with a NUL byte", status: 64) }
        var st = stat()
        if lstat(path, &st) != 0 {
            guard errno == ENOENT else {
                throw fail("\(path): cannot use the \(what): \(String(cString: strerror(errno)))", status: 73)
            }
            let parent = PathName.parent(path)
            var pst = stat()
            if createParents, stat(parent, &pst) != 0 {
                do { try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true) } catch {
                    throw fail("\(path): cannot create the \(what)'s parent folder \(parent): \(error.localizedDescription)", status: 73)
                }
            }
            if stat(parent, &pst) != 0 || pst.st_mode & S_IFMT != S_IFDIR {
                throw fail("\(path): cannot create the \(what): its parent folder \(parent) does not exist (create it first)", status: 73)
            }
            guard mkdir(path, 0o755) == 0 else {
                throw fail("\(path): cannot create the \(what): \(String(cString: strerror(errno)))", status: 73)
            }
            let folder = OutputFolder(path: path, kind: kind, created: true, staged: staged)
            do throws(RenderFailure) { try folder.lock(what: what) } catch {
                unlink(PathName.join(path, lockName))
                rmdir(path)
                throw error
            }
            do throws(RenderFailure) { try folder.makeStaging() } catch {
                folder.removeRendered()
                throw error
            }
            return folder
        }
        guard st.st_mode & S_IFMT == S_IFDIR else {
            throw fail("\(path): expected \(kind == .frames ? "an" : "a") \(what), found a file that is not a folder", status: 73)
        }
        guard let before = entries(path) else {
            throw fail("\(path): cannot read the \(what): \(String(cString: strerror(errno)))", status: 73)
        }
        // A lock file already there was left by a killed run (a running one holds it: `lock`
        // refuses then), so the numbered files beside it are a render's.
        let killedRunLeftovers = before.contains(lockName)
        let folder = OutputFolder(path: path, kind: kind, staged: staged)
        // Checked before the lock is taken (a refused folder is left untouched, its lock file
        // never made), and again once it is held (the folder may have changed in between).
        _ = try folder.ownFiles(before, force: force, killedRunLeftovers: killedRunLeftovers)
        try folder.lock(what: what)
        do throws(RenderFailure) {
            let names = entries(path) ?? before
            if staged {
                try folder.noteEarlierRender(names, force: force, killedRunLeftovers: killedRunLeftovers)
                try folder.makeStaging()
            } else {
                try folder.clearEarlierRender(names, force: force, killedRunLeftovers: killedRunLeftovers, what: what)
            }
        } catch {
            folder.finish()
            throw error
        }
        return folder
    }

    /// Refuses files tablerender did not write (unless `force`), then removes an earlier render:
    /// the described files first (from then on no manifest describes frames that are gone),
    /// then its numbered files and temporary files.
    private func clearEarlierRender(_ names: [String], force: Bool, killedRunLeftovers: Bool, what: String) throws(RenderFailure) {
        let (ourDescribed, ours) = try ownFiles(names, force: force, killedRunLeftovers: killedRunLeftovers)
        self.foreign = Set(names.filter { !ours($0) && !kind.described.contains($0) })
        for name in ourDescribed { try remove(name) }
        if !names.isEmpty { OutputFolder.syncFolder(path) }
        for name in names where ours(name) && !kind.described.contains(name) && name != OutputFolder.lockName {
            try remove(name)
        }
    }

    /// Which of `names` an earlier run of tablerender wrote (its described files, and a test for
    /// the rest), or the refusal: a described file of the user's (never replaced, `force` or
    /// not), or other files of the user's without `force`. Touches nothing.
    func ownFiles(_ names: [String], force: Bool, killedRunLeftovers: Bool)
        throws(RenderFailure) -> (described: [String], ours: (String) -> Bool) {
        let described = kind.described.filter { names.contains($0) }
        let ourDescribed = described.filter { kind.wrote($0, in: path) }
        // Numbered files (frame-0000.png ...) are a render's only when our SHA256SUMS lists them
        // (a report's: when its summary is ours), or a killed run left its lock: a folder of the
        // user's own frames is not.
        let listed: Set<String>? = kind == .frames && ourDescribed.contains("SHA256SUMS")
            ? OutputFolder.sumsNames(PathName.join(path, "SHA256SUMS")) : nil
        let allNumberedOurs = killedRunLeftovers || (kind == .report && !ourDescribed.isEmpty)
        func ours(_ name: String) -> Bool {
            guard OutputFolder.isOurs(name, kind: kind) else { return false }
            // A report's scene reports: ours only when every one of them is, checked whole
            // before anything is removed (a link, a file or a folder of the user's among them
            // refuses the run and leaves the report as it was).
            if kind == .report && name == OutputFolder.scenesName { return OutputFolder.scenesAreOurs(PathName.join(path, name)) }
            if name == OutputFolder.lockName || kind.described.contains(name) || name.hasPrefix(".") { return true }
            return allNumberedOurs || listed?.contains(name) == true
        }
        var foreign = names.filter { !ours($0) }.sorted()
        // A described file of the user's, or a file of the user's named as tablerender names
        // its own, is never replaced, --force or not.
        let theirs = described.filter { !ourDescribed.contains($0) }
            + foreign.filter { OutputFolder.isOurs($0, kind: kind) && !described.contains($0) }.prefix(5)
        if !theirs.isEmpty {
            throw OutputFolder.fail("\(path): refusing to \(kind == .frames ? "render" : "write a report") into a folder that holds files tablerender did not write ("
                                    + theirs.map { "\"\($0)\"" }.joined(separator: ", ")
                                    + "), which --force does not replace; choose an empty or new folder", status: 73)
        }
        foreign.removeAll { described.contains($0) }
        if !foreign.isEmpty && !force {
            let shown = foreign.prefix(5).map { "\"\(Message.cutLongTokens($0, limit: 60, longerThan: 60))\"" }.joined(separator: ", ")
                + (foreign.count > 5 ? " and \(foreign.count - 5) more" : "")
            throw OutputFolder.fail("\(path): refusing to \(kind == .frames ? "render" : "write a report") into a folder that holds files tablerender did not write (\(shown)); "
                                    + "choose an empty or new folder, or pass --force to write beside them", status: 73)
        }
        return (ourDescribed, ours)
    }

    /// Takes the folder's lock (flock on `lockName`, never through a link), or refuses with 73
    /// when another run holds it. The lock file is checked to still be the one in the folder
    /// once locked (a run that ends removes it).
    private func lock(what: String) throws(RenderFailure) {
        let file = PathName.join(path, OutputFolder.lockName)
        for _ in 0..<8 {
            let fd = open(file, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                throw OutputFolder.fail("\(path): cannot lock the \(what) (\(OutputFolder.lockName)): \(String(cString: strerror(errno)))", status: 73)
            }
            if flock(fd, LOCK_EX | LOCK_NB) != 0 {
                let busy = errno == EWOULDBLOCK
                close(fd)
                throw OutputFolder.fail(busy
                    ? "\(path): another tablerender is writing into this \(what) now; wait for it to finish or choose another folder"
                    : "\(path): cannot lock the \(what): \(String(cString: strerror(errno)))", status: 73)
            }
            var held = stat(), named = stat(), dir = stat()
            if fstat(fd, &held) == 0, lstat(file, &named) == 0, held.st_ino == named.st_ino, held.st_dev == named.st_dev,
               stat(path, &dir) == 0 {
                lockFD = fd
                device = UInt64(dir.st_dev)
                inode = UInt64(dir.st_ino)
                return
            }
            close(fd)  // Removed by the run that held it: lock the new one.
        }
        throw OutputFolder.fail("\(path): cannot lock the \(what): its lock file keeps changing", status: 73)
    }

    /// Whether the folder at `path` is still the one this run locked and every file in `names`
    /// is in it (a folder removed and made again under a run is another folder).
    func stillHolds(_ names: [String]) -> Bool {
        sameFolder() && names.allSatisfy { access(PathName.join(writePath, $0), F_OK) == 0 }
    }

    /// The folder at `path` is the one this run locked.
    func sameFolder() -> Bool {
        var st = stat()
        return lockFD >= 0 && stat(path, &st) == 0 && UInt64(st.st_dev) == device && UInt64(st.st_ino) == inode
    }

    /// Writes the files that describe the run (`write`: sums and manifest) once the folder is
    /// checked to be the one locked, holding every file in `names`; then lets the lock go. A
    /// folder removed or replaced under the run fails it (exit 1), so no manifest ever
    /// describes frames that are gone.
    public func complete(_ names: [String], write: () throws(RenderFailure) -> Void) throws(RenderFailure) {
        guard stillHolds(names) else {
            // Still the folder locked (a frame file went): remove this run's files; another
            // folder now: leave it alone.
            if sameFolder() { removeRendered() } else { release() }
            throw OutputFolder.replaced(path)
        }
        do throws(RenderFailure) {
            if staged { try swapIn(names) }
            try write()
        } catch {
            removeRendered()
            throw error
        }
        finish()
    }

    static func replaced(_ path: String) -> RenderFailure {
        fail("\(path): the folder was removed or replaced while tablerender wrote into it; its frames are not all there (run again)", status: 1)
    }

    /// Cleans up after a run that failed (`removeRendered`) and says why: the folder (or its
    /// staging folder) removed or replaced under the run, which explains a failed write
    /// better than the write's own error, or else `error`.
    public func abandon(_ error: RenderFailure) -> RenderFailure {
        var st = stat()
        let gone = !sameFolder() || (staged && (lstat(writePath, &st) != 0 || st.st_mode & S_IFMT != S_IFDIR))
        removeRendered()
        return gone ? OutputFolder.replaced(path) : error
    }

    /// The run is done (its manifest written): the lock file goes, then the lock.
    func finish() {
        guard lockFD >= 0 else { return }
        if sameFolder() { unlink(PathName.join(path, OutputFolder.lockName)) }
        release()
    }

    /// Lets the lock go (once: later calls do nothing).
    private func release() {
        if lockFD >= 0 { close(lockFD) }
        lockFD = -1
    }

    func remove(_ name: String) throws(RenderFailure) {
        if name == OutputFolder.stagingName { return try removeStaging() }
        if kind == .report && name == OutputFolder.scenesName { return try removeScenes() }
        if unlink(path + "/" + name) != 0 && errno != ENOENT {
            throw OutputFolder.fail("\(path)/\(name): cannot remove the earlier render's file: \(String(cString: strerror(errno)))", status: 1)
        }
    }

    /// Removes what this run wrote, and the lock: used when a run fails. A staged run that had
    /// not begun its swap leaves the earlier render; otherwise every file of tablerender's goes.
    public func removeRendered() {
        // Only in the folder this run locked, and only once: a folder replaced under the run,
        // or already let go, is not ours to clean.
        guard sameFolder() else { release(); return }
        try? removeStaging()
        for name in OutputFolder.entries(path) ?? [] where (!staged || swapping) && OutputFolder.isOurs(name, kind: kind)
            && name != OutputFolder.lockName && name != OutputFolder.stagingName && !foreign.contains(name) {
            unlink(path + "/" + name)
        }
        finish()
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
