import Foundation

/// The scene's window: the root view controller's view (laid out after app code, as the run
/// loop's layout pass), and the property changes of the delegate's scroll steps joined into
/// keyframe animations, one per layer property and unbroken run of steps.
@MainActor
final class SceneWindow {
    var root: UIView?

    /// Values a property took at scroll steps, until other code changes it.
    struct Run {
        let layer: CALayer
        let keyPath: String
        var times: [Double]
        var values: [Any]
    }
    private var runs: [Run] = []
    private var index: [Key: Int] = [:]

    struct Key: Hashable {
        let layer: ObjectIdentifier
        let keyPath: String
    }
    static func key(_ layer: CALayer, _ keyPath: String) -> Key { Key(layer: ObjectIdentifier(layer), keyPath: keyPath) }

    /// A change a scroll step made (no animation): the run goes on to it. A step it skipped
    /// holds the value before (a sample just before the change), so a change is a jump of one step.
    func sample(_ c: LayerChange, at time: Double) {
        if c.layer.sceneStart[c.keyPath] == nil { c.layer.sceneStart[c.keyPath] = c.old }
        let k = SceneWindow.key(c.layer, c.keyPath)
        guard let i = index[k] else {
            index[k] = runs.count
            runs.append(Run(layer: c.layer, keyPath: c.keyPath, times: [time], values: [c.new]))
            return
        }
        let step = 1 / ScrollDriver.rate
        if let last = runs[i].times.last, time - last > step * 1.5, let held = runs[i].values.last {
            runs[i].times.append(time - step)
            runs[i].values.append(held)
        }
        if runs[i].times.last == time {
            runs[i].values[runs[i].values.count - 1] = c.new
        } else {
            runs[i].times.append(time)
            runs[i].values.append(c.new)
        }
    }

    /// Ends the run of one property (before another change to it is added).
    func flushRun(_ layer: CALayer, _ keyPath: String) {
        guard let i = index.removeValue(forKey: SceneWindow.key(layer, keyPath)) else { return }
        add(runs[i])
        runs[i].times = []
    }

    /// Ends every run (in the order they began).
    func flushRuns() {
        for r in runs where !r.times.isEmpty { add(r) }
        runs = []
        index = [:]
    }

    /// The run as an animation held at its last value: one value is a change at that time, more
    /// are keyframes joined by lines.
    private func add(_ r: Run) {
        guard let first = r.times.first, let last = r.times.last, let end = r.values.last else { return }
        let a: CAPropertyAnimation
        if r.times.count == 1 {
            let b = CABasicAnimation(keyPath: r.keyPath)
            b.fromValue = SceneWriter.animatable(end)
            b.toValue = b.fromValue
            b.duration = 0.25
            a = b
        } else {
            let k = CAKeyframeAnimation(keyPath: r.keyPath)
            k.values = r.values.map(SceneWriter.animatable)
            let span = last - first
            k.keyTimes = r.times.map { NSNumber(value: ($0 - first) / span) }
            k.duration = span
            a = k
        }
        a.beginTime = first
        a.fillMode = .forwards
        a.isRemovedOnCompletion = false
        r.layer.add(a, forKey: nil)
    }
}
