import Foundation

/// The tint colour as UIKit hands it down: a view's own, else its superview's, else the
/// window's default (systemBlue). A cell takes its table's tint even before the table shows
/// it (a cell made by `dequeueReusableCell` belongs to its table); views that draw in the tint
/// (an image view's symbol, a system button's title) draw again in ``UIView/tintColorDidChange()``.
extension UIView {
    /// The tint this view inherits: the nearest set on a superview (a cell's table stands for
    /// its superview), else systemBlue.
    var inheritedTintColor: UIColor {
        var v = superview ?? (self as? UITableViewCell)?.shownTable
        while let view = v {
            if let c = view.ownTintColor { return c }
            v = view.superview ?? (view as? UITableViewCell)?.shownTable
        }
        return .systemBlue
    }

    /// The nearest tint set on this view or a superview, not counting the default (nil: the
    /// default; what the engine draws in the scene's appearance, or a row's table's tint).
    var explicitTintColor: UIColor? {
        var v: UIView? = self
        while let view = v {
            if let c = view.ownTintColor { return c }
            v = view.superview
        }
        return nil
    }

    /// Makes `change` (which may change the tint this view shows), then tells the views that
    /// show a changed tint.
    func changeTint(_ change: () -> Void) {
        let before = tintColor
        change()
        if tintColor != before { tintDidChangeBelow() }
    }

    /// Moves this view under `parent` (nil: out of its superview) by `move`, with UIKit's
    /// notifications around it: `willMove(toSuperview:)`, `didMoveToSuperview()`, and
    /// `tintColorDidChange()` on the views that inherit a tint that changed with the move.
    func moveTint(to parent: UIView?, _ move: () -> Void) {
        willMove(toSuperview: parent)
        if ownTintColor != nil {
            move()
        } else {
            changeTint(move)
        }
        didMoveToSuperview()
    }

    /// Calls `tintColorDidChange()` on this view and the views inside it that inherit its tint.
    func tintDidChangeBelow() {
        var stack: [UIView] = [self]
        while let v = stack.popLast() {
            v.tintColorDidChange()
            for s in v.subviews where s.ownTintColor == nil { stack.append(s) }
        }
    }
}
