import JSONText
import SceneModel

extension SceneDecoder {
    /// A view the table draws with its own size (a section's header or footer view, the
    /// table's header or footer view): a layer with names of its own (each may be written
    /// alike), its frame's height above 0 and at most 10000 points.
    static func decodeOwnView(_ v: JSON, _ path: String, _ r: Reader, directory: String) -> LayerModel? {
        var names: [String: String] = [:]
        guard let l = decodeLayer(v, path, r, names: &names, directory: directory, depth: 2) else { return nil }
        if !(l.bounds.height > 0) || l.bounds.height > 10_000 {
            r.report(Reader.join(path, "frame"), "expected the view's height, above 0 and at most 10000 points, found \(JSON.format(l.bounds.height))")
            return nil
        }
        return l
    }
}
