import Foundation

/// The subviews' order, as UIKit's view hierarchy calls change it: each call moves the view's
/// layer among the sublayers with it, so what is drawn on top follows. Made before the scene
/// starts, the order is drawn as made; a reorder at a scene time is drawn in the final order
/// throughout (notes/robustness.md).
extension UIView {
    /// Inserts `view` at `index` among the subviews (clamped to them; taking it from any other
    /// superview).
    public func insertSubview(_ view: UIView, at index: Int) {
        addSubview(view)
        guard view.superview === self else { return }   // refused, with the refusal's message
        place(view, at: index)
    }

    /// Inserts `view` just below `sibling` (at the top when `sibling` is not a subview).
    public func insertSubview(_ view: UIView, belowSubview sibling: UIView) {
        addSubview(view)
        guard view.superview === self, let i = subviews.firstIndex(where: { $0 === sibling }) else { return }
        place(view, at: i)
    }

    /// Inserts `view` just above `sibling` (at the top when `sibling` is not a subview).
    public func insertSubview(_ view: UIView, aboveSubview sibling: UIView) {
        addSubview(view)
        guard view.superview === self, let i = subviews.firstIndex(where: { $0 === sibling }) else { return }
        place(view, at: i + 1)
    }

    /// Moves a subview to the top.
    public func bringSubviewToFront(_ view: UIView) {
        guard view.superview === self else { return }
        place(view, at: subviews.count - 1)
    }

    /// Moves a subview to the bottom.
    public func sendSubviewToBack(_ view: UIView) {
        guard view.superview === self else { return }
        place(view, at: 0)
    }

    /// Swaps two subviews' places (indexes outside the subviews: nothing).
    public func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        guard subviews.indices.contains(index1), subviews.indices.contains(index2), index1 != index2 else { return }
        let a = subviews[index1], b = subviews[index2]
        place(a, at: index2)
        place(b, at: index1)
    }

    /// Puts a subview at `index` among the subviews and its layer just below the layer of the
    /// subview after it (or last).
    private func place(_ view: UIView, at index: Int) {
        guard let from = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.remove(at: from)
        let at = min(max(index, 0), subviews.count)
        subviews.insert(view, at: at)
        view.layer.removeFromSuperlayer()
        let next = at + 1 < subviews.count ? subviews[at + 1].layer : nil
        let layerIndex = next.flatMap { n in layer.sublayers?.firstIndex { $0 === n } } ?? (layer.sublayers?.count ?? 0)
        layer.insertSublayer(view.layer, at: UInt32(clamping: layerIndex))
    }
}
