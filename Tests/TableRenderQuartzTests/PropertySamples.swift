import Foundation
import SceneModel
@testable import TableRenderQuartz

/// A layer of each container's class, and a value of each property that is not Core Animation's
/// default: what the key-value coding and recording tests set.
enum PropertySamples {
    static func layer(for c: LayerProperty.Container) -> CALayer {
        switch c {
        case .layer, .image: return CALayer()
        case .text: return CATextLayer()
        case .gradient: return CAGradientLayer()
        case .path: return CAShapeLayer()
        }
    }

    /// A value that is not Core Animation's default.
    static func sample(_ p: LayerProperty) -> AnimValue? {
        switch p.type {
        case let .number(lo, above, hi, budget):
            let top = hi ?? budget ?? 100, bottom = lo ?? above ?? -100
            return .number((bottom + top) / 2 + 0.25)
        case .point: return .vector([3, -4])
        case .rect: return .vector([1, 2, 30, 40])
        case .color, .optionalColor: return .color(Color(255, 59, 48))
        case .bool:
            guard case .bool(let d)? = p.defaultJSON else { return nil }
            return .bool(!d)
        case .transform: return .transform(.ops([.rotate(degrees: 30, x: 0, y: 0, z: 1)]))
        case .choice(let names): return names.first { JSON.string($0) != p.defaultJSON }.map(AnimValue.text)
        case .corners: return .number(5)
        case .dashes: return .numbers([4, 2.5])
        case .pathData: return .text("M0 2 L10 2 L10 12 Z")
        case .string: return .text("Fold open")
        case .colors, .locations, .custom: return nil
        }
    }

}
