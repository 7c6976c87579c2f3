import Foundation

/// `UIControl`: a view with a control's states and its actions. Apps subclass it for custom
/// buttons and accessories that draw themselves by state (``isHighlighted`` and a redraw).
///
/// Actions run as app code at the scene time the control sends them (a refresh control's
/// `valueChanged` when a pull starts it). Swift on Linux has no `#selector`: name the method as
/// a function of its class, `addTarget(self, action: InboxController.refresh, for: .valueChanged)`,
/// or give a closure, `addAction(UIAction { _ in ... }, for: .valueChanged)`.
open class UIControl: UIView {
    /// Whether a touch is down on the control (a table cell highlights its accessory with it).
    open var isHighlighted = false
    /// Whether the control is selected.
    open var isSelected = false
    /// Whether the control takes touches.
    open var isEnabled = true

    /// The events a control sends actions for (UIKit's `UIControl.Event`).
    public struct Event: OptionSet, Hashable, Sendable {
        /// The events' bits (UIKit's values).
        public let rawValue: UInt
        /// The events of these bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// A touch lifted inside the control.
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// The control's value changed (a refresh control started refreshing).
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// The control's primary action (a button's tap, a refresh control's refresh).
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        /// A text field began editing (never sent in a scene: nothing is typed).
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        /// A text field's text changed as typed (never sent in a scene).
        public static let editingChanged = Event(rawValue: 1 << 17)
        /// A text field ended editing (never sent in a scene).
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        /// A text field's return key ended editing (never sent in a scene).
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
    }

    /// The actions added, in order, with their events.
    private var actions: [(events: Event, run: (UIControl) -> Void)] = []

    /// Calls `action` on `target` (kept weakly, as UIKit does) when the control sends one of
    /// `events`: `addTarget(self, action: InboxController.refresh, for: .valueChanged)` for
    /// `@objc func refresh()`.
    public func addTarget<T: AnyObject>(_ target: T, action: @escaping (T) -> () -> Void, for events: Event) {
        actions.append((events, { [weak target] _ in if let target { action(target)() } }))
    }

    /// Calls `action` on `target` with the control: `@objc func refresh(_ sender: UIRefreshControl)`.
    public func addTarget<T: AnyObject, Sender: UIControl>(_ target: T, action: @escaping (T) -> (Sender) -> Void, for events: Event) {
        actions.append((events, { [weak target] control in
            if let target, let sender = control as? Sender { action(target)(sender) }
        }))
    }

    /// Runs `action`'s handler when the control sends one of `events` (iOS 14).
    public func addAction(_ action: UIAction, for events: Event) {
        actions.append((events, { control in
            action.sender = control
            action.handler(action)
            action.sender = nil
        }))
    }

    /// Sends the actions for `events`, in the order they were added, as app code at the time of
    /// the code running now.
    open func sendActions(for events: Event) {
        for a in actions where !a.events.isDisjoint(with: events) { a.run(self) }
    }

    /// Whether an action waits for one of `events`.
    func hasActions(for events: Event) -> Bool { actions.contains { !$0.events.isDisjoint(with: events) } }
}

/// `UIAction` (iOS 14): a closure a control runs for an event.
@preconcurrency @MainActor
public final class UIAction {
    /// The title (menus; not drawn).
    public let title: String
    /// The control sending the action while its handler runs (nil otherwise).
    public internal(set) var sender: Any?
    let handler: (UIAction) -> Void
    /// An action running `handler`.
    public init(title: String = "", image: UIImage? = nil, handler: @escaping (UIAction) -> Void) {
        self.title = title
        self.handler = handler
    }
}

extension UIControl {
    /// A control's states (UIKit's `UIControl.State`: `.normal`, `.highlighted` ...).
    public typealias State = UIButton.State
}
