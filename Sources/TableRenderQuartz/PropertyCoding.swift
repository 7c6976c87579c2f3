import Foundation
import Geometry
import SceneModel

/// A layer property's value between Swift (what ``CALayer/value(forKey:)`` gives) and the scene
/// model's values, by the property table's types.
enum PropertyCoding {
    /// The value as the model keeps it; nil keeps the default (no colour where none is allowed,
    /// an identity transform, a value of another type).
    static func model(_ v: Any?, _ p: LayerProperty) -> AnimValue? {
        switch p.swiftType {
        case .cgFloat: return CALayer.cgFloat(v).map { .number(Double($0)) }
        case .float: return (v as? Float).map { .number(SceneWriter.float($0)) } ?? CALayer.cgFloat(v).map { .number(Double($0)) }
        case .bool: return (v as? Bool).map(AnimValue.bool)
        case .cgPoint: return (v as? CGPoint).map { .vector([Double($0.x), Double($0.y)]) }
        case .cgSize: return (v as? CGSize).map { .vector([Double($0.width), Double($0.height)]) }
        case .cgRect: return (v as? CGRect).map { .vector([$0.origin.x, $0.origin.y, $0.size.width, $0.size.height].map(Double.init)) }
        case .cgColor:
            if let c = CALayer.color(v) { return .color(c.model) }
            switch p.type {
            case .optionalColor(let nullable): return nullable ? .absent : nil
            default: return .color(.clear)
            }
        case .transform:
            guard let t = CATransform3D.from(v), t != CATransform3DIdentity else { return nil }
            return .transform(t.sceneValue)
        case .name: return CALayer.name(v).map(AnimValue.text)
        case .cornerMask: return (v as? CACornerMask).map { .number(Double($0.rawValue & 15)) }
        case .numbers:
            // A dash pattern (a gradient's locations are recorded with its colours).
            guard p.type == .dashes, let a = v as? [Any] else { return nil }
            return .numbers(a.compactMap { CALayer.cgFloat($0).map(Double.init) })
        case .cgPath:
            // `shadowPath` (a shape's `path` is recorded as its commands).
            guard p.type == .pathData else { return nil }
            return (v as? CGPath).map { .text($0.svgPathData) } ?? .absent
        case .colors, .contents, .layerClass: return nil
        }
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
