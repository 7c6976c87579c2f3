import Foundation
import SceneModel
import TableRender

/// Writes scene JSON: keys in the order given, two-space indents, numbers as the shortest text
/// that reads back as the same `Double` (whole numbers without a fraction). A number that is not
/// finite is written as a string, so the scene's validation names it where it is.
enum JSONWriter {
    static func write(_ value: JSON) -> String {
        var out = ""
        write(value, indent: "", into: &out)
        out += "\n"
        return out
    }

    static func number(_ n: Double) -> String {
        guard n.isFinite else { return quoted("\(n)") }
        if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
        return "\(n)"
    }

    static func quoted(_ s: String) -> String { Escape.json(s) }

    static func isScalar(_ v: JSON) -> Bool {
        switch v {
        case .array, .object: return false
        default: return true
        }
    }

    static func write(_ value: JSON, indent: String, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += number(n)
        case .string(let s): out += quoted(s)
        case .array(let items):
            // Short lists of numbers and strings (a point, a matrix, colours) stay on one line.
            if items.allSatisfy(isScalar) {
                out += "["
                for (i, item) in items.enumerated() {
                    if i > 0 { out += ", " }
                    write(item, indent: indent, into: &out)
                }
                out += "]"
                return
            }
            out += "[\n"
            let inner = indent + "  "
            for (i, item) in items.enumerated() {
                out += inner
                write(item, indent: inner, into: &out)
                out += i + 1 < items.count ? ",\n" : "\n"
            }
            out += indent + "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{\n"
            let inner = indent + "  "
            for (i, m) in members.enumerated() {
                out += inner + quoted(m.key) + ": "
                write(m.value, indent: inner, into: &out)
                out += i + 1 < members.count ? ",\n" : "\n"
            }
            out += indent + "}"
        }
    }
}
