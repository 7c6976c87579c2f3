import Geometry
import Synchronization

/// A frame's pixmap kept for the next frame of the same thread: its memory is written again
/// instead of allocated and filled anew, and `Pixmap.reset` rewrites only what the last frame
/// drew on.
///
/// It also keeps the offscreen groups' pixmaps of the frame (a card's shadow group covers the
/// whole clip, 4 MB at @2x): a group of the same rectangle takes one back with only what was
/// drawn in it zeroed (`Pixmap.clearDrawn`) instead of allocating and zeroing all of it.
public final class PixmapSpare: Sendable {
    let spare = Mutex<Pixmap?>(nil)
    let groups = Mutex<[Pixmap]>([])
    /// Groups kept at most (nested groups each need their own).
    static let groupLimit = 4

    /// A kept group pixmap covering `rect`, transparent; nil when none is kept.
    public func takeGroup(rect: PixelRect) -> Pixmap? {
        guard var p = groups.withLock({ g -> Pixmap? in
            guard let i = g.firstIndex(where: { $0.rect == rect }) else { return nil }
            return g.remove(at: i)
        }) else { return nil }
        p.clearDrawn()
        return p
    }

    /// Keeps a group's pixmap for a later group (nothing else may hold its pixels).
    public func putGroup(_ pixmap: consuming Pixmap) {
        let p = pixmap
        groups.withLock { g in
            if g.count >= PixmapSpare.groupLimit { g.removeFirst() }
            g.append(p)
        }
    }

    public init() {}

    /// Keeps `pixmap` (give it back only when nothing else holds its pixels, or the next frame
    /// copies them before writing).
    public func put(_ pixmap: consuming Pixmap) {
        spare.withLock { $0 = pixmap }
    }

    /// The kept pixmap, if it covers `rect`, reset to `c`; otherwise a new one filled with `c`.
    public func take(rect: PixelRect, filledWith c: PremultipliedColor) -> Pixmap {
        guard var p = spare.withLock({ s -> Pixmap? in defer { s = nil }; return s }), p.rect == rect else {
            return Pixmap(rect: rect, filledWith: c)
        }
        p.reset(to: c)
        return p
    }
}
