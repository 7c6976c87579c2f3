import Foundation

/// Baselines in the solve (`firstBaselineAnchor`, `lastBaselineAnchor`): a view's first
/// baseline is its top plus where the text of ``UIView/forFirstBaselineLayout`` puts its first
/// line's baseline; the last, its bottom less where the last line's sits above the bottom. A
/// view with no text lends its top edge (first) or bottom edge (last), as Apple's
/// `forFirstBaselineLayout` and `forLastBaselineLayout` say. The offsets are taken at the
/// height solved so far, or the text's own height while it is still open (a label hugging its
/// text, as baseline-aligned labels do).
extension AutoLayout {
    /// `v`'s first baseline below its top (`last`: its last baseline above its bottom) when
    /// it is `width` x `height` (nil: its content's), following the views it names for its
    /// baselines; nil when none of them has text (then its edge).
    static func baselineOffset(_ v: UIView, last: Bool, width: Double?, height: Double?, depth: Int = 0) -> Double? {
        guard depth < 64 else { return nil }
        let b = last ? v.forLastBaselineLayout : v.forFirstBaselineLayout
        if b === v { return v.textBaselines(width: width, height: height).map { last ? $0.lastFromBottom : $0.first } }
        if let stack = v as? UIStackView, stack.shown.contains(where: { $0 === b }) {
            return stack.baselineOffset(of: b, last: last, width: width, height: height, depth: depth)
        }
        // A subview placed by its frame: its own baseline (or edge) where it sits in `v`.
        var dy = 0.0
        var w: UIView? = b
        while let step = w, step !== v {
            dy += Double(step.frame.minY)
            w = step.superview
        }
        // Not inside `v` (UIKit requires a subview): `v`'s own edge.
        guard w === v else { return nil }
        let f = b.frame
        let own = baselineOffset(b, last: last, width: Double(f.width), height: Double(f.height), depth: depth + 1) ?? 0
        guard last else { return dy + own }
        return (height ?? Double(v.bounds.height)) - (dy + Double(f.height)) + own
    }

    /// A view's baseline in the solve, once its top (first) or bottom (last) is known.
    func baseline(_ v: UIView, last: Bool) -> Double? {
        let id = ObjectIdentifier(v)
        guard let axis = y[id], let edge = last ? axis.hi : axis.lo else { return nil }
        let offset = AutoLayout.baselineOffset(v, last: last, width: x[id]?.size, height: axis.size) ?? 0
        return last ? edge - offset : edge + offset
    }

    /// Sets a view's baseline (its top or bottom from it), when that edge is still open.
    mutating func setBaseline(_ v: UIView, last: Bool, _ value: Double) -> Bool {
        let id = ObjectIdentifier(v)
        let offset = AutoLayout.baselineOffset(v, last: last, width: x[id]?.size, height: y[id]?.size) ?? 0
        return last ? set(v, .bottom, value + offset) : set(v, .top, value - offset)
    }
}

extension UIStackView {
    func baselineView(last: Bool) -> UIView? {
        let views = shown
        if axis == .vertical { return last ? views.last : views.first }
        var tallest: (view: UIView, height: Double)?
        for v in views {
            let h = UIStackView.length(of: v, horizontal: false, across: nil)
            if tallest.map({ h > $0.height }) ?? true { tallest = (v, h) }
        }
        return tallest?.view
    }

    /// Where arranged subview `b`'s baseline falls in the stack `height` tall (nil: its own
    /// height): from the top for the first, from the bottom for the last.
    func baselineOffset(of b: UIView, last: Bool, width: Double?, height: Double?, depth: Int) -> Double? {
        let views = shown
        guard let i = views.firstIndex(where: { $0 === b }) else { return nil }
        if axis == .vertical {
            // The first view is at the top, the last at the bottom.
            let across = alignment == .fill ? width : nil
            return AutoLayout.baselineOffset(b, last: last, width: across, height: nil, depth: depth + 1)
        }
        let widths = views.map { UIStackView.length(of: $0, horizontal: true, across: nil) }
        let placed = crossPlacement(views, widths: widths, across: height)
        let own = AutoLayout.baselineOffset(b, last: last, width: widths[i], height: placed.spots[i].length, depth: depth + 1) ?? 0
        return last ? placed.across - (placed.spots[i].at + placed.spots[i].length) + own : placed.spots[i].at + own
    }

    /// Where each of a horizontal stack's `views` sits across it (top, height), and the stack's
    /// height: `across` when given, else what the views need. Baseline alignments line up the
    /// views' first (last) baselines, the view reaching highest above (lowest below) the line
    /// at the stack's top (bottom); a view with no text aligns its top (bottom) edge.
    func crossPlacement(_ views: [UIView], widths: [Double], across: Double?) -> (spots: [(at: Double, length: Double)], across: Double) {
        let own = zip(views, widths).map { UIStackView.length(of: $0, horizontal: false, across: $1) }
        switch alignment {
        case .firstBaseline, .lastBaseline:
            let last = alignment == .lastBaseline
            // Each view's baseline from its top at its own height.
            let lines = views.indices.map { i -> Double in
                let b = AutoLayout.baselineOffset(views[i], last: last, width: widths[i], height: own[i]) ?? 0
                return last ? own[i] - b : b
            }
            let above = lines.max() ?? 0
            let below = zip(own, lines).map { $0 - $1 }.max() ?? 0
            let height = across ?? above + below
            let line = last ? height - below : above
            return (views.indices.map { (line - lines[$0], own[$0]) }, height)
        default:
            let height = across ?? own.max() ?? 0
            return (own.map { o in
                let length = alignment == .fill ? height : min(o, height)
                switch alignment {
                case .center: return ((height - length) / 2, length)
                case .trailing: return (height - length, length)
                default: return (0, length)
                }
            }, height)
        }
    }
}
