import SceneModel

/// The reference tables of docs/scene-format.md, made from the property table (a test holds the
/// document to them, so the docs cannot drift from the decoder).
extension LayerProperties {
    /// The type column: `number 0 ... 1`, `` `[x, y]` ``, colour ...
    public static func typeText(_ p: LayerProperty) -> String {
        if let t = p.typeText { return t }
        switch p.type {
        case let .number(lo, above, hi, budget):
            let top = hi ?? budget
            switch (lo, above, top) {
            case let (l?, nil, t?): return "number \(JSON.format(l)) ... \(JSON.format(t))"
            case let (l?, nil, nil): return "number ≥ \(JSON.format(l))"
            case let (nil, a?, t?): return "number > \(JSON.format(a)), ≤ \(JSON.format(t))"
            case let (nil, a?, nil): return "number > \(JSON.format(a))"
            default: return "number"
            }
        case .point: return "`[x, y]`"
        case .rect: return "`[x, y, width, height]`"
        case .color: return "colour"
        case .optionalColor(let nullable): return nullable ? "colour or `null`" : "colour"
        case .bool: return "boolean"
        case .transform: return "transform"
        case .colors: return "array of colours"
        case .locations: return "array of numbers 0 ... 1"
        case .dashes: return "array of numbers ≥ 0, or `null`"
        case .choice(let names): return names.map { "`\"\($0)\"`" }.joined(separator: ", ")
        case .corners: return "array of corner names"
        case .pathData: return "SVG path data or `null`"
        case .string: return "string"
        case .custom: return ""
        }
    }

    /// The default column: Core Animation's default as the scene writes it.
    public static func defaultText(_ p: LayerProperty) -> String {
        if let d = p.defaultText { return d }
        guard let d = p.defaultJSON else { return "none" }
        switch d {
        case .number(let n): return JSON.format(n)
        case .bool(let b): return b ? "true" : "false"
        case .string(let s): return "`\"\(s)\"`"
        case .array(let a): return "`[" + a.map(\.described).joined(separator: ", ") + "]`"
        default: return d.described
        }
    }

    /// The markdown table of one container's keys, as docs/scene-format.md has it.
    public static func referenceTable(_ container: LayerProperty.Container) -> String {
        var rows = ["| key | type | default | example |", "|---|---|---|---|"]
        func row(_ key: String, _ type: String, _ def: String, _ example: String) { rows.append("| `\(key)` | \(type) | \(def) | \(example) |") }
        if container == .layer { row("name", "string, unique in the scene", "none", "`\"topHalf\"`: animations refer to it") }
        for p in LayerProperties.in(container) {
            var example = p.example
            if p.animates, container == .layer, !p.derived {
                let more = p.keyPaths.filter { $0.keyPath != p.key }.map { "`\($0.keyPath)`" }
                let note = "animates" + (more.isEmpty ? "" : " (also " + more.joined(separator: ", ") + ")")
                example += example.isEmpty ? note : "; \(note)"
            }
            if let swift = p.swiftName, swift != p.key, !p.derived {
                let note = "`\(p.container.className).\(swift)` in Swift"
                example += example.isEmpty ? note : "; \(note)"
            }
            row(p.key, typeText(p), defaultText(p), example)
        }
        if container == .layer {
            row("gradient", "gradient", "none", "`CAGradientLayer`: below")
            row("text", "text", "none", "`CATextLayer`/`UILabel`: below")
            row("image", "image", "none", "`contents` from a PNG: below")
            row("path", "path", "none", "`CAShapeLayer`: below")
            row("sublayers", "array of layers", "`[]`", "back to front, before `zPosition` sorting")
            row("mask", "a layer", "none", "`CALayer.mask`: what this layer draws, its sublayers and shadow included, shows only where the mask layer draws, by its alpha (a circle's path masks an avatar round; a gradient fades a list out). The mask is placed in this layer's coordinates, as a sublayer is, and its own properties animate by its `name`")
        }
        return rows.joined(separator: "\n")
    }

    /// The markdown table of the animatable key paths by the type of their values.
    public static func keyPathTable() -> String {
        var groups: [(String, [String])] = []
        func add(_ type: String, _ path: String) {
            if let i = groups.firstIndex(where: { $0.0 == type }) { groups[i].1.append(path) } else { groups.append((type, [path])) }
        }
        func valueText(_ kind: ValueKind) -> String {
            switch kind {
            case .number: return "number"
            case .vector(2): return "`[x, y]`"
            case .vector: return "`[x, y, width, height]`"
            case .color: return "colour"
            case .transform: return "transform"
            case .colors: return "array of colours"
            case .numbers: return "array of numbers 0 ... 1"
            case .bool: return "`true` or `false`: the `from` value holds until the animation's end (a boolean does not interpolate); no `by`, not `additive`"
            }
        }
        for p in all {
            for a in p.keyPaths { add(valueText(AnimatedKey.byPath[a.keyPath]?.kind ?? p.type.kind), a.keyPath) }
        }
        var rows = ["| key paths | value |", "|---|---|"]
        for (type, paths) in groups { rows.append("| " + paths.map { "`\($0)`" }.joined(separator: ", ") + " | \(type) |") }
        rows.append("| `transform.rotation.x`, `transform.rotation.y`, `transform.rotation.z`, `transform.rotation` (= z) | number, degrees |")
        rows.append("| `transform.scale`, `transform.scale.x`, `transform.scale.y`, `transform.scale.z`, `transform.translation.x`, `transform.translation.y`, `transform.translation.z` | number |")
        rows.append("| `transform.translation` | `[x, y]` |")
        return rows.joined(separator: "\n")
    }
}
