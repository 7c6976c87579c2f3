import Foundation
import Geometry
import SceneModel

/// A layer property's value between Swift (what ``CALayer/value(forKey:)`` gives) and the scene
/// (JSON and the scene model's values), by the property table's types.
enum PropertyCoding {
    /// The value as the scene writes it; nil writes nothing (no colour where none is allowed,
    /// an identity transform).
    static func json(_ v: Any?, _ p: LayerProperty) -> JSON? {
        switch p.swiftType {
        case .cgFloat: return CALayer.cgFloat(v).map { .number(Double($0)) }
        case .float: return (v as? Float).map { .number(SceneWriter.float($0)) } ?? CALayer.cgFloat(v).map { .number(Double($0)) }
        case .bool: return (v as? Bool).map(JSON.bool)
        case .cgPoint: return (v as? CGPoint).map(SceneWriter.point)
        case .cgSize: return (v as? CGSize).map(SceneWriter.size)
        case .cgRect: return (v as? CGRect).map(SceneWriter.rect)
        case .cgColor:
            if let c = CALayer.color(v) { return c.sceneValue }
            switch p.type {
            case .optionalColor(let nullable): return nullable ? .null : nil
            default: return .string("clear")
            }
        case .transform:
            guard let t = CATransform3D.from(v), t != CATransform3DIdentity else { return nil }
            return SceneWriter.matrix(t)
        case .name: return CALayer.name(v).map(JSON.string)
        case .cornerMask:
            guard let m = v as? CACornerMask else { return nil }
            return .array(CornerMask.names.enumerated().filter { m.rawValue & (1 << UInt($0.offset)) != 0 }.map { .string($0.element) })
        case .numbers:
            // A dash pattern (a gradient's locations are written with its colours).
            guard p.type == .dashes, let a = v as? [Any] else { return nil }
            return .array(a.compactMap { CALayer.cgFloat($0).map { .number(Double($0)) } })
        case .cgPath:
            // `shadowPath` (a shape's `path` is written as its `d`).
            guard p.type == .pathData else { return nil }
            return (v as? CGPath).map { .string($0.svgPathData) } ?? .null
        case .colors, .contents, .layerClass: return nil
        }
    }

    /// Core Animation's default as the scene writes it (`null` for a nullable colour that is
    /// none by default).
    static func defaultJSON(_ p: LayerProperty) -> JSON? {
        if let d = p.defaultJSON { return d }
        if case .optionalColor(true) = p.type { return .null }
        if p.type == .pathData { return .null }
        return nil
    }

    /// The properties of `container` that differ from Core Animation's defaults, as the scene
    /// writes them; `value` gives each by key.
    static func written(_ container: LayerProperty.Container, _ value: (String) -> Any?) -> [(key: String, value: JSON)] {
        var out: [(key: String, value: JSON)] = []
        for p in LayerProperties.in(container) where !p.derived && p.swiftName != nil {
            guard let j = json(value(p.caKey), p), j != defaultJSON(p) else { continue }
            out.append((p.key, j))
        }
        return out
    }

    /// A scene model value as Swift takes it for `p` (nil: none).
    static func swiftValue(_ v: AnimValue, _ p: LayerProperty) -> Any? {
        switch v {
        case .number(let n) where p.swiftType == .cornerMask: return UInt(exactly: n).map { CACornerMask(rawValue: $0) }
        case .number(let n): return p.swiftType == .float ? Float(n) as Any : CGFloat(n) as Any
        case .bool(let b): return b
        case .vector(let x) where x.count == 2:
            return p.swiftType == .cgSize ? CGSize(width: x[0], height: x[1]) as Any : CGPoint(x: x[0], y: x[1]) as Any
        case .vector(let x) where x.count == 4: return CGRect(x: x[0], y: x[1], width: x[2], height: x[3])
        case .color(let c): return SceneReader.color(c)
        case .transform(let t): return SceneReader.transform(t)
        case .text(let s) where p.type == .pathData: return (try? SVGPathParser.parse(s)).map(SceneReader.path)
        case .text(let s): return s
        case .numbers(let n) where p.type == .dashes: return n.map { NSNumber(value: $0) }
        default: return nil
        }
    }

    /// Sets `l`'s properties of `container` from the scene model's layer `m`.
    static func read(_ m: LayerModel, into l: CALayer, _ container: LayerProperty.Container) {
        for p in LayerProperties.in(container) where !p.derived && p.swiftName != nil && p.type != .custom {
            let v = p.get(m)
            switch (v, p.type) {
            case (.absent, .optionalColor), (.absent, .dashes), (.absent, .pathData): l.setValue(nil, forKey: p.caKey)
            case (.numbers(let n), .dashes): l.setValue(n.map { NSNumber(value: $0) }, forKey: p.caKey)
            case (.absent, _), (.colors, _), (.numbers, _): continue
            default: l.setValue(swiftValue(v, p), forKey: p.caKey)
            }
        }
    }
}
