import CPieceLanes
import Geometry

/// An image placed on a layer's plane at `rect` (layer points), seen through the plane's
/// homography: sampled perspective-correct, bilinear, from the mipmap level that keeps about
/// one texel per device pixel. At identity and whole-pixel placement every device pixel centre
/// lands on a texel centre, so the image appears pixel for pixel.
public struct ImagePaint: Sendable {
    let layerFromDevice: Homography
    let rect: Rect
    let image: RasterImage
    /// The homography's a ... i as `tr_image_points` reads them (made once, not per row).
    let coefficients: [Double]
    /// A nine-part image's map of texel coordinates (`contentsCenter`), or nil.
    let slices: ImageSlices?

    public init(layerFromDevice: Homography, rect: Rect, image: RasterImage, slices: ImageSlices? = nil) {
        self.layerFromDevice = layerFromDevice
        self.rect = rect
        self.image = image
        self.slices = slices
        let h = layerFromDevice
        coefficients = [h.a, h.b, h.c, h.d, h.e, h.f, h.g, h.h, h.i]
    }

    /// Texel coordinates (level 0) of a device point.
    @inline(__always) func texel(_ x: Double, _ y: Double) -> Point {
        let p = layerFromDevice.map(x, y)
        let t = Point((p.x - rect.x) / rect.width * Double(image.width), (p.y - rect.y) / rect.height * Double(image.height))
        guard let s = slices else { return t }
        return Point(s.x.map(t.x), s.y.map(t.y))
    }

    /// The mipmap level for a pixel whose texel point is `t`, with `tx` and `ty` the points of
    /// its neighbours one pixel right and down: rho >= 2 (at least two texels per pixel) goes
    /// down a level, rho >= 4 two, and so on.
    @inline(__always) static func level(_ t: Point, _ tx: Point, _ ty: Point, count: Int) -> Int {
        let rho2 = max((tx.x - t.x) * (tx.x - t.x) + (tx.y - t.y) * (tx.y - t.y),
                       (ty.x - t.x) * (ty.x - t.x) + (ty.y - t.y) * (ty.y - t.y))
        var level = 0
        var limit = 4.0
        while level + 1 < count && rho2.isFinite && rho2 >= limit { level += 1; limit *= 4 }
        return level
    }

    /// Colours for row[from..<to], pixel x0 + i of device row y in row[i]. `shadePlain` is the
    /// same sampling written plainly; tests hold the two equal.
    ///
    /// Each pixel needs the texel points of its centre and of the centres one pixel right and
    /// one pixel down. The one to the right is the next pixel's own point, and the one below
    /// is the next row's: `scratch` keeps this row's points-below for the next call (row
    /// y + 1, the same x0), so a pixel usually maps one point instead of three. The same
    /// doubles go into the same arithmetic (py + 1 is exactly the next row's centre), so the
    /// colours do not depend on which call computed a point.
    ///
    /// The points and the samples are computed in C (`tr_image_points`, `tr_image_sample_row`:
    /// the same operations on the same doubles).
    func shade(y: Int, x0: Int, into row: inout [PremultipliedColor], from: Int, to: Int, scratch: inout ShadeScratch) {
        guard from < to, from >= 0, to <= row.count else { return }
        let py = Double(y) + 0.5
        var here: [Point] = [], below: [Point] = []
        swap(&here, &scratch.points)
        swap(&below, &scratch.next)
        // Room for index `to` (the right neighbour of the last pixel).
        if here.count <= to { here.append(contentsOf: repeatElement(Point(0, 0), count: row.count + 1 - here.count)) }
        if below.count <= to { below.append(contentsOf: repeatElement(Point(0, 0), count: row.count + 1 - below.count)) }
        let known = scratch.row == y ? scratch.from..<scratch.to : 0..<0
        let iw = Double(image.width), ih = Double(image.height)
        @inline(__always) func points(_ buffer: UnsafeMutablePointer<Point>, row py: Double, _ range: Range<Int>) {
            guard !range.isEmpty else { return }
            buffer.withMemoryRebound(to: Double.self, capacity: 2 * (range.upperBound)) { p in
                tr_image_points(coefficients, rect.x, rect.y, rect.width, rect.height, iw, ih, py, x0, range.lowerBound, range.upperBound, p)
                // A nine-part image maps each point along each axis (the same map as `texel`).
                if let s = slices {
                    for i in range { p[2 * i] = s.x.map(p[2 * i]); p[2 * i + 1] = s.y.map(p[2 * i + 1]) }
                }
            }
        }
        here.withUnsafeMutableBufferPointer { hereBuffer in
            below.withUnsafeMutableBufferPointer { belowBuffer in
                let h = hereBuffer.baseAddress!, b = belowBuffer.baseAddress!
                // This row's points: those the row above left (the same doubles) and the rest.
                let kept = known.clamped(to: from..<(to + 1))
                if kept.isEmpty { points(h, row: py, from..<(to + 1)) } else {
                    points(h, row: py, from..<kept.lowerBound)
                    points(h, row: py, kept.upperBound..<(to + 1))
                }
                points(b, row: py + 1, from..<to)
                image.texels.withUnsafeBufferPointer { tex in
                    row.withUnsafeMutableBytes { out in
                        h.withMemoryRebound(to: Double.self, capacity: 2 * (to + 1)) { hd in
                            b.withMemoryRebound(to: Double.self, capacity: 2 * to) { bd in
                                ImagePaint.sampleRow(hd, bd, from, to, tex.baseAddress!, image.levelTable, image.levelScales,
                                                     image.levels.count, out.baseAddress!.assumingMemoryBound(to: UInt8.self))
                            }
                        }
                    }
                }
            }
        }
        scratch.points = below
        scratch.next = here
        scratch.row = y + 1
        scratch.from = from
        scratch.to = to
    }

    /// `tr_image_sample_row`, four pixels at a time where the processor has AVX2 (the same
    /// bytes: ImagePaintTests hold both to the plain twin).
    @inline(__always) static func sampleRow(_ here: UnsafePointer<Double>, _ below: UnsafePointer<Double>, _ from: Int, _ to: Int,
                                            _ texels: UnsafePointer<UInt32>, _ levels: [Int], _ scales: [Double], _ count: Int,
                                            _ out: UnsafeMutablePointer<UInt8>) {
        #if arch(x86_64)
        if Rasterizer.lanesAVX2 {
            tr_image_sample_row_avx2(here, below, from, to, texels, levels, scales, count, out)
            return
        }
        #endif
        tr_image_sample_row(here, below, from, to, texels, levels, scales, count, out)
    }

    /// `shade` without a row before it.
    func shade(y: Int, x0: Int, into row: inout [PremultipliedColor], from: Int, to: Int) {
        var scratch = ShadeScratch()
        shade(y: y, x0: x0, into: &row, from: from, to: to, scratch: &scratch)
    }

    /// The sampling as first written (per channel, the library's rounding), kept as the twin
    /// `shade` is tested against.
    func shadePlain(y: Int, x0: Int, into row: inout [PremultipliedColor], from: Int, to: Int) {
        let py = Double(y) + 0.5
        for i in from..<to {
            let px = Double(x0 + i) + 0.5
            row[i] = ImagePaint.samplePlain(image, texel(px, py), right: texel(px + 1, py), below: texel(px, py + 1))
        }
    }

    /// The colour of the pixel whose texel point is `t`, with `right` and `below` those of its
    /// neighbours, as first written (per channel, the library's rounding).
    static func samplePlain(_ image: RasterImage, _ t: Point, right tx: Point, below ty: Point) -> PremultipliedColor {
        guard t.x.isFinite, t.y.isFinite else { return .clear }
        let level = image.levels[ImagePaint.level(t, tx, ty, count: image.levels.count)]
        let u = (t.x * (Double(level.width) / Double(image.width)) - 0.5).clamped(0, Double(level.width - 1))
        let v = (t.y * (Double(level.height) / Double(image.height)) - 0.5).clamped(0, Double(level.height - 1))
        let x0 = Int(u.rounded(.down)), y0 = Int(v.rounded(.down))
        let x1 = min(x0 + 1, level.width - 1), y1 = min(y0 + 1, level.height - 1)
        let fx = Int(((u - Double(x0)) * 256).rounded()), fy = Int(((v - Double(y0)) * 256).rounded())
        func channel(_ c: Int) -> UInt8 {
            func at(_ x: Int, _ y: Int) -> Int { Int((image.texels[level.offset + y * level.width + x] >> (8 * c)) & 0xFF) }
            let top = at(x0, y0) * (256 - fx) + at(x1, y0) * fx, bottom = at(x0, y1) * (256 - fx) + at(x1, y1) * fx
            return UInt8((top * (256 - fy) + bottom * fy + 32768) >> 16)
        }
        return PremultipliedColor(r: channel(0), g: channel(1), b: channel(2), a: channel(3))
    }
}
