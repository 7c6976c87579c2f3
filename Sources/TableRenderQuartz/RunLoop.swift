import Foundation

/// The main run loop's waiting work, on the scene's clock: completion blocks (`UIView.animate`,
/// `CATransaction`), `DispatchQueue` work and `CADisplayLink` ticks, each with the scene time it
/// is due. Taken earliest first, and in the order queued among equals (a binary heap: a scene
/// that queues a hundred thousand blocks pays a logarithm for each, not the queue's length).
final class PendingCompletions {
    struct Entry {
        let time: Double
        let order: Int
        /// Runs as a scroll step runs (its plain changes sampled at its time, as a display
        /// link's are), not as code that ends those runs.
        let step: Bool
        let block: () -> Void
        func precedes(_ other: Entry) -> Bool { (time, order) < (other.time, other.order) }
    }
    private var heap: [Entry] = []
    private var queued = 0
    /// The most blocks a scene runs: a chain of animations whose completions start the next one
    /// with no duration (or a block that queues itself) would otherwise run forever at one time.
    static let maxRuns = 100_000
    private var taken = 0
    /// The scene time the blocks stopped running at, once more than ``maxRuns`` were due.
    private(set) var overrun: Double?

    /// Queues `block` for `time`; a time that is not a number, or infinity (`.never`), never comes.
    func add(time: Double, step: Bool = false, _ block: @escaping () -> Void) {
        guard time.isFinite, overrun == nil else { return }
        heap.append(Entry(time: time, order: queued, step: step, block: block))
        queued += 1
        var i = heap.count - 1
        while i > 0 {
            let up = (i - 1) / 2
            guard heap[i].precedes(heap[up]) else { break }
            heap.swapAt(i, up)
            i = up
        }
    }

    /// When the earliest block is due, if one waits.
    var nextTime: Double? { heap.first?.time }

    /// The earliest block due by `time` (first queued among equals), removed.
    func takeFirst(upTo time: Double) -> Entry? {
        guard let first = heap.first, first.time <= time else { return nil }
        taken += 1
        guard taken <= PendingCompletions.maxRuns else {
            overrun = first.time
            heap.removeAll()
            return nil
        }
        let last = heap.removeLast()
        guard !heap.isEmpty else { return first }
        heap[0] = last
        var i = 0
        while true {
            let l = 2 * i + 1, r = l + 1
            var least = i
            if l < heap.count, heap[l].precedes(heap[least]) { least = l }
            if r < heap.count, heap[r].precedes(heap[least]) { least = r }
            guard least != i else { break }
            heap.swapAt(i, least)
            i = least
        }
        return first
    }
}

/// A time on the scene's clock, as `DispatchTime` is on a device's: what `.now()` makes in
/// `DispatchQueue.main.asyncAfter(deadline: .now() + 0.5)`, so that the block runs half a
/// second of *scene* time after the code that queued it, the same on every run.
public struct SceneDeadline: Comparable, Sendable {
    /// Seconds on the scene's clock.
    public var seconds: Double
    /// A deadline `seconds` into the scene.
    public init(seconds: Double) { self.seconds = seconds }
    /// The time of the app code running now (``CACurrentMediaTime()``).
    public static func now() -> SceneDeadline { SceneDeadline(seconds: CACurrentMediaTime()) }
    /// `seconds` later.
    public static func + (d: SceneDeadline, seconds: Double) -> SceneDeadline { SceneDeadline(seconds: d.seconds + seconds) }
    /// `seconds` earlier.
    public static func - (d: SceneDeadline, seconds: Double) -> SceneDeadline { SceneDeadline(seconds: d.seconds - seconds) }
    /// An interval later (`.milliseconds(300)`); `.never` never comes.
    public static func + (d: SceneDeadline, interval: DispatchTimeInterval) -> SceneDeadline {
        SceneDeadline(seconds: d.seconds + SceneDeadline.seconds(interval))
    }
    /// An interval earlier.
    public static func - (d: SceneDeadline, interval: DispatchTimeInterval) -> SceneDeadline {
        SceneDeadline(seconds: d.seconds - SceneDeadline.seconds(interval))
    }
    /// Earlier.
    public static func < (a: SceneDeadline, b: SceneDeadline) -> Bool { a.seconds < b.seconds }

    static func seconds(_ interval: DispatchTimeInterval) -> Double {
        switch interval {
        case .seconds(let s): return Double(s)
        case .milliseconds(let ms): return Double(ms) / 1_000
        case .microseconds(let us): return Double(us) / 1_000_000
        case .nanoseconds(let ns): return Double(ns) / 1_000_000_000
        case .never: return .infinity
        @unknown default: return .infinity
        }
    }
}

/// Work queued as app code queues it on a device, run on the scene's main run loop at its scene
/// time: `DispatchQueue.main.async { ... }` after the code that queued it (the same scene time,
/// before that time's frame), `asyncAfter(deadline: .now() + d)` as code `d` seconds later, so
/// what the block changes (inside `UIView.animate` or not) shows from then. Any queue's work
/// runs there, in the order queued: a scene has one thread, so work meant for a background
/// queue runs as if it took no time, and the frames are the same on every run.
///
/// Outside a scene (code that builds views before any ``LayerScene`` runs it), the block runs
/// at once, as an animation's completion does there. Dispatch's other forms (a
/// `DispatchWorkItem`, `qos:` or `flags:`, a deadline written as `DispatchTime.now()`) are
/// Dispatch's own and run on no scene's clock: write the block form with `.now()`.
extension DispatchQueue {
    /// Runs `work` on the scene's run loop after the code running now, at the same scene time.
    public func async(execute work: @escaping () -> Void) {
        SceneRuntime.current.enqueue(at: CACurrentMediaTime(), work)
    }

    /// Runs `work` on the scene's run loop at `deadline` (`.now() + 0.5`: half a second of scene
    /// time after the code running now). A deadline past the scene's end never comes.
    public func asyncAfter(deadline: SceneDeadline, execute work: @escaping () -> Void) {
        SceneRuntime.current.enqueue(at: deadline.seconds, work)
    }
}

extension SceneRuntime {
    /// Queues app code for a scene time (never before the code queuing it); outside a scene it
    /// runs at once.
    func enqueue(at time: Double, step: Bool = false, _ work: @escaping () -> Void) {
        guard ownedByScene else { work(); return }
        guard !time.isNaN else { return }
        pending.add(time: max(time, CACurrentMediaTime()), step: step, work)
    }
}
