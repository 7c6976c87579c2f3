import Foundation

/// Paths handled as text: none of these can trap, whatever the input (Foundation's
/// `deletingLastPathComponent` traps on a one-character relative path on Linux), and none
/// touches the file system except `resolved`, which follows links only to compare places.
public enum PathName {
    /// The folder that holds `path`: "a/b" -> "a", "b" -> ".", "/b" -> "/", "a/b/" -> "a",
    /// "" -> ".".
    public static func parent(_ path: String) -> String {
        var p = Substring(path)
        while p.count > 1 && p.hasSuffix("/") { p = p.dropLast() }
        guard let slash = p.lastIndex(of: "/") else { return "." }
        var head = p[..<slash]
        while head.count > 1 && head.hasSuffix("/") { head = head.dropLast() }
        return head.isEmpty ? "/" : String(head)
    }

    /// The last component: "a/b" -> "b", "a/b/" -> "b", "b" -> "b", "/" -> "/".
    public static func lastComponent(_ path: String) -> String {
        var p = Substring(path)
        while p.count > 1 && p.hasSuffix("/") { p = p.dropLast() }
        guard let slash = p.lastIndex(of: "/"), p.count > 1 else { return String(p) }
        return String(p[p.index(after: slash)...])
    }

    /// The extension of the last component, without its dot ("" when there is none; a leading
    /// dot starts a hidden name, not an extension).
    public static func pathExtension(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// `name` inside `folder`.
    public static func join(_ folder: String, _ name: String) -> String {
        folder.isEmpty ? name : folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// `path` made absolute against the working folder, "." and ".." resolved as text.
    public static func absolute(_ path: String) -> String { AssetFiles.lexicallyAbsolute(path) }

    /// Where `path` really is: the deepest part of it that exists with its links resolved
    /// (realpath), followed by the rest as text; a link whose target does not exist yet leads
    /// to that target (writing through it writes there). Two paths name the same place when
    /// their `resolved` forms are equal, whichever links lead there.
    public static func resolved(_ path: String) -> String {
        // Made absolute without folding "..": after a link, ".." is the link target's parent,
        // which only the kernel knows.
        var head = path.hasPrefix("/") ? path : join(FileManager.default.currentDirectoryPath, path)
        var tail: [String] = []
        var links = 0
        for _ in 0..<4096 {
            if let real = AssetFiles.realPath(head) {
                return AssetFiles.normalized(tail.isEmpty ? real : join(real, tail.reversed().joined(separator: "/")))
            }
            if head == "/" || head.isEmpty { break }
            // A dangling link: on to its target, as the kernel would go (at most 40, its limit).
            if links < 40, let target = linkTarget(head) {
                links += 1
                let base = target.hasPrefix("/") ? target : join(parent(head), target)
                head = tail.isEmpty ? base : join(base, tail.reversed().joined(separator: "/"))
                tail = []
                continue
            }
            tail.append(lastComponent(head))
            head = parent(head)
        }
        return absolute(path)
    }

    /// What the symbolic link at `path` points to, nil when `path` is not a link.
    static func linkTarget(_ path: String) -> String? {
        var st = stat()
        guard lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFLNK else { return nil }
        var buffer = [CChar](repeating: 0, count: 4097)
        let n = readlink(path, &buffer, 4096)
        guard n > 0 else { return nil }
        return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `path` is `folder` or inside it, once links are followed (both resolved).
    public static func isInside(_ path: String, _ folder: String) -> Bool {
        AssetFiles.isInside(resolved(path), resolved(folder))
    }

    /// A path cut to about 80 characters for a message ("..." in the middle).
    public static func shown(_ path: String) -> String { Escape.cut(path) }
}
