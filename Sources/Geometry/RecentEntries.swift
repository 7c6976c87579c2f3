/// What a per-thread cache keeps from frame to frame: entries by key, each with the frame that
/// last used it. A new frame drops what neither it nor the frame before used, so a cache holds
/// about one frame's worth whatever the length of the run.
public struct RecentEntries<Key: Hashable & Sendable, Entry: Sendable>: Sendable {
    var frame = 0
    var entries: [Key: [(entry: Entry, lastUsed: Int)]] = [:]

    public init() {}

    /// Starts a frame: drops what the previous two frames did not use.
    public mutating func beginFrame() {
        frame += 1
        let keep = frame - 1
        entries = entries.compactMapValues { list in
            let kept = list.filter { $0.lastUsed >= keep }
            return kept.isEmpty ? nil : kept
        }
    }

    /// The first entry under `key` that `matches`, marked as used in this frame.
    public mutating func find(_ key: Key, where matches: (Entry) -> Bool) -> Entry? {
        guard var list = entries[key], let i = list.firstIndex(where: { matches($0.entry) }) else { return nil }
        list[i].lastUsed = frame
        entries[key] = list
        return list[i].entry
    }

    /// Remembers `entry` under `key`, used in this frame.
    public mutating func insert(_ entry: Entry, at key: Key) {
        entries[key, default: []].append((entry, frame))
    }
}
