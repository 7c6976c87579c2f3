import Geometry
import Synchronization

/// Coverage masks of complex paths (text runs, curved shapes) kept from one frame to the next.
///
/// A mask is a pure function of the device-space path, the fill rule and the clip, so a path
/// whose points are all equal to a cached one's gets the cached mask: the pixels are exactly
/// those of rasterizing it again. In an animation most labels do not move from frame to frame
/// (the rows above a fold, the cards already on screen), and text is where rasterizing costs
/// most. Only paths with at least `minimumPoints` points are cached; an entry not used in the
/// current or the previous frame is dropped, so the cache holds about one frame's worth.
///
/// Each rendering thread should own one (hits then never depend on scheduling, though the
/// pixels would be the same either way); the lock only makes misuse safe.
public final class MaskCache: Sendable {
    public static let minimumPoints = 64

    struct Entry: Sendable {
        var rule: FillRule
        var clip: PixelRect
        var contours: [[Point]]
        var mask: Mask?
    }

    struct State {
        var kept = RecentEntries<UInt64, Entry>()
        var hits = 0, misses = 0
    }

    let state = Mutex(State())

    public init() {}

    /// Starts a frame: drops what the previous two frames did not use.
    public func beginFrame() {
        state.withLock { $0.kept.beginFrame() }
    }

    public var statistics: (hits: Int, misses: Int) { state.withLock { ($0.hits, $0.misses) } }

    /// The mask of `path`, from the cache or from `rasterize` (which is then remembered).
    public func mask(_ path: Path, rule: FillRule, clip: PixelRect, rasterize: () -> Mask?) -> Mask? {
        var points = 0
        for c in path.contours { points += c.count }
        guard points >= MaskCache.minimumPoints else { return rasterize() }
        let key = MaskCache.hash(path, rule: rule, clip: clip)
        let found: Entry? = state.withLock { s in
            let entry = s.kept.find(key) { $0.rule == rule && $0.clip == clip && $0.contours == path.contours }
            if entry != nil { s.hits += 1 }
            return entry
        }
        if let found { return found.mask }
        let mask = rasterize()
        state.withLock { s in
            s.misses += 1
            s.kept.insert(Entry(rule: rule, clip: clip, contours: path.contours, mask: mask), at: key)
        }
        return mask
    }

    /// FNV-1a over the rule, the clip and every coordinate's bits.
    static func hash(_ path: Path, rule: FillRule, clip: PixelRect) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        @inline(__always) func mix(_ v: UInt64) { h = (h ^ v) &* 0x0000_0100_0000_01b3 }
        mix(rule == .nonZero ? 1 : 2)
        mix(UInt64(bitPattern: Int64(clip.x0))); mix(UInt64(bitPattern: Int64(clip.y0)))
        mix(UInt64(bitPattern: Int64(clip.x1))); mix(UInt64(bitPattern: Int64(clip.y1)))
        for c in path.contours {
            mix(UInt64(c.count))
            for p in c { mix(p.x.bitPattern); mix(p.y.bitPattern) }
        }
        return h
    }
}

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
