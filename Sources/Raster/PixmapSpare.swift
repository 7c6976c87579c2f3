import Geometry
import Synchronization

/// A frame's pixmap kept for the next frame of the same thread: its memory is written again
/// instead of allocated and filled anew, and `Pixmap.reset` rewrites only what the last frame
/// drew on.
public final class PixmapSpare: Sendable {
    let spare = Mutex<Pixmap?>(nil)

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
