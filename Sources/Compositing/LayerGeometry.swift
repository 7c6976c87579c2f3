import Geometry
import LayerTree

/// Core Animation's geometry for one layer (reference section 2.3).
extension PresentationLayer {
    /// The anchor in the layer's own space: bounds.origin + anchorPoint * size, anchorPointZ.
    var anchorInLayer: (x: Double, y: Double, z: Double) {
        let b = values.bounds, a = values.anchorPoint
        return (b.x + a.x * b.width, b.y + a.y * b.height, values.anchorPointZ)
    }

    /// `superFromLayer = T(-anchor) · transform · T(position, zPosition)`.
    var superFromLayer: Transform3D {
        let a = anchorInLayer
        let own = Transform3D.translation(-a.x, -a.y, -a.z) * transform
            * Transform3D.translation(values.position.x, values.position.y, values.zPosition)
        return outerTransform.isIdentity ? own : own * outerTransform
    }

    /// `T(-anchor) · sublayerTransform · T(anchor)`: the sublayer transform about the anchor
    /// (bounds.origin included; reference section 8 item 1).
    var sublayerPivoted: Transform3D {
        let m = sublayerTransform
        if m.isIdentity { return .identity }
        let a = anchorInLayer
        return Transform3D.translation(-a.x, -a.y, -a.z) * m * Transform3D.translation(a.x, a.y, a.z)
    }
}

/// Flattened polygons from a layer's plane to device pixels, clipped to the near plane.
enum Projection {
    /// Points with w below this are behind (or too close to) the eye and are cut away before the
    /// divide, so nothing explodes, wraps or becomes NaN.
    static let nearW = 1e-5

    /// Maps a polygon on the layer's z = 0 plane through `deviceFromLayer`, clips it against
    /// w >= nearW in homogeneous coordinates, and divides.
    static func project(_ polygon: [Point], _ deviceFromLayer: Transform3D) -> [Point] {
        // The common case, every point in front of the near plane: the clipping below keeps
        // them all, in order, so each is its divided image (one pass, one array).
        var front: [Point] = []
        front.reserveCapacity(polygon.count)
        for p in polygon {
            let h = deviceFromLayer.apply(p.x, p.y, 0)
            guard h.w >= nearW else { return projectClipped(polygon, deviceFromLayer) }
            front.append(h.projected)
        }
        return front
    }

    /// `project` for a polygon reaching behind the near plane.
    static func projectClipped(_ polygon: [Point], _ deviceFromLayer: Transform3D) -> [Point] {
        let hs = polygon.map { deviceFromLayer.apply($0.x, $0.y, 0) }
        var clipped: [HomogeneousPoint] = []
        clipped.reserveCapacity(hs.count + 2)
        guard var prev = hs.last else { return [] }
        for p in hs {
            let pIn = p.w >= nearW, prevIn = prev.w >= nearW
            if pIn != prevIn {
                let t = (nearW - prev.w) / (p.w - prev.w)
                var q = HomogeneousPoint.lerp(prev, p, t)
                q.w = nearW
                clipped.append(q)
            }
            if pIn { clipped.append(p) }
            prev = p
        }
        return clipped.map { $0.projected }
    }

    /// How many device pixels one layer point spans near `p` (square root of the area scale),
    /// used for curve flattening and blur sizes.
    static func pixelsPerPoint(_ m: Transform3D, at p: Point) -> Double {
        let o = m.apply(p.x, p.y), ox = m.apply(p.x + 1, p.y), oy = m.apply(p.x, p.y + 1)
        guard o.w > nearW, ox.w > nearW, oy.w > nearW else { return 1 }
        let a = o.projected, bx = ox.projected - a, by = oy.projected - a
        let area = abs(bx.x * by.y - bx.y * by.x)
        return area.squareRoot()
    }

    /// Quarter-circle segments for a corner of `radius` device pixels (sagitta under 0.1 px).
    static func segments(forRadius radius: Double) -> Int {
        guard radius > 0.5 else { return 1 }
        return min(64, max(2, Int(saturating: (1.76 * radius.squareRoot()).rounded(.up))))
    }
}
