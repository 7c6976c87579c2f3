import SceneModel

/// The JSON Schema's parts that the property table declares, written by `./render.sh generate`
/// into `schema/scene.schema.json` (issue 50: a property is declared once): each property's
/// entry in its object (`$defs/layer`, `$defs/gradient`, ...), the animation's key paths with
/// what `from`, `to`, `by` and `values` hold for each kind, and the change's keys with what
/// `value` holds. The rest of the schema (the canvas, the table, the script) is written by hand.
extension LayerProperties {
    public static let schemaFile = "schema/scene.schema.json"

    /// The keys of an object that are not the table's: written by hand, kept where they stand.
    static let schemaStructuralKeys: [LayerProperty.Container: Set<String>] = [.layer: ["name", "gradient", "text", "image", "path", "sublayers", "mask"]]

    /// The shapes of the properties that the decoder reads with their own code (`PropertyType.custom`).
    static let customSchemas: [String: JSON] = [
        "path.d": .object([("type", .string("string")), ("pattern", .string(svgPattern))]),
        "image.file": .object([("type", .string("string")), ("minLength", .number(1)), ("pattern", .string(#"^[^\u0000]*$"#))]),
        "text.font": .object([("$ref", .string("#/$defs/font"))]),
        "text.lines": .object([("type", .string("integer")), ("minimum", .number(0)), ("maximum", .number(10_000))]),
    ]

    static let svgPattern = #"^[MmLlHhVvCcSsQqTtAaZz0-9eE.,+\-\s]*$"#

    static func ref(_ def: String) -> JSON { .object([("$ref", .string("#/$defs/\(def)"))]) }
    static func object(_ members: [(String, JSON)]) -> JSON { .object(members.map { (key: $0.0, value: $0.1) }) }

    /// What a value of the property must be, without its default or description.
    public static func schemaShape(_ p: LayerProperty) -> [(String, JSON)] {
        switch p.type {
        case let .number(lo, above, hi, budget):
            var out: [(String, JSON)] = [("type", .string("number"))]
            if let lo { out.append(("minimum", .number(lo))) }
            if let above { out.append(("exclusiveMinimum", .number(above))) }
            if let top = hi ?? budget { out.append(("maximum", .number(top))) }
            return out
        case .point: return [("$ref", .string("#/$defs/point"))]
        case .rect: return [("$ref", .string("#/$defs/size"))]
        case .color, .optionalColor(nullable: false): return [("$ref", .string("#/$defs/color"))]
        case .optionalColor(nullable: true): return [("anyOf", .array([ref("color"), object([("type", .string("null"))])]))]
        case .bool: return [("type", .string("boolean"))]
        case .transform: return [("$ref", .string("#/$defs/transform"))]
        case .choice(let names): return [("enum", .array(names.map(JSON.string)))]
        case .corners:
            return [("type", .string("array")), ("items", object([("enum", .array(CornerMask.names.map(JSON.string)))])), ("uniqueItems", .bool(true))]
        case .pathData:
            return [("anyOf", .array([object([("type", .string("string")), ("pattern", .string(svgPattern))]), object([("type", .string("null"))])]))]
        case .dashes:
            let lengths = object([("type", .string("array")), ("items", object([("type", .string("number")), ("minimum", .number(0))]))])
            return [("anyOf", .array([lengths, object([("type", .string("null"))])]))]
        case .string: return [("type", .string("string"))]
        case .colors: return [("type", .string("array")), ("items", ref("color"))]
        case .locations: return [("type", .string("array")), ("items", object([("type", .string("number")), ("minimum", .number(0)), ("maximum", .number(1))]))]
        case .custom:
            guard case .object(let members)? = customSchemas[p.jsonPath] else { return [] }
            return members.map { ($0.key, $0.value) }
        }
    }

    /// The property's entry in its object: its shape, its default, and its description (the
    /// entry's note, or its Swift doc comment without DocC's symbol marks).
    public static func schemaEntry(_ p: LayerProperty) -> JSON {
        var out = schemaShape(p)
        if let d = p.defaultJSON {
            out.append(("default", d))
        } else if p.type == .optionalColor(nullable: true) || p.type == .dashes || p.type == .pathData {
            out.append(("default", .null))
        }
        let text = p.note ?? p.doc.split(separator: "``", omittingEmptySubsequences: false).joined()
        if !text.isEmpty { out.append(("description", .string(text))) }
        return object(out)
    }

    /// Every animated key path, in the table's order, the transform's components after
    /// `transform`.
    public static var schemaKeyPaths: [String] {
        var out: [String] = []
        for p in all {
            out += p.keyPaths.map(\.keyPath)
            if p.key == "transform", p.container == .layer {
                out += ["rotation.x", "rotation.y", "rotation.z", "rotation", "scale", "scale.x", "scale.y", "scale.z",
                        "translation", "translation.x", "translation.y", "translation.z"].map { "transform." + $0 }
            }
        }
        return out
    }

    /// What `from`, `to`, `by` (nil: not allowed) and each of `values` hold for a key path.
    static func animatedShapes(_ key: AnimatedKey) -> (value: JSON, by: JSON?) {
        switch key.kind {
        case .number: return (object([("type", .string("number"))]), object([("type", .string("number"))]))
        case .vector(2): return (ref("point"), ref("point"))
        case .vector: return key.property?.animatesAsSize == true ? (ref("size"), ref("rect")) : (ref("rect"), ref("rect"))
        case .color: return (ref("color"), ref("color"))
        case .transform: return (ref("transform"), ref("transform"))
        case .colors, .numbers:
            let shape = key.property.map { object(schemaShape($0)) } ?? object([])
            return (shape, shape)
        case .bool: return (object([("type", .string("boolean"))]), nil)
        }
    }

    /// The animation's `allOf`: one block per shape of value, naming its key paths.
    public static var schemaAnimationBlocks: [JSON] {
        var groups: [(shapes: String, paths: [String], value: JSON, by: JSON?)] = []
        for path in schemaKeyPaths {
            guard let key = AnimatedKey.byPath[path] else { continue }
            let (value, by) = animatedShapes(key)
            let id = JSONWriter.string(value, layout: .line) + "|" + (by.map { JSONWriter.string($0, layout: .line) } ?? "-")
            if let i = groups.firstIndex(where: { $0.shapes == id }) { groups[i].paths.append(path) } else { groups.append((id, [path], value, by)) }
        }
        return groups.map { g in
            let test = object([("properties", object([("keyPath", object([("enum", .array(g.paths.map(JSON.string)))]))])),
                               ("required", .array([.string("keyPath")]))])
            var then: [(String, JSON)] = [("from", g.value), ("to", g.value)]
            if let by = g.by { then.append(("by", by)) }
            then.append(("values", object([("items", g.value)])))
            guard g.by == nil else { return object([("if", test), ("then", object([("properties", object(then))]))]) }
            // A value that switches: no difference to add, and nothing to add to.
            then.append(("additive", object([("const", .bool(false))])))
            return object([("if", test), ("then", object([("properties", object(then)), ("not", object([("required", .array([.string("by")]))]))]))])
        }
    }

    /// Every key a change may set, in the table's order: the JSON path, then Core Animation's key.
    public static var schemaChangeKeys: [String] {
        var out: [String] = [], seen: Set<String> = []
        for (i, p) in all.enumerated() where p.changes {
            for key in [p.jsonPath, p.caKey] where changeable[key] == i && seen.insert(key).inserted { out.append(key) }
        }
        return out
    }

    /// The change's `allOf`: one block per shape of value, naming its keys.
    public static var schemaChangeBlocks: [JSON] {
        var groups: [(id: String, keys: [String], value: JSON)] = []
        for key in schemaChangeKeys {
            guard let i = changeable[key] else { continue }
            let value = object(schemaShape(all[i]))
            let id = JSONWriter.string(value, layout: .line)
            if let g = groups.firstIndex(where: { $0.id == id }) { groups[g].keys.append(key) } else { groups.append((id, [key], value)) }
        }
        return groups.map { g in
            object([("if", object([("properties", object([("key", object([("enum", .array(g.keys.map(JSON.string)))]))]))])),
                    ("then", object([("properties", object([("value", g.value)]))]))])
        }
    }

    /// The schema's text with the table's parts written from the table; nil when the text is not
    /// a schema with the objects they go in.
    public static func regeneratedSchema(_ current: String) -> String? {
        guard case .object(var top)? = try? JSONParser.parse(Array(current.utf8)),
              let d = top.firstIndex(where: { $0.key == "$defs" }), case .object(var defs) = top[d].value else { return nil }
        func edit(_ name: String, _ change: (inout [(key: String, value: JSON)]) -> Bool) -> Bool {
            guard let i = defs.firstIndex(where: { $0.key == name }), case .object(var members) = defs[i].value, change(&members) else { return false }
            defs[i].value = .object(members)
            return true
        }
        func set(_ members: inout [(key: String, value: JSON)], _ key: String, _ value: JSON) -> Bool {
            guard let i = members.firstIndex(where: { $0.key == key }) else { return false }
            members[i].value = value
            return true
        }
        for c in LayerProperty.Container.allCases {
            let ok = edit(c.rawValue) { members in
                guard let i = members.firstIndex(where: { $0.key == "properties" }), case .object(let old) = members[i].value else { return false }
                members[i].value = .object(propertyEntries(c, old: old))
                return true
            }
            guard ok else { return nil }
        }
        // An object whose `name` property is an enum of the table's names, and whose `allOf`
        // says what each name's value holds.
        func names(_ def: String, _ name: String, _ values: [String], _ blocks: [JSON]) -> Bool {
            edit(def) { members in
                guard let i = members.firstIndex(where: { $0.key == "properties" }), case .object(var props) = members[i].value,
                      case .object(var property)? = props.first(where: { $0.key == name })?.value,
                      set(&property, "enum", .array(values.map(JSON.string))) else { return false }
                _ = set(&props, name, .object(property))
                members[i].value = .object(props)
                return set(&members, "allOf", .array(blocks))
            }
        }
        guard names("animation", "keyPath", schemaKeyPaths, schemaAnimationBlocks),
              names("change", "key", schemaChangeKeys, schemaChangeBlocks) else { return nil }
        top[d].value = .object(defs)
        return JSONWriter.string(.object(top), layout: .expanded) + "\n"
    }

    /// An object's `properties`: the table's entries in the table's order where the first of them
    /// stood, the hand-written keys where they stand.
    static func propertyEntries(_ c: LayerProperty.Container, old: [(key: String, value: JSON)]) -> [(key: String, value: JSON)] {
        let structural = schemaStructuralKeys[c] ?? []
        let table = LayerProperties.in(c)
        var out: [(key: String, value: JSON)] = []
        var placed = false
        for m in old {
            if structural.contains(m.key) { out.append(m); continue }
            guard !placed else { continue }
            placed = true
            out += table.map { (key: $0.key, value: schemaEntry($0)) }
        }
        if !placed { out += table.map { (key: $0.key, value: schemaEntry($0)) } }
        return out
    }
}
