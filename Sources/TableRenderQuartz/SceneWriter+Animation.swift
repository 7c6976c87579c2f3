import Foundation
import SceneModel

extension SceneWriter {
    /// Records one animation (a group as its children, on the group's clock).
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
        let here = "animations[\(animations.count)]"
        guard let animatedKey = AnimatedKey.byPath[keyPath] else {
            var expected = "an animatable key path"
            if let sug = suggestion(for: keyPath, among: Array(AnimatedKey.byPath.keys)) { expected += " (did you mean \"\(sug)\"?)" }
            problems.append(SceneProblem(path: here + ".keyPath", message: "expected \(expected), found \"\(Message.cutLongTokens(keyPath))\"; the animatable key paths are "
                                         + AnimatedKey.byPath.keys.sorted().joined(separator: ", ")))
            return
        }
        var m = AnimationModel(layer: layer, keyPath: keyPath, key: animatedKey)
        func value(_ v: Any, _ name: String) -> AnimValue? {
            guard let out = SceneWriter.value(v, kind: animatedKey.kind, radians: SceneWriter.isAngle(animatedKey)) else {
                problem(path, "\(what).\(name)", "expected \(SceneWriter.describe(animatedKey.kind)) for \(keyPath), found \(type(of: v))")
                return nil
            }
            return out
        }
        if let b = p as? CABasicAnimation {
            m.from = b.fromValue.flatMap { value($0, "fromValue") }
            m.to = b.toValue.flatMap { value($0, "toValue") }
            m.by = b.byValue.flatMap { value($0, "byValue") }
        }
        if let k = p as? CAKeyframeAnimation {
            m.values = k.values.map { vs in vs.enumerated().compactMap { value($1, "values[\($0)]") } }
            m.keyTimes = k.keyTimes?.map(\.doubleValue)
            m.timingFunctions = k.timingFunctions?.map(\.value)
            switch k.calculationMode {
            case .linear: break
            case .discrete: m.calculationMode = .discrete
            default:
                problems.append(SceneProblem(path: here + ".calculationMode",
                                             message: "expected one of \"linear\", \"discrete\", found \"\(Message.cutLongTokens(k.calculationMode.rawValue))\""))
            }
        }
        if let s = p as? CASpringAnimation {
            m.timingFunction = .spring(mass: Double(s.mass), stiffness: Double(s.stiffness), damping: Double(s.damping), initialVelocity: Double(s.initialVelocity))
        } else {
            m.timingFunction = p.timingFunction?.value
        }
        m.beginTime = p.beginTime
        m.duration = p.duration == 0 ? 0.25 : p.duration
        m.speed = SceneWriter.float(p.speed)
        m.timeOffset = p.timeOffset
        // Core Animation repeats forever at HUGE_VALF (`.infinity`) and at greatestFiniteMagnitude;
        // the format's numbers are finite, so forever is written as the largest Float.
        m.repeatCount = p.repeatCount.isInfinite && p.repeatCount > 0 ? Double(Float.greatestFiniteMagnitude) : SceneWriter.float(p.repeatCount)
        m.autoreverses = p.autoreverses
        // A finished animation that is removed shows no forward fill, as in Core Animation.
        var fill = p.fillMode
        if p.isRemovedOnCompletion { fill = fill == .both ? .backwards : fill == .forwards ? .removed : fill }
        m.fillMode = FillMode(rawValue: fill.rawValue) ?? .removed
        m.additive = p.isAdditive
        // Problems found on the model name the animation by its key and its layer or view.
        layerNames[here] = "\(what) of \(layerNames[path] ?? "a layer")"
        animations.append(m)
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

    /// A value as the model keeps it for a key of `kind` (angles from radians to degrees).
    static func value(_ v: Any, kind: ValueKind, radians: Bool) -> AnimValue? {
        switch kind {
        case .number:
            guard let n = number(v) else { return nil }
            return .number(radians ? degrees(CGFloat(n)) : n)
        case .vector(2):
            if let p = v as? CGPoint { return .vector([Double(p.x), Double(p.y)]) }
            if let s = v as? CGSize { return .vector([Double(s.width), Double(s.height)]) }
            return nil
        case .vector:
            return (v as? CGRect).map { .vector([$0.origin.x, $0.origin.y, $0.size.width, $0.size.height].map(Double.init)) }
        case .color:
            return colorValue(v).map(AnimValue.color)
        case .transform:
            return CATransform3D.from(v).map { .transform($0.sceneValue) }
        case .colors:
            guard let list = v as? [Any] else { return nil }
            let out = list.compactMap(colorValue)
            return out.count == list.count ? .colors(out) : nil
        case .numbers:
            guard let list = v as? [Any] else { return nil }
            let out = list.compactMap(number)
            return out.count == list.count ? .numbers(out) : nil
        case .bool:
            return (v as? Bool).map(AnimValue.bool)
        }
    }

    /// A recorded property value as an animation value (a nil colour is clear).
    nonisolated static func animatable(_ v: Any) -> Any {
        // No colour is clear (a nil of another type, a gradient's `locations`, stays nil).
        if type(of: v) == CGColor?.self, let optional = v as? CGColor? { return optional ?? UIColor.clear.cgColor }
        return v
    }
}
