import Geometry

/// SVG path data (the `d` attribute): M L H V C S Q T A Z, absolute and relative, with
/// implicit repeated commands. Arcs become cubic Béziers of at most 90 degrees each.
public enum SVGPathParser {
    public struct Failure: Error, Equatable {
        public var offset: Int
        public var message: String
    }

    public static func parse(_ d: String) throws(Failure) -> [PathCommand] {
        var s = Scanner(Array(d.utf8))
        var path = Builder()
        var command: UInt8 = 0
        s.skipSeparators()
        if s.atEnd { return [] }
        guard let first = s.peekCommand(), first == UInt8(ascii: "M") || first == UInt8(ascii: "m") else {
            throw Failure(offset: s.i, message: "expected path data to start with M or m")
        }
        while true {
            s.skipSeparators()
            if s.atEnd { break }
            if let c = s.peekCommand() {
                command = c
                s.i += 1
            } else if command == 0 || command == UInt8(ascii: "Z") || command == UInt8(ascii: "z") {
                throw Failure(offset: s.i, message: "expected a path command letter")
            }
            command = try path.add(command, &s)
        }
        return path.out
    }

    /// The commands so far and what the next command reads from them: the current point, the
    /// subpath's start, and the last control point for the smooth curves (S, T).
    struct Builder {
        var out: [PathCommand] = []
        var current = Point.zero, start = Point.zero
        var lastCubicControl: Point?, lastQuadControl: Point?

        /// Reads one command's arguments and adds it; returns the command that further
        /// arguments without a letter repeat (after a moveto, a lineto).
        mutating func add(_ command: UInt8, _ s: inout Scanner) throws(Failure) -> UInt8 {
            let relative = command >= UInt8(ascii: "a")
            let upper = relative ? command - 32 : command
            let origin = current
            func pt() throws(Failure) -> Point {
                let x = try s.number(), y = try s.number()
                return relative ? Point(origin.x + x, origin.y + y) : Point(x, y)
            }
            var nextCubic: Point?, nextQuad: Point?
            defer { lastCubicControl = nextCubic; lastQuadControl = nextQuad }
            switch upper {
            case UInt8(ascii: "M"):
                current = try pt()
                start = current
                out.append(.move(current))
                // Further pairs after a moveto are implicit linetos.
                return relative ? UInt8(ascii: "l") : UInt8(ascii: "L")
            case UInt8(ascii: "L"):
                current = try pt()
                out.append(.line(current))
            case UInt8(ascii: "H"):
                let x = try s.number()
                current = Point(relative ? current.x + x : x, current.y)
                out.append(.line(current))
            case UInt8(ascii: "V"):
                let y = try s.number()
                current = Point(current.x, relative ? current.y + y : y)
                out.append(.line(current))
            case UInt8(ascii: "C"), UInt8(ascii: "S"):
                let c1 = upper == UInt8(ascii: "C") ? try pt() : lastCubicControl.map { current * 2 - $0 } ?? current
                let c2 = try pt(), p = try pt()
                out.append(.cubic(c1, c2, p))
                nextCubic = c2
                current = p
            case UInt8(ascii: "Q"), UInt8(ascii: "T"):
                let c = upper == UInt8(ascii: "Q") ? try pt() : lastQuadControl.map { current * 2 - $0 } ?? current
                let p = try pt()
                out.append(.quad(c, p))
                nextQuad = c
                current = p
            case UInt8(ascii: "A"):
                let rx = try s.number(), ry = try s.number(), rotation = try s.number()
                let large = try s.flag(), sweep = try s.flag()
                let p = try pt()
                out += arc(from: current, to: p, rx: rx, ry: ry, rotation: rotation, large: large, sweep: sweep)
                current = p
            case UInt8(ascii: "Z"):
                out.append(.close)
                current = start
            default:
                throw Failure(offset: s.i - 1, message: "expected a path command letter (M L H V C S Q T A Z), found '\(Character(UnicodeScalar(command)))'")
            }
            return command
        }
    }

    /// SVG arc (endpoint parameterisation, SVG 1.1 appendix F.6) as cubic Béziers.
    static func arc(from p1: Point, to p2: Point, rx: Double, ry: Double, rotation: Double, large: Bool, sweep: Bool) -> [PathCommand] {
        if p1 == p2 { return [] }
        var rx = abs(rx), ry = abs(ry)
        if rx == 0 || ry == 0 { return [.line(p2)] }
        let (sinPhi, cosPhi) = DetMath.sinCos(degrees: rotation)
        let hx = (p1.x - p2.x) / 2, hy = (p1.y - p2.y) / 2
        let x1 = cosPhi * hx + sinPhi * hy, y1 = -sinPhi * hx + cosPhi * hy
        let lambda = x1 * x1 / (rx * rx) + y1 * y1 / (ry * ry)
        if lambda > 1 { let r = lambda.squareRoot(); rx *= r; ry *= r }
        let num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let den = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var coef = den > 0 ? (max(0, num) / den).squareRoot() : 0
        if large == sweep { coef = -coef }
        let cxp = coef * rx * y1 / ry, cyp = -coef * ry * x1 / rx
        let cx = cosPhi * cxp - sinPhi * cyp + (p1.x + p2.x) / 2
        let cy = sinPhi * cxp + cosPhi * cyp + (p1.y + p2.y) / 2
        let ux = (x1 - cxp) / rx, uy = (y1 - cyp) / ry
        let vx = (-x1 - cxp) / rx, vy = (-y1 - cyp) / ry
        let theta1 = DetMath.atan2(uy, ux)
        var delta = DetMath.atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        if !sweep && delta > 0 { delta -= 2 * DetMath.pi }
        if sweep && delta < 0 { delta += 2 * DetMath.pi }
        let n = min(max(1, Int(saturating: (abs(delta) / (DetMath.pi / 2) - 1e-9).rounded(.up))), 4)
        let step = delta / Double(n)
        let (s4, c4) = DetMath.sinCos(radians: step / 4)
        let k = 4.0 / 3.0 * s4 / c4
        func map(_ x: Double, _ y: Double) -> Point {
            Point(cx + rx * x * cosPhi - ry * y * sinPhi, cy + rx * x * sinPhi + ry * y * cosPhi)
        }
        var out: [PathCommand] = []
        for i in 0..<n {
            let a = theta1 + step * Double(i), b = a + step
            let (sa, ca) = DetMath.sinCos(radians: a), (sb, cb) = DetMath.sinCos(radians: b)
            let end = i == n - 1 ? p2 : map(cb, sb)
            out.append(.cubic(map(ca - k * sa, sa + k * ca), map(cb + k * sb, sb - k * cb), end))
        }
        return out
    }

    struct Scanner {
        let b: [UInt8]
        var i = 0
        init(_ b: [UInt8]) { self.b = b }
        var atEnd: Bool { i >= b.count }

        mutating func skipSeparators() {
            while i < b.count, b[i] == 0x20 || b[i] == 0x09 || b[i] == 0x0A || b[i] == 0x0D || b[i] == UInt8(ascii: ",") { i += 1 }
        }

        func peekCommand() -> UInt8? {
            guard i < b.count else { return nil }
            let c = b[i]
            return "MmLlHhVvCcSsQqTtAaZz".utf8.contains(c) ? c : nil
        }

        /// An SVG number: sign, digits, optional fraction, optional exponent ("1.5.5" is 1.5 then .5).
        mutating func number() throws(Failure) -> Double {
            skipSeparators()
            let start = i
            if i < b.count, b[i] == UInt8(ascii: "-") || b[i] == UInt8(ascii: "+") { i += 1 }
            var digits = 0
            while i < b.count, b[i] >= 0x30, b[i] <= 0x39 { i += 1; digits += 1 }
            if i < b.count, b[i] == UInt8(ascii: ".") {
                i += 1
                while i < b.count, b[i] >= 0x30, b[i] <= 0x39 { i += 1; digits += 1 }
            }
            if digits > 0, i < b.count, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
                var j = i + 1
                if j < b.count, b[j] == UInt8(ascii: "-") || b[j] == UInt8(ascii: "+") { j += 1 }
                if j < b.count, b[j] >= 0x30, b[j] <= 0x39 {
                    i = j
                    while i < b.count, b[i] >= 0x30, b[i] <= 0x39 { i += 1 }
                }
            }
            guard digits > 0, let v = Double(String(decoding: b[start..<i], as: UTF8.self)), v.isFinite else {
                i = start
                let found = start < b.count ? "'\(Character(UnicodeScalar(b[start])))'" : "the end"
                throw Failure(offset: start, message: "expected a number at offset \(start), found \(found)")
            }
            return v
        }

        /// An arc flag: a single 0 or 1 (may be written without separators).
        mutating func flag() throws(Failure) -> Bool {
            skipSeparators()
            guard i < b.count, b[i] == UInt8(ascii: "0") || b[i] == UInt8(ascii: "1") else {
                throw Failure(offset: i, message: "expected an arc flag 0 or 1 at offset \(i)")
            }
            i += 1
            return b[i - 1] == UInt8(ascii: "1")
        }
    }
}
