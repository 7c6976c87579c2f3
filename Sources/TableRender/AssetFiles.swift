import Foundation

/// Reads the files a scene names (images, fonts) under the rules that keep a hostile scene from
/// reading the machine: a file must resolve inside one root folder (the scene's folder unless
/// `--assets` names another), be a regular file, and be no larger than `maxBytes`. Paths are
/// checked lexically before anything is opened, so a scene cannot learn which files exist
/// outside the root from the messages.
public struct AssetFiles {
    /// The root as given, made absolute without touching the file system.
    let root: String
    /// The root with links resolved (nil when it does not exist).
    let resolvedRoot: String?
    let rootWasGiven: Bool
    /// The scene file's folder, against which relative names resolve.
    var sceneDirectory = ""

    static let maxBytes = 256 << 20

    init(root: String, given: Bool) {
        let absolute = AssetFiles.lexicallyAbsolute(root)
        self.root = absolute
        resolvedRoot = AssetFiles.realPath(absolute)
        rootWasGiven = given
    }

    struct Refusal: Error { var reason: String }

    /// The bytes of `file` (as written in the scene, relative to `directory`), or why not.
    /// `noun` names what was expected ("a PNG file", "a font file").
    func read(_ file: String, directory: String, noun: String) -> Result<(bytes: [UInt8], identity: String), Refusal> {
        let shown = "\"\(AssetFiles.shortened(file))\""
        if file.utf8.contains(0) {
            return .failure(Refusal(reason: "expected \(noun), found \(shown), a path with a NUL byte in it"))
        }
        if file.isEmpty { return .failure(Refusal(reason: "expected \(noun), found an empty path")) }
        let joined = file.hasPrefix("/") ? file : AssetFiles.lexicallyAbsolute(directory) + "/" + file
        let lexical = AssetFiles.normalized(joined)
        func outside(_ how: String = "") -> String {
            "expected \(noun) inside \(rootWasGiven ? "the --assets folder" : "the scene's folder") (\(root)), found \(shown), which is outside it\(how)"
                + (rootWasGiven ? "" : "; pass --assets DIR to allow another folder")
        }
        guard AssetFiles.isInside(lexical, root) else { return .failure(Refusal(reason: outside())) }
        var st = stat()
        guard stat(lexical, &st) == 0 else {
            return .failure(Refusal(reason: "expected \(noun), found no file at \(shown) (\(lexical))"))
        }
        // Links may point anywhere: the resolved file must be inside the resolved root too.
        guard let real = AssetFiles.realPath(lexical), let resolvedRoot, AssetFiles.isInside(real, resolvedRoot) else {
            return .failure(Refusal(reason: outside(" once links are followed")))
        }
        let kind = st.st_mode & S_IFMT
        if kind == S_IFDIR { return .failure(Refusal(reason: "expected \(noun), found \(shown), which is a folder")) }
        guard kind == S_IFREG else {
            return .failure(Refusal(reason: "expected \(noun), found \(shown), which is not a regular file (a device, pipe or socket)"))
        }
        guard Int(st.st_size) <= AssetFiles.maxBytes else {
            return .failure(Refusal(reason: "expected \(noun) of at most \(AssetFiles.maxBytes >> 20) MB, found \(shown) of \(Int(st.st_size) >> 20) MB"))
        }
        guard let bytes = AssetFiles.readRegular(real, maxBytes: AssetFiles.maxBytes) else {
            return .failure(Refusal(reason: "expected a readable \(noun.replacingOccurrences(of: "a ", with: "")), found \(shown), which cannot be read: \(String(cString: strerror(errno)))"))
        }
        return .success((bytes, real))
    }

    /// Reads a regular file of at most `maxBytes` with plain POSIX calls (never blocks on a
    /// FIFO: O_NONBLOCK, and the type is checked on the open descriptor).
    public static func readRegular(_ path: String, maxBytes: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG, Int(st.st_size) <= maxBytes else { errno = EINVAL; return nil }
        var out = [UInt8](repeating: 0, count: Int(st.st_size))
        var done = 0
        while done < out.count {
            let n = out.withUnsafeMutableBytes { raw in Glibc.read(fd, raw.baseAddress! + done, raw.count - done) }
            if n < 0 { if errno == EINTR { continue }; return nil }
            if n == 0 { break }
            done += n
        }
        return done == out.count ? out : Array(out[..<done])
    }

    static func realPath(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }

    /// `path` made absolute against the working folder, without touching the file system.
    static func lexicallyAbsolute(_ path: String) -> String {
        if path.hasPrefix("/") { return normalized(path) }
        let cwd = FileManager.default.currentDirectoryPath
        return normalized(path.isEmpty ? cwd : cwd + "/" + path)
    }

    /// "." and ".." resolved and repeated slashes folded, as text.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    static func isInside(_ path: String, _ root: String) -> Bool {
        root == "/" || path == root || path.hasPrefix(root + "/")
    }

    static func shortened(_ s: String) -> String {
        s.unicodeScalars.count <= 80 ? s.replacingOccurrences(of: "\0", with: "\\0") : String(s.unicodeScalars.prefix(77).map(Character.init)) + "…"
    }
}
