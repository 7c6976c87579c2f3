import Foundation

/// A scrolling view: its content moves by ``contentOffset``. Here the scroll view is the
/// table's (``UITableView`` is one): the script's touches move it, its delegate's
/// ``UIScrollViewDelegate`` methods run as the content moves, and what they do to the offset
/// and to other views is drawn (see ``UIScrollViewDelegate``). It scrolls vertically only.
open class UIScrollView: UIView {
    /// The content's offset: `y` is how far the content has moved up. Setting it moves the
    /// content there (a finger still dragging goes on from there, as on iOS) and calls the
    /// delegate's `scrollViewDidScroll`, as UIKit does; `x` is kept at 0.
    open var contentOffset: CGPoint {
        get { CGPoint(x: 0, y: offsetNow) }
        set {
            guard newValue.y.isFinite, newValue.y != offsetNow else { return }
            offsetNow = newValue.y
            offsetSetByCode = true
            (self as? UITableView)?.scrolledByCode()
        }
    }
    /// The offset as the content shows it now.
    var offsetNow: CGFloat = 0
    /// Whether code set ``contentOffset`` (the scene then records the offset the code left).
    var offsetSetByCode = false
    /// How deep `scrollViewDidScroll` calls nest (setting the offset inside one calls it again).
    var scrollCallDepth = 0
    /// The size of the content (a table's rows and section views, kept up to date as it scrolls).
    open var contentSize = CGSize.zero
    /// How a drag dismisses the keyboard (UIKit's modes). A scene shows no keyboard, so the
    /// mode changes nothing drawn.
    public enum KeyboardDismissMode: Int, Sendable {
        /// A drag leaves the keyboard.
        case none
        /// A drag dismisses it.
        case onDrag
        /// The keyboard follows the finger down.
        case interactive
    }
    /// How a drag dismisses the keyboard (none is shown in a scene).
    open var keyboardDismissMode = KeyboardDismissMode.none
    /// Whether a finger is dragging the content.
    open internal(set) var isDragging = false
    /// Whether the content is moving on after the finger lifted.
    open internal(set) var isDecelerating = false
    /// Whether the finger is down on the content.
    open var isTracking: Bool { isDragging }
}

/// What a scroll view tells its delegate (a table's delegate is one): with UIKit's names and
/// empty default implementations. A table calls `scrollViewDidScroll` each time its content
/// moves (stepped at 240 Hz, so a scene is the same at any frame rate; an iPhone calls it once
/// per display refresh, 60 or 120 times a second) and when code sets the offset,
/// `scrollViewWillBeginDragging` when a script's scroll or drag starts,
/// `scrollViewDidEndDragging(_:willDecelerate:)` when the finger lifts (a `release` or a
/// `fling`), `scrollViewWillBeginDecelerating` if the content goes on moving and
/// `scrollViewDidEndDecelerating` when it comes to rest. What they change (the offset, frames,
/// constraints and their layout, any animatable property, animations) is drawn from then.
@preconcurrency @MainActor
public protocol UIScrollViewDelegate: AnyObject {
    /// The content moved.
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    /// A finger started dragging the content.
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    /// The finger lifted; `decelerate`: the content goes on moving.
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    /// The content goes on moving after the finger lifted.
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
    /// The content came to rest after moving on.
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    /// Nothing.
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    /// Nothing.
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    /// Nothing.
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    /// Nothing.
    public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    /// Nothing.
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
}
