import Foundation
import SceneModel

extension SceneWriter {
    /// Writes one animation (a group as its children, on the group's clock).
    mutating func animation(_ a: CAAnimation, layer: String, path: String, index: Int, key: String?) {
        let what = "animation \(key.map { "\"\($0)\"" } ?? "\(index)")"
        if let group = a as? CAAnimationGroup {
            groupChildren(group, layer: layer, path: path, index: index, key: key, what: what)
            return
        }
        guard let p = a as? CAPropertyAnimation, let keyPath = p.keyPath else {
            problem(path, what, "expected a CABasicAnimation, CAKeyframeAnimation, CASpringAnimation or CAAnimationGroup with a keyPath")
            return
        }
        let animatedKey = AnimatedKey.byPath[keyPath]
        var m: [(key: String, value: JSON)] = [("layer", .string(layer)), ("keyPath", .string(keyPath))]
        func value(_ v: Any, _ name: String) -> JSON? {
            guard let k = animatedKey else { return SceneWriter.anyValue(v) }
            guard let out = SceneWriter.value(v, kind: k.kind, radians: SceneWriter.isAngle(k)) else {
                problem(path, "\(what).\(name)", "expected \(SceneWriter.describe(k.kind)) for \(keyPath), found \(type(of: v))")
                return nil
            }
            return out
        }
        if let b = p as? CABasicAnimation {
            if let v = b.fromValue, let j = value(v, "fromValue") { m.append(("from", j)) }
            if let v = b.toValue, let j = value(v, "toValue") { m.append(("to", j)) }
            if let v = b.byValue, let j = value(v, "byValue") { m.append(("by", j)) }
        }
        if let k = p as? CAKeyframeAnimation {
            if let vs = k.values { m.append(("values", .array(vs.enumerated().compactMap { value($1, "values[\($0)]") }))) }
            if let kt = k.keyTimes { m.append(("keyTimes", .array(kt.map { .number($0.doubleValue) }))) }
            if let tf = k.timingFunctions { m.append(("timingFunctions", .array(tf.map(\.sceneValue)))) }
            if k.calculationMode != .linear { m.append(("calculationMode", .string(k.calculationMode.rawValue))) }
        }
        if let s = p as? CASpringAnimation {
            m.append(("timingFunction", .object([("spring", .object([
                ("mass", .number(Double(s.mass))), ("stiffness", .number(Double(s.stiffness))),
                ("damping", .number(Double(s.damping))), ("initialVelocity", .number(Double(s.initialVelocity))),
            ]))])))
        } else if let tf = p.timingFunction {
            m.append(("timingFunction", tf.sceneValue))
        }
        if p.beginTime != 0 { m.append(("beginTime", .number(p.beginTime))) }
        if p.duration != 0 { m.append(("duration", .number(p.duration))) }
        if p.speed != 1 { m.append(("speed", .number(SceneWriter.float(p.speed)))) }
        if p.timeOffset != 0 { m.append(("timeOffset", .number(p.timeOffset))) }
        if p.repeatCount != 0 { m.append(("repeatCount", .number(SceneWriter.float(p.repeatCount)))) }
        if p.autoreverses { m.append(("autoreverses", .bool(true))) }
        // A finished animation that is removed shows no forward fill, as in Core Animation.
        var fill = p.fillMode
        if p.isRemovedOnCompletion { fill = fill == .both ? .backwards : fill == .forwards ? .removed : fill }
        if fill != .removed { m.append(("fillMode", .string(fill.rawValue))) }
        if p.isAdditive { m.append(("additive", .bool(true))) }
        animations.append(.object(m))
    }

    /// Writes a group's children on the scene's clock: the group's begin time, speed, repeats
    /// and fill folded into each.
    mutating func groupChildren(_ group: CAAnimationGroup, layer: String, path: String, index: Int, key: String?, what: String) {
        guard group.speed > 0, group.timeOffset == 0, group.timingFunction.map({ $0.value == .linear }) ?? true else {
            problem(path, what, "a CAAnimationGroup with a speed of 0 or less, a timeOffset or a timing function is not drawn yet")
            return
        }
        let groupDuration = group.duration > 0 ? group.duration : 0.25
        let groupSpeed = Double(SceneWriter.float(group.speed))
        let repeats = group.repeatCount != 0 || group.autoreverses
        for (i, child) in (group.animations ?? []).enumerated() {
            let c = child.copy()
            if c.duration == 0 { c.duration = groupDuration }
            let active = c.duration * Double(max(SceneWriter.float(c.repeatCount), 1)) * (c.autoreverses ? 2 : 1) / Double(SceneWriter.float(c.speed))
            guard c.beginTime + active <= groupDuration + 1e-9 else {
                problem(path, "\(what).animations[\(i)]", "runs past its group's duration (\(groupDuration) s), which cuts it off; that is not drawn yet")
                continue
            }
            if repeats {
                // The group's repeats are the child's when the child fills the group once.
                guard c.beginTime == 0, abs(active - groupDuration) < 1e-9, c.repeatCount == 0, !c.autoreverses, c.timeOffset == 0 else {
                    problem(path, "\(what).animations[\(i)]", "a child of a repeating or autoreversing group must run once from the group's start to its end (\(groupDuration) s) to be drawn; this one does not")
                    continue
                }
                c.repeatCount = group.repeatCount
                c.autoreverses = group.autoreverses
            }
            // The group's clock runs `speed` times the scene's from its begin time.
            c.beginTime = group.beginTime + c.beginTime / groupSpeed
            c.speed = Float(groupSpeed * Double(SceneWriter.float(c.speed)))
            // After the group ends, the group's fill holds (or removes) every child.
            let fillsForward = group.fillMode == .forwards || group.fillMode == .both
            let fillsBack = group.fillMode == .backwards || group.fillMode == .both || c.fillMode == .backwards || c.fillMode == .both
            c.fillMode = fillsForward ? (fillsBack ? .both : .forwards) : (fillsBack ? .backwards : .removed)
            c.isRemovedOnCompletion = group.isRemovedOnCompletion
            animation(c, layer: layer, path: path, index: index, key: key.map { "\($0).\(i)" } ?? "\(index).\(i)")
        }
    }

    static func isAngle(_ k: AnimatedKey) -> Bool {
        if case .rotation = k { return true }
        return false
    }

    static func describe(_ kind: ValueKind) -> String {
        switch kind {
        case .number: return "a number"
        case .vector(2): return "a CGPoint or CGSize"
        case .vector: return "a CGRect"
        case .color: return "a CGColor"
        case .transform: return "a CATransform3D"
        case .colors: return "an array of CGColor"
        case .numbers: return "an array of numbers"
        case .bool: return "a Bool"
        }
    }

    static func number(_ v: Any) -> Double? {
        switch v {
        case let x as CGFloat: return Double(x)
        case let x as Double: return x
        case let x as Float: return float(x)
        case let x as Int: return Double(x)
        case let x as NSNumber: return x.doubleValue
        default: return nil
        }
    }

    /// A value as the scene writes it for a key of `kind` (angles from radians to degrees).
    static func value(_ v: Any, kind: ValueKind, radians: Bool) -> JSON? {
        switch kind {
        case .number:
            guard let n = number(v) else { return nil }
            return .number(radians ? degrees(CGFloat(n)) : n)
        case .vector(2):
            if let p = v as? CGPoint { return point(p) }
            if let s = v as? CGSize { return size(s) }
            return nil
        case .vector:
            return (v as? CGRect).map(rect)
        case .color:
            return colorValue(v)
        case .transform:
            return CATransform3D.from(v).map(matrix)
        case .colors:
            guard let list = v as? [Any] else { return nil }
            let out = list.compactMap(colorValue)
            return out.count == list.count ? .array(out) : nil
        case .numbers:
            guard let list = v as? [Any] else { return nil }
            let out = list.compactMap(number)
            return out.count == list.count ? .array(out.map(JSON.number)) : nil
        case .bool:
            return (v as? Bool).map(JSON.bool)
        }
    }

    /// A value for a key path the scene format does not know (its validation names the path).
    static func anyValue(_ v: Any) -> JSON {
        if let n = number(v) { return .number(n) }
        if let p = v as? CGPoint { return point(p) }
        if let c = colorValue(v) { return c }
        if let t = CATransform3D.from(v) { return matrix(t) }
        return .string("\(v)")
    }

    /// A recorded property value as an animation value (a nil colour is clear).
    static func animatable(_ v: Any) -> Any {
        // No colour is clear (a nil of another type, a gradient's `locations`, stays nil).
        if type(of: v) == CGColor?.self, let optional = v as? CGColor? { return optional ?? UIColor.clear.cgColor }
        return v
    }
}
