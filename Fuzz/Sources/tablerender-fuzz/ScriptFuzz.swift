import JSONText
import TableRender

/// The `script` target (issue 53): the input's bytes choose a table (style, sections, rows,
/// editing, a refresh control) and up to 24 script events (every update, batches of them, taps,
/// held taps, swipes, scrolls, drags and releases, flings, reorders, editing, refreshing) with index paths mostly inside the table and
/// sometimes not, so the updates' bookkeeping, the "Invalid update" checks and the simulation of
/// every frame meet far more well-formed scripts than byte mutations of JSON text reach. Each
/// scene goes through ``FuzzEntry/table(_:assets:)``.
enum ScriptFuzz {
    struct Bytes {
        let bytes: [UInt8]
        var i = 0
        var done: Bool { i >= bytes.count }
        /// The next byte (0 past the end).
        mutating func next() -> Int {
            defer { i += 1 }
            return i < bytes.count ? Int(bytes[i]) : 0
        }
        /// A number below `n` (n > 0).
        mutating func below(_ n: Int) -> Int { next() % n }
    }

    static let animations = ["fade", "right", "left", "top", "bottom", "middle", "none", "automatic"]

    static func scene(_ input: [UInt8]) -> [UInt8] {
        var b = Bytes(bytes: input)
        var counts = (0..<(1 + b.below(4))).map { _ in b.below(7) }
        func rows(_ n: Int, _ tag: String) -> JSON { .array((0..<n).map { .object([("title", .string("\(tag)\($0)"))]) }) }
        let sections = JSON.array(counts.enumerated().map { .object([("title", .string("S\($0)")), ("rows", rows($1, "R"))]) })
        var table: [(key: String, value: JSON)] = [("style", .string(["plain", "grouped", "insetGrouped"][b.below(3)])), ("sections", sections)]
        if b.below(4) == 0 { table.append(("editing", .bool(true))) }
        let refresh = b.below(3) == 0
        if refresh { table.append(("refreshControl", .object([]))) }
        var events: [JSON] = []
        var at = 0.05
        // An index path near the table's current data: inside it most of the time.
        func path(_ b: inout Bytes) -> [Int] {
            let s = b.below(8) == 0 ? counts.count : b.below(max(counts.count, 1))
            let n = counts.indices.contains(s) ? counts[s] : 0
            return [s, b.below(8) == 0 ? n + b.below(3) : b.below(max(n, 1) + 1)]
        }
        func update(_ b: inout Bytes) -> (key: String, value: JSON) {
            let anim = ("animation", JSON.string(animations[b.below(animations.count)]))
            switch b.below(7) {
            case 0:
                let p = path(&b)
                if counts.indices.contains(p[0]), p[1] <= counts[p[0]] { counts[p[0]] += 1 }
                return ("insertRows", .object([("indexPaths", .array([.array(p.map { .number(Double($0)) })])), ("rows", rows(1, "N")), anim]))
            case 1:
                let p = path(&b)
                if counts.indices.contains(p[0]), p[1] < counts[p[0]] { counts[p[0]] -= 1 }
                return ("deleteRows", .object([("indexPaths", .array([.array(p.map { .number(Double($0)) })])), anim]))
            case 2:
                return ("reloadRows", .object([("indexPaths", .array([.array(path(&b).map { .number(Double($0)) })])), ("rows", rows(1, "L")), anim]))
            case 3:
                let from = path(&b), to = path(&b)
                return ("moveRow", .object([("from", .array(from.map { .number(Double($0)) })), ("to", .array(to.map { .number(Double($0)) }))]))
            case 4:
                let s = b.below(counts.count + 2)
                let n = b.below(4)
                if s <= counts.count { counts.insert(n, at: s) }
                return ("insertSections", .object([("indexes", .array([.number(Double(s))])), ("sections", .array([.object([("rows", rows(n, "I"))])])), anim]))
            case 5:
                let s = b.below(counts.count + 1)
                if counts.indices.contains(s) { counts.remove(at: s) }
                return ("deleteSections", .object([("indexes", .array([.number(Double(s))])), anim]))
            default:
                return ("rowHeights", .object([("indexPaths", .array([.array(path(&b).map { .number(Double($0)) })])),
                                               ("heights", .array([.number(Double(20 + b.below(120)))]))]))
            }
        }
        while !b.done, events.count < 24 {
            at += Double(b.below(6)) * 0.05
            var e: [(key: String, value: JSON)] = [("at", .number(at))]
            switch b.below(13) {
            case 0, 1, 2: e.append(update(&b))
            case 3:
                let members = (0..<(1 + b.below(3))).map { _ in JSON.object([update(&b)]) }
                e.append(("performBatchUpdates", .object([("updates", .array(members))])))
            case 4:
                let p = path(&b)
                // Held a while before it lifts, at most since the scene began (a finger's phases;
                // a drag, scroll or fling beginning meanwhile cancels it).
                let hold = min(Double(b.below(4)) * 0.15, at)
                e.append(("tap", .object([("section", .number(Double(p[0]))), ("row", .number(Double(p[1]))), ("hold", .number(hold))])))
            case 5:
                let p = path(&b)
                e.append(("swipe", .object([("section", .number(Double(p[0]))), ("row", .number(Double(p[1]))), ("full", .bool(b.below(2) == 0))])))
            case 6: e.append(("fling", .object([("velocity", .number(Double(b.next() * 40 - 5000)))])))
            case 7: e.append(("scroll", .object([("by", .number(Double(b.next() * 4 - 500))), ("duration", .number(Double(b.below(3)) * 0.2))])))
            case 8:
                let p = path(&b)
                e.append(("reorder", .object([("from", .array(p.map { .number(Double($0)) })), ("to", .array([.number(Double(p[0])), .number(Double(b.below(6)))])),
                                              ("duration", .number(0.2 + Double(b.below(4)) * 0.1))])))
            case 9: e.append(("drag", .object([("by", .number(Double(b.next() * 2 - 400))), ("duration", .number(Double(b.below(4)) * 0.15))])))
            case 10: e.append(("release", .object([])))
            case 11 where refresh: e.append((b.below(2) == 0 ? "beginRefreshing" : "endRefreshing", .object([])))
            default:
                e.append(("setEditing", .object([("editing", .bool(b.below(2) == 0))])))
            }
            events.append(.object(e))
        }
        let scene = JSON.object([("version", .number(1)), ("canvas", .object([("size", .array([.number(160), .number(240)]))])),
                                 ("fps", .number(10)), ("duration", .number(min(at + 0.6, 6))), ("table", .object(table)),
                                 ("script", .array(events))])
        return Array(JSONWriter.write(scene).utf8)
    }
}
