import Foundation

/// The layer tree stays a tree (what `insertSublayer` and `mask` check before they change it),
/// and walks of it: a copy as it is now, a sublayer by name.
extension CALayer {
    /// The layer in messages: its class and name.
    var described: String { name.map { "\(type(of: self)) \"\($0)\"" } ?? "a \(type(of: self))" }

    /// Why making `other` this layer's sublayer or mask (`what`) would make the tree a cycle, if
    /// it would: `other` is this layer or one of its ancestors (superlayers and masked layers).
    func cycle(with other: CALayer, _ what: String) -> String? {
        if other === self { return "\(described): \(what) is the layer itself (a layer cannot hold itself)" }
        // A layer that holds nothing is no one's ancestor (a tree built from the top adds only
        // such layers, so building one stays linear however deep it is).
        guard other.sublayers?.isEmpty == false || other.mask != nil else { return nil }
        var up = superlayer ?? maskOwner
        while let l = up {
            if l === other { return "\(described): \(what) is \(other.described), which holds this layer (the tree would be a cycle)" }
            up = l.superlayer ?? l.maskOwner
        }
        return nil
    }

    /// Whether this layer is `ancestor` or one of its sublayers at any depth (the tree has no
    /// cycles: `cycle(with:_:)` keeps them out).
    func isInside(_ ancestor: CALayer) -> Bool {
        var l: CALayer? = self
        while let x = l {
            if x === ancestor { return true }
            l = x.superlayer
        }
        return false
    }

    /// The layer and its sublayers as they are now, without names or animations (what a
    /// snapshot draws).
    func treeCopy() -> CALayer {
        let copy = type(of: self).init(layer: self)
        copy.name = nil
        for sub in sublayers ?? [] { copy.addSublayer(sub.treeCopy()) }
        return copy
    }

    /// The layer named `name` among the sublayers and masks, at any depth.
    func sublayerNamed(_ name: String) -> CALayer? {
        for l in (sublayers ?? []) + (mask.map { [$0] } ?? []) {
            if l.name == name { return l }
            if let found = l.sublayerNamed(name) { return found }
        }
        return nil
    }
}
