import Foundation

/// How a property change is animated: UIView's block animations and Core Animation's implicit
/// ones, as the code that made the change asked.
struct ChangeAnimation {
    var duration: Double
    var delay: Double
    var timing: CAMediaTimingFunction
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
/// what it does on display, or nothing (building a scene: plain assignments).
final class ChangeContext {
    enum Mode { case at(Double), display }
    let mode: Mode
    var changes: [LayerChange] = []
    /// Open `CATransaction.begin()`s, innermost last.
    var transactions: [CATransaction.State] = []
    /// Open UIView animations (`animate` blocks, `beginAnimations`), innermost last.
    var viewAnimations: [ChangeAnimation] = []
    init(_ mode: Mode) { self.mode = mode }

    static let key = "TableRenderQuartz.ChangeContext"
    static var current: ChangeContext? {
        get { Thread.current.threadDictionary[key] as? ChangeContext }
        set { Thread.current.threadDictionary[key] = newValue }
    }

    /// Runs `body` with a new context of `mode` on this thread; the changes it recorded.
    static func recording(_ mode: Mode, _ body: () throws -> Void) rethrows -> [LayerChange] {
        let outer = current
        let context = ChangeContext(mode)
        current = context
        defer { current = outer }
        try body()
        return context.changes
    }

    /// Called by a layer's property after it changed.
    static func changed(_ layer: CALayer, _ keyPath: String, from old: Any, to new: Any) {
        guard let c = current else { return }
        var animation = c.viewAnimations.last
        if animation == nil, case .at = c.mode, layer.view == nil {
            // A standalone layer animates a change implicitly (0.25 s, the default curve)
            // unless the transaction disables actions; a view's layer does not.
            let t = c.transactions.last ?? CATransaction.State()
            if !t.disableActions { animation = ChangeAnimation(duration: t.duration, delay: 0, timing: t.timing) }
        }
        c.changes.append(LayerChange(layer: layer, keyPath: keyPath, old: old, new: new, animation: animation))
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
    }

    /// Starts a transaction (nested ones inherit the outer settings).
    public static func begin() {
        guard let c = ChangeContext.current else { return }
        c.transactions.append(c.transactions.last ?? State())
    }
    /// Ends the innermost transaction.
    public static func commit() { _ = ChangeContext.current?.transactions.popLast() }
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
