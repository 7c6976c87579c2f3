import Geometry
import SceneModel

/// Reads and writes animatable layer properties by key.
enum LayerProperty {
    static func get(_ key: AnimatedKey, of l: LayerModel) -> AnimValue {
        switch key {
        case .opacity: return .number(l.opacity)
        case .position: return .vector([l.position.x, l.position.y])
        case .positionX: return .number(l.position.x)
        case .positionY: return .number(l.position.y)
        case .bounds: return .vector([l.bounds.x, l.bounds.y, l.bounds.width, l.bounds.height])
        case .boundsOrigin: return .vector([l.bounds.x, l.bounds.y])
        case .boundsSize: return .vector([l.bounds.width, l.bounds.height])
        case .boundsWidth: return .number(l.bounds.width)
        case .boundsHeight: return .number(l.bounds.height)
        case .backgroundColor: return .color(l.backgroundColor ?? .clear)
        case .borderColor: return .color(l.borderColor)
        case .shadowColor: return .color(l.shadowColor)
        case .cornerRadius: return .number(l.cornerRadius)
        case .borderWidth: return .number(l.borderWidth)
        case .shadowOffset: return .vector([l.shadowOffset.x, l.shadowOffset.y])
        case .shadowOpacity: return .number(l.shadowOpacity)
        case .shadowRadius: return .number(l.shadowRadius)
        case .transform: return .transform(l.transform)
        case .sublayerTransform: return .transform(l.sublayerTransform)
        case .zPosition: return .number(l.zPosition)
        case .anchorPoint: return .vector([l.anchorPoint.x, l.anchorPoint.y])
        case .anchorPointZ: return .number(l.anchorPointZ)
        case .gradientColors: return .colors(l.gradient?.colors ?? [])
        case .gradientLocations:
            let n = l.gradient?.colors.count ?? 0
            return .numbers(l.gradient?.locations ?? (0..<n).map { n > 1 ? Double($0) / Double(n - 1) : 0 })
        case .gradientStartPoint: return .vector([l.gradient?.startPoint.x ?? 0.5, l.gradient?.startPoint.y ?? 0])
        case .gradientEndPoint: return .vector([l.gradient?.endPoint.x ?? 0.5, l.gradient?.endPoint.y ?? 1])
        case .hidden: return .bool(l.hidden)
        case .rotation, .scale, .translation: return .number(0)
        }
    }

    static func set(_ key: AnimatedKey, of l: inout LayerModel, to v: AnimValue) {
        func num() -> Double { if case .number(let n) = v { return n }; return 0 }
        func vec() -> [Double] { if case .vector(let x) = v { return x }; return [0, 0, 0, 0] }
        func col() -> Color { if case .color(let c) = v { return c }; return .clear }
        func ensureGradient() {
            if l.gradient == nil { l.gradient = Gradient(colors: [], locations: nil, startPoint: Point(0.5, 0), endPoint: Point(0.5, 1)) }
        }
        switch key {
        case .opacity: l.opacity = min(max(num(), 0), 1)
        case .position: l.position = Point(vec()[0], vec()[1])
        case .positionX: l.position.x = num()
        case .positionY: l.position.y = num()
        case .bounds: let b = vec(); l.bounds = Rect(b[0], b[1], max(b[2], 0), max(b[3], 0))
        case .boundsOrigin: l.bounds.x = vec()[0]; l.bounds.y = vec()[1]
        case .boundsSize: l.bounds.width = max(vec()[0], 0); l.bounds.height = max(vec()[1], 0)
        case .boundsWidth: l.bounds.width = max(num(), 0)
        case .boundsHeight: l.bounds.height = max(num(), 0)
        case .backgroundColor: l.backgroundColor = col()
        case .borderColor: l.borderColor = col()
        case .shadowColor: l.shadowColor = col()
        case .cornerRadius: l.cornerRadius = max(num(), 0)
        case .borderWidth: l.borderWidth = max(num(), 0)
        case .shadowOffset: l.shadowOffset = Point(vec()[0], vec()[1])
        case .shadowOpacity: l.shadowOpacity = min(max(num(), 0), 1)
        case .shadowRadius: l.shadowRadius = max(num(), 0)
        case .transform: if case .transform(let t) = v { l.transform = t }
        case .sublayerTransform: if case .transform(let t) = v { l.sublayerTransform = t }
        case .zPosition: l.zPosition = num()
        case .anchorPoint: l.anchorPoint = Point(vec()[0], vec()[1])
        case .anchorPointZ: l.anchorPointZ = num()
        case .gradientColors: ensureGradient(); if case .colors(let c) = v { l.gradient?.colors = c }
        case .gradientLocations: ensureGradient(); if case .numbers(let n) = v { l.gradient?.locations = n }
        case .gradientStartPoint: ensureGradient(); l.gradient?.startPoint = Point(vec()[0], vec()[1])
        case .gradientEndPoint: ensureGradient(); l.gradient?.endPoint = Point(vec()[0], vec()[1])
        case .hidden: if case .bool(let b) = v { l.hidden = b }
        case .rotation, .scale, .translation: break
        }
    }
}
