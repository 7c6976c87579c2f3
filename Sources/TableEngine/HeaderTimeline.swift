import Geometry
import SceneModel
import Simulation

/// The collapsing header of the header article, stepped at a fixed 240 Hz so the result does not
/// depend on the output frame rate. Each step takes the script's scroll delta as
/// scrollViewDidScroll sees it:
/// - scrolling down (offset above the top) shrinks the header toward minHeight, scrolling up
///   (offset above the bottom) grows it toward maxHeight, at the rate of the scroll;
/// - while the header changes height the content does not move (the offset is set back);
/// - the header only collapses when the content can still scroll with it collapsed;
/// - on `release`, and when a fling stops, it snaps open or closed around the midpoint with a
///   UIView animation of `snapDuration` (easeInEaseOut).
struct HeaderTimeline: Sendable {
    static let rate = 240.0
    var heights: [Double] = []
    var offsets: [Double] = []

    init(simulation sim: TableSimulation, header h: TableModel.Header, script: [ScriptEvent], until duration: Double) {
        let steps = Int(saturating: (duration * HeaderTimeline.rate).rounded(.up)) + 2
        // When scrolling stops: releases, and the ends of flings.
        var stops: [Double] = []
        for e in script {
            switch e.action {
            case .release: stops.append(e.at)
            case let .fling(v, rate):
                let k = 1000 * DetMath.log(rate)
                stops.append(e.at + TableSimulation.flingStop(v, k: k))
            default: break
            }
        }
        stops.sort()
        let contentHeight = sim.layout(at: 0, window: TableSimulation.noRows).contentHeight
        var height = h.maxHeight
        var offset = 0.0
        var previousScripted = 0.0
        var snap: (start: Double, from: Double, to: Double)?
        var nextStop = 0
        // canAnimateHeader: with the header collapsed there is still room to scroll (the table's
        // height plus the header's is the frame's, so this does not change as the header moves).
        let canAnimate = contentHeight > sim.frame.height - h.minHeight
        for i in 0..<steps {
            let t = Double(i) / HeaderTimeline.rate
            // Past the script's end (a drag's rubber band, a bounce) the header and the offset
            // stay where the end left them (the article's absoluteBottom test) and the content
            // shows the script's overscroll below its end.
            let scriptEnd = sim.maxOffset(at: t)
            let scripted = sim.scriptedOffset(at: t, limit: scriptEnd)
            let overscroll = max(scripted - scriptEnd, 0)
            // Rounding residue of the scripted curve is not a scroll (it would otherwise slip past
            // the article's `newHeight != height` test into the content offset).
            let raw = min(scripted, scriptEnd) - min(previousScripted, scriptEnd)
            let delta = abs(raw) < 1e-9 ? 0 : raw
            previousScripted = scripted
            let tableHeight = sim.frame.height - height
            let bottom = contentHeight - tableHeight
            let proposed = offset + delta
            var newHeight = height
            if canAnimate && snap == nil {
                if delta > 0 && proposed > 0 {
                    newHeight = max(h.minHeight, height - abs(delta))
                } else if delta < 0 && proposed < bottom {
                    newHeight = min(h.maxHeight, height + abs(delta))
                }
            }
            // While the header changes height the content stays where it was; the part of a step
            // after the header reached its limit scrolls the content, as a finger's continuous
            // motion would (so the result does not depend on the step rate, and a finger at the
            // script's end has the content at its end).
            let changed = newHeight != height
            let rest = newHeight == h.minHeight || newHeight == h.maxHeight ? delta - (height - newHeight) : 0
            let scroll = !changed ? delta : abs(rest) < 1e-9 ? 0 : rest
            height = newHeight
            if !changed || scroll != 0 {
                // Past the top (a drag's rubber band, a bounce) the offset follows the finger: the
                // article's absoluteTop test above keeps the header still.
                let top = scripted < 0 ? -Double.infinity : 0.0
                offset = min(max(offset + scroll, top), max(0, contentHeight - (sim.frame.height - height)))
            }
            while nextStop < stops.count && stops[nextStop] <= t {
                let mid = h.minHeight + (h.maxHeight - h.minHeight) / 2
                let target = height > mid ? h.maxHeight : h.minHeight
                if target != height { snap = (stops[nextStop], height, target) }
                nextStop += 1
            }
            if let s = snap {
                let p = min(max((t - s.start) / h.snapDuration, 0), 1)
                let f = TimingCurve.apply(.easeInEaseOut, p, duration: h.snapDuration)
                height = s.from * (1 - f) + s.to * f
                if p >= 1 { snap = nil }
            }
            heights.append(height)
            offsets.append(offset + overscroll)
        }
    }

    /// Linear between the 240 Hz steps.
    func state(at t: Double) -> (height: Double, offset: Double) {
        let x = max(t, 0) * HeaderTimeline.rate
        let i = max(min(Int(saturating: x.rounded(.down)), heights.count - 2), 0)
        let f = min(x - Double(i), 1)
        return (heights[i] * (1 - f) + heights[i + 1] * f, offsets[i] * (1 - f) + offsets[i + 1] * f)
    }
}
