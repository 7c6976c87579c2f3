import Foundation
import SceneModel

/// Key-value coding, as Core Animation's layers have it: a property by its key
/// (`layer.value(forKey: "cornerRadius")`). The keys are the scene format's, which are Core
/// Animation's; the scene writer and reader go through them. The keys and the two switches of
/// each class are generated from the property table (`CALayer+KeyValueCoding.generated.swift`);
/// these are the conversions they use.
extension CALayer {
    /// A recorded value (`Any` holding an optional) as the value it holds, or nil.
    static func unwrapped(_ v: Any) -> Any? {
        if let o = v as? CGColor? { return o }
        return v
    }

    static func cgFloat(_ v: Any?) -> CGFloat? {
        switch v {
        case let x as CGFloat: return x
        case let x as Double: return CGFloat(x)
        case let x as Float: return CGFloat(x)
        case let x as Int: return CGFloat(x)
        case let x as NSNumber: return CGFloat(x.doubleValue)
        default: return nil
        }
    }

    static func color(_ v: Any?) -> CGColor? {
        if let c = v as? CGColor { return c }
        if let c = v as? UIColor { return c.cgColor }
        return nil
    }

    /// Numbers (`locations`, `lineDashPattern`) from `NSNumber`s, or from any numbers.
    static func numbers(_ v: Any?) -> [NSNumber]? {
        if let n = v as? [NSNumber] { return n }
        return (v as? [Any])?.compactMap { cgFloat($0).map { NSNumber(value: Double($0)) } }
    }

    /// A name, from the string or a Core Animation constant (`CAShapeLayerLineCap.round`).
    static func name(_ v: Any?) -> String? {
        if let s = v as? String { return s }
        return (v as? any RawRepresentable<String>)?.rawValue
    }
}
