import Foundation
import TableRender
import Geometry
import LayerTree
import SceneJSON
import SceneModel

extension LayerScene {
    /// A scene file's screen, clock, layers and animations as Swift objects: the layer tree
    /// back from the JSON (a `CALayer` per layer, `CAGradientLayer`, `CAShapeLayer`,
    /// `CATextLayer` or a `UILabel`'s layer by content; `CABasicAnimation`,
    /// `CAKeyframeAnimation` or `CASpringAnimation` per animation, added to its layer). Validated
    /// as `tablerender` validates it. The table comes back as a ``UITableView`` (its display
    /// effect as a `willDisplay` that does it) and the script as ``TableScriptEvent``s; a
    /// scene's `fonts` map is not read yet.
    public init(contentsOf path: String) throws(SceneError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SceneError(file: path, problems: [SceneProblem(path: "", message: "cannot read the file")])
        }
        let directory = PathName.parent(PathName.absolute(path))
        try self.init(json: Array(data), displayName: path, directory: directory)
    }

    /// A scene from scene-format JSON (see ``init(contentsOf:)``).
    public init(json bytes: [UInt8], displayName: String = "LayerScene", directory: String = ".") throws(SceneError) {
        let scene = try SceneDecoder.decode(bytes: bytes, displayName: displayName, directory: directory)
        self.init(size: CGSize(width: scene.canvas.width, height: scene.canvas.height), scale: CGFloat(scene.canvas.scale),
                  fps: scene.fps, duration: scene.duration, directory: directory)
        self.displayName = displayName
        backgroundColor = SceneReader.color(scene.canvas.background)
        edgeAntialiasing = scene.canvas.edgeAntialiasing
        device = scene.canvas.device?.name
        overrideUserInterfaceStyle = UIUserInterfaceStyle(scene.canvas.appearance)
        preferredContentSizeCategory = UIContentSizeCategory(scene.canvas.contentSizeCategory)
        navigation = scene.navigationBar
        showsStatusBar = scene.statusBar != nil
        showsHomeIndicator = scene.homeIndicator
        if let bar = scene.statusBar {
            statusBarTime = bar.time
            statusBarStyle = bar.style == .lightContent ? .lightContent : .darkContent
        }
        var named: [String: CALayer] = [:]
        layers = scene.layers.map { SceneReader.layer($0, named: &named) }
        for a in scene.animations {
            guard let layer = named[a.layer] else { continue }
            layer.add(SceneReader.animation(a), forKey: nil)
        }
        tableView = scene.table.map { SceneReader.table($0, scene: scene) }
        script = SceneReader.script(scene.script)
    }
}

/// The scene model back as Core Animation objects.
enum SceneReader {
    static func color(_ c: Color) -> CGColor {
        if let name = Color.named.keys.sorted().first(where: { Color.named[$0] == c }) { return CGColor(named: name) }
        return CGColor(srgbRed: CGFloat(c.r), green: CGFloat(c.g), blue: CGFloat(c.b), alpha: CGFloat(c.a))
    }

    static func transform(_ v: TransformValue) -> CATransform3D {
        switch v {
        case .matrix(let m): return CATransform3D(m)
        case .ops(let ops): return CATransform3D(v.matrix, ops: ops)
        }
    }

    static func font(_ f: FontSource, size: Double) -> UIFont {
        switch f {
        case .system(let w): return .systemFont(ofSize: CGFloat(size), weight: UIFont.Weight(name: w.rawValue))
        case .file(_, let written): return UIFont(file: written, size: CGFloat(size))
        }
    }

    @MainActor
    static func layer(_ m: LayerModel, named: inout [String: CALayer]) -> CALayer {
        let l: CALayer
        if m.transformLayer {
            l = CATransformLayer()
        } else if let g = m.gradient {
            let gl = CAGradientLayer()
            gl.colors = g.colors.map(color)
            gl.locations = g.locations?.map { NSNumber(value: $0) }
            PropertyCoding.read(m, into: gl, .gradient)
            l = gl
        } else if let s = m.shape {
            let sl = CAShapeLayer()
            sl.path = path(s.commands)
            PropertyCoding.read(m, into: sl, .path)
            l = sl
        } else if let t = m.text, t.verticalAlignment == .top {
            let tl = CATextLayer()
            tl.string = t.string
            tl.font = font(t.font, size: t.size)
            tl.fontSize = CGFloat(t.size)
            tl.foregroundColor = color(t.color)
            tl.alignmentMode = CATextLayerAlignmentMode(rawValue: t.alignment.rawValue)
            tl.isWrapped = t.lines != 1
            tl.truncationMode = ["tail": .end, "head": .start, "middle": .middle, "clip": .none][t.truncation.rawValue] ?? .none
            l = tl
        } else if let t = m.text {
            let label = UILabel()
            label.text = t.string
            label.font = font(t.font, size: t.size)
            label.textColor = UIColor(cgColor: color(t.color))
            label.textAlignment = [.left: .left, .center: .center, .right: .right, .natural: .natural][t.alignment] ?? .natural
            label.numberOfLines = t.lines
            label.lineBreakMode = [.tail: .byTruncatingTail, .head: .byTruncatingHead, .middle: .byTruncatingMiddle, .clip: .byClipping][t.truncation] ?? .byTruncatingTail
            label.adjustsFontSizeToFitWidth = t.minimumScaleFactor > 0
            label.minimumScaleFactor = CGFloat(t.minimumScaleFactor)
            l = label.layer
        } else {
            l = CALayer()
        }
        properties(m, l)
        if let n = m.name { named[n] = l }
        for s in m.sublayers { l.addSublayer(layer(s, named: &named)) }
        if let mask = m.mask { l.mask = layer(mask, named: &named) }
        return l
    }

    static func properties(_ m: LayerModel, _ l: CALayer) {
        l.name = m.name
        PropertyCoding.read(m, into: l, .layer)
        if let image = m.image {
            l.contents = CGImage(file: image.file)
            PropertyCoding.read(m, into: l, .image)
        }
    }

    static func path(_ commands: [PathCommand]) -> CGPath {
        let p = CGMutablePath()
        func pt(_ q: Point) -> CGPoint { CGPoint(x: q.x, y: q.y) }
        for c in commands {
            switch c {
            case .move(let a): p.move(to: pt(a))
            case .line(let a): p.addLine(to: pt(a))
            case let .quad(c1, e): p.addQuadCurve(to: pt(e), control: pt(c1))
            case let .cubic(c1, c2, e): p.addCurve(to: pt(e), control1: pt(c1), control2: pt(c2))
            case .close: p.closeSubpath()
            }
        }
        return p
    }
}
