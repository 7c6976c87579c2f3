import Geometry
import LayerTree
import SceneModel

/// The presentation tree: the scene's layers with every animation applied at a given time.
public struct Presentation: Sendable {
    let layers: [LayerModel]
    let animations: [AnimationModel]
    /// The scene's changes in time order (those at one time in the order written).
    let changes: [PropertyChange]
    /// Index path of each named layer: sublayer indices, and `Presentation.maskStep` for a mask.
    let paths: [String: [Int]]
    static let maskStep = -1

    public init(scene: Scene) {
        layers = scene.layers
        animations = scene.animations
        changes = scene.changes.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        var paths: [String: [Int]] = [:]
        func walk(_ ls: [LayerModel], _ prefix: [Int]) {
            for (i, l) in ls.enumerated() {
                if let n = l.name { paths[n] = prefix + [i] }
                walk(l.sublayers, prefix + [i])
                if let m = l.mask, let n = m.name { paths[n] = prefix + [i, Presentation.maskStep] }
                if let m = l.mask { walkMask(m, prefix + [i, Presentation.maskStep]) }
            }
        }
        func walkMask(_ m: LayerModel, _ at: [Int]) {
            walk(m.sublayers, at)
            if let mm = m.mask {
                if let n = mm.name { paths[n] = at + [Presentation.maskStep] }
                walkMask(mm, at + [Presentation.maskStep])
            }
        }
        walk(scene.layers, [])
        self.paths = paths
    }

    /// Transform components set by `transform.rotation.x` and friends on one layer.
    struct Components {
        var rotation = [0.0, 0.0, 0.0]
        var scale = [1.0, 1.0, 1.0]
        var translation = [0.0, 0.0, 0.0]
        var touched = false
        /// Rotate, translate and scale the model transform as `CATransform3DRotate` etc. do, so a
        /// perspective in the model transform stays in front: scale first, then rotation about
        /// x, y, z, then translation, then the model transform.
        func applied(to model: Transform3D) -> Transform3D {
            var t = model
            t = t.translated(translation[0], translation[1], translation[2])
            if rotation[2] != 0 { t = t.rotated(degrees: rotation[2], 0, 0, 1) }
            if rotation[1] != 0 { t = t.rotated(degrees: rotation[1], 0, 1, 0) }
            if rotation[0] != 0 { t = t.rotated(degrees: rotation[0], 1, 0, 0) }
            return t.scaled(scale[0], scale[1], scale[2])
        }
    }

    /// The layer tree at `time` seconds, as a frame shows it.
    public func layers(at time: Double) -> [PresentationLayer] { PresentationLayer.tree(modelLayers(at: time)) }

    /// The scene's layers with the animations at `time` applied.
    func modelLayers(at time: Double) -> [LayerModel] {
        var tree = layers
        // The model values first (the changes made by then), then the animations on top.
        for c in changes {
            guard c.at <= time else { break }
            guard let path = paths[c.layer] else { continue }
            withLayer(&tree, path) { layer in LayerProperties.all[c.property].set(&layer, c.value) }
        }
        var components: [[Int]: Components] = [:]
        for a in animations {
            guard let path = paths[a.layer], let p = AnimationTiming.progress(of: a, at: time) else { continue }
            withLayer(&tree, path) { layer in Presentation.apply(a, progress: p, to: &layer, components: &components[path]) }
        }
        for (path, c) in components where c.touched {
            withLayer(&tree, path) { layer in
                layer.transform = .matrix(c.applied(to: layer.transform.matrix))
            }
        }
        return tree
    }

    /// Applies `a` at iteration progress `p` to `layer`: a transform component (rotation, scale,
    /// translation) goes into `components`, applied once every animation of the layer is;
    /// any other key path sets the property.
    static func apply(_ a: AnimationModel, progress p: Double, to layer: inout LayerModel, components: inout Components?) {
        switch a.key {
        case .rotation(let axis):
            var c = components ?? Components()
            c.rotation[axis] = component(a, p, current: c.rotation[axis], neutral: 0, combine: +)
            c.touched = true
            components = c
        case .scale(let axis):
            var c = components ?? Components()
            for ax in axis.map({ [$0] }) ?? [0, 1, 2] {
                c.scale[ax] = component(a, p, current: c.scale[ax], neutral: 1, combine: *)
            }
            c.touched = true
            components = c
        case .translation(let axis):
            var c = components ?? Components()
            if let axis {
                c.translation[axis] = component(a, p, current: c.translation[axis], neutral: 0, combine: +)
            } else {
                let cur = AnimValue.vector([c.translation[0], c.translation[1]])
                let v = value(of: a, progress: p, current: cur, additiveBase: cur).vector
                c.translation[0] = v[0]; c.translation[1] = v[1]
            }
            c.touched = true
            components = c
        default:
            let current = LayerProperty.get(a.key, of: layer)
            LayerProperty.set(a.key, of: &layer, to: value(of: a, progress: p, current: current, additiveBase: current))
        }
    }

    /// `animations` (all of one layer) applied to `layer` at `time` on their clock.
    public static func animate(_ layer: inout LayerModel, with animations: [AnimationModel], at time: Double) {
        var components: Components?
        for a in animations {
            guard let p = AnimationTiming.progress(of: a, at: time) else { continue }
            apply(a, progress: p, to: &layer, components: &components)
        }
        if let c = components, c.touched { layer.transform = .matrix(c.applied(to: layer.transform.matrix)) }
    }

    /// One transform component: additive rotations and translations add to the current value,
    /// additive scales multiply it.
    private static func component(_ a: AnimationModel, _ p: Double, current: Double, neutral: Double,
                           combine: (Double, Double) -> Double) -> Double {
        var plain = a
        plain.additive = false
        let raw = value(of: plain, progress: p, current: .number(a.additive ? neutral : current), additiveBase: .number(0)).number
        return a.additive ? combine(current, raw) : raw
    }

    private func withLayer(_ tree: inout [LayerModel], _ path: [Int], _ body: (inout LayerModel) -> Void) {
        guard let i = path.first, tree.indices.contains(i) else { return }
        Presentation.within(&tree[i], path.dropFirst(), body)
    }

    /// The layer `rest` leads to from `layer`: into a sublayer, or the mask.
    private static func within(_ layer: inout LayerModel, _ rest: ArraySlice<Int>, _ body: (inout LayerModel) -> Void) {
        guard let step = rest.first else { body(&layer); return }
        if step == maskStep {
            guard !layer.maskLayers.isEmpty else { return }
            within(&layer.maskLayers[0], rest.dropFirst(), body)
        } else if layer.sublayers.indices.contains(step) {
            within(&layer.sublayers[step], rest.dropFirst(), body)
        }
    }

    /// The animated value at iteration progress `p`: from/to/by resolved against the current
    /// presentation value as `CABasicAnimation` does, or keyframes as `CAKeyframeAnimation`.
    static func value(of a: AnimationModel, progress p: Double, current: AnimValue, additiveBase: AnimValue) -> AnimValue {
        var v: AnimValue
        if let values = a.values, !values.isEmpty {
            v = keyframe(a, values, p)
        } else {
            let f = TimingCurve.apply(a.timingFunction, p, duration: a.duration)
            let zero = a.additive ? Interpolation.subtract(current, current) : current
            var from: AnimValue, to: AnimValue
            switch (a.from, a.to, a.by) {
            case let (f0?, t0?, _): from = f0; to = t0
            case let (f0?, nil, b?): from = f0; to = Interpolation.add(f0, b)
            case let (nil, t0?, b?): from = Interpolation.subtract(t0, b); to = t0
            case let (f0?, nil, nil): from = f0; to = zero
            case let (nil, t0?, nil): from = zero; to = t0
            case let (nil, nil, b?): from = zero; to = Interpolation.add(zero, b)
            default: return current
            }
            v = Interpolation.lerp(from, to, f)
        }
        if a.additive { v = Interpolation.add(additiveBase, v) }
        return v
    }

    static func keyframe(_ a: AnimationModel, _ values: [AnimValue], _ p: Double) -> AnimValue {
        if values.count == 1 { return values[0] }
        let n = values.count
        let p = TimingCurve.apply(a.timingFunction, p, duration: a.duration)
        // Key times never decrease (validated), so the segment is found by binary search, and
        // the even spacing is computed, not built: O(log n) per value whatever the keyframes.
        let keyTimes = a.keyTimes
        // Without key times, Core Animation spaces values evenly; a discrete animation holds
        // each for 1/n of the duration (the last one too), a joined one reaches the last at the end.
        let discrete = a.calculationMode == .discrete
        func time(_ i: Int) -> Double { keyTimes?[i] ?? Double(i) / Double(discrete ? n : n - 1) }
        /// The number of key times <= p among indices lo..<hi (they are sorted).
        func countAtOrBelow(_ p: Double, from lo: Int, to hi: Int) -> Int {
            var lo = lo, hi = hi
            let start = lo
            while lo < hi {
                let mid = lo + (hi - lo) / 2
                if time(mid) <= p { lo = mid + 1 } else { hi = mid }
            }
            return lo - start
        }
        if a.calculationMode == .discrete {
            // The last key time <= p (the first value when none is).
            return values[max(countAtOrBelow(p, from: 0, to: n) - 1, 0)]
        }
        if p <= time(0) { return values[0] }
        if p >= time(n - 1) { return values[n - 1] }
        // The first segment whose end is past p: key times 1...n-2 that are <= p are passed.
        let seg = countAtOrBelow(p, from: 1, to: n - 1)
        let span = time(seg + 1) - time(seg)
        var local = span > 0 ? (p - time(seg)) / span : 1
        if let tfs = a.timingFunctions, seg < tfs.count {
            local = TimingCurve.apply(tfs[seg], local, duration: a.duration * span)
        }
        return Interpolation.lerp(values[seg], values[seg + 1], local)
    }
}

extension AnimValue {
    var number: Double { if case .number(let n) = self { return n }; return 0 }
    var vector: [Double] { if case .vector(let v) = self { return v }; return [0, 0] }
}
