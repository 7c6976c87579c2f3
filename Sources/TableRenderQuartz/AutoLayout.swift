import Foundation

/// The solver: each view's edges in the coordinates of the root of the tree, one axis at a
/// time, from the views whose frames are given (the root, and views that translate their
/// autoresizing masks into constraints) along the constraints until nothing more follows;
/// a size still open is the view's intrinsic content size, anything else still open keeps the
/// frame the view has.
@preconcurrency @MainActor
struct AutoLayout {
    /// Required equalities that disagreed with the solve (see AutoLayout+Unsatisfiable.swift).
    var broken: [(constraint: NSLayoutConstraint, asked: Double, given: Double)] = []

    /// One axis of a view: its low edge (left, top), high edge, size and centre, as known.
    struct Axis {
        var lo: Double?, hi: Double?, size: Double?, center: Double?
        /// Fills in the rest once two are known; whether anything changed.
        mutating func complete() -> Bool {
            let before = (lo, hi, size, center)
            if let l = lo, let h = hi { size = size ?? h - l; center = center ?? (l + h) / 2 }
            if let l = lo, let s = size { hi = hi ?? l + s; center = center ?? l + s / 2 }
            if let h = hi, let s = size { lo = lo ?? h - s; center = center ?? h - s / 2 }
            if let c = center, let s = size { lo = lo ?? c - s / 2; hi = hi ?? c + s / 2 }
            if let c = center, let l = lo { hi = hi ?? 2 * c - l; size = size ?? 2 * (c - l) }
            if let c = center, let h = hi { lo = lo ?? 2 * c - h; size = size ?? 2 * (h - c) }
            return before != (lo, hi, size, center)
        }
        subscript(_ a: NSLayoutConstraint.Attribute) -> Double? {
            get {
                switch a {
                case .left, .leading, .top: return lo
                case .right, .trailing, .bottom: return hi
                case .width, .height: return size
                case .centerX, .centerY: return center
                // A baseline depends on the view's text (the solve's `get`).
                case .firstBaseline, .lastBaseline: return nil
                case .notAnAttribute: return 0
                }
            }
            set {
                switch a {
                case .left, .leading, .top: lo = lo ?? newValue
                case .right, .trailing, .bottom: hi = hi ?? newValue
                case .width, .height: size = size ?? newValue
                case .centerX, .centerY: center = center ?? newValue
                case .firstBaseline, .lastBaseline, .notAnAttribute: break
                }
            }
        }
    }

    var x: [ObjectIdentifier: Axis] = [:]
    var y: [ObjectIdentifier: Axis] = [:]

    /// Lays out the tree under `root` (whose own frame stays): frames of the constrained views.
    /// Stack views then arrange their subviews, from the outermost in.
    static func layout(_ root: UIView) {
        let b = root.bounds
        if let (s, views) = solve(root, width: Double(b.width), height: Double(b.height)) {
            for v in views where v !== root && !v.translatesAutoresizingMaskIntoConstraints { s.setFrame(v) }
        }
        func arrange(_ v: UIView) {
            (v as? UIStackView)?.arrange()
            v.subviews.forEach(arrange)
        }
        arrange(root)
    }

    /// The height the constraints of the tree under `root` give it at `width` (UIKit's
    /// `systemLayoutSizeFitting` with the width fixed and the height fitting), or nil when
    /// nothing ties the root's bottom to its content (UIKit's ambiguous height). No frame changes.
    static func fittingHeight(_ root: UIView, width: Double) -> Double? {
        guard let (s, _) = solve(root, width: width, height: nil),
              let h = s.y[ObjectIdentifier(root)]?.size, h.isFinite, h >= 0 else { return nil }
        return h
    }

    /// The solve: the root's edges given (its top at 0, its height when given), the rest
    /// learnt along the constraints; nil when the tree has no constraint.
    static func solve(_ root: UIView, width: Double, height: Double?) -> (AutoLayout, [UIView])? {
        var views: [UIView] = []
        // Each view's layout guides are solved as views of it (never drawn), a system guide's
        // edges tied to its view's less its insets.
        var guides: [UILayoutGuide] = []
        func walk(_ v: UIView) {
            views.append(v)
            for g in v.ownGuides { views.append(g.proxy); guides.append(g) }
            v.subviews.forEach(walk)
        }
        walk(root)
        if height != nil { for v in views { v.needsLayout = false } }
        let inTree = Set(views.map(ObjectIdentifier.init))
        let constraints = (views.flatMap(\.activeConstraints) + guides.flatMap { $0.edgeConstraints() }).filter { c in
            c.firstItem != nil && (c.secondItem.map { inTree.contains(ObjectIdentifier($0)) } ?? true)
        }
        guard !constraints.isEmpty else { return nil }
        var s = AutoLayout()
        s.x[ObjectIdentifier(root)] = Axis(lo: 0, hi: width, size: width, center: width / 2)
        s.y[ObjectIdentifier(root)] = height.map { Axis(lo: 0, hi: $0, size: $0, center: $0 / 2) } ?? Axis(lo: 0)
        // Priorities from the highest down: each level's equalities propagate before a lower
        // level's may set anything, so where two disagree the higher one's value stands (UIKit
        // breaks the lower one). A view's content size comes in at its compression resistance
        // (750 unless set): before the levels below it, after those at or above it.
        let levels = Dictionary(grouping: constraints) { $0.priority.rawValue }.sorted { $0.key > $1.key }
        var active: [NSLayoutConstraint] = []
        // Views whose compression resistance is above this get their content sizes; inequalities
        // hold at their bounds once it is below 750 (as before per-view priorities).
        var threshold = Float.infinity
        var passes = 0
        let budget = constraints.count + 10 * views.count + 2 * levels.count + 2
        // Every pass but the last learns an edge, a size or a centre of some view (each is
        // learnt once), so the passes end; the budget is a guard.
        // Stack views whose arranged subviews are placed in this solve (a layout's: a fitting
        // solve changes no frame).
        var arranged = Set<ObjectIdentifier>()
        let stacks = height == nil ? [] : views.compactMap { $0 as? UIStackView }
        func settle() {
            while passes <= budget {
                passes += 1
                var changed = false
                for v in views where v !== root && v.translatesAutoresizingMaskIntoConstraints {
                    changed = s.placeFromFrame(v) || changed
                }
                for c in active where c.relation == .equal { changed = s.apply(c) || changed }
                if changed { continue }
                // A stack whose frame is known places its arranged subviews, as UIKit's stack
                // does with constraints of its own, so what is pinned to one of them (a chevron
                // centred on a title in a stack) follows where the stack puts it.
                for st in stacks where !arranged.contains(ObjectIdentifier(st)) && s.isPlaced(st) {
                    arranged.insert(ObjectIdentifier(st))
                    if st !== root { s.setFrame(st) }
                    st.arrange()
                    for v in st.arrangedSubviews where !v.isHidden { changed = s.placeFromFrame(v) || changed }
                }
                if changed { continue }
                // Where the constraints stop, the first view with a size still open gets its
                // content's own (a label's text at the width solved so far, within the
                // inequalities on it), inside the solve: what is pinned to it follows (a label
                // below a label lands below it, not at 0). Then an inequality with one side
                // open holds at its bound (tight, as hugging and fitting sizes make it).
                if s.giveIntrinsicSize(views, root: root, active, above: threshold) || (threshold < 750 && s.tighten(active)) { continue }
                break
            }
        }
        for (priority, level) in levels {
            threshold = priority
            settle()
            active += level
            settle()
        }
        threshold = -.infinity
        settle()
        s.sayBroken()
        return (s, views)
    }

    /// The first inequality of `constraints` with one side known and the other open sets the
    /// open one to its bound, the tightest of every inequality that bounds it from that side
    /// (a cell's bottom below each of its subviews that pin theirs with `<=`: the lowest of
    /// them, not the first); whether one did.
    mutating func tighten(_ constraints: [NSLayoutConstraint]) -> Bool {
        let inequalities = constraints.filter { $0.relation != .equal }
        for c in inequalities {
            guard let open = openBound(c) else { continue }
            var value = open.value
            for d in inequalities where d !== c {
                guard let other = openBound(d), other.view === open.view, other.attribute == open.attribute,
                      other.least == open.least else { continue }
                value = open.least ? max(value, other.value) : min(value, other.value)
            }
            return set(open.view, open.attribute, value)
        }
        return false
    }

    /// An inequality with one side known and the other open: the open side, the bound it gets,
    /// and whether the bound is its least value (nil when both sides are known or both open).
    func openBound(_ c: NSLayoutConstraint) -> (view: UIView, attribute: NSLayoutConstraint.Attribute, value: Double, least: Bool)? {
        guard c.relation != .equal, let first = c.firstItem else { return nil }
        let m = Double(c.multiplier), k = Double(c.constant)
        let atLeast = c.relation == .greaterThanOrEqual
        guard let second = c.secondItem else {
            return get(first, c.firstAttribute) == nil ? (first, c.firstAttribute, k, atLeast) : nil
        }
        let a = get(first, c.firstAttribute), b = get(second, c.secondAttribute)
        if a == nil, let b { return (first, c.firstAttribute, b * m + k, atLeast) }
        // first >= m * second + k: second <= (first - k) / m when m > 0.
        if b == nil, let a, m != 0 { return (second, c.secondAttribute, (a - k) / m, atLeast != (m > 0)) }
        return nil
    }

    /// What is known of `v`'s attribute `a`.
    func get(_ v: UIView, _ a: NSLayoutConstraint.Attribute) -> Double? {
        switch a {
        case .firstBaseline: return baseline(v, last: false)
        case .lastBaseline: return baseline(v, last: true)
        default: return (a.horizontal ? x : y)[ObjectIdentifier(v)]?[a]
        }
    }

    /// Sets `v`'s attribute `a`, when it is still open; whether it was.
    mutating func set(_ v: UIView, _ a: NSLayoutConstraint.Attribute, _ value: Double) -> Bool {
        if a == .firstBaseline || a == .lastBaseline { return setBaseline(v, last: a == .lastBaseline, value) }
        let id = ObjectIdentifier(v)
        let horizontal = a.horizontal
        var axis = (horizontal ? x : y)[id] ?? Axis()
        guard axis[a] == nil else { return false }
        axis[a] = value
        _ = axis.complete()
        if horizontal { x[id] = axis } else { y[id] = axis }
        return true
    }

    /// The least and greatest size the inequalities of `constraints` allow `v` on an axis,
    /// from what is known so far (an edge bound with the other edge known bounds the size).
    func sizeBounds(_ v: UIView, horizontal: Bool, _ constraints: [NSLayoutConstraint]) -> (min: Double, max: Double) {
        var lo = -Double.infinity, hi = Double.infinity
        let axis = (horizontal ? x : y)[ObjectIdentifier(v)]
        for c in constraints where c.relation != .equal {
            guard let first = c.firstItem else { continue }
            let m = Double(c.multiplier), k = Double(c.constant)
            // `v.attribute` against a bound, and whether the bound is a least value.
            var attribute: NSLayoutConstraint.Attribute, bound: Double, least: Bool
            if first === v, c.firstAttribute.horizontal == horizontal {
                guard let other = c.secondItem.map({ get($0, c.secondAttribute).map { $0 * m + k } }) ?? k else { continue }
                (attribute, bound, least) = (c.firstAttribute, other, c.relation == .greaterThanOrEqual)
            } else if c.secondItem === v, c.secondAttribute.horizontal == horizontal, m > 0, let a = get(first, c.firstAttribute) {
                (attribute, bound, least) = (c.secondAttribute, (a - k) / m, c.relation == .lessThanOrEqual)
            } else { continue }
            let size: Double
            switch attribute {
            case .width, .height: size = bound
            case .right, .trailing, .bottom:
                guard let l = axis?.lo else { continue }
                size = bound - l
            case .left, .leading, .top:
                guard let h = axis?.hi else { continue }
                size = h - bound
                least.toggle()
            default: continue
            }
            if least { lo = max(lo, size) } else { hi = min(hi, size) }
        }
        return (lo, hi)
    }

    /// The first constrained view with an open size that has a content size gets it: first
    /// the widths, the views taken by their horizontal content hugging, highest first; once no
    /// width is left to give, the heights (at the widths solved), by vertical hugging. Tree
    /// order among equals. Only sizes whose compression resistance is above `threshold` (the
    /// priority of the next level of constraints) are given. Whether one did.
    mutating func giveIntrinsicSize(_ views: [UIView], root: UIView, _ constraints: [NSLayoutConstraint],
                                    above threshold: Float = -.infinity) -> Bool {
        let inequalities = constraints.filter { $0.relation != .equal }
        func clamped(_ size: Double, _ v: UIView, horizontal: Bool) -> Double {
            guard !inequalities.isEmpty else { return size }
            let b = sizeBounds(v, horizontal: horizontal, inequalities)
            return min(max(size, b.min), b.max)
        }
        // The view that hugs its content hardest first: a view that hugs less then takes the
        // room left, as UIKit stretches the lower hugging priority (its hugging constraint at
        // that priority is the one broken).
        let open = views.filter { $0 !== root && !$0.translatesAutoresizingMaskIntoConstraints }
        func byHugging(_ axis: Int) -> [UIView] {
            open.enumerated().sorted {
                let a = $0.element.contentPriorities.hugging[axis].rawValue, b = $1.element.contentPriorities.hugging[axis].rawValue
                return a != b ? a > b : $0.offset < $1.offset
            }.map(\.element)
        }
        for v in byHugging(0) where x[ObjectIdentifier(v)]?.size == nil && v.contentPriorities.compression[0].rawValue > threshold {
            let w = v.intrinsicSize(fittingWidth: nil).width
            guard w != UIView.noIntrinsicMetric else { continue }
            let id = ObjectIdentifier(v)
            x[id, default: Axis()].size = clamped(Double(w), v, horizontal: true)
            _ = x[id]?.complete()
            return true
        }
        for v in byHugging(1) where y[ObjectIdentifier(v)]?.size == nil && v.contentPriorities.compression[1].rawValue > threshold {
            let id = ObjectIdentifier(v)
            let h = v.intrinsicSize(fittingWidth: x[id]?.size).height
            guard h != UIView.noIntrinsicMetric else { continue }
            y[id, default: Axis()].size = clamped(Double(h), v, horizontal: false)
            _ = y[id]?.complete()
            return true
        }
        return false
    }

    /// A view placed by its frame, once its superview's edges are known.
    /// Whether `v`'s edges and sizes are known on both axes.
    func isPlaced(_ v: UIView) -> Bool {
        let id = ObjectIdentifier(v)
        return x[id]?.lo != nil && x[id]?.size != nil && y[id]?.lo != nil && y[id]?.size != nil
    }

    mutating func placeFromFrame(_ v: UIView) -> Bool {
        guard let sup = v.superview, let sx = x[ObjectIdentifier(sup)]?.lo, let sy = y[ObjectIdentifier(sup)]?.lo,
              x[ObjectIdentifier(v)]?.lo == nil else { return false }
        let f = v.frame
        x[ObjectIdentifier(v)] = Axis(lo: sx + Double(f.minX), hi: sx + Double(f.maxX), size: Double(f.width), center: sx + Double(f.midX))
        y[ObjectIdentifier(v)] = Axis(lo: sy + Double(f.minY), hi: sy + Double(f.maxY), size: Double(f.height), center: sy + Double(f.midY))
        return true
    }

    /// One constraint, forwards or backwards, where one side is known and the other is not.
    mutating func apply(_ c: NSLayoutConstraint) -> Bool {
        guard let first = c.firstItem else { return false }
        // Each side on its own axis (a height may equal a width): `get` and `set`.
        let m = Double(c.multiplier), k = Double(c.constant)
        guard let second = c.secondItem else {
            guard let a = get(first, c.firstAttribute) else { return set(first, c.firstAttribute, k) }
            noteBroken(c, asked: k, given: a)
            return false
        }
        let a = get(first, c.firstAttribute), b = get(second, c.secondAttribute)
        if a == nil, let b { return set(first, c.firstAttribute, b * m + k) }
        if b == nil, let a, m != 0 { return set(second, c.secondAttribute, (a - k) / m) }
        if let a, let b { noteBroken(c, asked: b * m + k, given: a) }
        return false
    }

    /// The view's frame in its superview (a guide's in its owning view) from its solved edges
    /// (what is still unknown kept).
    func setFrame(_ v: UIView) {
        guard let sup = v.superview ?? (v as? GuideView)?.guide?.owningView else { return }
        let id = ObjectIdentifier(v), sid = ObjectIdentifier(sup)
        let old = v.frame
        let sx = x[sid]?.lo ?? 0, sy = y[sid]?.lo ?? 0
        func finite(_ d: Double?, _ fallback: CGFloat) -> CGFloat {
            guard let d, d.isFinite, abs(d) <= 1e6 else { return fallback }
            return CGFloat(d)
        }
        let nx = finite(x[id]?.lo.map { $0 - sx }, old.minX), ny = finite(y[id]?.lo.map { $0 - sy }, old.minY)
        let nw = max(finite(x[id]?.size, old.width), 0), nh = max(finite(y[id]?.size, old.height), 0)
        let frame = CGRect(x: nx, y: ny, width: nw, height: nh)
        if frame != old { v.frame = frame }
    }
}
