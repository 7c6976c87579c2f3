import Foundation
import SceneModel
import Simulation
import TableEngine

/// The table's scrolling as the scroll view delegate sees it. The script's touches give the
/// finger's motion; stepped at 240 Hz, each step moves the content by the finger's delta from
/// the offset the content has (so an offset set by code is where the drag goes on from, as on
/// iOS), kept in range (past an end the script's rubber band shows), and calls
/// `scrollViewDidScroll` when the content moved. What the delegate sets is sampled at each step:
/// the offsets become the table's `contentOffsets`, property changes keyframe animations.
@MainActor
final class ScrollDriver {
    static let rate = 240.0
    /// The most offsets kept (they count as keyframe values when the scene is loaded).
    static let maxSamples = Limits().keyframeValues
    /// The next step.
    var step: Int
    /// The offset within range (the overscroll past the bottom added when shown).
    var offset = 0.0
    var overscroll = 0.0
    var previousScripted = 0.0
    /// contentOffset.y after each step.
    var samples: [Double] = []
    /// The delegate's other calls, in time order.
    var calls: [(time: Double, call: Call)] = []
    var nextCall = 0
    enum Call { case beginDragging, endDragging(decelerate: Bool), endDecelerating }
    /// After a deceleration came to rest (under 0.5 points per second) the content stays, as
    /// UIKit stops it, until the script moves it again (the times it does, in order).
    var resting = false
    var moves: [Double] = []
    var nextMove = 0
    /// Where each of code's animated scrolls began (by its index in the table's list).
    var animationStarts: [Int: Double] = [:]

    init(startingAt time: Double, offset: Double) {
        step = max(Int(saturating: (time * ScrollDriver.rate).rounded(.up)), 0)
        self.offset = offset
        samples = Array(repeating: offset, count: min(step, ScrollDriver.maxSamples))
    }

    var nextTime: Double { Double(step) / ScrollDriver.rate }

    /// The delegate's calls for the script's touches: a drag starts; the finger lifts (and
    /// whether the content goes on); the content comes to rest.
    /// The script's taps that catch the moving content: touch-down, lift, and the deceleration
    /// after the lift (a bounce back from past an edge).
    static func caughtTaps(_ script: [TableScriptEvent], _ sim: TableSimulation, until end: Double)
        -> [(down: Double, lift: Double, after: (decelerates: Bool, end: Double))] {
        guard !sim.caughtTouchDowns.isEmpty else { return [] }
        return script.compactMap { e in
            guard case let .tap(at, _, _, hold) = e, sim.caughtTouchDowns.contains(at - max(hold, 0)) else { return nil }
            return (at - max(hold, 0), at, sim.deceleration(afterLift: at, rate: rate, until: end))
        }
    }

    /// A tap that catches the moving content (the simulation's `caughtTouchDowns`) is a drag
    /// that does not move: it begins at touch-down and ends at the lift; a content caught in
    /// range comes to rest then (the deceleration it cut short ends there, not at the catch),
    /// one caught past an edge ends its deceleration at the catch and bounces back after the
    /// lift (the decompiled UIKitCore's `_beginTrackingWithEvent:` and `_endPanNormal:`).
    static func calls(_ script: [TableScriptEvent], _ sim: TableSimulation, until end: Double,
                      caught: [(down: Double, lift: Double, after: (decelerates: Bool, end: Double))]) -> [(time: Double, call: Call)] {
        var out: [(time: Double, call: Call)] = []
        let dt = 1 / rate
        for c in caught {
            out.append((c.down, .beginDragging))
            out.append((c.lift, .endDragging(decelerate: c.after.decelerates)))
            out.append((c.after.decelerates ? c.after.end : c.lift, .endDecelerating))
        }
        for e in script {
            switch e {
            case .scroll, .scrollBy, .drag, .dragTo: out.append((e.time, .beginDragging))
            case .release(let at), .fling(let at, _, _):
                let d = sim.deceleration(afterLift: at, rate: rate, until: end)
                out.append((at, .endDragging(decelerate: d.decelerates)))
                // Cut short by a finger that held the content in range: it ends at that lift.
                let heldInRange = caught.contains { !$0.after.decelerates && $0.down > at && abs(d.end - $0.down) <= 2 * dt }
                if d.decelerates && !heldInRange { out.append((d.end, .endDecelerating)) }
            default: continue
            }
        }
        return out.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }
}

extension LayerScene {
    /// Whether the script moves the table (so its delegate is told as it scrolls).
    static func scrolls(_ script: [TableScriptEvent]) -> Bool {
        script.contains {
            switch $0 { case .scroll, .scrollBy, .drag, .dragTo, .release, .fling, .scrollToRow: return true; default: return false }
        }
    }

    /// The table's driver: made when the script scrolls and the table has a delegate, or once
    /// code set the offset (from that time: before it the content was still).
    func scrollDriver(_ t: UITableView, at time: Double) -> ScrollDriver? {
        if let d = t.app.scroll { return d }
        guard (t.delegate != nil && LayerScene.scrolls(script)) || t.offsetSetByCode, let s = simulation(t) else { return nil }
        let d = ScrollDriver(startingAt: t.offsetSetByCode ? time : 0, offset: Double(t.offsetNow))
        let caught = ScrollDriver.caughtTaps(script, s.sim, until: duration)
        d.calls = ScrollDriver.calls(script, s.sim, until: duration, caught: caught)
        // A caught content that bounces back after the lift moves again then.
        let bounces = caught.filter(\.after.decelerates).map(\.lift)
        d.moves = (script.filter { LayerScene.scrolls([$0]) }.map(\.time) + bounces).sorted()
        t.app.scroll = d
        return d
    }

    /// One step: the delegate's calls due, then the content moved by the finger's delta.
    func runScrollStep(_ t: UITableView, _ d: ScrollDriver, _ sim: TableSimulation) {
        let time = d.nextTime
        while d.nextCall < d.calls.count && d.calls[d.nextCall].time <= time {
            let call = d.calls[d.nextCall].call
            d.nextCall += 1
            record(at: time, step: true) {
                switch call {
                case .beginDragging:
                    t.isDragging = true
                    t.delegate?.scrollViewWillBeginDragging(t)
                case .endDragging(let decelerate):
                    t.isDragging = false
                    t.isDecelerating = decelerate
                    t.delegate?.scrollViewDidEndDragging(t, willDecelerate: decelerate)
                    if decelerate { t.delegate?.scrollViewWillBeginDecelerating(t) }
                case .endDecelerating:
                    d.resting = true
                    t.isDecelerating = false
                    t.delegate?.scrollViewDidEndDecelerating(t)
                }
            }
        }
        while d.nextMove < d.moves.count && d.moves[d.nextMove] <= time {
            d.resting = false
            d.nextMove += 1
        }
        let (scripted, end, content) = sim.scriptedScroll(at: time)
        let raw = min(scripted, end) - min(d.previousScripted, end)
        let delta = abs(raw) < 1e-9 || d.resting ? 0 : raw
        d.previousScripted = scripted
        t.contentSize = CGSize(width: t.frame.width, height: CGFloat(content))
        // In range, the content follows the finger from where it is; past the top it follows
        // the script's rubber band, past the bottom the script's overscroll shows below the end.
        let bottom = max(0, content - Double(t.frame.height))
        let top = scripted < 0 ? -Double.infinity : 0
        if Double(t.offsetNow) != d.offset + d.overscroll { d.offset = Double(t.offsetNow) - d.overscroll }
        d.offset = min(max(d.offset + delta, top), bottom)
        d.overscroll = max(scripted - end, 0)
        // Code's animated scrolls (0.3 s, ease in, ease out, as the script's), each from where the
        // content was when it began; a later one takes over from an earlier.
        for (i, a) in t.app.offsetAnimations.enumerated() where time >= a.start && time < a.start + a.duration + 1 / ScrollDriver.rate {
            let from = d.animationStarts[i] ?? d.offset
            d.animationStarts[i] = from
            let p = TimingCurve.ended(.easeInEaseOut, min((time - a.start) / a.duration, 1), duration: a.duration)
            d.offset = min(max(from + (min(max(a.to, 0), bottom) - from) * p, 0), bottom)
            d.overscroll = 0
        }
        let shown = CGFloat(d.offset + d.overscroll)
        if shown != t.offsetNow {
            t.offsetNow = shown
            record(at: time, step: true) {
                t.scrollCallDepth += 1
                t.delegate?.scrollViewDidScroll(t)
                t.scrollCallDepth -= 1
            }
        }
        if d.samples.count < ScrollDriver.maxSamples { d.samples.append(Double(t.offsetNow)) }
        d.step += 1
    }
}

extension UITableView {
    /// Code set the offset: the delegate hears of it at once, as in UIKit (nested calls stop
    /// after four deep, where UIKit would recurse until it crashed).
    func scrolledByCode() {
        guard scrollCallDepth < 4, let d = delegate else { return }
        scrollCallDepth += 1
        defer { scrollCallDepth -= 1 }
        d.scrollViewDidScroll(self)
    }
}
