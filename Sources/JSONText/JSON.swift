import Synchronization

/// A parsed JSON value. Objects keep their key order (duplicate keys are an error upstream).
public indirect enum JSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([(key: String, value: JSON)])

    public static func == (a: JSON, b: JSON) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// How the value is named in an error message ("found ...").
    public var described: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return JSON.format(n)
        case .string(let s): return "\"\(JSON.shortened(s))\""
        case .array(let a):
            // Short arrays of plain values are shown as written, so a range problem shows the values.
            if a.count <= 16, a.allSatisfy({ if case .array = $0 { return false }; if case .object = $0 { return false }; return true }) {
                let inner = "[" + a.map(\.described).joined(separator: ", ") + "]"
                if inner.count <= 120 { return inner }
            }
            return "an array of \(a.count)"
        case .object: return "an object"
        }
    }

    /// A string cut to about 40 characters with an ellipsis, control characters escaped, so a
    /// message never echoes a huge or unprintable value.
    public static func shortened(_ s: String, limit: Int = 40) -> String {
        var out = ""
        var count = 0
        for ch in s.unicodeScalars {
            if count >= limit { out += "…"; break }
            if ch.value < 0x20 || ch.value == 0x7F { out += "\\u{\(String(ch.value, radix: 16))}" } else { out.unicodeScalars.append(ch) }
            count += 1
        }
        return out
    }

    public static func format(_ n: Double) -> String {
        if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
        return "\(n)"
    }
}

/// A JSON syntax error with its 1-based line and column.
public struct JSONSyntaxError: Error, Equatable {
    public var line: Int
    public var column: Int
    public var message: String
}

/// A small strict JSON parser (RFC 8259). Written here rather than using JSONSerialization so
/// that booleans stay distinct from numbers on every platform, key order is kept, and syntax
/// errors carry a line and column.
public struct JSONParser {
    private let bytes: [UInt8]
    private var i = 0
    private var depth = 0
    /// Values read so far, and how many the caller allows (each is a heap node of about 50
    /// bytes, so 2 bytes of text such as `0,` can cost 25 times their size).
    private var values = 0
    private var maxValues = Int.max

    /// The value `bytes` hold; `maxValues` bounds how many values (numbers, strings, arrays,
    /// objects, literals, at any depth) a document may hold, so what a file costs in memory
    /// follows what its reader can use, not its byte count.
    public static func parse(_ bytes: [UInt8], maxValues: Int = .max) throws(JSONSyntaxError) -> JSON {
        JSONParser.parsed.add(1, ordering: .relaxed)
        var p = JSONParser(bytes: bytes)
        p.maxValues = maxValues
        p.skipSpace()
        let v = try p.value()
        p.skipSpace()
        if p.i < p.bytes.count { throw p.error("expected the end of the document, found \(p.peekDescription)") }
        return v
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func error(_ message: String) -> JSONSyntaxError {
        var line = 1, col = 1
        for b in bytes[..<min(i, bytes.count)] {
            if b == 0x0A { line += 1; col = 1 } else if b & 0xC0 != 0x80 { col += 1 }
        }
        return JSONSyntaxError(line: line, column: col, message: message)
    }

    private var peekDescription: String {
        guard i < bytes.count else { return "the end of the file" }
        let b = bytes[i]
        if b >= 0x20 && b < 0x7F { return "'\(Character(UnicodeScalar(b)))'" }
        return "byte 0x\(String(b, radix: 16))"
    }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    private mutating func value() throws(JSONSyntaxError) -> JSON {
        guard i < bytes.count else { throw error("expected a value, found the end of the file") }
        values += 1
        if values > maxValues { throw error("expected at most \(maxValues) values in the document, found more") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("expected a value, found \(peekDescription)")
        }
    }

    private mutating func literal(_ word: String) throws(JSONSyntaxError) {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, Array(bytes[i..<i + w.count]) == w else {
            throw error("expected a value, found \(peekDescription)")
        }
        i += w.count
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > 200 { throw error("expected at most 200 levels of nesting, found more") }
    }

    private mutating func object() throws(JSONSyntaxError) -> JSON {
        try enter()
        i += 1
        var members: [(key: String, value: JSON)] = []
        var seen = Set<String>()
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; depth -= 1; return .object(members) }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw error("expected a key in quotes, found \(peekDescription)") }
            let keyStart = i
            let key = try string()
            if seen.contains(key) { i = keyStart; throw error("expected each key once, found \"\(key)\" twice") }
            seen.insert(key)
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':', found \(peekDescription)") }
            i += 1
            skipSpace()
            members.append((key, try value()))
            skipSpace()
            guard i < bytes.count else { throw error("expected ',' or '}', found the end of the file") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; break }
            throw error("expected ',' or '}', found \(peekDescription)")
        }
        depth -= 1
        return .object(members)
    }

    private mutating func array() throws(JSONSyntaxError) -> JSON {
        try enter()
        i += 1
        var items: [JSON] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; depth -= 1; return .array(items) }
        while true {
            skipSpace()
            items.append(try value())
            skipSpace()
            guard i < bytes.count else { throw error("expected ',' or ']', found the end of the file") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; break }
            throw error("expected ',' or ']', found \(peekDescription)")
        }
        depth -= 1
        return .array(items)
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw error("expected four hex digits, found the end of the file") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let d: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw error("expected a hex digit, found \(peekDescription)")
            }
            v = v * 16 + d
            i += 1
        }
        return v
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        i += 1
        var out: [UInt8] = []
        while true {
            guard i < bytes.count else { throw error("expected a closing '\"', found the end of the file") }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { i += 1; break }
            if b < 0x20 { throw error("expected no control characters in a string, found \(peekDescription)") }
            if b != UInt8(ascii: "\\") { out.append(b); i += 1; continue }
            i += 1
            guard i < bytes.count else { throw error("expected an escape, found the end of the file") }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var code = try hex4()
                if code >= 0xD800 && code < 0xDC00 {
                    guard i + 2 <= bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                        throw error("expected a low surrogate after a high surrogate")
                    }
                    i += 2
                    let low = try hex4()
                    guard low >= 0xDC00 && low < 0xE000 else { throw error("expected a low surrogate") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw error("expected a valid code point") }
                out.append(contentsOf: Array(String(Character(scalar)).utf8))
            default:
                i -= 1
                throw error("expected a valid escape, found \(peekDescription)")
            }
        }
        guard let s = String(validating: out, as: UTF8.self) else { throw error("expected UTF-8 text in a string") }
        return s
    }

    private mutating func number() throws(JSONSyntaxError) -> Double {
        let start = i
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        func digits(_ p: inout JSONParser) -> Int {
            var n = 0
            while p.i < p.bytes.count, p.bytes[p.i] >= UInt8(ascii: "0"), p.bytes[p.i] <= UInt8(ascii: "9") { p.i += 1; n += 1 }
            return n
        }
        guard i < bytes.count else { throw error("expected a digit, found the end of the file") }
        if bytes[i] == UInt8(ascii: "0") { i += 1 } else if digits(&self) == 0 { throw error("expected a digit, found \(peekDescription)") }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            if digits(&self) == 0 { throw error("expected a digit after '.', found \(peekDescription)") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            if digits(&self) == 0 { throw error("expected an exponent digit, found \(peekDescription)") }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let v = Double(text), v.isFinite else { i = start; throw error("expected a finite number, found \(text)") }
        return v
    }
}

extension JSONParser {
    /// How many documents this process has parsed: a test shows with it that a path parses none
    /// (a scene built in Swift is rendered from its model, never from JSON text).
    public static var documentsParsed: Int { parsed.load(ordering: .relaxed) }
    static let parsed = Atomic<Int>(0)
}
