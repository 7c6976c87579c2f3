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

extension UIView {
    /// Whether `view` may be added as a subview; a call UIKit raises for (or that cannot be
    /// drawn) is kept, and the scene stops with its message when it is written.
    func accepts(subview view: UIView) -> Bool {
        if view === self {
            layer.refusedCalls.append("\(type(of: self)).addSubview(_:): Can't add self as subview")
            return false
        }
        if layer.cycle(with: view.layer, "the subview added") != nil {
            layer.refusedCalls.append("\(type(of: self)).addSubview(_:): the view added holds this view (the view tree would be a cycle)")
            return false
        }
        // A table's header or footer view moved here would leave the table's empty (not drawn that way).
        if let key = view.tableViewKey {
            layer.refusedCalls.append("\(type(of: self)).addSubview(_:): the view added is the table's \(key); UIKit moves it here, leaving the table's \(key) empty (not drawn yet): make a view for each place")
            return false
        }
        return true
    }
}
