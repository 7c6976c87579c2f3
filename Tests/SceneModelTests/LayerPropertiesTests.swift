import Foundation
import XCTest
import Geometry
@testable import SceneJSON
@testable import SceneModel

/// The property table against everything that must agree with it: the stored values and their
/// defaults, the decoder, the key paths, the JSON Schema and docs/scene-format.md.
final class LayerPropertiesTests: XCTestCase {
    /// A layer with every content object, at Core Animation's defaults.
    var withContent: LayerModel {
        var l = LayerModel()
        l.gradient = Gradient(colors: [])
        l.shape = ShapeContent(commands: [])
        l.image = ImageContent(file: "a.png", path: "a.png")
        // The text's defaults as the decoder gives them.
        l.text = TextContent(string: "", font: .system(.regular), size: 17, color: .black, alignment: .natural, lines: 1,
                             truncation: .tail, jsonPath: "")
        return l
    }

    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A value of the property's type that is not its default, as JSON and as the model has it.
    func sample(_ p: LayerProperty) -> (json: JSON, value: AnimValue)? {
        switch p.type {
        case let .number(lo, above, hi, budget):
            let top = hi ?? budget ?? 1000
            let bottom = lo ?? above ?? -1000
            var n = (bottom + top) / 2 + 0.25
            if case .number(let d)? = p.defaultJSON, d == n { n += 0.125 }
            return (.number(n), .number(n))
        case .point: return (.array([.number(3), .number(-4)]), .vector([3, -4]))
        case .rect: return (.array([1, 2, 30, 40].map(JSON.number)), .vector([1, 2, 30, 40]))
        case .color, .optionalColor: return (.string("systemRed"), .color(Color(255, 59, 48)))
        case .bool:
            guard case .bool(let d)? = p.defaultJSON else { return nil }
            return (.bool(!d), .bool(!d))
        case .transform:
            return (.array([.object([("rotate", .array([30, 0, 0, 1].map(JSON.number)))])]),
                    .transform(.ops([.rotate(degrees: 30, x: 0, y: 0, z: 1)])))
        case .choice(let names):
            guard let other = names.first(where: { JSON.string($0) != p.defaultJSON }) else { return nil }
            return (.string(other), .text(other))
        case .corners: return (.array([.string("layerMaxXMaxYCorner"), .string("layerMinXMinYCorner")]), .number(9))
        case .dashes: return (.array([.number(4), .number(2.5)]), .numbers([4, 2.5]))
        case .pathData: return (.string("M0 2 L10 2 L10 12 Z"), .text("M0 2 L10 2 L10 12 Z"))
        case .string: return (.string("Fold open"), .text("Fold open"))
        case .colors, .locations, .custom: return nil
        }
    }

    /// Compact JSON text (the samples hold no characters that need escaping).
    static func text(_ v: JSON) -> String {
        switch v {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return "\(n)"
        case .string(let s): return "\"\(s)\""
        case .array(let a): return "[" + a.map(text).joined(separator: ",") + "]"
        case .object(let m): return "{" + m.map { "\"\($0.key)\":" + text($0.value) }.joined(separator: ",") + "}"
        }
    }

    func testDefaultsAreTheStoredValuesDefaults() {
        let r = Reader(limits: Limits())
        for p in LayerProperties.all where !p.derived && p.type != .custom {
            let stored = p.get(withContent)
            switch p.type {
            case .transform: XCTAssertEqual(stored, .transform(.identity), p.jsonPath)
            case .colors: XCTAssertEqual(stored, .colors([]), p.jsonPath)
            case .locations: XCTAssertEqual(stored, .numbers([]), p.jsonPath)
            default:
                // A text's string is required: it has no default.
                guard let d = p.defaultJSON else { if p.type != .string { XCTAssertEqual(stored, .absent, "\(p.jsonPath) has no default") }; continue }
                XCTAssertEqual(SceneDecoder.decodeProperty(p.type, d, p.jsonPath, r), stored, "\(p.jsonPath): the table's default")
            }
        }
        XCTAssertEqual(r.problems.map(\.message), [])
    }

    /// A field of LayerValues without a table entry would never be read from a scene.
    func testEveryStoredValueIsInTheTable() {
        let fields = Set(Mirror(reflecting: LayerValues()).children.compactMap(\.label))
        let keys = Set(LayerProperties.in(.layer).filter { !$0.derived && $0.type != .transform }.map(\.key))
        XCTAssertEqual(fields, keys)
    }

    /// The image's values (one struct for the scene and the presentation) are the image
    /// container's properties, by Core Animation's key (`gravity` is `contentsGravity`).
    func testEveryImageValueIsInTheTable() {
        let fields = Set(Mirror(reflecting: ImageValues()).children.compactMap(\.label).map { $0 == "gravity" ? "contentsGravity" : $0 })
        let keys = Set(LayerProperties.in(.image).filter { $0.type != .custom }.map(\.key))
        XCTAssertEqual(fields, keys)
    }

    func testEveryPropertyIsDecodedAndRead() throws {
        for p in LayerProperties.all where !p.derived {
            guard let (json, value) = sample(p) else { continue }
            var layer: [(key: String, value: JSON)] = [("name", .string("x"))]
            switch p.container {
            case .layer: layer.append((p.key, json))
            case .gradient: layer.append(("gradient", .object([("colors", .array([.string("red")])), (p.key, json)])))
            case .path: layer.append(("path", .object([("d", .string("M0 0 L1 1")), (p.key, json)])))
            case .image: layer.append(("image", .object([("file", .string("a.png")), (p.key, json)])))
            case .text: layer.append(("text", .object(p.key == "string" ? [(p.key, json)] : [("string", .string("a")), (p.key, json)])))
            }
            let scene = JSON.object([("canvas", .object([("size", .array([.number(10), .number(10)]))])), ("fps", .number(1)),
                                     ("duration", .number(0)), ("layers", .array([.object(layer)]))])
            let s = try SceneDecoder.decode(bytes: Array(LayerPropertiesTests.text(scene).utf8), displayName: "x", directory: "")
            XCTAssertEqual(p.get(s.layers[0]), value, p.jsonPath)
        }
    }

    func testKeyPathsAreTheTables() {
        for p in LayerProperties.all {
            for a in p.keyPaths {
                guard case let .property(i, c)? = AnimatedKey.byPath[a.keyPath] else { XCTFail(a.keyPath); continue }
                XCTAssertEqual(LayerProperties.all[i].jsonPath, p.jsonPath)
                XCTAssertEqual(c, a.components)
            }
        }
        XCTAssertEqual(AnimatedKey.byPath["position.y"]?.kind, .number)
        XCTAssertEqual(AnimatedKey.byPath["bounds.size"]?.kind, .vector(2))
        XCTAssertEqual(AnimatedKey.byPath["bounds.size"]?.isSize, true)
        XCTAssertEqual(AnimatedKey.byPath["bounds.origin"]?.isSize, false)
        XCTAssertEqual(AnimatedKey.byPath["shadowOffset"]?.isSize, true)
        XCTAssertEqual(AnimatedKey.byPath["gradient.colors"]?.kind, .colors)
        XCTAssertEqual(AnimatedKey.byPath["hidden"]?.kind, .bool)
        XCTAssertEqual(AnimatedKey.byPath.count, LayerProperties.all.reduce(0) { $0 + $1.keyPaths.count } + 12)
    }

    /// A member of a JSON object, and the names of an `enum` (the schema tests' reading).
    func field(_ v: JSON?, _ k: String) -> JSON? {
        guard case .object(let o)? = v else { return nil }
        return o.first(where: { $0.key == k })?.value
    }
    func names(_ v: JSON?) -> [String] {
        guard case .array(let a)? = field(v, "enum") else { return [] }
        return a.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
    }

    /// The schema's animation `keyPath` enum is every key path, and its `if` blocks (which say
    /// what `from`, `to`, `by` and `values` hold) each name key paths of one kind, every key path
    /// in one block.
    func testTheSchemasKeyPathsAreTheTables() throws {
        let schema = try JSONParser.parse(Array(SceneSchema.json.utf8))
        let animation = field(field(schema, "$defs"), "animation")
        let all = names(field(field(animation, "properties"), "keyPath"))
        XCTAssertEqual(all.count, Set(all).count, "no key path twice")
        XCTAssertEqual(Set(all), Set(AnimatedKey.byPath.keys))
        guard case .array(let blocks)? = field(animation, "allOf") else { return XCTFail("no allOf") }
        var seen: [String: Int] = [:]
        for block in blocks {
            let paths = names(field(field(field(block, "if"), "properties"), "keyPath"))
            let kinds = Set(paths.compactMap { AnimatedKey.byPath[$0].map { "\($0.kind)" } })
            XCTAssertLessThanOrEqual(kinds.count, 1, "one kind per block: \(paths)")
            for p in paths { seen[p, default: 0] += 1 }
        }
        for p in all { XCTAssertEqual(seen[p], 1, p) }
    }

    /// The schema's change `key` enum is every key a change may set, and its `if` blocks give each
    /// key's `value` what the schema says of the property in a layer (without its default).
    func testTheSchemasChangeKeysAreTheTables() throws {
        let schema = try JSONParser.parse(Array(SceneSchema.json.utf8))
        let change = field(field(schema, "$defs"), "change")
        let all = names(field(field(change, "properties"), "key"))
        XCTAssertEqual(all.count, Set(all).count, "no key twice")
        XCTAssertEqual(Set(all), Set(LayerProperties.changeable.keys))
        XCTAssertTrue(LayerProperties.changeable.keys.contains("masksToBounds"))
        guard case .array(let blocks)? = field(change, "allOf") else { return XCTFail("no allOf") }
        var seen: [String: Int] = [:]
        for block in blocks {
            let value = field(field(field(block, "then"), "properties"), "value")
            for key in names(field(field(field(block, "if"), "properties"), "key")) {
                seen[key, default: 0] += 1
                guard let i = LayerProperties.changeable[key] else { XCTFail("\(key) is not a change key"); continue }
                let expected = LayerProperties.schemaShape(LayerProperties.all[i])
                guard case .object(let fields)? = value else { XCTFail("no value schema for \(key)"); continue }
                XCTAssertEqual(fields.map(\.key), expected.map(\.0), key)
                for (k, v) in expected { XCTAssertEqual(fields.first(where: { $0.key == k })?.value, v, "change \(key).value.\(k)") }
            }
        }
        for key in all { XCTAssertEqual(seen[key], 1, "\(key) in one block") }
    }

    /// What the schema must say of a property: what the generator writes (the file is held to
    /// it by `GeneratedSwiftTests`), checked here against examples written out by hand.
    func schemaFragment(_ p: LayerProperty) -> [(String, JSON)] {
        guard case .object(let members) = LayerProperties.schemaEntry(p) else { return [] }
        return members.map { ($0.key, $0.value) }
    }

    func testSchemaEntriesSayTheTypeRangeAndDefault() throws {
        func entry(_ path: String) throws -> String {
            JSONWriter.string(LayerProperties.schemaEntry(try XCTUnwrap(LayerProperties.named(path), path)), layout: .line)
        }
        XCTAssertEqual(try entry("opacity"), ##"{"type":"number","minimum":0,"maximum":1,"default":1,"description":"The layer's opacity, 0 ... 1."}"##)
        XCTAssertEqual(try entry("shadowRadius"), ##"{"type":"number","minimum":0,"maximum":500,"default":3,"description":"The shadow's blur radius."}"##)
        XCTAssertEqual(try entry("image.contentsScale"), ##"{"type":"number","exclusiveMinimum":0,"maximum":16,"default":1,"description":"Image pixels per point."}"##)
        XCTAssertEqual(try entry("path.strokeColor"), ##"{"anyOf":[{"$ref":"#/$defs/color"},{"type":"null"}],"default":null,"description":"null: no stroke"}"##)
        XCTAssertEqual(try entry("path.lineDashPattern"),
                       ##"{"anyOf":[{"type":"array","items":{"type":"number","minimum":0}},{"type":"null"}],"default":null,"description":"dash and gap lengths in turn; null: solid"}"##)
        XCTAssertEqual(try entry("text.lines"), ##"{"type":"integer","minimum":0,"maximum":10000,"default":1,"description":"0: as many as needed"}"##)
        XCTAssertEqual(try entry("image.contentsRect").prefix(45), ##"{"$ref":"#/$defs/size","default":[0,0,1,1],"d"##)
        XCTAssertEqual(try entry("path.lineCap"), ##"{"enum":["butt","round","square"],"default":"butt","description":"How open subpaths end."}"##)
        // A property the decoder reads with its own code has its shape written beside the decoder.
        for p in LayerProperties.all where p.type == .custom {
            XCTAssertFalse(LayerProperties.schemaShape(p).isEmpty, "\(p.jsonPath) has no schema shape")
        }
    }

    func testTheSchemaAgrees() throws {
        let schema = try JSONParser.parse(Array(SceneSchema.json.utf8))
        guard case .object(let top) = schema, case .object(let defs)? = top.first(where: { $0.key == "$defs" })?.value else {
            return XCTFail("no $defs")
        }
        func properties(_ def: String) -> [(key: String, value: JSON)] {
            guard case .object(let d)? = defs.first(where: { $0.key == def })?.value,
                  case .object(let props)? = d.first(where: { $0.key == "properties" })?.value else { return [] }
            return props
        }
        let structural: [LayerProperty.Container: [String]] = [.layer: ["name", "gradient", "text", "image", "path", "sublayers", "mask"]]
        for c in LayerProperty.Container.allCases {
            let props = properties(c.rawValue)
            XCTAssertEqual(Set(props.map(\.key)), Set(LayerProperties.in(c).map(\.key) + (structural[c] ?? [])), "schema $defs/\(c.rawValue)")
            for p in LayerProperties.in(c) {
                guard case .object(let fields)? = props.first(where: { $0.key == p.key })?.value else { continue }
                for (k, v) in schemaFragment(p) {
                    XCTAssertEqual(fields.first(where: { $0.key == k })?.value, v, "schema \(c.rawValue).\(p.key).\(k)")
                }
            }
        }
    }

    func testTheDocsAgree() throws {
        let docs = try String(contentsOf: LayerPropertiesTests.repo.appendingPathComponent("docs/scene-format.md"), encoding: .utf8)
        var blocks = LayerProperty.Container.allCases.map { ($0.rawValue, LayerProperties.referenceTable($0)) }
        blocks.append(("key paths", LayerProperties.keyPathTable()))
        for (name, table) in blocks {
            let block = "<!-- properties: \(name) -->\n\(table)\n<!-- end properties -->"
            XCTAssertTrue(docs.contains(block), "docs/scene-format.md lacks the \(name) table as `tablerender schema --reference` prints it")
        }
    }
}
