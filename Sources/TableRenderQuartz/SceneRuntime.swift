import CoreFoundation
import Foundation
import SceneModel

/// What UIKit keeps process-wide, kept per scene (issue 50, step 7): the screen
/// (`UIScreen.main`) and the stack of `UIGraphics` contexts of the views drawing now. Two scenes
/// each see their own, also when one is built inside the other's code; app code sees its
/// scene's while the scene runs it (setting ``LayerScene/rootViewController``,
/// ``LayerScene/at(_:_:)``, and recording the scene to render it). Code outside any scene sees
/// its thread's own, with the default screen.
///
/// App code is synchronous UIKit code on the main actor (UIKit's classes and ``LayerScene`` are
/// `@MainActor`, as on iOS), so the scene in effect is the thread's (the thread dictionary holds
/// it, as it holds the recording context: `CALayer` code, which is not isolated, reads it too);
/// nothing here is shared between threads, and nothing needs a lock.
final class SceneRuntime {
    /// The screen the scene shows.
    let screen = UIScreen()
    /// The contexts of the views whose `draw(_:)` runs now, innermost last.
    var contexts: [CGContext] = []
    /// Light or dark (the scene's `overrideUserInterfaceStyle`, or its root view controller's):
    /// system colours are resolved in it as the scene is recorded.
    var appearance = Appearance.light
    /// The preferred text size (the scene's ``LayerScene/preferredContentSizeCategory``).
    var contentSizeCategory = ContentSizeCategory.large
    /// What app code asked for that the scene cannot draw (a change of appearance while it
    /// runs): recording the scene stops with these.
    var refused: [String] = []
    /// Whether a scene owns this state (not a thread's own outside any scene): app code's
    /// queued work waits for the scene's clock only in a scene.
    let ownedByScene: Bool
    /// The main run loop's waiting work (completions, `DispatchQueue` blocks, display link ticks).
    let pending = PendingCompletions()
    /// The scene time the run loop has reached: the time of the code or frame it runs now
    /// (``CACurrentMediaTime()`` outside a block of code at a time, in `cellForRowAt` say).
    var clock: Double = 0
    /// The scene's frames per second and last frame's time (display links tick on its frames).
    var fps: Double = 60
    var endTime: Double = 0

    init(ownedByScene: Bool = true) { self.ownedByScene = ownedByScene }

    static let key = "TableRenderQuartz.SceneRuntime"

    /// The scene in effect on this thread (the thread's own outside any scene).
    static var current: SceneRuntime {
        if let running = Thread.current.threadDictionary[key] as? SceneRuntime { return running }
        let own = SceneRuntime(ownedByScene: false)
        Thread.current.threadDictionary[key] = own
        return own
    }

    /// Runs `body` with this scene's state in effect on this thread, then the state before.
    func running<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        let outer = Thread.current.threadDictionary[SceneRuntime.key]
        Thread.current.threadDictionary[SceneRuntime.key] = self
        let timers = ownedByScene ? FoundationTimers.next() : 0
        defer {
            Thread.current.threadDictionary[SceneRuntime.key] = outer
            if ownedByScene { noteFoundationTimer(since: timers) }
        }
        return try body()
    }

    /// A Foundation `Timer` the code scheduled (`Timer.scheduledTimer`, or one added to a run
    /// loop) waits for the wall clock on a run loop the scene never runs, so it would never fire
    /// in the frames: recording the scene stops with what to write instead. (Swift cannot tell
    /// Foundation's `Timer.scheduledTimer` from one of ours, so ours cannot take its place.)
    func noteFoundationTimer(since before: Double) {
        let now = FoundationTimers.next()
        guard now != 0, before == 0 || now < before else { return }
        let message = "Timer: a Foundation Timer scheduled by app code (at about \(Message.number(clock)) s) runs on the wall clock, which a scene does not run, so it would never fire in the frames: write DispatchQueue.main.asyncAfter(deadline: .now() + interval) { ... } (queue it again in the block to repeat), or a CADisplayLink for every frame"
        if !refused.contains(message) { refused.append(message) }
    }
}

/// The Foundation timers waiting on this thread's and the main run loop.
enum FoundationTimers {
    /// The earliest fire date (CoreFoundation's absolute time) of a timer in the main or the
    /// current run loop's default mode; 0 when none waits.
    static func next() -> Double {
        let dates = [CFRunLoopGetNextTimerFireDate(CFRunLoopGetMain(), kCFRunLoopDefaultMode),
                     CFRunLoopGetNextTimerFireDate(CFRunLoopGetCurrent(), kCFRunLoopDefaultMode)].filter { $0 != 0 }
        return dates.min() ?? 0
    }
}
