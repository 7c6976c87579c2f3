import JSONText
import SceneModel

/// The Swift that TableRenderQuartz's layer classes get from the property table: each class's
/// stored properties (`@Recorded` declarations with their doc comments and Core Animation's
/// defaults) and their key-value coding. `./render.sh generate` writes it into the sources
/// (regions of `CALayer.swift` and the whole of `CALayer+KeyValueCoding.generated.swift`);
/// `GeneratedSwiftTests` fails when the sources differ from what the table says, so a property
/// is declared once: its entry in ``LayerProperties/all``.
extension LayerProperties {
    /// The layer classes whose stored properties the table declares, with the containers each
    /// holds and the names of its key-value coding members.
    public static let swiftClasses: [(className: String, containers: [LayerProperty.Container], prefix: String)] = [
        ("CALayer", [.layer, .image], "layer"), ("CAGradientLayer", [.gradient], "gradient"), ("CAShapeLayer", [.path], "shape"),
    ]

    /// A class's properties with a Swift name (the derived `frame` included), in table order.
    static func swiftProperties(_ containers: [LayerProperty.Container]) -> [LayerProperty] {
        all.filter { containers.contains($0.container) && $0.swiftName != nil && $0.swiftType != .layerClass }
    }

    /// The Swift type of a property's declaration.
    static func swiftTypeName(_ p: LayerProperty) -> String {
        p.swiftType == .name ? p.swiftEnum ?? "String" : p.swiftType.rawValue
    }

    /// Core Animation's default as a Swift expression of the declaration's type.
    static func swiftDefault(_ p: LayerProperty) -> String {
        func numbers(_ j: JSON?) -> [String] {
            guard case .array(let a)? = j else { return [] }
            return a.map { if case .number(let n) = $0 { return JSON.format(n) } else { return "0" } }
        }
        let d = p.defaultJSON
        switch p.swiftType {
        case .cgFloat, .float:
            if case .number(let n)? = d { return JSON.format(n) }
            return "0"
        case .bool:
            if case .bool(let b)? = d { return b ? "true" : "false" }
            return "false"
        case .cgPoint:
            let n = numbers(d)
            return n.count == 2 ? "CGPoint(x: \(n[0]), y: \(n[1]))" : "CGPoint(x: 0, y: 0)"
        case .cgSize:
            let n = numbers(d)
            return n.count == 2 ? "CGSize(width: \(n[0]), height: \(n[1]))" : "CGSize(width: 0, height: 0)"
        case .cgRect:
            let n = numbers(d)
            return n.count == 4 ? "CGRect(x: \(n[0]), y: \(n[1]), width: \(n[2]), height: \(n[3]))" : "CGRect(x: 0, y: 0, width: 0, height: 0)"
        case .cgColor:
            if case .string(let name)? = d { return "UIColor.\(name).cgColor" }
            return "nil"
        case .transform: return "CATransform3DIdentity"
        case .colors, .numbers, .cgPath, .contents: return "nil"
        case .name:
            if case .string(let v)? = d { return p.swiftEnum.map { "\($0).\(v)" } ?? "\"\(v)\"" }
            return "\"\""
        case .cornerMask:
            guard case .array(let a)? = d else { return "[]" }
            return "[" + a.compactMap { if case .string(let s) = $0 { return ".\(s)" } else { return nil } }.joined(separator: ", ") + "]"
        case .layerClass: return ""
        }
    }

    /// A doc comment wrapped at 100 columns of text.
    static func docLines(_ doc: String, indent: String) -> [String] {
        var lines: [String] = [], line = ""
        for word in doc.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > 100 { lines.append(line); line = "" }
            line += line.isEmpty ? String(word) : " " + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines.map { "\(indent)/// \($0)" }
    }

    /// The stored property declarations of a layer class (``swiftClasses``), one per stored
    /// property of the table, each with its doc comment.
    public static func swiftDeclarations(_ className: String) -> String {
        guard let c = swiftClasses.first(where: { $0.className == className }) else { return "" }
        var out: [String] = []
        for p in swiftProperties(c.containers) where !p.derived {
            guard let name = p.swiftName else { continue }
            out += docLines(p.doc, indent: "    ")
            out.append("    @Recorded(\"\(p.caKey)\") open var \(name): \(swiftTypeName(p)) = \(swiftDefault(p))")
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// The statement that sets a property from an untyped value (key-value coding's setter).
    static func swiftSetter(_ p: LayerProperty) -> String {
        let name = p.swiftName ?? p.key
        switch p.swiftType {
        case .cgFloat: return "if let v = CALayer.cgFloat(value) { \(name) = v }"
        case .float: return "if let v = CALayer.cgFloat(value) { \(name) = Float(v) }"
        case .bool, .cgPoint, .cgSize, .cgRect, .cornerMask: return "if let v = value as? \(p.swiftType.rawValue) { \(name) = v }"
        case .cgColor: return "\(name) = CALayer.color(value)"
        case .transform: return "if let v = CATransform3D.from(value) { \(name) = v }"
        case .colors: return "\(name) = value as? [Any]"
        case .numbers: return "\(name) = CALayer.numbers(value)"
        case .cgPath: return "\(name) = value as? CGPath"
        case .contents: return "\(name) = value"
        case .name:
            guard let e = p.swiftEnum else { return "if let v = CALayer.name(value) { \(name) = v }" }
            return "if let v = CALayer.name(value) { \(name) = \(e)(rawValue: v) }"
        case .layerClass: return "break"
        }
    }

    /// The key-value coding of every class in ``swiftClasses``: its keys, `value(forKey:)` and
    /// `setValue(_:forKey:)` by the table's Core Animation keys (a `CALayer`'s `name` beside them).
    public static func swiftKeyValueCoding() -> String {
        var out = [
            "// Generated from SceneModel's property table (`LayerProperties.all`) by `./render.sh generate`;",
            "// `GeneratedSwiftTests` fails when this file differs from what the table says. Do not edit.",
            "import Foundation", "import SceneModel", "",
        ]
        for c in swiftClasses {
            let props = swiftProperties(c.containers)
            let extra: [(key: String, get: String, set: String)] = c.className == "CALayer" ? [("name", "name", "name = value as? String")] : []
            let entries = props.map { (key: $0.caKey, get: $0.swiftName ?? $0.key, set: swiftSetter($0)) } + extra
            out.append("extension \(c.className) {")
            out.append("    /// The keys ``value(forKey:)`` knows on a `\(c.className)`\(c.className == "CALayer" ? "" : " beside a `CALayer`'s").")
            out.append("    static let \(c.prefix)Keys: [String] = [")
            var line = "       "
            for e in entries {
                let item = " \"\(e.key)\","
                if line.count + item.count > 140 { out.append(line); line = "       " }
                line += item
            }
            out.append(line)
            out.append("    ]")
            out.append("")
            out.append("    func \(c.prefix)Value(forKey key: String) -> Any? {")
            out.append("        switch key {")
            for e in entries { out.append("        case \"\(e.key)\": return \(e.get)") }
            out.append("        default: return nil")
            out.append("        }")
            out.append("    }")
            out.append("")
            out.append("    func set\(c.prefix.prefix(1).uppercased() + c.prefix.dropFirst())Value(_ value: Any?, forKey key: String) {")
            out.append("        switch key {")
            for e in entries { out.append("        case \"\(e.key)\": \(e.set)") }
            out.append("        default: break")
            out.append("        }")
            out.append("    }")
            out.append("}")
            out.append("")
        }
        out.removeLast()
        return out.joined(separator: "\n") + "\n"
    }
}

extension LayerProperties {
    /// The files the table writes, relative to the repository: the layer classes' regions,
    /// their key-value coding and the docs' reference tables.
    public static let generatedFiles = ["Sources/TableRenderQuartz/CALayer.swift", "Sources/TableRenderQuartz/CALayer+KeyValueCoding.generated.swift",
                                        "docs/scene-format.md", schemaFile]

    /// The text of a file with the part between the line `begin` and the line starting with
    /// `end` replaced by `body`; nil when a marker is missing.
    static func replacing(_ text: String, begin: String, end: String, with body: String) -> String? {
        guard let b = text.firstRange(of: begin + "\n"), let e = text[b.upperBound...].firstRange(of: end) else { return nil }
        var out = text
        out.replaceSubrange(b.upperBound..<e.lowerBound, with: body)
        return out
    }

    /// What a generated file says after generation, from what it says now (`current`: nil for a
    /// file that does not exist yet); nil when a region's markers are missing.
    public static func regenerated(_ file: String, current: String?) -> String? {
        switch file {
        case generatedFiles[0]:
            guard var text = current else { return nil }
            for c in swiftClasses {
                guard let new = replacing(text, begin: "    // BEGIN generated from LayerProperties: \(c.className) (`./render.sh generate`)",
                                          end: "    // END generated", with: swiftDeclarations(c.className)) else { return nil }
                text = new
            }
            return text
        case generatedFiles[1]:
            return swiftKeyValueCoding()
        case generatedFiles[2]:
            guard var text = current else { return nil }
            var blocks = LayerProperty.Container.allCases.map { ($0.rawValue, referenceTable($0)) }
            blocks.append(("key paths", keyPathTable()))
            for (name, table) in blocks {
                guard let new = replacing(text, begin: "<!-- properties: \(name) -->", end: "<!-- end properties -->", with: table + "\n") else { return nil }
                text = new
            }
            return text
        case schemaFile:
            return current.flatMap(regeneratedSchema)
        default:
            return nil
        }
    }
}
