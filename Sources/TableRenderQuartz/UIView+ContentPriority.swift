import Foundation

extension UIView {
    /// How much the view resists growing past its content's size on `axis` (250 for a view made
    /// in code). Where Auto Layout leaves room to share, the view that hugs hardest gets its
    /// content's size first and a view that hugs less takes what is left (a value label set to
    /// `.required` keeps its width while the title beside it stretches).
    public func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        contentPriorities.hugging[axis.rawValue]
    }

    /// Sets the view's content hugging priority on `axis`.
    public func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        contentPriorities.hugging[axis.rawValue] = priority
        setNeedsLayout()
    }

    /// How much the view resists shrinking below its content's size on `axis` (750): the solve
    /// gives the view its content's size at this priority, so a constraint at or above it wins
    /// over the content and one below it loses (a label at `.required` keeps its text's width
    /// against a width constraint at 999).
    public func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        contentPriorities.compression[axis.rawValue]
    }

    /// Sets the view's compression resistance on `axis` (see
    /// ``contentCompressionResistancePriority(for:)``).
    public func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        contentPriorities.compression[axis.rawValue] = priority
        setNeedsLayout()
    }
}
