import Geometry
import LayerTree
import SceneModel
import Simulation

/// The status bar of a screen recording, drawn as our own vector paths (no Apple artwork): the
/// time on the left, then on the right full cellular bars, Wi-Fi and a full battery. Sizes and
/// places follow UIKit's status bar code for each kind of phone (notes/devices.md): a 20 pt bar
/// with the time centred on Home-button phones; the items centred in the ears beside a notch;
/// centred on the Dynamic Island's height beside it. What is not known is marked there.
public enum StatusBar {
    /// One size class of the status bar's glyphs (UIKit picks it by phone: 1 for the 20 pt bar,
    /// 5 beside a notch at @2x, 7 beside a notch at @3x, 8 beside the Dynamic Island).
    struct Glyphs {
        var barWidth: Double, barGap: Double, cellularHeight: Double
        var wifiInner: Double, wifiBand: Double, wifiGap: Double
        var battery: Point, batteryStroke: Double, nub: Point
        var spacing: Double, timeSize: Double

        static func of(_ device: Device?) -> Glyphs {
            switch device?.cutout ?? .none {
            case .none:
                return Glyphs(barWidth: 3, barGap: 1.5, cellularHeight: 10, wifiInner: 3.25, wifiBand: 2.25, wifiGap: 1.5,
                              battery: Point(22, 11.5), batteryStroke: 1, nub: Point(1.25, 4.5), spacing: 4, timeSize: 12)
            case .notch where (device?.scale ?? 3) < 3:
                return Glyphs(barWidth: 3.5, barGap: 1.5, cellularHeight: 10.75, wifiInner: 3.25, wifiBand: 2.5, wifiGap: 1.75,
                              battery: Point(24, 12.5), batteryStroke: 1, nub: Point(1.5, 4.5), spacing: 5.33, timeSize: 17)
            case .notch:
                return Glyphs(barWidth: 3.33, barGap: 2, cellularHeight: 11.33, wifiInner: 3.83, wifiBand: 2.5, wifiGap: 1.75,
                              battery: Point(25, 13), batteryStroke: 1, nub: Point(1.33, 4.5), spacing: 6.33, timeSize: 17)
            case .island:
                return Glyphs(barWidth: 3.67, barGap: 2.33, cellularHeight: 12.67, wifiInner: 4.33, wifiBand: 2.83, wifiGap: 1.92,
                              battery: Point(28.33, 14.33), batteryStroke: 1.17, nub: Point(1.67, 5), spacing: 6, timeSize: 17)
            }
        }
        var cellularWidth: Double { 4 * barWidth + 3 * barGap }
        var wifiRadius: Double { wifiInner + 2 * (wifiGap + wifiBand) }
        /// The Wi-Fi fan spans 90 degrees: its width is its radius times √2.
        var wifiWidth: Double { wifiRadius * 2.0.squareRoot() }
        var batteryWidth: Double { battery.x + 1 + nub.x }
        var clusterWidth: Double { cellularWidth + spacing + wifiWidth + spacing + batteryWidth }
    }

    /// The bar's layers in screen points, to draw above everything else.
    public static func layers(_ bar: StatusBarModel, canvas: Canvas) -> [PresentationLayer] {
        let g = Glyphs.of(canvas.device)
        let color: Color = bar.style == .darkContent ? .black : .white
        let w = canvas.width
        // Where the time's centre and the right-hand cluster's centre go, and their centre line.
        let timeX: Double, clusterX: Double, midY: Double
        switch canvas.device?.cutout ?? .none {
        case .none:
            var out = [time(bar.time, g, color, centre: Point(w / 2, 10))]
            out += cellular(g, color, left: 6.5, midY: 10)
            out.append(wifi(g, color, left: 6.5 + g.cellularWidth + g.spacing, midY: 10))
            out += battery(g, color, right: w - 5.5, midY: 10)
            return out
        case .notch(let nw):
            let d = canvas.device
            let earCentre = ((w - nw) / 4 + 0.15 * (d?.cornerRadius ?? 0)).rounded()
            timeX = earCentre
            clusterX = w - earCentre
            midY = 14.67 + 11
        case let .island(iw, top, ih):
            let left = (w - iw) / 2
            timeX = (17 + left - 8) / 2
            clusterX = (left + iw + 8 + w - 18) / 2
            midY = top + ih / 2
        }
        var out = [time(bar.time, g, color, centre: Point(timeX, midY))]
        let x0 = clusterX - g.clusterWidth / 2
        out += cellular(g, color, left: x0, midY: midY)
        out.append(wifi(g, color, left: x0 + g.cellularWidth + g.spacing, midY: midY))
        out += battery(g, color, right: x0 + g.clusterWidth, midY: midY)
        return out
    }

    static func time(_ s: String, _ g: Glyphs, _ color: Color, centre: Point) -> PresentationLayer {
        var l = PresentationLayer()
        l.bounds = Rect(0, 0, 80, g.timeSize * 1.5)
        l.position = centre
        l.text = LayerText(string: s, font: .system(.semibold), size: g.timeSize, color: color, alignment: .center, lines: 1, truncation: .clip)
        return l
    }

    static func shape(_ frame: Rect, _ commands: [PathCommand], fill: Color) -> PresentationLayer {
        var l = PresentationLayer()
        l.bounds = Rect(0, 0, frame.width, frame.height)
        l.position = Point(frame.x + frame.width / 2, frame.y + frame.height / 2)
        l.shape = ShapeContent(commands: commands, fillColor: fill, strokeColor: nil, lineWidth: 0, lineCap: .butt,
                               lineJoin: .miter, miterLimit: 10, fillRule: .evenOdd)
        return l
    }

    /// A rounded rectangle's outline (corner arcs as cubics; k is the quarter circle's handle).
    static func roundedRect(_ r: Rect, radius: Double) -> [PathCommand] {
        let c = min(radius, r.width / 2, r.height / 2), k = 0.5523 * c
        let x0 = r.x, y0 = r.y, x1 = r.x + r.width, y1 = r.y + r.height
        return [.move(Point(x0 + c, y0)), .line(Point(x1 - c, y0)), .cubic(Point(x1 - c + k, y0), Point(x1, y0 + c - k), Point(x1, y0 + c)),
                .line(Point(x1, y1 - c)), .cubic(Point(x1, y1 - c + k), Point(x1 - c + k, y1), Point(x1 - c, y1)),
                .line(Point(x0 + c, y1)), .cubic(Point(x0 + c - k, y1), Point(x0, y1 - c + k), Point(x0, y1 - c)),
                .line(Point(x0, y0 + c)), .cubic(Point(x0, y0 + c - k), Point(x0 + c - k, y0), Point(x0 + c, y0)), .close]
    }

    /// Four bars rising from a third of the height to all of it, bottom-aligned, full strength.
    static func cellular(_ g: Glyphs, _ color: Color, left: Double, midY: Double) -> [PresentationLayer] {
        let h = g.cellularHeight
        var commands: [PathCommand] = []
        for i in 0..<4 {
            // A third of the height, then evenly up to all of it (the bars' heights are not known).
            let height = h * (Double(i) + 1.5) / 4.5
            commands += roundedRect(Rect(Double(i) * (g.barWidth + g.barGap), h - height, g.barWidth, height), radius: min(g.barWidth / 2, 1.2))
        }
        return [shape(Rect(left, midY - h / 2, g.cellularWidth, h), commands, fill: color)]
    }

    /// A 90-degree fan from its bottom apex: the innermost wedge, then two bands, with gaps.
    static func wifi(_ g: Glyphs, _ color: Color, left: Double, midY: Double) -> PresentationLayer {
        let r = g.wifiRadius
        let apex = Point(g.wifiWidth / 2, r)
        func polar(_ radius: Double, _ degrees: Double) -> Point {
            let (s, c) = DetMath.sinCos(degrees: degrees)
            return Point(apex.x + radius * c, apex.y - radius * s)
        }
        /// An arc from 135 to 45 degrees (left to right over the top) as two cubics.
        func arc(_ radius: Double, reversed: Bool) -> [PathCommand] {
            let k = 4.0 / 3 * (1 - DetMath.sinCos(degrees: 22.5).cos) / DetMath.sinCos(degrees: 22.5).sin * radius
            func seg(_ a0: Double, _ a1: Double) -> PathCommand {
                let p0 = polar(radius, a0), p1 = polar(radius, a1), dir = a1 > a0 ? 1.0 : -1.0
                let (s0, c0) = DetMath.sinCos(degrees: a0), (s1, c1) = DetMath.sinCos(degrees: a1)
                // Tangents: d/da (cos a, -sin a) = (-sin a, -cos a).
                return .cubic(Point(p0.x - k * s0 * dir, p0.y - k * c0 * dir), Point(p1.x + k * s1 * dir, p1.y + k * c1 * dir), p1)
            }
            return reversed ? [seg(45, 90), seg(90, 135)] : [seg(135, 90), seg(90, 45)]
        }
        var commands: [PathCommand] = [.move(apex), .line(polar(g.wifiInner, 135))] + arc(g.wifiInner, reversed: false) + [.close]
        var inner = g.wifiInner + g.wifiGap
        for _ in 0..<2 {
            let outer = inner + g.wifiBand
            commands += [.move(polar(inner, 135)), .line(polar(outer, 135))] + arc(outer, reversed: false)
                + [.line(polar(inner, 45))] + arc(inner, reversed: true) + [.close]
            inner = outer + g.wifiGap
        }
        return shape(Rect(left, midY - r / 2 - 0.5, g.wifiWidth, r), commands, fill: color)
    }

    /// The battery: its outline at 40 % of the colour, full charge inside it, the nub at 50 %.
    static func battery(_ g: Glyphs, _ color: Color, right: Double, midY: Double) -> [PresentationLayer] {
        let b = g.battery, s = g.batteryStroke
        let x0 = right - g.batteryWidth, y0 = midY - b.y / 2
        let radius = b.y / 3.125
        let outline = roundedRect(Rect(0, 0, b.x, b.y), radius: radius) + roundedRect(Rect(s, s, b.x - 2 * s, b.y - 2 * s), radius: radius - s)
        let gap = s + 1
        let fill = roundedRect(Rect(gap, gap, b.x - 2 * gap, b.y - 2 * gap), radius: max(radius - gap, 0.5))
        var faded = color
        faded.a = 0.4
        var nubColor = color
        nubColor.a = 0.5
        let nub = roundedRect(Rect(0, 0, g.nub.x, g.nub.y), radius: g.nub.x / 2)
        return [shape(Rect(x0, y0, b.x, b.y), outline, fill: faded), shape(Rect(x0, y0, b.x, b.y), fill, fill: color),
                shape(Rect(x0 + b.x + 1, midY - g.nub.y / 2, g.nub.x, g.nub.y), nub, fill: nubColor)]
    }

    /// The home indicator of the phones without a Home button: a bar 5 pt tall with round ends,
    /// its bottom 8 pt above the screen's, centred, as wide as 134/375 of the screen rounded to
    /// whole points (134 pt on a 375 pt screen, 139 on 390, 148 on 414, 153 on 428: public
    /// measurements, notes/devices.md). Black over light content (the status bar's
    /// `darkContent`), white over dark, as iOS's "dark" and "light" states of it.
    public static func homeIndicator(canvas: Canvas, style: StatusBarModel.Style) -> PresentationLayer {
        var l = PresentationLayer()
        let width = (canvas.width * 134 / 375).rounded()
        l.bounds = Rect(0, 0, width, 5)
        l.position = Point(canvas.width / 2, canvas.height - 8 - 2.5)
        l.cornerRadius = 2.5
        l.backgroundColor = style == .darkContent ? .black : .white
        return l
    }
}
