import Foundation
import SceneModel

/// What UIKit keeps process-wide, kept per scene (issue 50, step 7): the screen
/// (`UIScreen.main`) and the stack of `UIGraphics` contexts of the views drawing now. Two scenes
/// built on two threads each see their own; app code sees its scene's while the scene runs it
/// (setting ``LayerScene/rootViewController``, ``LayerScene/at(_:_:)``, and recording the scene
/// to render it). Code outside any scene sees its thread's own, with the default screen.
///
/// App code is synchronous UIKit code on one thread at a time, as on iOS's main thread, so the
/// scene in effect is the thread's (the thread dictionary holds it, as it holds the recording
/// context); nothing here is shared between threads, and nothing needs a lock.
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

    static let key = "TableRenderQuartz.SceneRuntime"

    /// The scene in effect on this thread (the thread's own outside any scene).
    static var current: SceneRuntime {
        if let running = Thread.current.threadDictionary[key] as? SceneRuntime { return running }
        let own = SceneRuntime()
        Thread.current.threadDictionary[key] = own
        return own
    }

    /// Runs `body` with this scene's state in effect on this thread, then the state before.
    func running<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        let outer = Thread.current.threadDictionary[SceneRuntime.key]
        Thread.current.threadDictionary[SceneRuntime.key] = self
        defer { Thread.current.threadDictionary[SceneRuntime.key] = outer }
        return try body()
    }
}
