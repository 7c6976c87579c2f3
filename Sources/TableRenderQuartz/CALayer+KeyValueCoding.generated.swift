// Generated from SceneModel's property table (`LayerProperties.all`) by `./render.sh generate`;
// `GeneratedSwiftTests` fails when this file differs from what the table says. Do not edit.
import Foundation
import SceneModel

extension CALayer {
    /// The keys ``value(forKey:)`` knows on a `CALayer`.
    static let layerKeys: [String] = [
        "bounds", "position", "anchorPoint", "anchorPointZ", "zPosition", "frame", "transform", "sublayerTransform", "opacity", "hidden",
        "allowsGroupOpacity", "backgroundColor", "cornerRadius", "maskedCorners", "cornerCurve", "borderWidth", "borderColor",
        "masksToBounds", "doubleSided", "allowsEdgeAntialiasing", "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius",
        "shadowPath", "contents", "contentsGravity", "contentsScale", "contentsRect", "contentsCenter", "name",
    ]

    func layerValue(forKey key: String) -> Any? {
        switch key {
        case "bounds": return bounds
        case "position": return position
        case "anchorPoint": return anchorPoint
        case "anchorPointZ": return anchorPointZ
        case "zPosition": return zPosition
        case "frame": return frame
        case "transform": return transform
        case "sublayerTransform": return sublayerTransform
        case "opacity": return opacity
        case "hidden": return isHidden
        case "allowsGroupOpacity": return allowsGroupOpacity
        case "backgroundColor": return backgroundColor
        case "cornerRadius": return cornerRadius
        case "maskedCorners": return maskedCorners
        case "cornerCurve": return cornerCurve
        case "borderWidth": return borderWidth
        case "borderColor": return borderColor
        case "masksToBounds": return masksToBounds
        case "doubleSided": return isDoubleSided
        case "allowsEdgeAntialiasing": return allowsEdgeAntialiasing
        case "shadowColor": return shadowColor
        case "shadowOpacity": return shadowOpacity
        case "shadowOffset": return shadowOffset
        case "shadowRadius": return shadowRadius
        case "shadowPath": return shadowPath
        case "contents": return contents
        case "contentsGravity": return contentsGravity
        case "contentsScale": return contentsScale
        case "contentsRect": return contentsRect
        case "contentsCenter": return contentsCenter
        case "name": return name
        default: return nil
        }
    }

    func setLayerValue(_ value: Any?, forKey key: String) {
        switch key {
        case "bounds": if let v = value as? CGRect { bounds = v }
        case "position": if let v = value as? CGPoint { position = v }
        case "anchorPoint": if let v = value as? CGPoint { anchorPoint = v }
        case "anchorPointZ": if let v = CALayer.cgFloat(value) { anchorPointZ = v }
        case "zPosition": if let v = CALayer.cgFloat(value) { zPosition = v }
        case "frame": if let v = value as? CGRect { frame = v }
        case "transform": if let v = CATransform3D.from(value) { transform = v }
        case "sublayerTransform": if let v = CATransform3D.from(value) { sublayerTransform = v }
        case "opacity": if let v = CALayer.cgFloat(value) { opacity = Float(v) }
        case "hidden": if let v = value as? Bool { isHidden = v }
        case "allowsGroupOpacity": if let v = value as? Bool { allowsGroupOpacity = v }
        case "backgroundColor": backgroundColor = CALayer.color(value)
        case "cornerRadius": if let v = CALayer.cgFloat(value) { cornerRadius = v }
        case "maskedCorners": if let v = value as? CACornerMask { maskedCorners = v }
        case "cornerCurve": if let v = CALayer.name(value) { cornerCurve = CALayerCornerCurve(rawValue: v) }
        case "borderWidth": if let v = CALayer.cgFloat(value) { borderWidth = v }
        case "borderColor": borderColor = CALayer.color(value)
        case "masksToBounds": if let v = value as? Bool { masksToBounds = v }
        case "doubleSided": if let v = value as? Bool { isDoubleSided = v }
        case "allowsEdgeAntialiasing": if let v = value as? Bool { allowsEdgeAntialiasing = v }
        case "shadowColor": shadowColor = CALayer.color(value)
        case "shadowOpacity": if let v = CALayer.cgFloat(value) { shadowOpacity = Float(v) }
        case "shadowOffset": if let v = value as? CGSize { shadowOffset = v }
        case "shadowRadius": if let v = CALayer.cgFloat(value) { shadowRadius = v }
        case "shadowPath": shadowPath = value as? CGPath
        case "contents": contents = value
        case "contentsGravity": if let v = CALayer.name(value) { contentsGravity = CALayerContentsGravity(rawValue: v) }
        case "contentsScale": if let v = CALayer.cgFloat(value) { contentsScale = v }
        case "contentsRect": if let v = value as? CGRect { contentsRect = v }
        case "contentsCenter": if let v = value as? CGRect { contentsCenter = v }
        case "name": name = value as? String
        default: break
        }
    }
}

extension CAGradientLayer {
    /// The keys ``value(forKey:)`` knows on a `CAGradientLayer` beside a `CALayer`'s.
    static let gradientKeys: [String] = [
        "colors", "locations", "startPoint", "endPoint",
    ]

    func gradientValue(forKey key: String) -> Any? {
        switch key {
        case "colors": return colors
        case "locations": return locations
        case "startPoint": return startPoint
        case "endPoint": return endPoint
        default: return nil
        }
    }

    func setGradientValue(_ value: Any?, forKey key: String) {
        switch key {
        case "colors": colors = value as? [Any]
        case "locations": locations = CALayer.numbers(value)
        case "startPoint": if let v = value as? CGPoint { startPoint = v }
        case "endPoint": if let v = value as? CGPoint { endPoint = v }
        default: break
        }
    }
}

extension CAShapeLayer {
    /// The keys ``value(forKey:)`` knows on a `CAShapeLayer` beside a `CALayer`'s.
    static let shapeKeys: [String] = [
        "path", "fillColor", "strokeColor", "lineWidth", "lineCap", "lineJoin", "miterLimit", "fillRule", "strokeStart", "strokeEnd",
        "lineDashPattern", "lineDashPhase",
    ]

    func shapeValue(forKey key: String) -> Any? {
        switch key {
        case "path": return path
        case "fillColor": return fillColor
        case "strokeColor": return strokeColor
        case "lineWidth": return lineWidth
        case "lineCap": return lineCap
        case "lineJoin": return lineJoin
        case "miterLimit": return miterLimit
        case "fillRule": return fillRule
        case "strokeStart": return strokeStart
        case "strokeEnd": return strokeEnd
        case "lineDashPattern": return lineDashPattern
        case "lineDashPhase": return lineDashPhase
        default: return nil
        }
    }

    func setShapeValue(_ value: Any?, forKey key: String) {
        switch key {
        case "path": path = value as? CGPath
        case "fillColor": fillColor = CALayer.color(value)
        case "strokeColor": strokeColor = CALayer.color(value)
        case "lineWidth": if let v = CALayer.cgFloat(value) { lineWidth = v }
        case "lineCap": if let v = CALayer.name(value) { lineCap = CAShapeLayerLineCap(rawValue: v) }
        case "lineJoin": if let v = CALayer.name(value) { lineJoin = CAShapeLayerLineJoin(rawValue: v) }
        case "miterLimit": if let v = CALayer.cgFloat(value) { miterLimit = v }
        case "fillRule": if let v = CALayer.name(value) { fillRule = CAShapeLayerFillRule(rawValue: v) }
        case "strokeStart": if let v = CALayer.cgFloat(value) { strokeStart = v }
        case "strokeEnd": if let v = CALayer.cgFloat(value) { strokeEnd = v }
        case "lineDashPattern": lineDashPattern = CALayer.numbers(value)
        case "lineDashPhase": if let v = CALayer.cgFloat(value) { lineDashPhase = v }
        default: break
        }
    }
}
