import XCTest
import Foundation
import SceneJSON
import SceneModel
@testable import TableRenderQuartz

/// Every property of the table has its Core Animation key on its class, reads back what is set,
/// and a new layer's value is the table's default: so the generic scene writer and reader,
/// which go through these keys, cannot miss one.
final class KeyValueCodingTests: XCTestCase {
    func layer(for c: LayerProperty.Container) -> CALayer { PropertySamples.layer(for: c) }
    func sample(_ p: LayerProperty) -> AnimValue? { PropertySamples.sample(p) }
    /// A Swift value as the scene writes it: recorded into the model, then encoded (nil: nothing).
    func written(_ v: Any?, _ p: LayerProperty) -> JSON? {
        PropertyCoding.model(v, p).flatMap { SceneEncoder.value($0, p) }
    }

    func testEveryPropertyHasItsKeyAndReadsBackWhatIsSet() {
        for p in LayerProperties.all where p.swiftName != nil && !p.derived {
            let l = layer(for: p.container)
            XCTAssertTrue(type(of: l).knownKeys.contains(p.caKey), "\(p.container.className) lacks the key \(p.caKey)")
            guard p.type != .custom else { continue }
            XCTAssertEqual(written(l.value(forKey: p.caKey), p), SceneEncoder.defaultValue(p),
                           "a new \(p.container.className)'s \(p.key) is not the table's default")
            guard let v = sample(p) else { continue }
            let written = PropertyCoding.swiftValue(v, p)
            l.setValue(written, forKey: p.caKey)
            let back = self.written(l.value(forKey: p.caKey), p)
            XCTAssertNotNil(back, p.key)
            XCTAssertNotEqual(back, SceneEncoder.defaultValue(p), "\(p.container.className).\(p.key) did not take \(v)")
            XCTAssertEqual(back, self.written(written, p), p.key)
        }
    }

    /// The table's Swift names are the classes' stored properties (Core Animation's names), each
    /// declared with `@Recorded` and the table's key, so setting it records the change.
    func testSwiftNamesAreTheClassesRecordedProperties() {
        for p in LayerProperties.all where !p.derived {
            guard let name = p.swiftName else { continue }
            var keys: [String: String] = [:]
            var mirror: Mirror? = Mirror(reflecting: layer(for: p.container))
            while let m = mirror {
                for child in m.children {
                    guard let label = child.label, label.hasPrefix("_"), let r = child.value as? any RecordedProperty else { continue }
                    keys[String(label.dropFirst())] = r.key
                }
                mirror = m.superclassMirror
            }
            XCTAssertEqual(keys[name], p.caKey, "\(p.container.className).\(name) is not declared @Recorded(\"\(p.caKey)\")")
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
                XCTAssertEqual(written(copy.value(forKey: p.caKey), p), written(l.value(forKey: p.caKey), p), p.key)
            }
        }
    }
}
