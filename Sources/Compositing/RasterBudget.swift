import SceneModel

/// The per-frame budgets the compositor enforces while drawing: path edges in the frame (counted
/// from each path as drawn, before any cache, so the same frame counts the same on every thread)
/// and the rasterizer's work on one path. One per rendering thread, like the caches; a frame
/// that goes over draws nothing more and reports why.
public final class RasterBudget: @unchecked Sendable {
    public let limits: Limits
    private(set) var edges = 0
    /// Why the last frame was stopped, nil when it was drawn whole.
    public private(set) var exceeded: String?

    public init(limits: Limits) { self.limits = limits }

    private(set) var offscreen = 0

    private(set) var pixels = 0

    func beginFrame() {
        edges = 0
        offscreen = 0
        pixels = 0
        exceeded = nil
    }

    /// Counts `n` more pixels of fills and groups in this frame; false past the budget.
    func spend(pixels n: Int) -> Bool {
        guard exceeded == nil else { return false }
        pixels += max(n, 0)
        if pixels > limits.framePixels {
            exceeded = Limits.message(\.framePixels, limit: limits.framePixels, found: "more (many large or overlapping layers)")
            return false
        }
        return true
    }

    /// Takes `pixels` of offscreen memory until `give` returns them; false (and the frame
    /// stopped) past the budget.
    func take(offscreen pixels: Int) -> Bool {
        guard exceeded == nil else { return false }
        offscreen += pixels
        if offscreen > limits.offscreenPixels {
            exceeded = Limits.message(\.offscreenPixels, limit: limits.offscreenPixels, found: "\(offscreen)")
            return false
        }
        return true
    }

    func give(offscreen pixels: Int) { offscreen -= pixels }

    /// Counts `points` more edges; false (and the frame stopped) past the budget.
    func spend(edges points: Int) -> Bool {
        guard exceeded == nil else { return false }
        edges += points
        if edges > limits.edgesPerFrame {
            exceeded = Limits.message(\.edgesPerFrame, limit: limits.edgesPerFrame, found: "more (curves flattened, strokes outlined)")
            return false
        }
        return true
    }

    func overPathWork() {
        if exceeded == nil {
            exceeded = Limits.message(\.pathWork, limit: limits.pathWork,
                                      found: "a path that needs more (its edges cross each other very many times)")
        }
    }
}
