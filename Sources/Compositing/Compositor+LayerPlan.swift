import Geometry
import LayerTree
import DrawList

/// What each layer puts in a frame, decided before its commands are written: which of its
/// parts draw, and whether it needs a group; and `CATransformLayer`s lifted into their parent.
extension Compositor {
    /// A `CATransformLayer` draws nothing itself: its sublayers (and theirs, through nested
    /// transform layers) take its place among its siblings, each carrying the transform layer's
    /// matrix and sublayer transform unflattened, so they are depth-sorted together in 3D (the
    /// painter's order by each layer's centre). Its opacity applies to each sublayer on its own
    /// (it forms no group, as Apple documents); a hidden transform layer hides its sublayers.
    static func liftingTransformLayers(_ layers: [PresentationLayer]) -> [PresentationLayer] {
        guard layers.contains(where: \.transformLayer) else { return layers }
        var out: [PresentationLayer] = []
        for l in layers {
            guard l.transformLayer else { out.append(l); continue }
            guard !l.hidden else { continue }
            let lift = l.sublayerPivoted * l.superFromLayer
            for var child in liftingTransformLayers(l.sublayers) {
                child.outerTransform = child.outerTransform * lift
                child.opacity *= l.opacity
                out.append(child)
            }
        }
        return out
    }

    /// What a layer puts in the frame, given what it is.
    struct LayerPlan {
        var opacity: Int
        var hasShadow: Bool
        /// The shadow is `shadowPath`'s shape: drawn as a command of its own, no group needed.
        var shadowFromPath: Bool
        var hasBackground: Bool
        var hasBackdrop: Bool   // `backdropBlur`: drawn before the layer's scope, not in `drawCount`
        var hasGradient: Bool
        var hasBorder: Bool
        var shape: ShapeContent?
        var shapeDraws: Int
        var hasImage: Bool
        var hasText: Bool
        var drawCount: Int
        /// Drawn offscreen and composited at its opacity (or for its shadow).
        var opacityGroup = false

        init?(_ layer: PresentationLayer, images: [String: ImageSize]) {
            guard !layer.hidden, layer.opacity > 0 else { return nil }
            opacity = Int(saturating: (layer.opacity.clamped(0, 1) * 255).rounded())
            hasShadow = layer.shadowOpacity > 0 && layer.shadowColor.a > 0 && !layer.masksToBounds
            shadowFromPath = hasShadow && layer.shadowPath.map { !$0.commands.isEmpty } == true
            hasBackground = (layer.backgroundColor?.a ?? 0) > 0 && !layer.bounds.isEmpty
            hasBackdrop = layer.backdropBlur > 0 && !layer.bounds.isEmpty
            hasGradient = (layer.gradient?.colors.isEmpty == false) && !layer.bounds.isEmpty
            hasBorder = layer.borderWidth > 0 && layer.borderColor.a > 0 && !layer.bounds.isEmpty
            shape = layer.shape.flatMap { $0.commands.isEmpty ? nil : $0 }
            shapeDraws = shape.map { ($0.fillColor.map { $0.a > 0 } == true ? 1 : 0) + ($0.strokeColor.map { $0.a > 0 } == true && $0.lineWidth > 0 ? 1 : 0) } ?? 0
            hasImage = layer.image.map { images[$0.key] != nil } ?? false
            hasText = layer.text.map { !$0.string.isEmpty && $0.color.a > 0 } ?? false
            // Text with colour glyphs draws its outlines and each glyph's image.
            let textDraws = hasText ? (layer.text.map { Compositor.mayHaveColorGlyphs($0.string) } == true ? 2 : 1) : 0
            drawCount = (shadowFromPath ? 1 : 0) + (hasBackground ? 1 : 0) + (hasGradient ? 1 : 0) + (hasBorder ? 1 : 0) + shapeDraws + layer.sublayers.count
                + (hasImage ? 1 : 0) + textDraws
            guard drawCount > 0 || hasBackdrop else { return nil }
            // A group of one draw is skipped (its alpha passed down), unless a backdrop is
            // inside: a backdrop in a group sees only the group's content, with one sibling or
            // none (UIKit: a visual effect under alpha < 1 looks wrong or not at all; a probe).
            opacityGroup = (hasShadow && !shadowFromPath)
                || (opacity < 255 && layer.allowsGroupOpacity && (drawCount > 1 || Compositor.holdsBackdrop(layer.sublayers)))
        }
    }

    /// Whether a shown layer among `layers` or their sublayers blurs its backdrop.
    static func holdsBackdrop(_ layers: [PresentationLayer]) -> Bool {
        layers.contains { !$0.hidden && $0.opacity > 0 && ($0.backdropBlur > 0 || holdsBackdrop($0.sublayers)) }
    }
}
