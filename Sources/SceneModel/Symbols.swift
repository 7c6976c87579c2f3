import Geometry
import LayerTree

/// One of our own symbol glyphs (tools/symbols): its box in points at SF Symbols' 17 pt,
/// regular weight and medium scale, and its paths as SVG path data in that box: a filled
/// outline, strokes drawn with round caps and joins, or both.
public struct SymbolGlyph: Sendable {
    public let width: Double, height: Double
    public let fill: String?, stroke: String?
    public let lineWidth: Double?
    public let evenOdd: Bool
    /// The paths' commands, parsed once (arcs as cubics), for drawing.
    let fillCommands: [PathCommand]?, strokeCommands: [PathCommand]?

    public init(width: Double, height: Double, fill: String?, stroke: String?, lineWidth: Double?, evenOdd: Bool) {
        self.width = width; self.height = height; self.fill = fill; self.stroke = stroke; self.lineWidth = lineWidth; self.evenOdd = evenOdd
        fillCommands = fill.map { (try? SVGPathParser.parse($0)) ?? [] }
        strokeCommands = stroke.map { (try? SVGPathParser.parse($0)) ?? [] }
    }
}

/// A symbol image (`UIImage(systemName:)`, a row's `image.symbol`): which glyph, at what point
/// size, weight and scale, in what colour.
public struct SymbolImage: Equatable, Sendable {
    /// SF Symbols' weights: a stroke's width follows them (a filled outline keeps its own).
    public enum Weight: String, CaseIterable, Sendable {
        case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
        /// The stroke width against regular's (by eye; Apple publishes none).
        var strokeFactor: Double {
            switch self {
            case .ultraLight: return 0.35
            case .thin: return 0.55
            case .light: return 0.8
            case .regular: return 1
            case .medium: return 1.15
            case .semibold: return 1.3
            case .bold: return 1.5
            case .heavy: return 1.75
            case .black: return 2
            }
        }
    }
    /// SF Symbols' scales: the glyph's size against medium's.
    public enum Scale: String, CaseIterable, Sendable {
        case small, medium, large
        /// The size against medium's (by eye; Apple describes small and large as smaller and larger).
        var factor: Double { self == .small ? 0.8 : self == .large ? 1.25 : 1 }
    }

    public var name: String
    /// The point size of the text it sits with (17: body text).
    public var pointSize = 17.0
    public var weight = Weight.regular
    public var scale = Scale.medium
    /// Its colour (nil: the tint colour, systemBlue).
    public var color: Color?

    public init(name: String) { self.name = name }

    /// The glyph of `name`, when we draw one.
    public static func glyph(_ name: String) -> SymbolGlyph? { SymbolGlyph.all[name] }

    /// The size it draws at, in points: the glyph's box at the point size and scale.
    public var size: Point {
        guard let g = SymbolImage.glyph(name) else { return .zero }
        let k = pointSize / 17 * scale.factor
        return Point(g.width * k, g.height * k)
    }

    /// A layer the size of the symbol (its top left at 0, 0) drawing it in `color` with a
    /// sublayer for its fill and one for its strokes; an unknown name draws nothing.
    public func layer(color: Color) -> LayerModel {
        var l = LayerModel()
        let s = size
        l.bounds = Rect(0, 0, s.x, s.y)
        l.position = Point(s.x / 2, s.y / 2)
        guard let g = SymbolImage.glyph(name) else { return l }
        let k = pointSize / 17 * scale.factor
        func shape(_ parsed: [PathCommand], fill: Bool) -> LayerModel {
            var m = LayerModel()
            m.bounds = l.bounds
            m.position = l.position
            let commands = parsed.map { $0.scaled(k) }
            m.shape = ShapeContent(commands: commands, fillColor: fill ? color : nil, strokeColor: fill ? nil : color,
                                   lineWidth: fill ? 0 : (g.lineWidth ?? 1.6) * k * weight.strokeFactor, lineCap: .round,
                                   lineJoin: .round, miterLimit: 10, fillRule: g.evenOdd ? .evenOdd : .nonZero)
            return m
        }
        if let f = g.fillCommands { l.sublayers.append(shape(f, fill: true)) }
        if let d = g.strokeCommands { l.sublayers.append(shape(d, fill: false)) }
        return l
    }

    /// A layer of the symbol's size and nothing else: a row's `imageView` holding its place
    /// (the engine draws the symbol in it).
    public var box: LayerModel {
        var l = LayerModel()
        l.bounds = Rect(0, 0, size.x, size.y)
        return l
    }
}

extension PathCommand {
    /// The command with every point multiplied by `k`.
    func scaled(_ k: Double) -> PathCommand {
        func p(_ q: Point) -> Point { Point(q.x * k, q.y * k) }
        switch self {
        case .move(let a): return .move(p(a))
        case .line(let a): return .line(p(a))
        case .quad(let a, let b): return .quad(p(a), p(b))
        case .cubic(let a, let b, let c): return .cubic(p(a), p(b), p(c))
        case .close: return .close
        }
    }
}
