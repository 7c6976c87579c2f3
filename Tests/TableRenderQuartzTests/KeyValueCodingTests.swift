import XCTest
import Foundation
import SceneModel
@testable import TableRenderQuartz

/// Every property of the table has its Core Animation key on its class, reads back what is set,
/// and a new layer's value is the table's default: so the generic scene writer and reader,
/// which go through these keys, cannot miss one.
final class KeyValueCodingTests: XCTestCase {
    func layer(for c: LayerProperty.Container) -> CALayer {
        switch c {
        case .layer, .image: return CALayer()
        case .gradient: return CAGradientLayer()
        case .path: return CAShapeLayer()
        }
    }

    /// A value that is not Core Animation's default.
    func sample(_ p: LayerProperty) -> AnimValue? {
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
        case .colors, .locations, .custom: return nil
        }
    }

    func testEveryPropertyHasItsKeyAndReadsBackWhatIsSet() {
        for p in LayerProperties.all where p.swiftName != nil && !p.derived {
            let l = layer(for: p.container)
            XCTAssertTrue(type(of: l).knownKeys.contains(p.caKey), "\(p.container.className) lacks the key \(p.caKey)")
            guard p.type != .custom else { continue }
            XCTAssertEqual(PropertyCoding.json(l.value(forKey: p.caKey), p), PropertyCoding.defaultJSON(p),
                           "a new \(p.container.className)'s \(p.key) is not the table's default")
            guard let v = sample(p) else { continue }
            let written = PropertyCoding.swiftValue(v, p)
            l.setValue(written, forKey: p.caKey)
            let back = PropertyCoding.json(l.value(forKey: p.caKey), p)
            XCTAssertNotNil(back, p.key)
            XCTAssertNotEqual(back, PropertyCoding.defaultJSON(p), "\(p.container.className).\(p.key) did not take \(v)")
            XCTAssertEqual(back, PropertyCoding.json(written, p), p.key)
        }
    }

    /// The table's Swift names are the classes' stored properties (Core Animation's names).
    func testSwiftNamesAreTheClassesProperties() {
        for p in LayerProperties.all where !p.derived {
            guard let name = p.swiftName else { continue }
            var labels: Set<String> = []
            var mirror: Mirror? = Mirror(reflecting: layer(for: p.container))
            while let m = mirror {
                labels.formUnion(m.children.compactMap(\.label))
                mirror = m.superclassMirror
            }
            XCTAssertTrue(labels.contains(name), "\(p.container.className) has no property \(name)")
        }
    }

    func testACopiedLayerHasEveryProperty() {
        for c in LayerProperty.Container.allCases {
            let l = layer(for: c)
            for p in LayerProperties.in(c) where p.swiftName != nil && !p.derived {
                if let v = sample(p) { l.setValue(PropertyCoding.swiftValue(v, p), forKey: p.caKey) }
            }
            let copy = type(of: l).init(layer: l)
            for p in LayerProperties.in(c) where p.swiftName != nil && !p.derived && p.type != .custom {
                XCTAssertEqual(PropertyCoding.json(copy.value(forKey: p.caKey), p), PropertyCoding.json(l.value(forKey: p.caKey), p), p.key)
            }
        }
    }
}
