import Foundation
import SceneModel

/// How a property change is animated: UIView's block animations and Core Animation's implicit
/// ones, as the code that made the change asked.
struct ChangeAnimation {
    var duration: Double
    var delay: Double
    var timing: CAMediaTimingFunction
    /// A keyframe animation's values over the whole duration (`UIView.animateKeyframes`).
    var keyframes: Keyframes?
    /// While an `addKeyframe` block records: its start and length as fractions of the whole.
    var segment: (start: Double, length: Double)?

    /// Values at key times (fractions of the duration), joined by lines or held (discrete).
    struct Keyframes {
        var values: [Any]
        var keyTimes: [Double]
        var discrete: Bool
    }

    init(duration: Double, delay: Double, timing: CAMediaTimingFunction) {
        self.duration = duration; self.delay = delay; self.timing = timing
    }

    /// The Core Animation animation of `keyPath` from `old` to `new` this way (its begin time
    /// and fill left to the caller).
    func animation(_ keyPath: String, from old: Any, to new: Any) -> CAPropertyAnimation {
        let a: CAPropertyAnimation
        if let k = keyframes {
            let kf = CAKeyframeAnimation(keyPath: keyPath)
            kf.values = k.values.map(SceneWriter.animatable)
            kf.keyTimes = k.keyTimes.map { NSNumber(value: $0) }
            if k.discrete { kf.calculationMode = .discrete }
            a = kf
        } else {
            let b = CABasicAnimation(keyPath: keyPath)
            b.fromValue = SceneWriter.animatable(old)
            b.toValue = SceneWriter.animatable(new)
            a = b
        }
        a.duration = duration
        a.timingFunction = timing
        return a
    }
}

/// One change of a layer property while a context records (see ``LayerScene/at(_:_:)``).
struct LayerChange {
    let layer: CALayer
    let keyPath: String
    let old: Any
    let new: Any
    let animation: ChangeAnimation?
}

/// What records layer changes on this thread: the scene's clock (`at`), a table asking a cell
/// what it does when it is displayed at a scene time (`willDisplay`), or nothing (building a
/// scene: plain assignments).
final class ChangeContext {
    enum Mode { case at(Double), display(Double) }
    let mode: Mode
    var changes: [LayerChange] = []
    /// Open `CATransaction.begin()`s, innermost last.
    var transactions: [CATransaction.State] = []
    /// Open UIView animations (`animate` blocks, `beginAnimations`), innermost last.
    var viewAnimations: [ChangeAnimation] = []
    /// Whether UIView animations are off (`UIView.performWithoutAnimation`,
    /// `UIView.setAnimationsEnabled(false)`): changes are made at once, animation blocks too.
    var animationsDisabled = false
    /// The animation block changes are made under: the innermost UIView block, or one of no
    /// duration (made at once) while animations are disabled.
    var block: ChangeAnimation? {
        animationsDisabled ? ChangeAnimation(duration: 0, delay: 0, timing: UIView.AnimationCurve.easeInOut.timing) : viewAnimations.last
    }
    /// Layers made while this context records: they are not in the scene yet, so setting them
    /// up animates nothing (Core Animation animates no change to a layer it has not drawn).
    var created = Set<ObjectIdentifier>()
    /// Committed transactions' completion blocks, with the scene time their animations end.
    var completions: [(time: Double, block: () -> Void)] = []
    /// Animations added to layers while a cell is displayed (`layer.add(_:forKey:)` in
    /// `willDisplay`), their begin times counted from the display.
    var added: [(layer: CALayer, animation: CAAnimation, key: String?)] = []
    init(_ mode: Mode) { self.mode = mode }

    /// The scene time this context runs at, if it is one.
    var now: Double? {
        if case .at(let t) = mode { return t }
        return nil
    }

    static let key = "TableRenderQuartz.ChangeContext"
    static var current: ChangeContext? {
        get { Thread.current.threadDictionary[key] as? ChangeContext }
        set { Thread.current.threadDictionary[key] = newValue }
    }

    /// Runs `body` with a new context of `mode` on this thread; the changes it recorded.
    static func recording(_ mode: Mode, _ body: () throws -> Void) rethrows -> [LayerChange] {
        try context(mode, body).changes
    }

    /// Runs `body` with a new context of `mode` on this thread; the context, with what it recorded.
    static func context(_ mode: Mode, _ body: () throws -> Void) rethrows -> ChangeContext {
        let outer = current
        let context = ChangeContext(mode)
        current = context
        defer { current = outer }
        try body()
        return context
    }

    /// Called by a layer's initialiser.
    static func created(_ layer: CALayer) { current?.created.insert(ObjectIdentifier(layer)) }

    /// Called by a layer's property after it changed.
    static func changed(_ layer: CALayer, _ keyPath: String, from old: Any, to new: Any) {
        guard let c = current else { return }
        let created = c.created.contains(ObjectIdentifier(layer))
        // A property no key path animates changes at once, inside an animation block too.
        guard AnimatedKey.byPath[keyPath] != nil else {
            if !created { c.changes.append(LayerChange(layer: layer, keyPath: keyPath, old: old, new: new, animation: nil)) }
            return
        }
        var animation = c.block
        // "If you specify a negative value or 0, the changes are made without animating them"
        // (UIView.animate's documentation): no animation, implicit or not.
        let immediate = animation.map { !($0.duration > 0) } ?? false || ChangeContext.hidesAtOnce(layer, keyPath, new)
        if immediate { animation = nil }
        // A layer made while this context records is set up without animations (Core Animation
        // animates no change to a layer it has not drawn), except what a UIView animation block
        // changes: UIKit adds that animation to the layer itself (a view added, then faded in).
        if created && animation == nil { return }
        if animation == nil, !immediate, case .at = c.mode, layer.view == nil {
            // A standalone layer animates a change implicitly (0.25 s, the default curve)
            // unless the transaction disables actions; a view's layer does not.
            let t = c.transactions.last ?? CATransaction.State()
            if !t.disableActions { animation = ChangeAnimation(duration: t.duration, delay: 0, timing: t.timing) }
        }
        if let a = animation, let now = c.now { CATransaction.animationAdded(ending: now + a.delay + a.duration) }
        c.changes.append(LayerChange(layer: layer, keyPath: keyPath, old: old, new: new, animation: animation))
    }

    /// Whether a view's `isHidden` changes at once inside a `UIView.animate` block: UIKit
    /// animates a view's frame, bounds, center, transform, alpha and background colour there,
    /// not `isHidden` (the view shows or hides when the code runs; apps fade `alpha` instead).
    /// An arranged subview of a stack view being hidden stays drawn while the stack closes its
    /// room, and hides at the animation's end.
    static func hidesAtOnce(_ layer: CALayer, _ keyPath: String, _ new: Any) -> Bool {
        guard keyPath == "hidden", let view = layer.view else { return false }
        if new as? Bool == true, let stack = view.superview as? UIStackView, stack.arrangedSubviews.contains(where: { $0 === view }) {
            return false
        }
        return true
    }

    /// Called after `layer` joined `parent`: a layer made at a scene time, or made before and
    /// in no tree until code at a scene time adds it (`detached`), added to one the scene has
    /// is hidden until then.
    static func added(_ layer: CALayer, to parent: CALayer, detached: Bool) {
        guard let c = current, c.now != nil else { return }
        parent.sceneRemoved.removeAll { $0.layer === layer }
        var joins = c.created.contains(ObjectIdentifier(layer))
        if case .at = c.mode, detached { joins = true }
        guard joins, !c.created.contains(ObjectIdentifier(parent)) else { return }
        c.changes.append(LayerChange(layer: layer, keyPath: "hidden", old: true, new: layer.isHidden, animation: nil))
    }

    /// Called after `layer` left `parent`: at a scene time the scene keeps it, hidden from then.
    static func removed(_ layer: CALayer, from parent: CALayer, at index: Int) {
        guard let c = current, c.now != nil, !c.created.contains(ObjectIdentifier(layer)),
              !c.created.contains(ObjectIdentifier(parent)) else { return }
        parent.sceneRemoved.append((layer, index))
        c.changes.append(LayerChange(layer: layer, keyPath: "hidden", old: layer.isHidden, new: true, animation: nil))
    }
}

/// Groups layer changes: their implicit animations take the transaction's duration and timing
/// function, or none when actions are disabled. Changes made at a scene time (see
/// ``LayerScene/at(_:_:)``) outside any transaction are in an implicit one, as in Core Animation.
public enum CATransaction {
    struct State {
        var duration = 0.25
        var timing = CAMediaTimingFunction(name: .default)
        var disableActions = false
        var completion: (() -> Void)?
        /// When the last animation added in the transaction ends, on the scene's clock.
        var end = -Double.infinity
    }

    /// Starts a transaction (nested ones inherit the outer settings, not its completion block).
    public static func begin() {
        guard let c = ChangeContext.current else { return }
        var state = c.transactions.last ?? State()
        state.completion = nil
        state.end = -.infinity
        c.transactions.append(state)
    }
    /// Ends the innermost transaction. Its completion block runs when its animations end.
    public static func commit() {
        // Outer transactions already wait for its animations (``animationAdded(ending:)``).
        guard let c = ChangeContext.current, let state = c.transactions.popLast() else { return }
        if let block = state.completion {
            if let now = c.now { c.completions.append((max(now, state.end), block)) } else { block() }
        }
    }
    /// The block run when every animation this transaction adds has ended: at a scene time
    /// (``LayerScene/at(_:_:)``) it runs as code at the time they end, so what it changes
    /// shows from then; while a scene is built it runs at commit.
    public static func setCompletionBlock(_ block: (() -> Void)?) { update { $0.completion = block } }
    /// The completion block set for this transaction.
    public static func completionBlock() -> (() -> Void)? { ChangeContext.current?.transactions.last?.completion }

    /// Every open transaction waits for an animation that ends at `end`.
    static func animationAdded(ending end: Double) {
        guard let c = ChangeContext.current else { return }
        for i in c.transactions.indices { c.transactions[i].end = max(c.transactions[i].end, end) }
    }
    /// The duration of the implicit animations in this transaction.
    public static func setAnimationDuration(_ d: CFTimeInterval) { update { $0.duration = d } }
    /// The duration of this transaction's implicit animations (0.25 s by default).
    public static func animationDuration() -> CFTimeInterval { ChangeContext.current?.transactions.last?.duration ?? 0.25 }
    /// The pacing of this transaction's implicit animations (nil: the default curve).
    public static func setAnimationTimingFunction(_ f: CAMediaTimingFunction?) {
        update { $0.timing = f ?? CAMediaTimingFunction(name: .default) }
    }
    /// Whether changes in this transaction happen at once, without implicit animations.
    public static func setDisableActions(_ flag: Bool) { update { $0.disableActions = flag } }
    /// Whether this transaction's changes happen at once.
    public static func disableActions() -> Bool { ChangeContext.current?.transactions.last?.disableActions ?? false }

    static func update(_ change: (inout State) -> Void) {
        guard let c = ChangeContext.current else { return }
        if c.transactions.isEmpty { c.transactions.append(State()) }
        change(&c.transactions[c.transactions.count - 1])
    }
}
