/// What a layer property's JSON value is, with the range a scene may give it.
public enum PropertyType: Equatable, Sendable {
    /// A number. `min`, `above` and `max` bound it when read and when animated (an animated
    /// value is clamped to them); `budget` is an upper bound when read only.
    case number(min: Double? = nil, above: Double? = nil, max: Double? = nil, budget: Double? = nil)
    /// `[x, y]`.
    case point
    /// `[x, y, width, height]` with width and height >= 0.
    case rect
    /// A colour.
    case color
    /// A colour or none: absent (or `null` when `nullable`) means none.
    case optionalColor(nullable: Bool)
    case bool
    /// 16 numbers or a list of operations.
    case transform
    /// An array of colours.
    case colors
    /// An array of numbers 0 ... 1 that do not decrease.
    case locations
    /// An array of lengths >= 0 (a dash pattern), or `null` for none.
    case dashes
    /// One of these names.
    case choice([String])
    /// A set of corners: an array of ``CornerMask/names``.
    case corners
    /// SVG path data, or `null` for none.
    case pathData
    /// A string (a text's `string`): it switches, as a name does.
    case string
    /// Read by its content object's own code (SVG path data, a file name).
    case custom

    /// The shape of an animated value of this type.
    public var kind: ValueKind {
        switch self {
        case .number: return .number
        case .point: return .vector(2)
        case .rect: return .vector(4)
        case .color, .optionalColor: return .color
        case .bool: return .bool
        case .transform: return .transform
        case .colors: return .colors
        case .locations, .dashes: return .numbers
        case .choice, .custom, .pathData, .string: return .bool
        case .corners: return .number
        }
    }
}
