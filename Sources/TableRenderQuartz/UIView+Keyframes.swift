import Foundation

extension UIView {
    /// How `animateKeyframes` joins its keyframes, and its curve (UIKit's bits).
    public struct KeyframeAnimationOptions: OptionSet, Sendable {
        /// The options' bits (UIKit's values; the curve bits are `AnimationOptions`').
        public let rawValue: UInt
        /// Options from their bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Straight lines between the keyframes' values (the default).
        public static let calculationModeLinear = KeyframeAnimationOptions([])
        /// Each value held until the next keyframe.
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        /// Not drawn as UIKit draws it: joined by straight lines.
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        /// Not drawn as UIKit draws it: joined by straight lines.
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        /// Not drawn as UIKit draws it: joined by straight lines.
        public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)
        var discrete: Bool { (rawValue >> 10) & 7 == 1 }
        var curve: AnimationCurve { AnimationOptions(rawValue: rawValue).curve }
    }

    /// A keyframe animation: each `addKeyframe(withRelativeStartTime:relativeDuration:animations:)`
    /// in `animations` changes views between two fractions of `duration`; every property changed
    /// becomes one keyframe animation (`CAKeyframeAnimation`) whose values are its value before
    /// and after each keyframe, held between them, over the whole duration after `delay`, paced
    /// by the options' curve (ease in, ease out unless a curve option says otherwise; UIKit's
    /// default curve for keyframes is not documented, see notes/uikit-table-research.md).
    /// Changes made outside any keyframe animate over the whole duration. `completion` runs
    /// when it ends, as for `animate`.
    public static func animateKeyframes(withDuration duration: TimeInterval, delay: TimeInterval, options: KeyframeAnimationOptions = [],
                                     animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        let block = ChangeAnimation(duration: duration, delay: delay, timing: options.curve.timing)
        record(block, {
            // "If you specify a negative value or 0, changes are made immediately and without animations."
            guard let c = ChangeContext.current, duration > 0 else { animations(); return }
            let before = c.changes.count
            animations()
            c.changes.replaceSubrange(before..., with: keyframed(Array(c.changes[before...]), block, discrete: options.discrete))
        }, completion)
    }

    /// One keyframe of `animateKeyframes`: the changes `animations` makes happen between
    /// `frameStartTime` and `frameStartTime + frameDuration`, fractions of its duration.
    public static func addKeyframe(withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double, animations: () -> Void) {
        guard let c = ChangeContext.current, var block = c.viewAnimations.last else { animations(); return }
        let start = frameStartTime.isFinite ? min(max(frameStartTime, 0), 1) : 0
        let length = frameDuration.isFinite ? min(max(frameDuration, 0), 1 - start) : 0
        block.segment = (start, length)
        c.viewAnimations.append(block)
        animations()
        c.viewAnimations.removeLast()
    }

    /// The changes of one `animateKeyframes` block, one per property: a keyframe animation from
    /// the value before the first keyframe through each keyframe's new value at its end, held
    /// from there to the next keyframe's start.
    static func keyframed(_ changes: [LayerChange], _ block: ChangeAnimation, discrete: Bool) -> [LayerChange] {
        var out: [LayerChange] = []
        var done = Set<Int>()
        for (i, c) in changes.enumerated() where !done.contains(i) {
            guard c.animation != nil else { out.append(c); continue }
            let group = changes.indices.filter { changes[$0].layer === c.layer && changes[$0].keyPath == c.keyPath && changes[$0].animation != nil }
            done.formUnion(group)
            let steps = group.map { (changes[$0].animation?.segment ?? (0, 1), changes[$0].new) }
                .enumerated().sorted { ($0.element.0.start, $0.offset) < ($1.element.0.start, $1.offset) }.map(\.element)
            var values: [Any] = [c.old], times = [0.0]
            for (segment, value) in steps {
                if segment.start > (times.last ?? 0) { values.append(values.last ?? c.old); times.append(segment.start) }
                values.append(value)
                times.append(max(segment.start + segment.length, times.last ?? 0))
            }
            if (times.last ?? 1) < 1 { values.append(values.last ?? c.old); times.append(1) }
            var animation = block
            animation.keyframes = ChangeAnimation.Keyframes(values: values, keyTimes: times, discrete: discrete)
            out.append(LayerChange(layer: c.layer, keyPath: c.keyPath, old: c.old, new: steps.last?.1 ?? c.new, animation: animation))
        }
        return out
    }
}

/// Where a property animator's animation ended.
public enum UIViewAnimatingPosition: Int, Sendable {
    /// At the end of its animations (the only way one ends here).
    case end
    /// Back at the start.
    case start
    /// Where it was stopped.
    case current
}

/// `UIViewPropertyAnimator`: animations over a duration with a curve or a spring, started at
/// once or after a delay, with completions that run when they end. Pausing, scrubbing
/// (`fractionComplete`) and reversing are not drawn: a scene's animations run to their end.
@preconcurrency @MainActor
open class UIViewPropertyAnimator {
    /// Seconds.
    public let duration: TimeInterval
    let timing: CAMediaTimingFunction
    var blocks: [(animations: () -> Void, delayFactor: Double)] = []
    var completions: [(UIViewAnimatingPosition) -> Void] = []
    /// Whether it was started.
    public private(set) var isRunning = false

    /// Animations over `duration` with one of UIKit's curves.
    public init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.duration = duration
        timing = curve.timing
        if let animations { blocks.append((animations, 0)) }
    }

    /// Animations over `duration` with the cubic curve through the two control points.
    public init(duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint, animations: (() -> Void)? = nil) {
        self.duration = duration
        timing = CAMediaTimingFunction(controlPoints: Float(point1.x), Float(point1.y), Float(point2.x), Float(point2.y))
        if let animations { blocks.append((animations, 0)) }
    }

    /// Animations with a spring that settles in `duration` (as `UIView.animate`'s spring with
    /// no initial velocity): `ratio` 1 settles without overshoot, lower values oscillate.
    public init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.duration = duration
        timing = CAMediaTimingFunction(value: UIView.springTiming(duration: duration, dampingRatio: Double(ratio), velocity: 0))
        if let animations { blocks.append((animations, 0)) }
    }

    /// More animations, run with the others when it starts.
    open func addAnimations(_ animation: @escaping () -> Void) { blocks.append((animation, 0)) }
    /// More animations that start `delayFactor` of the duration later and end with the others.
    open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        blocks.append((animation, delayFactor.isFinite ? min(max(Double(delayFactor), 0), 1) : 0))
    }
    /// A block run when the animations end, with where they ended (`.end`).
    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) { completions.append(completion) }

    /// Starts the animations now.
    open func startAnimation() { startAnimation(afterDelay: 0) }

    /// Starts the animations after `delay` seconds; the completions run when they end (at the
    /// scene time they end, see ``LayerScene/at(_:_:)``).
    open func startAnimation(afterDelay delay: TimeInterval) {
        guard !isRunning else { return }
        isRunning = true
        let blocks = self.blocks, completions = self.completions, duration = self.duration, timing = self.timing
        UIView.record(ChangeAnimation(duration: duration, delay: delay, timing: timing), {
            for b in blocks {
                guard b.delayFactor > 0 else { b.animations(); continue }
                UIView.record(ChangeAnimation(duration: duration * (1 - b.delayFactor), delay: delay + duration * b.delayFactor, timing: timing),
                              b.animations, nil)
            }
        }, { _ in
            for c in completions { c(.end) }
        })
    }

    /// An animator started at once with a curve from `options` (`UIView.animate`'s).
    @discardableResult
    open class func runningPropertyAnimator(withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions = [],
                                            animations: @escaping () -> Void,
                                            completion: ((UIViewAnimatingPosition) -> Void)? = nil) -> UIViewPropertyAnimator {
        let animator = UIViewPropertyAnimator(duration: duration, curve: options.curve, animations: animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }
}
