/// A step: a named layer's property set at a scene time, as app code's assignment sets a Core
/// Animation model value (`layer.masksToBounds = true` at 1 s). It holds from then on; the
/// frame's animations apply on top of it, as Core Animation's presentation layer applies
/// animations on top of the model layer. Changes at one time apply in the order written.
public struct PropertyChange: Sendable {
    /// The scene time, in seconds.
    public var at: Double
    /// The name of a layer of `layers` (at any depth, masks included).
    public var layer: String
    /// The property: an index into ``LayerProperties/all``.
    public var property: Int
    /// The new value, of the property's type and within its range.
    public var value: AnimValue
    /// Where it is written (`changes[2]`), for messages.
    public var jsonPath: String

    public init(at: Double, layer: String, property: Int, value: AnimValue, jsonPath: String = "changes") {
        self.at = at; self.layer = layer; self.property = property; self.value = value; self.jsonPath = jsonPath
    }
}

extension LayerProperty {
    /// Whether a ``PropertyChange`` may set it: every stored property of the table, not the
    /// derived `frame`, the layer's class (`transformLayer`) or what content objects read with
    /// their own code (a gradient's colours and locations, a path's data, an image's file).
    public var changes: Bool {
        guard !derived, swiftType != .layerClass else { return false }
        switch type {
        case .colors, .locations, .custom: return false
        default: return true
        }
    }
}

extension LayerProperties {
    /// The properties a change may set, by the key a change names: the layer object's JSON
    /// key (`masksToBounds`), a content object's JSON path (`path.lineCap`) or Core Animation's
    /// key for it on the layer (`lineCap`, as TableRenderQuartz writes it).
    public static let changeable: [String: Int] = {
        var out: [String: Int] = [:]
        for (i, p) in all.enumerated() where p.changes {
            out[p.jsonPath] = i
            // A text's keys have no Core Animation key on a layer (`color` is not the layer's).
            if p.container != .text, out[p.caKey] == nil { out[p.caKey] = i }
        }
        return out
    }()
}
