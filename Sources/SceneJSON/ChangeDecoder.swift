import JSONText
import SceneModel
/// `changes`: properties of named layers set at scene times (``PropertyChange``).
extension SceneDecoder {
    static let changeKeys = ["at", "layer", "key", "value"]

    static func decodeChanges(_ v: JSON, _ r: Reader, layers: [LayerModel], names: [String: String]) -> [PropertyChange] {
        guard let items = r.array(v, "changes") else { return [] }
        // Each change is one value, counted with the animations' keyframes.
        let seen = r.countKeyframeValues(items.count)
        guard r.within(\.keyframeValues, seen, "changes", found: "\(seen) (each change counts as one value, with the animations' keyframes)") else {
            return []
        }
        var out: [PropertyChange] = []
        for (i, item) in items.enumerated() {
            if let c = decodeChange(item, Reader.index("changes", i), r, layers: layers, names: names) { out.append(c) }
        }
        return out
    }

    static func decodeChange(_ v: JSON, _ path: String, _ r: Reader, layers: [LayerModel], names: [String: String]) -> PropertyChange? {
        guard let o = r.object(v, path, known: changeKeys, what: "a change object") else { return nil }
        func p(_ k: String) -> String { Reader.join(path, k) }
        var at: Double?
        if let x = o["at"] { at = r.number(x, p("at"), min: 0, max: 3600) } else { r.report(p("at"), "expected a time in seconds, found nothing") }
        var layer: LayerModel?, layerName: String?
        if let x = o["layer"], let s = r.string(x, p("layer")) {
            if let found = TableBinding.layer(named: s, in: layers) {
                layer = found
                layerName = s
            } else {
                var what = "the name of a layer of layers"
                if names[s] != nil { what += " (the table's look is its own keys; animations move its frame)" }
                else if let sug = suggestion(for: s, among: Array(names.keys)) { what += " (did you mean \"\(sug)\"?)" }
                r.expected(p("layer"), what, x)
            }
        } else if o["layer"] == nil { r.report(p("layer"), "expected a layer name, found nothing") }
        var property: Int?
        if let x = o["key"], let s = r.string(x, p("key")) {
            if let i = LayerProperties.changeable[s] { property = i } else if let named = LayerProperties.all.first(where: { [$0.jsonPath, $0.caKey, $0.key].contains(s) }) {
                r.report(p("key"), "expected a property a change can set, found \(x.described) (\(named.jsonPath) is not a stored value: set it in the layer)")
            } else {
                var what = "a layer property's key"
                if let sug = suggestion(for: s, among: Array(LayerProperties.changeable.keys)) { what += " (did you mean \"\(sug)\"?)" }
                r.expected(p("key"), what, x)
            }
        } else if o["key"] == nil { r.report(p("key"), "expected a property key, found nothing") }
        guard let property else {
            if o["value"] == nil { r.report(p("value"), "expected a value, found nothing") }
            return nil
        }
        let prop = LayerProperties.all[property]
        var value: AnimValue?
        if let x = o["value"] { value = decodeProperty(prop.type, x, p("value"), r) } else { r.report(p("value"), "expected a value, found nothing") }
        if let layer, let name = layerName, !TableBinding.has(prop.container, layer) {
            r.report(p("key"), "expected a property layer \"\(Message.cutLongTokens(name))\" has (it has no \(prop.container.rawValue) object), found \(o["key"]?.described ?? prop.jsonPath)")
            return nil
        }
        guard let at, let layerName, let value else { return nil }
        return PropertyChange(at: at, layer: layerName, property: property, value: value, jsonPath: path)
    }
}
