import CPieceLanes

extension Rasterizer {
    /// Whether the processor runs the four-lane (AVX2) form of the piece accumulation's lanes.
    static let lanesAVX2 = tr_piece_lanes_avx2_available() != 0

    /// `accumulateRightOf` for each of a row's pieces, and the marking of the columns it wrote:
    /// through the four-lane AVX2 form in C where the processor has it, else two lanes here.
    ///
    /// Most pieces stay inside one pixel column; for those both ends of the ramp are in [0, 1],
    /// so `ramp(t)` is `t * t * 0.5` (at t = 0 and t = 1 both forms give 0 and 0.5), and the
    /// two columns receive the rounded cover and the rounded rest of the height, as the loop in
    /// `accumulateRightOf` would. That case is computed two pieces at a time in two lanes, with
    /// no branch: every lane does the operations of the scalar form on the same operands
    /// (selections by bit masks; min and max as the library's: min(x, y) is y < x ? y : x,
    /// max(x, y) is y >= x ? y : x; floor and round by adding and removing 1.5 * 2^52, exact
    /// for |v| < 2^51), so every rounded value is the same integer. The lanes write two values
    /// and a column per piece to `out` (3 * count), and a second loop adds them to the
    /// accumulation buffer; pieces spanning more columns (column -1 there) go through
    /// `accumulateRightOf` itself. Keeping calls and branches out of the first loop lets the
    /// compiler keep it in vector registers (with a call in it, it spilled and split the lanes).
    @inline(__always)
    static func accumulatePieces(_ pieces: UnsafeMutablePointer<Piece>, count: Int, out: UnsafeMutablePointer<Int>, acc: UnsafeMutableBufferPointer<Int>,
                                 marks: UnsafeMutableBufferPointer<UInt64>, originX: Double, width: Int,
                                 avx2: Bool = Rasterizer.lanesAVX2) {
        if avx2 {
            // The AVX2 lanes add each piece's values as they come; the wide pieces come back.
            let wide = tr_piece_lanes_avx2_accumulate(UnsafeRawPointer(pieces).assumingMemoryBound(to: Double.self), count,
                                                      UnsafeMutableRawPointer(acc.baseAddress!).assumingMemoryBound(to: Int64.self),
                                                      marks.baseAddress!, originX, width,
                                                      UnsafeMutableRawPointer(out).assumingMemoryBound(to: Int64.self))
            for w in 0..<wide { accumulateWide(pieces, out[w], acc: acc, marks: marks, originX: originX, width: width) }
            return
        }
        laneValues(pieces, count: count, out: out, originX: originX, width: width)
        for p in 0..<count {
            let c0 = out[3 * p + 2]
            if c0 < 0 {
                accumulateWide(pieces, p, acc: acc, marks: marks, originX: originX, width: width)
                continue
            }
            acc[c0] &+= out[3 * p]
            acc[c0 + 1] &+= out[3 * p + 1]
            marks[c0 >> 6] |= 1 << UInt64(c0 & 63)
            marks[(c0 + 1) >> 6] |= 1 << UInt64((c0 + 1) & 63)
        }
    }

    /// A piece's field (0: xa, 1: xb, 2: height), read where the C lanes read it.
    @inline(__always)
    static func load(_ pieces: UnsafeMutablePointer<Piece>, _ i: Int, _ field: Int) -> Double {
        UnsafeRawPointer(pieces).load(fromByteOffset: i * Piece.stride + field * 8, as: Double.self)
    }

    /// A piece spanning more than one column, through `accumulateRightOf`, its columns marked.
    @inline(__always)
    static func accumulateWide(_ pieces: UnsafeMutablePointer<Piece>, _ p: Int, acc: UnsafeMutableBufferPointer<Int>,
                               marks: UnsafeMutableBufferPointer<UInt64>, originX: Double, width: Int) {
        let (c0, c1) = accumulateRightOf(acc, originX: Int(originX), width: width,
                                         xa: load(pieces, p, 0), xb: load(pieces, p, 1), height: load(pieces, p, 2))
        for c in c0...c1 { marks[c >> 6] |= 1 << UInt64(c & 63) }
    }

    /// The two-lane form: for each piece, the two rounded values and its column (-1 for a piece
    /// spanning more columns) in `out` (3 * count), two pieces at a time, without branches.
    @inline(__always)
    static func laneValues(_ pieces: UnsafeMutablePointer<Piece>, count: Int, out: UnsafeMutablePointer<Int>, originX: Double, width: Int) {
        typealias D2 = SIMD2<Double>
        typealias I2 = SIMD2<Int64>
        typealias M2 = SIMDMask<SIMD2<Int64>>
        @inline(__always) func bits(_ m: M2) -> I2 { unsafeBitCast(m, to: I2.self) }
        @inline(__always) func bits(_ v: D2) -> I2 { unsafeBitCast(v, to: I2.self) }
        @inline(__always) func double(_ v: I2) -> D2 { unsafeBitCast(v, to: D2.self) }
        @inline(__always) func pick(_ m: M2, _ a: D2, _ b: D2) -> D2 {
            let k = bits(m)
            return double((bits(a) & k) | (bits(b) & ~k))
        }
        let magic = D2(repeating: 6_755_399_441_055_744.0)   // 1.5 * 2^52
        let magicBits = bits(magic)
        let zero = D2(repeating: 0), unit = D2(repeating: 1), half = D2(repeating: 0.5)
        let origin = D2(repeating: originX), limit = D2(repeating: Double(width)), scale = D2(repeating: one)
        let absMask = I2(repeating: Int64.max)
        // round(v) to nearest, halves away from zero (`roundInt`), lane by lane.
        // (near + magic is the sum a + magic again: both steps are exact.)
        @inline(__always) func rounded(_ v: D2) -> I2 {
            let a = double(bits(v) & absMask)
            let sum = a + magic
            let near = sum - magic
            let i = (bits(sum) &- magicBits) &+ (bits(near - a .== -half) & 1)
            let negative = bits(v .< zero)
            return (i ^ negative) &- negative
        }
        @inline(__always) func load(_ i: Int, _ field: Int) -> Double { Rasterizer.load(pieces, i, field) }
        var p = 0
        while p < count {
            // Two pieces (the last one twice when the count is odd: the same values are stored twice).
            let a = p, b = min(p + 1, count - 1)
            p += 2
            let xa = D2(load(a, 0), load(b, 0)), xb = D2(load(a, 1), load(b, 1))
            let height = D2(load(a, 2), load(b, 2))
            let lo = pick(xb .< xa, xb, xa) - origin
            let hi = pick(xb .>= xa, xb, xa) - origin
            let near = (lo + magic) - magic
            let floorLo = pick(near .> lo, near - unit, near)
            let right = floorLo + unit
            let inColumn = bits((floorLo .>= zero) .& (right .<= limit) .& (hi .<= right))
            let d = hi - lo
            let t0 = right - lo, t1 = right - hi
            let upright = d .< D2(repeating: 1e-9)
            let sloped = height * (t0 * t0 * half - t1 * t1 * half) / pick(upright, unit, d)
            let tm = right - (lo + hi) * half
            let up = pick(zero .>= tm, zero, tm)
            let clamped = pick(unit .< up, unit, up)
            let cover = pick(upright, height * clamped, sloped)
            let v0 = rounded(cover * scale), v1 = rounded((height - cover) * scale)
            // The column, or -1 for a piece spanning more columns (done by the caller).
            let column = ((bits(floorLo + magic) &- magicBits) & inColumn) | ~inColumn
            out[3 * b] = Int(v0[1]); out[3 * b + 1] = Int(v1[1]); out[3 * b + 2] = Int(column[1])
            out[3 * a] = Int(v0[0]); out[3 * a + 1] = Int(v1[0]); out[3 * a + 2] = Int(column[0])
        }
    }
}
