import CPieceLanes
import Geometry
import Glibc

/// The three-box blur of `Blur.blurred` (sigma 4 and up), computed as the plain twin
/// `Blur.blurredPlain` computes it, to the byte, with less work:
///
/// - The horizontal passes run row by row, all three on one row before the next: a row's
///   result depends on that row alone, so a row equal to the one above it (the straight sides
///   of a card, the empty margin) copies its result instead of computing it.
/// - The vertical passes run over whole rows at once (a running sum per column), so memory is
///   read in order and the loop vectorises.
/// - Every row carries an identity: rows with the same identity hold the same samples (zero
///   margins are identity 0; a source row equal to the one above shares its identity). A
///   vertical pass whose window gains and loses rows of one identity leaves its sums as they
///   were (the same integers added and subtracted), so its output row is the row before it,
///   copied; the straight sides of a card are blurred once, not once per row.
/// - All passes work in the bordered plane the interpolation reads (its border stays zero), so
///   the result is not copied.
/// - Each rounded mean `(sum + w/2) / w` is a multiply and a shift by a magic number: exact
///   for every sum below 2^26 (Granlund and Montgomery, "Division by invariant integers using
///   multiplication", 1994, theorem 4.2; tested for every width the blur uses).
/// - A whole-pixel offset (the usual case: a shadow offset on a layer at rest) skips the
///   interpolation between neighbours.
struct BoxBlur {
    /// The blurred plane, values scaled by 256, with one zero sample around it (so the
    /// interpolation reads its neighbours without bounds checks): `(w + 2) x (h + 2)`.
    var plane: [Int32]
    let w: Int, h: Int
    let source: PixelRect
    let grow: Int
    /// The identity of each row of the plane (see above): equal identities, equal rows.
    var rowIDs: [Int]

    init(_ source: Mask, radii: [Int]) {
        let grow = radii.reduce(0, +) + 1
        let src = source.rect
        let w = src.width + 2 * grow, h = src.height + 2 * grow
        self.w = w
        self.h = h
        self.source = src
        self.grow = grow
        var plane = [Int32](repeating: 0, count: (w + 2) * (h + 2))
        var ids = BoxBlur.horizontal(source, into: &plane, w: w, grow: grow, radii: radii)
        BoxBlur.vertical(&plane, ids: &ids, w: w, h: h, radii: radii)
        self.plane = plane
        self.rowIDs = ids
    }

    /// Where sample (x, y) of the plane is in the bordered storage.
    @inline(__always) static func at(_ x: Int, _ y: Int, w: Int) -> Int { (y &+ 1) &* (w &+ 2) &+ x &+ 1 }

    /// A magic multiplier for the rounded mean over `width` samples: for 0 <= n < 2^26,
    /// n / width == (n * magic) >> shift.
    struct Divider {
        let width: Int32, half: Int32, magic: UInt64, shift: UInt64
        /// The multiplier and shift as the C loops take them: `magic` is below 2^28 for every
        /// width (2^(26 + l) / width rounded up, with 2^(l - 1) < width).
        var magic32: UInt32 { UInt32(truncatingIfNeeded: magic) }
        var shift32: Int32 { Int32(truncatingIfNeeded: shift) }

        init(width: Int) {
            var l = 0
            while (1 << l) < width { l += 1 }
            self.width = Int32(width)
            half = Int32(width / 2)
            shift = UInt64(26 + l)
            magic = ((UInt64(1) << shift) + UInt64(width) - 1) / UInt64(width)
        }

        @inline(__always) func mean(_ sum: Int32) -> Int32 {
            Int32(truncatingIfNeeded: (UInt64(UInt32(bitPattern: sum &+ half)) &* magic) &>> shift)
        }
    }

    /// The three horizontal passes, row by row, into the bordered `rows` (`w` wide, the source's
    /// rows at `grow` below the top; the margin rows stay zero, as a box of zeros is zero).
    /// Returns the rows' identities: 0 for the margins, and for the source's rows 1, 2, ...,
    /// a row equal to the one above taking its identity.
    static func horizontal(_ source: Mask, into rows: inout [Int32], w: Int, grow: Int, radii: [Int]) -> [Int] {
        let src = source.rect
        var ids = [Int](repeating: 0, count: src.height + 2 * grow)
        var id = 0
        var scratch = [Int32](repeating: 0, count: 2 * w)
        let dividers = RowDividers(radii: radii)
        source.data.withUnsafeBufferPointer { data in
            rows.withUnsafeMutableBufferPointer { out in
                for y in 0..<src.height {
                    let row = BoxBlur.at(0, y + grow, w: w), above = BoxBlur.at(0, y + grow - 1, w: w)
                    if y > 0 && BoxBlur.sameRow(data, y, y - 1, width: src.width) {
                        for x in 0..<w { out[row + x] = out[above + x] }
                        ids[y + grow] = id
                        continue
                    }
                    id += 1
                    ids[y + grow] = id
                    BoxBlur.rowPasses(data.baseAddress.map { $0 + y * src.width }, width: src.width, grow: grow,
                                      into: out.baseAddress! + row, scratch: &scratch, length: w, radii: radii, dividers: dividers)
                }
            }
        }
        return ids
    }

    /// Row k's identity in `ids`; rows outside the plane are zeros, identity 0.
    @inline(__always) static func identity(_ ids: [Int], _ k: Int) -> Int { k >= 0 && k < ids.count ? ids[k] : 0 }

    @inline(__always) static func sameRow(_ data: UnsafeBufferPointer<UInt8>, _ y: Int, _ z: Int, width: Int) -> Bool {
        guard let base = data.baseAddress else { return true }
        return memcmp(base + y * width, base + z * width, width) == 0
    }

    /// The dividers of the passes, as the C row loop takes them.
    struct RowDividers {
        let halves: [Int32], magics: [UInt32], shifts: [Int32]
        init(radii: [Int]) {
            let d = radii.map { Divider(width: 2 * $0 + 1) }
            halves = d.map(\.half)
            magics = d.map(\.magic32)
            shifts = d.map(\.shift32)
        }
    }

    /// A source row's horizontal passes (`tr_box_row`, C): its `width` bytes (none: zeros)
    /// placed `grow` samples in along `length` samples, then each box pass of `radii` in turn, as
    /// `Blur.boxPass` does, the last one written to `out`.
    static func rowPasses(_ source: UnsafePointer<UInt8>?, width: Int, grow: Int, into out: UnsafeMutablePointer<Int32>,
                          scratch: inout [Int32], length: Int, radii: [Int], dividers: RowDividers) {
        scratch.withUnsafeMutableBufferPointer { t in
            tr_box_row(source, source == nil ? 0 : width, grow, out, t.baseAddress!, t.baseAddress! + length, length,
                       radii, dividers.halves, dividers.magics, dividers.shifts, radii.count)
        }
    }

    /// The three vertical passes over whole rows of the bordered plane: a running sum per column.
    /// `ids` are the rows' identities going in (rows outside the plane are zeros, identity 0)
    /// and coming out; an output row whose window gains a row of the identity it loses is the
    /// row before it.
    static func vertical(_ rows: inout [Int32], ids: inout [Int], w: Int, h: Int, radii: [Int]) {
        var other = [Int32](repeating: 0, count: rows.count)
        var sums = [Int32](repeating: 0, count: w)
        var outIDs = [Int](repeating: 0, count: h)
        var fresh = (ids.max() ?? 0) + 1
        for r in radii {
            let d = Divider(width: 2 * r + 1)
            rows.withUnsafeBufferPointer { i in
                other.withUnsafeMutableBufferPointer { o in
                    sums.withUnsafeMutableBufferPointer { s in
                        for x in 0..<w { s[x] = 0 }
                        for k in 0..<min(r, h) {
                            let add = BoxBlur.at(0, k, w: w)
                            for x in 0..<w { s[x] &+= i[add &+ x] }
                        }
                        for k in 0..<h {
                            let row = BoxBlur.at(0, k, w: w)
                            if k > 0 && BoxBlur.identity(ids, k + r) == BoxBlur.identity(ids, k - r - 1) {
                                // The sums would gain and lose the same samples: unchanged.
                                let before = BoxBlur.at(0, k - 1, w: w)
                                for x in 0..<w { o[row &+ x] = o[before &+ x] }
                                outIDs[k] = outIDs[k - 1]
                                continue
                            }
                            let add = k + r < h ? UnsafePointer(i.baseAddress! + BoxBlur.at(0, k + r, w: w)) : nil
                            let sub = k - r - 1 >= 0 ? UnsafePointer(i.baseAddress! + BoxBlur.at(0, k - r - 1, w: w)) : nil
                            tr_box_column_step(s.baseAddress!, add, sub, o.baseAddress! + row, w, d.half, d.magic32, d.shift32)
                            outIDs[k] = fresh
                            fresh += 1
                        }
                    }
                }
            }
            swap(&rows, &other)
            swap(&ids, &outIDs)
        }
    }

    /// The plane moved by (dx, dy) device pixels: whole pixels by placement, the fraction by
    /// linear interpolation between neighbours (as `Blur.blurredPlain`).
    func shifted(dx: Double, dy: Double) -> Mask {
        let ix = Int(dx.rounded(.down)), iy = Int(dy.rounded(.down))
        let fx = Int(((dx - Double(ix)) * 256).rounded()), fy = Int(((dy - Double(iy)) * 256).rounded())
        let out = PixelRect(x0: source.x0 - grow + ix, y0: source.y0 - grow + iy,
                            x1: source.x1 + grow + ix + 1, y1: source.y1 + grow + iy + 1)
        var result = Mask(rect: out)
        let ow = out.width, stride = w + 2
        plane.withUnsafeBufferPointer { p in
            result.data.withUnsafeMutableBufferPointer { r in
                for oy in 0..<out.height {
                    // Output (ox, oy) reads plane (ox, oy) and its left/upper neighbours, at
                    // (ox + 1, oy + 1) in the bordered plane: the same rows as the output row
                    // before it (by identity) give the same bytes.
                    if oy > 0 && BoxBlur.identity(rowIDs, oy) == BoxBlur.identity(rowIDs, oy - 1)
                        && (fy == 0 || BoxBlur.identity(rowIDs, oy - 1) == BoxBlur.identity(rowIDs, oy - 2)) {
                        let row = oy &* ow
                        for ox in 0..<ow { r[row &+ ox] = r[row &- ow &+ ox] }
                        continue
                    }
                    let here = (oy + 1) * stride + 1, above = oy * stride + 1
                    tr_blur_shift_row(p.baseAddress! + here, p.baseAddress! + above, r.baseAddress! + oy &* ow, ow,
                                      Int32(fx), Int32(fy))
                }
            }
        }
        return result
    }
}
