import Foundation
import SceneModel

@MainActor
extension SceneWriter {
    /// The table's frame as the scene starts (what code changed later is an animation).
    static func startFrame(_ t: UITableView) -> CGRect {
        let v = StartValues(t.layer)
        guard let b = v.value("bounds") as? CGRect, let p = v.value("position") as? CGPoint else { return t.frame }
        let a = t.layer.anchorPoint
        return CGRect(x: p.x - a.x * b.width, y: p.y - a.y * b.height, width: b.width, height: b.height)
    }

    /// A table animation of `bounds` as one of `bounds.size.height` (the table's bounds origin
    /// is its content offset; a width that changes is refused: the rows keep the table's width).
    mutating func tableFrameAnimation(_ a: AnimationModel, width: Double, index: Int) -> AnimationModel {
        guard a.keyPath == "bounds", let key = AnimatedKey.byPath["bounds.size.height"] else { return a }
        var a = a
        a.keyPath = "bounds.size.height"
        a.key = key
        func height(_ v: AnimValue, by: Bool) -> AnimValue {
            guard case .vector(let n) = v, n.count == 4 else { return v }
            if n[2] != width && !by {
                problems.append(SceneProblem(path: "table.frame", message: "the table's width changes (animation \(index)): a table is drawn at one width; change its height and position only"))
            }
            return .number(n[3])
        }
        a.from = a.from.map { height($0, by: false) }
        a.to = a.to.map { height($0, by: false) }
        a.by = a.by.map { height($0, by: true) }
        a.values = a.values?.map { height($0, by: false) }
        return a
    }
}
