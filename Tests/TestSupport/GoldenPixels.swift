/// The golden pixel hashes (Tests/TableRenderTests/Goldens/pixels.txt, one "scene index sha256"
/// line per frame), recorded only by `./render.sh record-goldens` after looking at the frames.
public enum GoldenPixels {
    public static let path = Package.root + "/Tests/TableRenderTests/Goldens/pixels.txt"

    /// Scene file name to frame index to the SHA-256 of the frame's straight-alpha RGBA.
    public static func load() throws -> [String: [Int: String]] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var out: [String: [Int: String]] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard parts.count == 3, let i = Int(parts[1]) else { continue }
            out[String(parts[0]), default: [:]][i] = String(parts[2])
        }
        return out
    }

    /// The frames whose hash is not the golden's, as "frame N" lines (empty when all match).
    public static func mismatches(_ expected: [Int: String], actual: (Int) -> String) -> [String] {
        expected.sorted { $0.key < $1.key }.compactMap { index, hash in
            let found = actual(index)
            return found == hash ? nil : "frame \(index): expected \(hash), found \(found)"
        }
    }
}
