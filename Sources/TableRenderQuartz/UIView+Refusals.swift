import Foundation

extension UIView {
    /// Says what a scene cannot draw: to the scene running this code, or kept on the view
    /// until a scene that shows it is recorded.
    func refuseInScene(_ message: String) {
        let runtime = SceneRuntime.current
        if runtime.ownedByScene { runtime.refused.append(message) } else { refusedBeforeScene.append(message) }
    }

    /// What this view and the views inside it were refused before any scene ran them.
    var refusedInTree: [String] {
        var out: [String] = []
        var stack: [UIView] = [self]
        while let v = stack.popLast(), out.count < 1_000 {
            out += v.refusedBeforeScene
            stack += v.subviews
        }
        return out
    }
}
