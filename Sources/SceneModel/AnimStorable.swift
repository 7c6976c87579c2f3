import Geometry

/// A stored field's type as an animated value and back, clamped to its property's range. The
/// table's constructors are generic over it and specialised per type, so reading and writing a
/// property costs no dynamic cast.
protocol AnimStorable: SendableMetatype {
    var animValue: AnimValue { get }
    /// The value as this type, clamped to `type`'s range (nil when it is not one).
    static func from(_ v: AnimValue, _ type: PropertyType) -> Self?
}

extension Double: AnimStorable {
    var animValue: AnimValue { .number(self) }
    static func from(_ v: AnimValue, _ type: PropertyType) -> Double? {
        guard case .number(var n) = v else { return nil }
        if case let .number(lo, above, hi, _) = type {
            if let lo { n = Swift.max(n, lo) }
            if let above { n = Swift.max(n, above) }
            if let hi { n = Swift.min(n, hi) }
        }
        return n
    }
}

extension Bool: AnimStorable {
    var animValue: AnimValue { .bool(self) }
    static func from(_ v: AnimValue, _ type: PropertyType) -> Bool? {
        if case .bool(let b) = v { return b } else { return nil }
    }
}

extension Point: AnimStorable {
    var animValue: AnimValue { .vector([x, y]) }
    static func from(_ v: AnimValue, _ type: PropertyType) -> Point? {
        guard case .vector(let x) = v, x.count == 2 else { return nil }
        return Point(x[0], x[1])
    }
}

extension Rect: AnimStorable {
    var animValue: AnimValue { .vector([x, y, width, height]) }
    static func from(_ v: AnimValue, _ type: PropertyType) -> Rect? {
        guard case .vector(let x) = v, x.count == 4 else { return nil }
        return Rect(x[0], x[1], Swift.max(x[2], 0), Swift.max(x[3], 0))
    }
}

extension Color: AnimStorable {
    var animValue: AnimValue { .color(self) }
    static func from(_ v: AnimValue, _ type: PropertyType) -> Color? {
        if case .color(let c) = v { return c } else { return nil }
    }
}

/// None is `.absent` (no background colour, a `null` fill, no dash pattern).
extension Optional: AnimStorable where Wrapped: AnimStorable {
    var animValue: AnimValue { map(\.animValue) ?? .absent }
    static func from(_ v: AnimValue, _ type: PropertyType) -> Wrapped?? {
        if case .absent = v { return .some(nil) }
        return Wrapped.from(v, type).map { .some($0) }
    }
}

extension Array: AnimStorable where Element == Double {
    var animValue: AnimValue { .numbers(self) }
    static func from(_ v: AnimValue, _ type: PropertyType) -> [Double]? {
        if case .numbers(let n) = v { return n } else { return nil }
    }
}

extension CornerMask: AnimStorable {
    var animValue: AnimValue { .number(Double(rawValue)) }
    static func from(_ v: AnimValue, _ type: PropertyType) -> CornerMask? {
        guard case .number(let n) = v, let raw = UInt8(exactly: n) else { return nil }
        return CornerMask(rawValue: raw)
    }
}

/// A named choice (`lineCap`): it animates by switching, as a boolean does.
protocol AnimStorableName: AnimStorable, RawRepresentable<String> {}
extension AnimStorableName {
    var animValue: AnimValue { .text(rawValue) }
    static func from(_ v: AnimValue, _ type: PropertyType) -> Self? {
        if case .text(let s) = v { return Self(rawValue: s) } else { return nil }
    }
}
extension LineCap: AnimStorableName {}
extension LineJoin: AnimStorableName {}
extension ShapeFillRule: AnimStorableName {}
extension ContentsGravity: AnimStorableName {}
extension CornerCurve: AnimStorableName {}
