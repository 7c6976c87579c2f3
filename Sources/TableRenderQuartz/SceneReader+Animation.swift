import Foundation
import Geometry
import LayerTree
import SceneModel

extension SceneReader {
    /// An animation of the scene model as the Core Animation object that writes it back.
    static func animation(_ a: AnimationModel) -> CAAnimation {
        let p: CAPropertyAnimation
        if let values = a.values {
            let k = CAKeyframeAnimation(keyPath: a.keyPath)
            k.values = values.map { value($0, key: a.key) }
            k.keyTimes = a.keyTimes?.map { NSNumber(value: $0) }
            k.timingFunctions = a.timingFunctions?.map(CAMediaTimingFunction.init(value:))
            k.calculationMode = CAAnimationCalculationMode(rawValue: a.calculationMode.rawValue)
            p = k
        } else {
            let b: CABasicAnimation
            if case let .spring(mass, stiffness, damping, velocity) = a.timingFunction {
                let s = CASpringAnimation(keyPath: a.keyPath)
                s.mass = CGFloat(mass); s.stiffness = CGFloat(stiffness); s.damping = CGFloat(damping); s.initialVelocity = CGFloat(velocity)
                b = s
            } else {
                b = CABasicAnimation(keyPath: a.keyPath)
            }
            b.fromValue = a.from.map { value($0, key: a.key) }
            b.toValue = a.to.map { value($0, key: a.key) }
            b.byValue = a.by.map { value($0, key: a.key) }
            p = b
        }
        if let tf = a.timingFunction, case .cubic = tf { p.timingFunction = CAMediaTimingFunction(value: tf) }
        p.beginTime = a.beginTime
        p.duration = a.duration
        p.speed = Float(a.speed)
        p.timeOffset = a.timeOffset
        p.repeatCount = Float(a.repeatCount)
        p.autoreverses = a.autoreverses
        p.fillMode = CAMediaTimingFillMode(rawValue: a.fillMode.rawValue)
        p.isRemovedOnCompletion = false
        p.isAdditive = a.additive
        return p
    }

    /// A value as Core Animation takes it: radians for rotations, points, sizes, rectangles,
    /// colours and transforms.
    static func value(_ v: AnimValue, key: AnimatedKey) -> Any {
        switch v {
        case .number(let n):
            if case .rotation = key { return CGFloat(n * Double.pi / 180) }
            return CGFloat(n)
        case .vector(let xs) where xs.count == 4:
            return CGRect(x: xs[0], y: xs[1], width: xs[2], height: xs[3])
        case .vector(let xs):
            let x = xs.first ?? 0, y = xs.count > 1 ? xs[1] : 0
            return key.isSize ? CGSize(width: x, height: y) : CGPoint(x: x, y: y)
        case .color(let c): return color(c)
        case .transform(let t): return transform(t)
        case .colors(let cs): return cs.map(color)
        case .numbers(let ns): return ns.map { NSNumber(value: $0) }
        case .bool(let b): return b
        case .text(let s): return s
        case .absent: return Optional<CGColor>.none as Any
        }
    }
}
