import Geometry
import JSONText
import SceneModel

/// The keys the property table types (`LayerProperties`), read by their type and range.
extension SceneDecoder {
    /// Reads the keys of `container` that the property table types (the others, `custom`, are
    /// the caller's) into `l`, in the table's order.
    static func decodeProperties(_ o: [String: JSON], _ path: String, _ container: LayerProperty.Container, _ r: Reader,
                                 into l: inout LayerModel) {
        for prop in LayerProperties.in(container) where !prop.derived {
            guard let x = o[prop.key], let v = decodeProperty(prop.type, x, Reader.join(path, prop.key), r) else { continue }
            prop.set(&l, v)
        }
    }

    /// A value of a property's type, checked against its range.
    static func decodeProperty(_ type: PropertyType, _ v: JSON, _ path: String, _ r: Reader) -> AnimValue? {
        switch type {
        case let .number(lo, above, hi, budget):
            let top = [hi, budget].compactMap { $0 }.min()
            return r.number(v, path, min: lo, above: above, max: top).map(AnimValue.number)
        case .point: return r.point(v, path).map { .vector([$0.x, $0.y]) }
        case .rect:
            guard let n = r.numbers(v, path, count: 4, what: "[x, y, width, height]") else { return nil }
            guard n[2] >= 0, n[3] >= 0 else { r.expected(path, "[x, y, width, height] with width and height >= 0", v); return nil }
            return .vector(n)
        case .color: return r.color(v, path).map(AnimValue.color)
        case .optionalColor(let nullable):
            if nullable, v == .null { return .absent }
            return r.color(v, path).map(AnimValue.color)
        case .bool: return r.bool(v, path).map(AnimValue.bool)
        case .transform: return r.transform(v, path).map(AnimValue.transform)
        case .choice(let names): return r.oneOf(v, path, names.map { ($0, $0) }).map(AnimValue.text)
        case .corners:
            guard let items = r.array(v, path) else { return nil }
            var mask: UInt8 = 0
            for (i, item) in items.enumerated() {
                let names = CornerMask.names.enumerated().map { ($1, UInt8(1) << UInt8($0)) }
                guard let bit = r.oneOf(item, Reader.index(path, i), names) else { return nil }
                if mask & bit != 0 { r.expected(Reader.index(path, i), "each corner once", item); return nil }
                mask |= bit
            }
            return .number(Double(mask))
        case .pathData:
            if v == .null { return .absent }
            guard let text = r.string(v, path) else { return nil }
            do {
                let commands = try SVGPathParser.parse(text)
                r.pathPoints += commands.count
                guard r.within(\.pathPoints, r.pathPoints, path, found: "more") else { return nil }
            } catch {
                r.report(path, "\(error.message) in \(JSON.string(text).described)")
                return nil
            }
            return .text(text)
        case .dashes:
            if v == .null { return .absent }
            guard let items = r.array(v, path) else { return nil }
            r.pathPoints += items.count
            guard r.within(\.pathPoints, r.pathPoints, path, found: "more") else { return nil }
            var out: [Double] = []
            for (i, item) in items.enumerated() {
                guard let n = r.number(item, Reader.index(path, i), min: 0, above: nil, max: nil) else { return nil }
                out.append(n)
            }
            return .numbers(out)
        case .string: return r.string(v, path).map(AnimValue.text)
        case .colors, .locations, .custom: return nil
        }
    }

    /// `frame`: UIKit's setFrame at an identity transform (bounds size = frame size, position =
    /// origin + anchorPoint * size); not with bounds or position.
    static func decodeFrame(_ x: JSON, _ o: [String: JSON], _ path: String, _ r: Reader, into l: inout LayerModel) {
        guard let n = r.numbers(x, path, count: 4, what: "[x, y, width, height]") else { return }
        if o["bounds"] != nil || o["position"] != nil {
            r.report(path, "expected either frame or bounds and position, found both")
        } else if n[2] < 0 || n[3] < 0 {
            r.expected(path, "[x, y, width, height] with width and height >= 0", x)
        } else {
            l.bounds = Rect(0, 0, n[2], n[3])
            l.position = Point(n[0] + l.anchorPoint.x * n[2], n[1] + l.anchorPoint.y * n[3])
        }
    }
}
