import Geometry
import LayerTree
import SceneModel
import Simulation

/// UIScrollView's vertical scroll indicator, as iOS 13 and later draw it (figures from UIKit's
/// `_UIScrollViewScrollIndicatorVisualStyle_iOS` and `UIScrollView`, decompiled from iOS 26.1,
/// which Flutter's CupertinoScrollbar measured the same on iOS 13.1: notes/uikit-table-research.md):
/// a capsule 3 pt wide, 3 pt in from the right, top and bottom edges, black at 35 % (the default
/// style in the light appearance); its length the visible fraction of the track, at least
/// 36 pt, shrinking while the content is pulled past an end (down to 7 pt, pinned to that end);
/// shown only when less than 99 % of the content fits. It appears at once when a finger moves the
/// content (a `scroll`, `drag`, `fling` or the bounce after a `release`) and stays while the
/// content moves; 1 s after the motion ends it fades out over 0.25 s (ease in, ease out).
/// Programmatic scrolls (`scrollToRow`) do not show it, as UIKit's animated scrolls do not
/// unless `withScrollIndicatorsShown(forContentOffsetChanges:)` asks (iOS 17.4).
extension TableSimulation {
    static let indicatorThickness = 3.0, indicatorInset = 3.0, indicatorMinLength = 36.0, indicatorMinBandedLength = 7.0
    static let indicatorHideDelay = 1.0, indicatorFade = 0.25
    static let indicatorColor = Color(0, 0, 0, 0.35)
    /// In the dark appearance the default indicator style is light (by eye, unconfirmed).
    static let darkIndicatorColor = Color(255, 255, 255, 0.35)

    /// Adds the motion that `event` starts at `start` with the scroll segment it `made` last to `spans` (when the
    /// content moves under a finger: (start, end), in time order; a finger still down has no end
    /// until the next scroll event). Any scroll event ends the motion before it.
    static func addFingerSpan(_ spans: inout [(start: Double, end: Double)], for event: ScriptEvent, made: ScrollSegment, from start: Double) {
        if let last = spans.last, last.end > start { spans[spans.count - 1].end = max(start, last.start) }
        let natural: Double
        switch event.action {
        case .scroll(_, _, let duration, _):
            guard duration > 0 else { return }
            natural = event.at + duration
        case .drag: natural = .infinity
        case .fling, .release: natural = event.at + settleTime(made)
        case .scrollToRow, .tap, .update, .swipe, .reconfigureRows, .setEditing, .refreshing: return
        }
        spans.append((start, natural))
    }

    /// How long a fling or a bounce moves before it settles (within 0.1 pt of where it ends:
    /// less than a device pixel, where the eye sees it stop).
    /// It looks at up to 3,601 times; the script's budget prices each fling and release at that
    /// (`settleWork`). The fling's constants are worked out once (its curve is the same function
    /// of time, so every value is the one ``offset(_:at:)`` gives, to the bit).
    /// What ``settleTime(_:)`` costs for one fling or release, in units of
    /// `Limits.simulationWork`: its 3,601 evaluations at 20 units each (measured on this machine:
    /// about 0.3 ms a fling, where the budget's 500,000,000 units are a few seconds).
    public static let settleWork = 3_601 * 20

    static func settleTime(_ segment: ScrollSegment) -> Double {
        switch segment {
        case .fling, .bounce:
            let start = segment.start
            let curve = segment.curve()
            // As `offset([segment], at:)`: nothing before the segment starts.
            func at(_ x: Double) -> Double { x >= start ? curve(x) : 0 }
            let rest = at(start + 60)
            var t = 60.0
            // Back from the end in steps of 1/60 s to the last moment it was still away from rest.
            while t > 0, abs(at(start + t - 1.0 / 60) - rest) < 0.1 { t -= 1.0 / 60 }
            return t
        case .hold, .animate, .drag, .settle:
            return 0
        }
    }

    /// ``settleTime(_:)`` of a bounce that starts at rest (a held content let go past an edge),
    /// worked out from its spring (1 - (1 + ωt)e^(-ωt) of the way back, ω = √200) in steps of
    /// 1/60 s: at most about a hundred, so a script of many such lifts costs what it has taps.
    static func settleTimeFromRest(_ segment: ScrollSegment) -> Double {
        guard case let .bounce(_, from, to, _) = segment else { return 0 }
        let distance = abs(to - from), w = 200.0.squareRoot()
        var t = 0.0
        while t < 60, distance * (1 + w * t) * DetMath.exp(-w * t) >= 0.1 { t += 1.0 / 60 }
        return t
    }

    /// The indicator's opacity at `t`: 1 while the content moves and for 1 s after, then fading.
    func indicatorAlpha(at t: Double) -> Double {
        guard let span = indicatorSpans.last(where: { $0.start <= t }) else { return 0 }
        let after = t - span.end - TableSimulation.indicatorHideDelay
        if after <= 0 { return 1 }
        if after >= TableSimulation.indicatorFade { return 0 }
        return 1 - TimingCurve.apply(.easeInEaseOut, after / TableSimulation.indicatorFade, duration: TableSimulation.indicatorFade)
    }

    /// The indicator in the table layer's (content) coordinates, or nil when it does not show.
    func scrollIndicator(at t: Double, offset: Double, contentHeight: Double, frame: Rect) -> PresentationLayer? {
        guard table.showsVerticalScrollIndicator, frame.height > 0, contentHeight > 0 else { return nil }
        let alpha = indicatorAlpha(at: t)
        guard alpha > 0 else { return nil }
        func pixel(_ v: Double) -> Double { (v * scale).rounded() / scale }
        // The content with its insets; the track keeps clear of the safe area (the insets).
        let content = contentHeight + self.inset.bottom
        let fraction = min(pixel(frame.height) / pixel(content), 1)
        guard fraction <= 0.99 else { return nil }
        let inset = TableSimulation.indicatorInset
        let top = coveredTop(offset: offset)
        let track = frame.height - 2 * inset - top - self.inset.bottom
        guard track > TableSimulation.indicatorMinBandedLength else { return nil }
        var length = min(max(pixel(track * fraction), TableSimulation.indicatorMinLength), track)
        let range = content - frame.height
        var y: Double
        if offset < 0 {
            length = max(length + offset, TableSimulation.indicatorMinBandedLength)
            y = 0
        } else if offset > range {
            length = max(length - (offset - range), TableSimulation.indicatorMinBandedLength)
            y = track - length
        } else {
            y = range > 0 ? (track - length) * offset / range : 0
        }
        let w = TableSimulation.indicatorThickness
        var l = box(Rect(frame.width - inset - w, offset + top + inset + y, w, length), appearance == .dark ? TableSimulation.darkIndicatorColor : TableSimulation.indicatorColor)
        l.cornerRadius = w / 2
        l.opacity = alpha
        return l
    }
}
