import Foundation

/// The layer tree stays a tree: what `insertSublayer` and `mask` check before they change it.
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
}
