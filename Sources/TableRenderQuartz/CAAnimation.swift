import Foundation
import SceneModel

/// Seconds, as Core Animation's times are (`CFTimeInterval`, a `Double`).
public typealias CFTimeInterval = Double

/// The scene's clock: the time ``LayerScene/at(_:_:)`` (or a completion, a `DispatchQueue`
/// block, a display link's tick) runs its code at, the frame's time in `cellForRowAt`, 0 while
/// the scene is built. Code that starts an animation at `CACurrentMediaTime() + delay` starts it
/// `delay` seconds after that.
public func CACurrentMediaTime() -> CFTimeInterval {
    switch ChangeContext.current?.mode {
    case .at(let now)?, .display(let now)?: return now
    case nil: return SceneRuntime.current.clock
    }
}

/// The names of Core Animation's timing curves.
public struct CAMediaTimingFunctionName: RawRepresentable, Equatable, Hashable, Sendable {
    /// The name, as Core Animation spells it.
    public var rawValue: String
    /// The value with this name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Linear; ease in (0.42, 0, 1, 1); ease out (0, 0, 0.58, 1).
    public static let linear = Self(rawValue: "linear"), easeIn = Self(rawValue: "easeIn"), easeOut = Self(rawValue: "easeOut")
    /// Ease in, ease out (0.42, 0, 0.58, 1); Core Animation's default curve (0.25, 0.1, 0.25, 1).
    public static let easeInEaseOut = Self(rawValue: "easeInEaseOut"), `default` = Self(rawValue: "default")
}

/// A cubic Bézier timing curve from (0, 0) to (1, 1), by name or by its two control points.
public final class CAMediaTimingFunction: Sendable {
    let value: TimingFunction

    /// A named curve (`.easeOut` is (0, 0, 0.58, 1), as Apple documents).
    public init(name: CAMediaTimingFunctionName) {
        value = TimingFunction.named[name.rawValue] ?? .linear
    }

    /// A curve through the control points (c1x, c1y) and (c2x, c2y); both x in 0 ... 1.
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        // Each through its shortest decimal: 0.42 as written, not 0.41999998688697815.
        value = .cubic(SceneWriter.float(c1x), SceneWriter.float(c1y), SceneWriter.float(c2x), SceneWriter.float(c2y))
    }

    init(value: TimingFunction) { self.value = value }
}

/// What an animation shows outside its active time.
public struct CAMediaTimingFillMode: RawRepresentable, Equatable, Hashable, Sendable {
    /// The name, as Core Animation spells it.
    public var rawValue: String
    /// The value with this name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Nothing outside the active time; the end value held after it.
    public static let removed = Self(rawValue: "removed"), forwards = Self(rawValue: "forwards")
    /// The start value held before the active time; both ends held.
    public static let backwards = Self(rawValue: "backwards"), both = Self(rawValue: "both")
}

/// How keyframe values are joined.
public struct CAAnimationCalculationMode: RawRepresentable, Equatable, Hashable, Sendable {
    /// The name, as Core Animation spells it.
    public var rawValue: String
    /// The value with this name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Values joined by straight lines; each value held until the next key time.
    public static let linear = Self(rawValue: "linear"), discrete = Self(rawValue: "discrete")
    /// Not drawn by tablerender yet: a scene that uses it is refused with a message.
    public static let paced = Self(rawValue: "paced"), cubic = Self(rawValue: "cubic"), cubicPaced = Self(rawValue: "cubicPaced")
}

/// The timing every animation has (`CAMediaTiming`). Times are seconds; `beginTime` is on the
/// scene's clock (see ``CACurrentMediaTime()``).
open class CAAnimation {
    /// When the animation starts, on the scene's clock (0: when it is added).
    open var beginTime: CFTimeInterval = 0
    /// Seconds; 0 means Core Animation's 0.25.
    open var duration: CFTimeInterval = 0
    /// How fast local time runs (2: twice as fast).
    open var speed: Float = 1
    /// Seconds into the animation at its begin time.
    open var timeOffset: CFTimeInterval = 0
    /// How many times it runs (fractions allowed; 0 runs once).
    open var repeatCount: Float = 0
    /// Whether each run plays forward then backward.
    open var autoreverses = false
    /// What shows outside the active time.
    open var fillMode = CAMediaTimingFillMode.removed
    /// The pacing (nil is linear, as Core Animation's).
    open var timingFunction: CAMediaTimingFunction?
    /// As in Core Animation, a finished animation is removed, so a `forwards` fill shows only
    /// while this is false.
    open var isRemovedOnCompletion = true

    /// An animation with Core Animation's defaults.
    public init() {}

    /// Seconds from its begin time to its end on the scene's clock: every repeat, reversed runs
    /// and speed counted (0.25 s when `duration` is 0).
    var activeDuration: CFTimeInterval {
        let d = duration > 0 ? duration : 0.25
        let runs = Double(max(repeatCount, 1)) * (autoreverses ? 2 : 1)
        let s = Double(speed)
        return s > 0 ? d * runs / s : d * runs
    }

    /// A copy, as `layer.add(_:forKey:)` keeps one.
    open func copy() -> CAAnimation {
        let a = CAAnimation()
        a.copyTiming(from: self)
        return a
    }

    func copyTiming(from o: CAAnimation) {
        beginTime = o.beginTime; duration = o.duration; speed = o.speed; timeOffset = o.timeOffset
        repeatCount = o.repeatCount; autoreverses = o.autoreverses; fillMode = o.fillMode
        timingFunction = o.timingFunction; isRemovedOnCompletion = o.isRemovedOnCompletion
    }
}

/// An animation of one key path (`transform.rotation.x`, `opacity`, `position` ...).
open class CAPropertyAnimation: CAAnimation {
    /// The property it animates: `opacity`, `position`, `transform.rotation.x` ... (the scene format's key paths).
    open var keyPath: String?
    /// Whether the value is added to the layer's own.
    open var isAdditive = false

    /// An animation of `path`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    func copyProperty(from o: CAPropertyAnimation) {
        copyTiming(from: o)
        keyPath = o.keyPath; isAdditive = o.isAdditive
    }
}

/// `fromValue`, `toValue`, `byValue` (any one or two): numbers (`CGFloat`, `Double`, `Float`,
/// `Int`, `NSNumber`; angles in radians), `CGPoint`, `CGSize`, `CGRect`, ``CGColor``,
/// ``UIColor``, ``CATransform3D``, arrays of colours or numbers for gradients.
open class CABasicAnimation: CAPropertyAnimation {
    /// The value it starts from (nil: the layer's own, or `toValue - byValue`).
    open var fromValue: Any?
    /// The value it ends at.
    open var toValue: Any?
    /// How far it moves, with `fromValue` or `toValue` (or from the layer's own).
    open var byValue: Any?

    /// A copy, as `layer.add(_:forKey:)` keeps one.
    open override func copy() -> CAAnimation {
        let a = CABasicAnimation()
        a.copyBasic(from: self)
        return a
    }

    func copyBasic(from o: CABasicAnimation) {
        copyProperty(from: o)
        fromValue = o.fromValue; toValue = o.toValue; byValue = o.byValue
    }
}

/// A spring: `CABasicAnimation` timed by a damped harmonic oscillator.
open class CASpringAnimation: CABasicAnimation {
    /// The mass on the spring (> 0).
    open var mass: CGFloat = 1
    /// The spring's stiffness (> 0).
    open var stiffness: CGFloat = 100
    /// The damping (0 oscillates for ever).
    open var damping: CGFloat = 10
    /// The speed at the start, in distances per second.
    open var initialVelocity: CGFloat = 0

    /// The time the spring takes to settle (its motion under 1/1000 of the distance), for
    /// `duration`.
    open var settlingDuration: CFTimeInterval {
        let m = Double(mass), k = Double(stiffness), c = Double(damping)
        guard m > 0, k > 0, c >= 0 else { return 0 }
        let w0 = (k / m).squareRoot(), zeta = c / (2 * (k * m).squareRoot())
        let decay = zeta < 1 ? zeta * w0 : w0 * (zeta - (zeta * zeta - 1).squareRoot())
        return decay > 0 ? -Foundation.log(0.001) / decay : 0
    }

    /// A copy, as `layer.add(_:forKey:)` keeps one.
    open override func copy() -> CAAnimation {
        let a = CASpringAnimation()
        a.copyBasic(from: self)
        a.mass = mass; a.stiffness = stiffness; a.damping = damping; a.initialVelocity = initialVelocity
        return a
    }
}

/// Keyframes: `values` at `keyTimes` (0 ... 1, evenly spaced when nil), each segment with its
/// timing function.
open class CAKeyframeAnimation: CAPropertyAnimation {
    /// The keyframe values, of the key path's type.
    open var values: [Any]?
    /// Each value's time as a fraction of the duration (nil: evenly spaced).
    open var keyTimes: [NSNumber]?
    /// The pacing (nil is linear, as Core Animation's).
    open var timingFunctions: [CAMediaTimingFunction]?
    /// How values are joined.
    open var calculationMode = CAAnimationCalculationMode.linear

    /// A copy, as `layer.add(_:forKey:)` keeps one.
    open override func copy() -> CAAnimation {
        let a = CAKeyframeAnimation()
        a.copyProperty(from: self)
        a.values = values; a.keyTimes = keyTimes; a.timingFunctions = timingFunctions; a.calculationMode = calculationMode
        return a
    }
}

/// Animations that run together on the group's clock: each child's `beginTime` is from the
/// group's start, and the group's duration cuts them off. The group's `speed` scales its
/// children's clocks; its `repeatCount` and `autoreverses` repeat children that run from its
/// start to its end. A child cut off by the group's duration, a group `timeOffset` or timing
/// function, or a repeating group with a shorter child is refused with a message naming it.
open class CAAnimationGroup: CAAnimation {
    /// The animations of the group, timed from the group's start.
    open var animations: [CAAnimation]?

    /// A copy, as `layer.add(_:forKey:)` keeps one.
    open override func copy() -> CAAnimation {
        let a = CAAnimationGroup()
        a.copyTiming(from: self)
        a.animations = animations?.map { $0.copy() }
        return a
    }
}
