/// The one JSON writer: scenes, manifests, verify summaries, bench lines, draw exports and
/// progress lines are all written by it. Keys come out in the order given; numbers as the
/// shortest text that reads back as the same `Double`, whole numbers without a fraction; a
/// number that is not finite is written as a string (JSON has no NaN), so a scene's validation
/// names it where it is.
public enum JSONWriter {
    /// Where the line breaks go.
    public enum Layout: Sendable {
        /// Two-space indents; arrays of plain values (a point, a matrix, a colour) stay on one
        /// line. Scenes.
        case indented
        /// As `indented`, and an object inside the top one stays on one line when its values are
        /// plain or arrays and objects of plain values: a manifest's frames or a summary's
        /// frames, one per line.
        case rows
        /// Everything on one line without spaces (`{"a":1,"b":[1,2]}`): JSON Lines.
        case line
        /// Every non-empty array and object over lines, two-space indents (as Python's
        /// `json.dumps(indent=2)`): the JSON Schema, whose lists read best one name a line.
        case expanded
    }

    /// `value` as text, without a final newline.
    public static func string(_ value: JSON, layout: Layout = .indented) -> String {
        var out = ""
        write(value, layout: layout, indent: "", into: &out)
        return out
    }

    /// A scene file's text: `value` indented, with a final newline.
    public static func write(_ value: JSON) -> String { string(value) + "\n" }

    public static func number(_ n: Double) -> String {
        n.isFinite ? JSON.format(n) : quoted("\(n)")
    }

    /// A JSON string literal, quotes included. Besides what JSON requires, U+2028 and U+2029 are
    /// escaped (a report embeds JSON in a script).
    public static func quoted(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 || u.value == 0x7F || u.value == 0x2028 || u.value == 0x2029 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }

    static func isScalar(_ v: JSON) -> Bool {
        switch v {
        case .array, .object: return false
        default: return true
        }
    }

    /// A plain value, or an array or object of plain values.
    static func isFlat(_ v: JSON) -> Bool {
        switch v {
        case .array(let items): return items.allSatisfy(isScalar)
        case .object(let members): return members.allSatisfy { isScalar($0.value) }
        default: return true
        }
    }

    static func write(_ value: JSON, layout: Layout, indent: String, into out: inout String) {
        // Between items on one line, and after a key.
        let comma = layout == .line ? "," : ", ", colon = layout == .line ? ":" : ": "
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += number(n)
        case .string(let s): out += quoted(s)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            let oneLine = layout == .line || (layout != .expanded && items.allSatisfy(isScalar))
            out += oneLine ? "[" : "[\n"
            let inner = indent + "  "
            for (i, item) in items.enumerated() {
                if !oneLine { out += inner }
                write(item, layout: layout, indent: inner, into: &out)
                if i + 1 < items.count { out += oneLine ? comma : ",\n" } else if !oneLine { out += "\n" }
            }
            out += oneLine ? "]" : indent + "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            let oneLine = layout == .line || (layout == .rows && !indent.isEmpty && members.allSatisfy { isFlat($0.value) })
            out += oneLine ? "{" : "{\n"
            let inner = indent + "  "
            for (i, m) in members.enumerated() {
                if !oneLine { out += inner }
                out += quoted(m.key) + colon
                write(m.value, layout: layout, indent: inner, into: &out)
                if i + 1 < members.count { out += oneLine ? comma : ",\n" } else if !oneLine { out += "\n" }
            }
            out += oneLine ? "}" : indent + "}"
        }
    }
}

extension JSON {
    /// A whole number.
    public static func int(_ n: Int) -> JSON { .number(Double(n)) }
    /// `value` through `make`, or null.
    public static func optional<T>(_ value: T?, _ make: (T) -> JSON) -> JSON { value.map(make) ?? .null }
}
