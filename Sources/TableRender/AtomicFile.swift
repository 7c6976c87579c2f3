import Foundation

/// A file written under a hidden temporary name beside its final one (".NAME.tmp") and renamed
/// when complete, so it appears whole or not at all. The temporary name is created new and never
/// through a link (O_EXCL | O_NOFOLLOW): a file or link planted there (a killed run's leftover,
/// or someone else's) is removed (unlink removes a link, not its target) and the name created
/// again; a second clash is an error.
public final class AtomicFile {
    let path: String
    let tmp: String
    private var fd: Int32

    /// Opens the temporary file for `path`.
    public init(_ path: String) throws(RenderFailure) {
        self.path = path
        let folder = PathName.parent(path), name = PathName.lastComponent(path)
        tmp = path.contains("/") ? PathName.join(folder, "." + name + ".tmp") : "." + name + ".tmp"
        var fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        if fd < 0 && errno == EEXIST && unlink(tmp) == 0 {
            fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        }
        guard fd >= 0 else { throw RenderFailure(description: "\(path): cannot write (open): \(String(cString: strerror(errno)))") }
        self.fd = fd
    }

    func failure(_ what: String) -> RenderFailure {
        let reason = String(cString: strerror(errno))
        abandon()
        return RenderFailure(description: "\(path): cannot write (\(what)): \(reason)")
    }

    /// Writes `bytes` at the end of the temporary file.
    public func append(_ bytes: [UInt8]) throws(RenderFailure) {
        guard AtomicFile.writeAll(bytes, to: fd) else { throw failure("write") }
    }

    /// Writes every byte to `fd` (retrying after a signal); false on an error, with `errno` set.
    static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        bytes.withUnsafeBytes { raw -> Bool in
            guard let base = raw.baseAddress else { return true }
            var written = 0
            while written < raw.count {
                let n = Glibc.write(fd, base + written, raw.count - written)
                if n < 0 { if errno == EINTR { continue }; return false }
                written += n
            }
            return true
        }
    }

    /// Writes a new file at `path` directly, for a folder no one reads until the run is
    /// complete (a render's staging folder: see `OutputFolder`), where a file half written by a
    /// failed run goes with the folder. The name is created new and never through a link
    /// (O_EXCL | O_NOFOLLOW). One rename a file fewer than `AtomicFile`: 100,000 frames of a
    /// tiny canvas spent a fifth of their time renaming (notes/benchmarks.md).
    public static func writeNew(_ bytes: [UInt8], to path: String) throws(RenderFailure) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        func failed(_ what: String) -> RenderFailure {
            let reason = String(cString: strerror(errno))
            unlink(path)
            return RenderFailure(description: "\(path): cannot write (\(what)): \(reason)")
        }
        guard fd >= 0 else { throw RenderFailure(description: "\(path): cannot write (open): \(String(cString: strerror(errno)))") }
        guard writeAll(bytes, to: fd) else {
            let error = failed("write")
            close(fd)
            throw error
        }
        guard close(fd) == 0 else { throw failed("close") }
    }

    /// Closes the temporary file and renames it to the final name.
    public func commit() throws(RenderFailure) {
        let fd = self.fd
        self.fd = -1
        guard close(fd) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(tmp)
            throw RenderFailure(description: "\(path): cannot write (close): \(reason)")
        }
        guard rename(tmp, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(tmp)
            throw RenderFailure(description: "\(path): cannot write (rename): \(reason)")
        }
    }

    /// Gives up: the temporary file goes, nothing appears under the name (once: later calls,
    /// and calls after `commit`, do nothing).
    public func abandon() {
        guard fd >= 0 else { return }
        close(fd)
        fd = -1
        unlink(tmp)
    }

    deinit { abandon() }
}
