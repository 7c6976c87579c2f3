import Raster
import SceneModel

/// The per-frame budgets a frame is drawn under (the executor spends them, see `DrawBudget`): path edges in the frame (counted
/// from each path as drawn, before any cache, so the same frame counts the same on every thread),
/// pixels drawn, offscreen pixels alive at once, and the rasterizer's work on the frame's paths
/// (a path found in the mask cache pays the work it took when made). One per
/// rendering thread, like the caches; a frame that goes over draws nothing more and says why.
public final class RasterBudget: DrawBudget {
    public let limits: Limits
    /// Why the last frame was stopped, nil when it was drawn whole.
    public private(set) var exceeded: String?
    private(set) var edges = 0
    private(set) var pixels = 0
    private(set) var offscreen = 0
    private(set) var pathWork = 0

    public init(limits: Limits) { self.limits = limits }

    public var pathWorkLeft: Int { max(limits.pathWork - pathWork, 0) }

    /// Counts one path's rasterizer work in this frame (the message is `overPathWork`'s).
    public func spend(pathWork n: Int) -> Bool {
        pathWork = pathWork &+ max(n, 0)
        return pathWork >= 0 && pathWork <= limits.pathWork
    }

    public func beginFrame() {
        edges = 0
        pixels = 0
        offscreen = 0
        pathWork = 0
        exceeded = nil
    }

    /// Adds `amount` to `counter`; past the budget at `limit` the frame stops with its message.
    /// `found` gets the new total: it must not read the counter through `self`, which `counter`
    /// holds exclusively (a debug build traps on "Simultaneous accesses").
    private func charge(_ counter: inout Int, _ amount: Int, _ limit: WritableKeyPath<Limits, Int>, found: (Int) -> String) -> Bool {
        guard exceeded == nil else { return false }
        counter += max(amount, 0)
        guard counter > limits[keyPath: limit] else { return true }
        stop(limit, found: found(counter))
        return false
    }

    private func stop(_ limit: WritableKeyPath<Limits, Int>, found: String) {
        if exceeded == nil { exceeded = Limits.message(limit, limit: limits[keyPath: limit], found: found) }
    }

    /// Counts `n` more pixels of fills and groups in this frame.
    public func spend(pixels n: Int) -> Bool {
        charge(&pixels, n, \.framePixels) { _ in "more (many large or overlapping layers, wide shadows or backdrop blurs)" }
    }

    /// Counts `n` more path edges in this frame.
    public func spend(edges n: Int) -> Bool {
        charge(&edges, n, \.edgesPerFrame) { _ in "more (curves flattened, strokes outlined)" }
    }

    /// Takes `n` pixels of offscreen memory until `give` returns them.
    public func take(offscreen n: Int) -> Bool {
        charge(&offscreen, n, \.offscreenPixels) { "\($0)" }
    }

    public func give(offscreen n: Int) { offscreen -= n }

    /// A shape whose outline alone would pass the edge budget (checked before it is built).
    public func overEdges() { stop(\.edgesPerFrame, found: "more (curves flattened, strokes outlined)") }

    public func overPathWork() { stop(\.pathWork, found: "more (very many edges on the same rows: paths whose edges cross each other many times, or texts of many glyphs over one another)") }
}
