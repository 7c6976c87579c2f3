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
/// Rectilinear paths (every edge horizontal or vertical: cell backgrounds, separators) lying
/// inside the clip are kept too, whatever their size, and match a cached path shifted by whole
/// pixel rows: see `mask(_:rule:clip:rasterize:)` for why their masks are then the cached mask,
/// shifted. The rows sliding under a fold all have the same fractional offset in a frame, so
/// their backgrounds and separators are rasterized once a frame instead of once a row.
///
/// Each rendering thread should own one (hits then never depend on scheduling, though the
/// pixels would be the same either way); the lock only makes misuse safe.
public final class MaskCache: Sendable {
    public static let minimumPoints = 64

    struct Entry: Sendable {
        var rule: FillRule
        var clip: PixelRect
        /// The path's contours, moved up by `rows` whole pixel rows when it is `rectilinear`.
        var contours: [[Point]]
        var rectilinear: Bool
        var rows: Int
        var mask: Mask?
        /// The rasterizer's work on the path (see `Rasterizer.mask(_:rule:clip:workLimit:)`),
        /// which a frame's budget pays for a mask found here as for one made.
        var work: Int
    }

    struct State {
        var kept = RecentEntries<UInt64, Entry>()
        var hits = 0, misses = 0
        /// Blurred shadows (see BlurCache.swift).
        var blurs = RecentEntries<UInt64, BlurEntry>()
        var blurHits = 0, blurMisses = 0
    }

    let state = Mutex(State())

    public init() {}

    /// Starts a frame: drops what the previous two frames did not use.
    public func beginFrame() {
        state.withLock { $0.kept.beginFrame(); $0.blurs.beginFrame() }
    }

    public var statistics: (hits: Int, misses: Int) { state.withLock { ($0.hits, $0.misses) } }

    /// The mask of `path`, from the cache or from `rasterize` (which is then remembered).
    ///
    /// A rectilinear path inside the clip is looked up moved up by k = floor(min y) rows (the
    /// subtraction is exact), so it matches the cached path P when it is P moved down by whole
    /// rows, exactly. Its mask is then P's moved down by the same rows, byte for byte: with every
    /// non-horizontal edge vertical, each edge's x is its x0 (x0 + (y - y0) * 0, the zero's sign
    /// that of y - y0, the same for both), nothing is clipped, the edge order and every
    /// comparison of heights are the same after adding an integer, and the only heights used
    /// (differences of a row's top or bottom and a vertex, or of two vertices in a row) are
    /// differences of numbers whose whole-row parts cancel, computed exactly in both (Sterbenz).
    /// Sub-strip middles are the one value rounded differently at another height, and they only
    /// decide whether an edge spans a sub-strip; they can disagree only for a sub-strip a few
    /// ulps high, whose pieces round to zero coverage.
    public func mask(_ path: Path, rule: FillRule, clip: PixelRect, rasterize: () -> Mask?) -> Mask? {
        measuredMask(path, rule: rule, clip: clip) { (mask: rasterize(), work: 0) }?.mask
    }

    /// `mask(_:rule:clip:rasterize:)` with the rasterizer's work, which is kept with the mask: `rasterize` returns
    /// nil when a budget stopped it (nothing is kept), and so does this. A rectilinear path's
    /// work is that of the path it matched (the same but for sub-strips a few ulps high, see
    /// above: a frame whose total is within a few units of its budget is the only one that
    /// could tell).
    public func measuredMask(_ path: Path, rule: FillRule, clip: PixelRect,
                             rasterize: () -> (mask: Mask?, work: Int)?) -> (mask: Mask?, work: Int)? {
        var points = 0
        for c in path.contours { points += c.count }
        let rows = MaskCache.wholeRows(path, inside: clip)
        guard points >= MaskCache.minimumPoints || rows != nil else { return rasterize() }
        let moved = rows.map { k in Path(contours: path.contours.map { $0.map { Point($0.x, $0.y - Double(k)) } }) } ?? path
        let key = MaskCache.hash(moved, rule: rule, clip: clip)
        @inline(__always) func same(_ a: [[Point]], _ b: [[Point]]) -> Bool {
            a.count == b.count && zip(a, b).allSatisfy { ca, cb in
                ca.count == cb.count && zip(ca, cb).allSatisfy { $0.x.bitPattern == $1.x.bitPattern && $0.y.bitPattern == $1.y.bitPattern }
            }
        }
        let found: Entry? = state.withLock { s in
            let entry = s.kept.find(key) { e in
                e.rule == rule && e.clip == clip && e.rectilinear == (rows != nil)
                    && (rows == nil ? e.contours == path.contours : same(e.contours, moved.contours))
            }
            if entry != nil { s.hits += 1 }
            return entry
        }
        if let found {
            guard let rows, var mask = found.mask else { return (found.mask, found.work) }
            let dy = rows - found.rows
            mask.rect = PixelRect(x0: mask.rect.x0, y0: mask.rect.y0 + dy, x1: mask.rect.x1, y1: mask.rect.y1 + dy)
            return (mask, found.work)
        }
        guard let made = rasterize() else { return nil }
        state.withLock { s in
            s.misses += 1
            s.kept.insert(Entry(rule: rule, clip: clip, contours: moved.contours, rectilinear: rows != nil, rows: rows ?? 0,
                               mask: made.mask, work: made.work), at: key)
        }
        return made
    }

    /// floor(min y) of a rectilinear path (every edge horizontal or vertical) whose points are
    /// finite and inside `clip` (as `Path.clipped` tests it, so nothing is clipped); nil for
    /// other paths.
    static func wholeRows(_ path: Path, inside clip: PixelRect) -> Int? {
        let x0 = Double(clip.x0), x1 = Double(clip.x1), y0 = Double(clip.y0), y1 = Double(clip.y1)
        var minY = Double.infinity
        for c in path.contours where c.count >= 3 {
            var prev = c[c.count - 1]
            for p in c {
                guard p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1 else { return nil }   // also not NaN
                guard p.x == prev.x || p.y == prev.y else { return nil }
                minY = min(minY, p.y)
                prev = p
            }
        }
        guard minY.isFinite else { return nil }
        return Int(saturating: minY.rounded(.down))
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
