import Geometry
import SceneModel
import Simulation

/// UIScrollView's side of the table: the script's scrolls, drags, flings and bounces as a
/// timeline of contentOffset pieces.
extension TableSimulation {
    /// UIScrollView's rubber band past an edge (reference 7.3): a finger `x` points past it
    /// shows the content `x·d·c / (d + c·x)` past it, d the view's height, c = 0.55.
    struct RubberBand: Sendable {
        var min: Double, max: Double, dimension: Double
        static let c = 0.55
        func banded(_ x: Double) -> Double {
            // x·d·c / (d + c·x); past 1e150 points (where the product could overflow to a NaN
            // and the table vanish) the same written as d·c / (c + d/x).
            func r(_ x: Double) -> Double {
                x < 1e150 ? x * dimension * RubberBand.c / (dimension + RubberBand.c * x) : dimension * RubberBand.c / (RubberBand.c + dimension / x)
            }
            if x < min { return min - r(min - x) }
            if x > max { return max + r(x - max) }
            return x
        }
        /// The finger position that shows `b` (the inverse; b stays below d past an edge).
        func finger(_ b: Double) -> Double {
            func inverse(_ b: Double) -> Double { let v = Swift.min(b, dimension * 0.999); return v * dimension / (RubberBand.c * (dimension - v)) }
            if b < min { return min - inverse(min - b) }
            if b > max { return max + inverse(b - max) }
            return b
        }
    }

    // MARK: Scrolling

    /// The contentOffset timeline, and when a finger moves the content (the scroll indicator's
    /// spans: see ScrollIndicator).
    /// `caught`: the taps that catch the content, when already decided (else each tap whose
    /// finger comes down on a coasting content does).
    func buildScroll(_ script: [ScriptEvent], caught decided: Set<Int>? = nil)
        -> (segments: [ScrollSegment], fingerSpans: [(start: Double, end: Double)], refreshSpans: [(start: Double, end: Double)],
            caught: Set<Int>) {
        var segments: [ScrollSegment] = [.hold(start: 0, offset: 0)]
        var spans: [(start: Double, end: Double)] = []
        var caught = Set<Int>()
        // A finger that comes down while another moves the content joins that scroll: it catches nothing.
        let moving = ScriptTouches.fingerMoving(script)
        var refresh = RefreshState(control: table.refreshControl != nil, extent: refreshRoom)
        for (i, e) in script.enumerated() {
            // A pull past the trigger before this event starts the refresh.
            refresh.pulled(segments, until: e.at)
            let current = TableSimulation.offset(segments, at: e.at)
            let limit = maxOffset(at: e.at)
            // While it refreshes, the control's room above the first row is the content's rest.
            let low = refresh.rest
            let count = segments.count
            switch e.action {
            case let .scroll(to, by, duration, timing):
                let target = min(max(to ?? (current + (by ?? 0)), low), limit)
                segments.append(duration > 0
                    ? .animate(start: e.at, from: current, to: target, duration: duration, timing: timing ?? .easeInEaseOut)
                    : .hold(start: e.at, offset: target))
            case let .drag(to, by, duration, timing):
                let band = RubberBand(min: low, max: limit, dimension: tableHeight(at: e.at))
                let from = band.finger(current)
                let target = to ?? (from + (by ?? 0))
                segments.append(.drag(start: e.at, from: from, to: target, duration: max(duration, 0), timing: timing ?? .linear, band: band))
            case let .fling(velocity, rate):
                // A flick: over the last 0.08 s before it lifts at the event's time the finger's
                // speed goes evenly from the content's speed then (0 at rest, a drag's when it
                // follows one) to `velocity`, so there is neither a jump to full speed from rest
                // nor a dip after a moving drag; then the content decelerates (issue 29.3).
                let begin = max(e.at - TableSimulation.flickDuration, segments.last?.start ?? 0)
                let d = e.at - begin
                let from = TableSimulation.offset(segments, at: begin)
                let speed = TableSimulation.velocity(segments, at: begin)
                let distance = (speed + velocity) / 2 * d
                if d > 0, from >= 0, from <= limit, abs(distance) > 1e-9 {
                    let band = RubberBand(min: 0, max: limit, dimension: tableHeight(at: e.at))
                    // Position a·p + b·p² of the distance (a + b = 1, a from the starting speed):
                    // a cubic Bézier with these control points is exactly that quadratic.
                    let a = speed * d / distance, b = 1 - a
                    segments.append(.drag(start: begin, from: from, to: from + distance, duration: d,
                                          timing: .cubic(1.0 / 3, a / 3, 2.0 / 3, (2 * a + b) / 3), band: band))
                    segments.append(TableSimulation.lift(segments, at: e.at, limit: limit, low: low, rate: rate))
                } else {
                    segments.append(.fling(start: e.at, from: min(max(current, low), limit), velocity: velocity, rate: rate, min: low, max: limit))
                }
            case .release:
                segments.append(TableSimulation.lift(segments, at: e.at, limit: limit, low: low))
            case .refreshing(let begin):
                let fingerDown: Bool = { if case .drag = segments.last { return true } else { return false } }()
                if let closing = refresh.set(begin, at: e.at, offset: current, fingerDown: fingerDown) { segments.append(closing) }
            case let .scrollToRow(_, position, animated):
                guard let id = timeline.eventRows[i], let target = scrollTarget(row: RowKey(id), position, at: e.at, current: current) else { continue }
                let to = min(max(target, low), limit)
                // The duration and curve of UIKit's animated scroll are not published: the
                // script's scroll default (0.3 s, ease in, ease out; unconfirmed).
                segments.append(animated ? .animate(start: e.at, from: current, to: to, duration: 0.3, timing: .easeInEaseOut)
                                         : .hold(start: e.at, offset: to))
            case .tap(_, _, let hold):
                let down = e.at - max(hold, 0)
                guard let last = segments.last, down >= last.start, !ScriptTouches.within(moving, down),
                      decided?.contains(i) ?? TableSimulation.coasting(segments, at: down, low: low, limit: limit) else { continue }
                catchContent(&segments, &spans, down: down, lift: e.at, low: low, limit: limit)
                caught.insert(i)
                continue
            case .update, .swipe, .reconfigureRows, .setEditing:
                continue
            }
            if case .refreshing = e.action { continue }
            if segments.count > count, let made = segments.last {
                // A flick's finger starts before the event: the first segment it made.
                TableSimulation.addFingerSpan(&spans, for: e, made: made, from: segments[count].start)
            }
        }
        refresh.pulled(segments, until: .infinity)
        return (segments, spans, refresh.spans(ending: .infinity), caught)
    }

    /// A finger catching the content where it is at `down` (UIKit's scroll view begins its pan
    /// at touch-down on a decelerating or bouncing content) and holding it until `lift`; then
    /// it rests there, or springs back from past an edge. The indicator stays while the finger
    /// holds the content, and fades after.
    func catchContent(_ segments: inout [ScrollSegment], _ spans: inout [(start: Double, end: Double)],
                      down: Double, lift: Double, low: Double, limit: Double) {
        let x = TableSimulation.offset(segments, at: down)
        let band = RubberBand(min: low, max: limit, dimension: tableHeight(at: down))
        segments.append(.drag(start: down, from: band.finger(x), to: band.finger(x), duration: 0, timing: .linear, band: band))
        // The finger gave it no speed (it did not move): a quick tap lifts at the same instant,
        // where the content's velocity just before is still the fling's.
        let edge = min(max(x, low), limit)
        let lifted: ScrollSegment = edge == x ? .hold(start: lift, offset: x) : .bounce(start: lift, from: x, to: edge, velocity: 0)
        segments.append(lifted)
        if let last = spans.last, last.end > down { spans[spans.count - 1].end = max(down, last.start) }
        spans.append((down, lift + TableSimulation.settleTimeFromRest(lifted)))
    }

    /// Whether the content moves by itself at `t`: decelerating after a fling or a lift (at
    /// ``decelerationStopSpeed`` or more), or bouncing back from past an edge. A finger that
    /// comes down then catches it: UIKit's scroll view begins its pan at once when it "is
    /// bouncing" or "is decelerating" (`_shouldBeginScroll` in the decompiled iOS 26.1
    /// UIKitCore), holds the content where it is, and the touch reaches no row (the pan
    /// recognizer delays content touches while decelerating): notes/uikit-table-research.md.
    static func coasting(_ segments: [ScrollSegment], at t: Double, low: Double, limit: Double) -> Bool {
        guard let seg = segments.last(where: { $0.start <= t }) else { return false }
        switch seg {
        case .fling, .bounce:
            let x = offset(segments, at: t)
            return abs(velocity(segments, at: t)) >= decelerationStopSpeed || x < low - 0.01 || x > limit + 0.01
        case .hold, .animate, .drag, .settle:
            return false
        }
    }

    /// The offset `scrollToRow(at:at:animated:)` scrolls to: the row's top at the table's top
    /// (below a plain table's floating header), its middle at the middle, its bottom at the
    /// bottom, or (`none`) the least scroll that shows it whole.
    func scrollTarget(row key: RowKey, _ position: TableModel.ScrollPosition, at t: Double, current: Double) -> Double? {
        let l = layout(at: t)
        guard let section = l.sections.first(where: { $0.rows.contains { $0.key == key } }),
              let r = section.rows.first(where: { $0.key == key }) else { return nil }
        // With a collapsing header the script's offsets are the finger's: the header collapses
        // first (its range), then the content moves under the collapsed header.
        let range = table.header.map { $0.maxHeight - $0.minHeight } ?? 0
        let height = tableFrame(at: t).height - (table.header?.minHeight ?? 0)
        let floating = table.style == .plain ? max(section.header - headerPadding, 0) : 0
        let shown = max(current - range, 0)
        // The part of the table not under the content insets (the status bar, the home indicator).
        let top = inset.top, visible = height - inset.top - inset.bottom
        let content: Double
        switch position {
        case .top: content = r.y - floating - top
        case .middle: content = r.y + r.height / 2 - top - visible / 2
        case .bottom: content = r.y + r.height - top - visible
        case .none:
            if r.y - floating < shown + top { content = r.y - floating - top }
            else if r.y + r.height > shown + top + visible { content = r.y + r.height - top - visible }
            else { return current }
        }
        return content > 0 ? content + range : content
    }

    /// The speed (points per second) under which a deceleration ends, the content resting where
    /// it is: about 10 pt/s, where device measurements see flings come to rest (about 5 pt short
    /// of the curve's limit at the normal rate, Stack Overflow 16155375) and Apple's JavaScript
    /// port of UIScrollView for iAd stops (`MINIMUM_VELOCITY = 10`); inferred, not published
    /// (notes/uikit-table-research.md). It was 0.5 pt/s, which kept the indicator 1.5 s longer.
    public static let decelerationStopSpeed = 10.0

    /// When a fling at v0 (points per second) with `k` = 1000 ln(rate) stops: its speed falls to
    /// ``decelerationStopSpeed``.
    static func flingStop(_ v0: Double, k: Double) -> Double {
        DetMath.log(decelerationStopSpeed / max(abs(v0), decelerationStopSpeed)) / k
    }

    /// Where a fling from x0 at v0 (points per second) is after t seconds: UIScrollView's
    /// deceleration, v(t) = v0 d^(1000 t), integrated (reference section 7.2). It stops once the
    /// speed falls under ``decelerationStopSpeed``.
    public static func flingOffset(from x0: Double, velocity v0: Double, rate d: Double, after t: Double) -> Double {
        let k = 1000 * DetMath.log(d)                 // < 0
        let stop = TableSimulation.flingStop(v0, k: k)
        let tt = min(max(t, 0), stop)
        return x0 + v0 * (DetMath.exp(k * tt) - 1) / k
    }

    static func offset(_ segments: [ScrollSegment], at t: Double) -> Double {
        guard let seg = segments.last(where: { $0.start <= t }) else { return 0 }
        return seg.offset(at: t)
    }
}

extension TableSimulation.ScrollSegment {
    /// The offset at `t` (at or after the segment's start).
    func offset(at t: Double) -> Double {
        switch self {
        case .hold(_, let o): return o
        case let .animate(start, from, to, duration, timing):
            let p = min(max((t - start) / duration, 0), 1)
            let f = TimingCurve.ended(timing, p, duration: duration)
            return from * (1 - f) + to * f
        case let .fling(start, from, v, rate, lo, hi):
            return TableSimulation.flingWithBounce(from: from, velocity: v, rate: rate, min: lo, max: hi, after: t - start)
        case let .drag(start, from, to, duration, timing, band):
            let p = duration > 0 ? min(max((t - start) / duration, 0), 1) : 1
            let f = TimingCurve.ended(timing, p, duration: duration)
            return band.banded(from * (1 - f) + to * f)
        case let .settle(start, from, to, duration):
            let p = min(max((t - start) / duration, 0), 1)
            let f = TimingCurve.ended(.easeInEaseOut, p, duration: duration)
            return from * (1 - f) + to * f
        case let .bounce(start, from, to, velocity):
            // Critically damped, stiffness 200 (reference 7.4, JetBrains' iOS emulation), from
            // the content's velocity when the finger lifted (normalised to the distance back).
            let v0 = to != from ? velocity / (to - from) : 0
            let s = TimingCurve.spring(t - start, mass: 1, stiffness: 200, damping: 2 * 200.0.squareRoot(), initialVelocity: v0)
            return from + (to - from) * s
        }
    }

    /// ``offset(at:)`` as a function of time with a fling's constants worked out once: the same
    /// expressions on the same values, so the same results, at a fifth of the logarithms.
    func curve() -> (Double) -> Double {
        guard case let .fling(start, x0, v0, rate, lo, hi) = self else { return { self.offset(at: $0) } }
        let k = 1000 * DetMath.log(rate)
        let stop = TableSimulation.flingStop(v0, k: k)
        // Where the fling crosses each edge, when it does (flingWithBounce's tc and vc).
        func crossing(_ edge: Double) -> (tc: Double, vc: Double)? {
            let arg = 1 + k * (edge - x0) / v0
            guard arg > 0 else { return nil }
            let tc = DetMath.log(arg) / k
            return (tc, v0 * DetMath.exp(k * tc))
        }
        let low = crossing(lo), high = crossing(hi)
        return { t in
            let after = t - start
            let tt = min(max(after, 0), stop)
            let x = x0 + v0 * (DetMath.exp(k * tt) - 1) / k
            guard x < lo || x > hi, x0 >= lo, x0 <= hi, v0 != 0 else { return min(max(x, lo), hi) }
            let edge = x < lo ? lo : hi
            guard let c = x < lo ? low : high else { return edge }
            let tau = max(after - c.tc, 0)
            return edge + c.vc * tau * DetMath.exp(-20.0 * tau)
        }
    }
}

extension TableSimulation {

    /// The finger lifting at `t` (a `release`): the content keeps the velocity it had under the
    /// finger as it lifted (a finger that stopped first, as at the end of an eased `scroll`,
    /// gives none): inside the range it decelerates from there as a fling does; past an edge it
    /// bounces back starting with that velocity (so a pull released while still pulling goes a
    /// little further out first, instead of turning at once).
    /// `low` is the top's rest: 0, or above it while a refresh control holds its room open.
    static func lift(_ segments: [ScrollSegment], at t: Double, limit: Double, low: Double = 0, rate: Double = normalDeceleration) -> ScrollSegment {
        let current = offset(segments, at: t)
        let velocity = velocity(segments, at: t)
        let edge = min(max(current, low), limit)
        if edge != current { return .bounce(start: t, from: current, to: edge, velocity: velocity) }
        guard abs(velocity) >= 1 else { return .hold(start: t, offset: current) }
        return .fling(start: t, from: current, velocity: velocity, rate: rate, min: low, max: limit)
    }

    /// The content's velocity just before `t` (points per second, over the last 1e-4 s).
    static func velocity(_ segments: [ScrollSegment], at t: Double) -> Double {
        (offset(segments, at: t) - offset(segments, at: t - 1e-4)) / 1e-4
    }

    /// How long a `fling`'s finger speeds up before it lifts.
    public static let flickDuration = 0.08

    /// UIScrollView.DecelerationRate.normal, per millisecond.
    static let normalDeceleration = 0.998

    /// A fling that reaches an edge goes past it and springs back (stiffness 400, critically
    /// damped, starting at the edge with the fling's speed there: reference 7.4 gives a damping
    /// ratio of 0.75, whose return overshot the edge by 1.5 pt, which a device does not show:
    /// issue 29.3).
    static func flingWithBounce(from x0: Double, velocity v0: Double, rate: Double, min lo: Double, max hi: Double, after t: Double) -> Double {
        let x = flingOffset(from: x0, velocity: v0, rate: rate, after: t)
        guard x < lo || x > hi, x0 >= lo, x0 <= hi, v0 != 0 else { return min(max(x, lo), hi) }
        let edge = x < lo ? lo : hi
        let k = 1000 * DetMath.log(rate)
        let arg = 1 + k * (edge - x0) / v0
        guard arg > 0 else { return edge }
        let tc = DetMath.log(arg) / k
        let vc = v0 * DetMath.exp(k * tc)
        let w0 = 20.0
        let tau = max(t - tc, 0)
        // x(τ) = edge + vc · τ · e^(−ω0 τ): out with the fling's speed, back without passing the edge.
        return edge + vc * tau * DetMath.exp(-w0 * tau)
    }

    /// The script's own scroll position at `t` (what the finger or the fling asks for).
    func scriptedOffset(at t: Double) -> Double { scriptedOffset(at: t, limit: nil) }

    /// The same, given `maxOffset(at: t)` when the caller has it (one layout instead of two).
    func scriptedOffset(at t: Double, limit: Double?) -> Double {
        let raw = TableSimulation.offset(scroll, at: t)
        if scroll.last(where: { $0.start <= t })?.overscrolls == true { return raw }
        // While a refresh control refreshes, its room above the first row is in the range.
        let low = refreshPhase(at: t).refreshing == nil ? 0 : -refreshRoom
        return min(max(raw, low), limit ?? maxOffset(at: t))
    }

    /// contentOffset.y at `t`, kept inside the scrollable range (with a collapsing header, what
    /// the header let through).
    public func contentOffset(at t: Double) -> Double {
        header?.state(at: t).offset ?? table.contentOffsets?.value(at: t) ?? scriptedOffset(at: t)
    }
}
