import Geometry
import SceneModel

/// Reads and writes animated layer properties by key, through the property table.
enum LayerProperty {
    static func get(_ key: AnimatedKey, of l: LayerModel) -> AnimValue {
        guard case let .property(i, components) = key else { return .number(0) }
        var whole = LayerProperties.all[i].get(l)
        // No background colour animates from clear.
        if case .absent = whole { whole = .color(.clear) }
        guard let c = components, case .vector(let v) = whole, c.upperBound <= v.count else { return whole }
        return c.count == 1 ? .number(v[c.lowerBound]) : .vector(Array(v[c]))
    }

    static func set(_ key: AnimatedKey, of l: inout LayerModel, to v: AnimValue) {
        guard case let .property(i, components) = key else { return }
        let p = LayerProperties.all[i]
        guard let c = components else { p.set(&l, v); return }
        guard case .vector(var whole) = p.get(l), c.upperBound <= whole.count else { return }
        switch v {
        case .number(let n): whole[c.lowerBound] = n
        case .vector(let x) where x.count == c.count: whole.replaceSubrange(c, with: x)
        default: return
        }
        p.set(&l, .vector(whole))
    }
}
