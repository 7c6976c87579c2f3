/// Where a frame's compositor time goes, for the bench command: `raster` is coverage masks and
/// pixel fills, `composite` is offscreen groups (allocation, shadow blur, compositing them onto
/// their parent); the rest of a render is `build`: walking the tree, matrices, projection,
/// outlines and text layout. Timing is read from a monotonic clock only here, never to decide
/// anything a frame shows.
///
/// Not thread-safe: each rendering thread owns its own profile.
public final class RenderProfile {
    public enum Phase: Int, CaseIterable, Sendable { case raster, composite }
    public private(set) var totals: [Duration] = [.zero, .zero]
    let clock = ContinuousClock()

    public init() {}

    @inline(__always) func now() -> ContinuousClock.Instant { clock.now }

    @inline(__always) func add(_ phase: Phase, since start: ContinuousClock.Instant) {
        totals[phase.rawValue] += clock.now - start
    }

    public subscript(_ phase: Phase) -> Duration { totals[phase.rawValue] }

    public func reset() { totals = [.zero, .zero] }
}
