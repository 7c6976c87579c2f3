import Foundation

/// A timer in step with the display, on the scene's clock: added to a run loop at a scene time,
/// it calls its target once for each later frame of the scene, before that frame is drawn, until
/// it is invalidated or the scene ends. In the call, ``targetTimestamp`` is the time of the frame
/// being prepared and ``timestamp`` the frame before it, as on iOS (code that moves a layer to
/// where it should be at `targetTimestamp` draws that place in the frame). What the call changes
/// outside an animation block shows from its frame; a standalone layer's change animates
/// implicitly unless the transaction disables actions, as on iOS.
///
/// Swift on Linux has no `#selector`: name the method as a function of its class,
/// `CADisplayLink(target: self, selector: FeedController.step)`, where `step` takes the link (or
/// nothing), or pass a closure.
open class CADisplayLink {
    private let callback: (CADisplayLink) -> Void
    /// The time of the last frame shown (scene seconds).
    public private(set) var timestamp: CFTimeInterval = 0
    /// The time of the frame the call prepares (scene seconds).
    public private(set) var targetTimestamp: CFTimeInterval = 0
    /// Seconds between the scene's frames.
    public private(set) var duration: CFTimeInterval = 0
    /// While true the link calls nothing (its frames pass).
    open var isPaused = false
    /// Calls per second wanted: 0 is every frame; less than the scene's rate calls on every
    /// n-th frame, n the nearest whole ratio (as iOS rounds to what the display offers).
    open var preferredFramesPerSecond = 0
    /// Each add starts a new run of ticks; a removal or an invalidation ends the run.
    private var run = 0
    private var isInvalid = false

    /// A link calling `selector` on `target` with the link (`FeedController.step`, where
    /// `func step(_ link: CADisplayLink)`). The link keeps its target until it is invalidated.
    public init<T: AnyObject>(target: T, selector: @escaping (T) -> (CADisplayLink) -> Void) {
        callback = { selector(target)($0) }
    }

    /// A link calling `selector` on `target` (`FeedController.step`, where `func step()`).
    public init<T: AnyObject>(target: T, selector: @escaping (T) -> () -> Void) {
        callback = { _ in selector(target)() }
    }

    /// A link calling `handler` with itself.
    public init(handler: @escaping (CADisplayLink) -> Void) {
        callback = handler
    }

    /// Starts calling on the frames after the code running now. Any run loop and mode stand
    /// for the scene's main run loop.
    open func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard !isInvalid else { return }
        let runtime = SceneRuntime.current
        guard runtime.ownedByScene, runtime.fps > 0, runtime.fps.isFinite else { return }
        run += 1
        let now = CACurrentMediaTime()
        guard now.isFinite else { return }
        schedule(frame: (now * runtime.fps).rounded(.down) + 1, run: run, in: runtime)
    }

    /// Stops calling (it may be added again).
    open func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) { run += 1 }

    /// Stops calling for good and lets go of the target.
    open func invalidate() {
        isInvalid = true
        run += 1
    }

    /// The next tick, on frame `frame` of the scene (a whole number kept as a `Double`, so that
    /// no scene time can make an integer trap), if the scene reaches it.
    private func schedule(frame: Double, run: Int, in runtime: SceneRuntime) {
        let time = frame / runtime.fps
        guard frame < 9e15, time <= runtime.endTime else { return }
        runtime.enqueue(at: time, step: true) { [self] in tick(frame: frame, run: run, in: runtime) }
    }

    private func tick(frame: Double, run: Int, in runtime: SceneRuntime) {
        guard run == self.run, !isInvalid else { return }
        let ratio = preferredFramesPerSecond > 0 ? runtime.fps / Double(preferredFramesPerSecond) : 1
        let every = ratio.isFinite && ratio > 1 ? min(ratio.rounded(), 1e6) : 1
        if !isPaused {
            duration = 1 / runtime.fps
            targetTimestamp = frame / runtime.fps
            timestamp = (frame - every) / runtime.fps
            callback(self)
        }
        schedule(frame: frame + every, run: run, in: runtime)
    }
}
