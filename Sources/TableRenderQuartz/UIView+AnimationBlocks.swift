import Foundation
import Geometry
import SceneModel

/// The animation blocks' bookkeeping behind `UIView.animate`: the spring's timing, and the
/// blocks recorded at a scene time.
extension UIView {
    /// The spring of `animate(withDuration:delay:usingSpringWithDamping:...)`: mass 1, and the
    /// stiffness whose motion's envelope is 1/1000 of the distance at `duration`: under-damped,
    /// e^(-ζω₀t) / √(1 - ζ²); critically (and over-) damped, (1 + rt) e^(-rt) for the slowest
    /// rate r, which is 1/1000 at rt = 9.2334.
    static func springTiming(duration: Double, dampingRatio: Double, velocity: Double) -> TimingFunction {
        let zeta = dampingRatio.isFinite ? min(max(dampingRatio, 0.01), 100) : 1
        let d = duration.isFinite ? max(duration, 0.001) : 1
        let w0: Double
        if zeta < 1 {
            w0 = (6.907755278982137 - 0.5 * DetMath.log(1 - zeta * zeta)) / (zeta * d)
        } else {
            w0 = 9.233_413_476_451_585 / ((zeta - (zeta * zeta - 1).squareRoot()) * d)
        }
        return .spring(mass: 1, stiffness: w0 * w0, damping: 2 * zeta * w0, initialVelocity: velocity.isFinite ? velocity : 0)
    }

    /// Records `animations` under `block`, and queues `completion` for when they end.
    static func record(_ block: ChangeAnimation, _ animations: () -> Void, _ completion: ((Bool) -> Void)?) {
        let duration = block.duration, delay = block.delay
        guard let c = ChangeContext.current else { animations(); completion?(true); return }
        let before = c.changes.count
        c.viewAnimations.append(block)
        animations()
        c.viewAnimations.removeLast()
        guard let completion else { return }
        guard let now = c.now else { completion(true); return }
        let animated = c.changes[before...].contains { $0.animation != nil }
        c.completions.append((animated ? now + max(delay, 0) + max(duration, 0) : now, { completion(true) }))
    }

    /// An animation block with any timing function (what a scene's display effect replays).
    static func animate(duration: TimeInterval, delay: TimeInterval = 0, timing: CAMediaTimingFunction, animations: () -> Void) {
        guard let c = ChangeContext.current else { animations(); return }
        c.viewAnimations.append(ChangeAnimation(duration: duration, delay: delay, timing: timing))
        animations()
        c.viewAnimations.removeLast()
    }

    static func updateBlock(_ change: (inout ChangeAnimation) -> Void) {
        guard let c = ChangeContext.current, !c.viewAnimations.isEmpty else { return }
        change(&c.viewAnimations[c.viewAnimations.count - 1])
    }
}
