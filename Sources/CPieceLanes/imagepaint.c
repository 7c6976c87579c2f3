/* The image paint's row loop (ImagePaint.shade): the texel points of pixel centres through the
   plane's homography, and each pixel's bilinear sample from its mipmap level. The same IEEE-754
   operations in the same order as ImagePaint.texel and ImagePaint.level (no fused multiply-add:
   contraction is off), so the same doubles; the sample is `shadePlain`'s, with its rounding
   (half away from zero) done as a truncation and a compare (exact for the non-negative values
   there) and two channels mixed per 64-bit multiply (the largest lane value 255 * 256 * 256 +
   32768 fits in 32 bits). The Swift `shadePlain` is the twin the tests hold it to
   (ImagePaintTests), and the four-pixel AVX2 form is held to this one. */
#include "piecelanes.h"

#pragma clang fp contract(off)

/* Points j in [from, to): pixel centre (x0 + j + 0.5, py) mapped by the homography
   h = {a, b, c, d, e, f, g, h, i} (row vector: X = x a + y d + g, Y = x b + y e + h,
   W = x c + y f + i), then to level-0 texels: ((X / W) - rx) / rw * iw, ((Y / W) - ry) / rh * ih. */
void tr_image_points(const double *hm, double rx, double ry, double rw, double rh, double iw, double ih,
                     double py, long x0, long from, long to, double *points) {
    for (long j = from; j < to; j++) {
        double px = (double)(x0 + j) + 0.5;
        double X = px * hm[0] + py * hm[3] + hm[6];
        double Y = px * hm[1] + py * hm[4] + hm[7];
        double W = px * hm[2] + py * hm[5] + hm[8];
        points[2 * j] = (X / W - rx) / rw * iw;
        points[2 * j + 1] = (Y / W - ry) / rh * ih;
    }
}

static inline long round_non_negative(double v) {
    long i = (long)v;
    return v - (double)i >= 0.5 ? i + 1 : i;
}

static inline double clamped(double v, double lo, double hi) {
    if (v >= hi) return hi;
    if (v >= lo) return v;
    return lo;
}

static inline uint64_t even(uint32_t t) { return (uint64_t)(t & 0xFF) | (uint64_t)(t & 0xFF0000) << 16; }
static inline uint64_t odd(uint32_t t) { return (uint64_t)((t >> 8) & 0xFF) | (uint64_t)((t >> 8) & 0xFF0000) << 16; }

void tr_image_sample_row(const double *here, const double *below, long from, long to, const uint32_t *texels,
                         const long *levels, const double *scales, long count, uint8_t *out) {
    for (long i = from; i < to; i++) {
        double tx0 = here[2 * i], ty0 = here[2 * i + 1];
        uint8_t *o = out + 4 * i;
        if (!__builtin_isfinite(tx0) || !__builtin_isfinite(ty0)) { o[0] = o[1] = o[2] = o[3] = 0; continue; }
        /* ImagePaint.level: rho^2 the larger squared distance to the points right and below
           (Swift's max(p, q) is q >= p ? q : p). */
        double rx = here[2 * i + 2] - tx0, ry = here[2 * i + 3] - ty0;
        double dx = below[2 * i] - tx0, dy = below[2 * i + 1] - ty0;
        double p = rx * rx + ry * ry, q = dx * dx + dy * dy;
        double rho2 = q >= p ? q : p;
        long level = 0;
        double limit = 4.0;
        while (level + 1 < count && __builtin_isfinite(rho2) && rho2 >= limit) { level++; limit *= 4; }
        long w = levels[3 * level], h = levels[3 * level + 1];
        const uint32_t *tex = texels + levels[3 * level + 2];
        /* The bilinear sample at level-0 point (tx0, ty0), clamped to the edge, 8-bit weights. */
        double u = clamped(tx0 * scales[2 * level] - 0.5, 0, (double)(w - 1));
        double v = clamped(ty0 * scales[2 * level + 1] - 0.5, 0, (double)(h - 1));
        long xa = (long)u, ya = (long)v;
        long xb = xa + 1 < w - 1 ? xa + 1 : w - 1, yb = ya + 1 < h - 1 ? ya + 1 : h - 1;
        uint64_t fx = (uint64_t)round_non_negative((u - (double)xa) * 256);
        uint64_t fy = (uint64_t)round_non_negative((v - (double)ya) * 256);
        uint32_t a = tex[ya * w + xa], b = tex[ya * w + xb], d = tex[yb * w + xa], e = tex[yb * w + xb];
#define MIX(A, B, D, E) (((A) * (256 - fx) + (B) * fx) * (256 - fy) + ((D) * (256 - fx) + (E) * fx) * fy + 0x800000008000ull) >> 16
        uint64_t ev = MIX(even(a), even(b), even(d), even(e)), od = MIX(odd(a), odd(b), odd(d), odd(e));
#undef MIX
        o[0] = (uint8_t)ev;
        o[1] = (uint8_t)od;
        o[2] = (uint8_t)(ev >> 32);
        o[3] = (uint8_t)(od >> 32);
    }
}

#if defined(__x86_64__)
#include <immintrin.h>

/* The mix of ImagePaint.sample for two pixels in SSE2 16-bit lanes: texels a, b (row y0) and
   d, e (row y1) of pixel 0 in the low half, of pixel 1 in the high half; fx, fy weights each.
   top = a (256 - fx) + b fx and bottom likewise are at most 65280 (16 bits); the result
   (top (256 - fy) + bottom fy + 32768) >> 16 takes 32-bit products (mullo and mulhi). */
static inline __m128i mix2(__m128i a, __m128i b, __m128i d, __m128i e, __m128i fx, __m128i fy) {
    const __m128i full = _mm_set1_epi16(256);
    __m128i gx = _mm_sub_epi16(full, fx), gy = _mm_sub_epi16(full, fy);
    __m128i top = _mm_add_epi16(_mm_mullo_epi16(a, gx), _mm_mullo_epi16(b, fx));
    __m128i bottom = _mm_add_epi16(_mm_mullo_epi16(d, gx), _mm_mullo_epi16(e, fx));
    __m128i tl = _mm_mullo_epi16(top, gy), th = _mm_mulhi_epu16(top, gy);
    __m128i bl = _mm_mullo_epi16(bottom, fy), bh = _mm_mulhi_epu16(bottom, fy);
    const __m128i half = _mm_set1_epi32(32768);
    __m128i lo = _mm_srli_epi32(_mm_add_epi32(_mm_add_epi32(_mm_unpacklo_epi16(tl, th), _mm_unpacklo_epi16(bl, bh)), half), 16);
    __m128i hi = _mm_srli_epi32(_mm_add_epi32(_mm_add_epi32(_mm_unpackhi_epi16(tl, th), _mm_unpackhi_epi16(bl, bh)), half), 16);
    return _mm_packs_epi32(lo, hi);   /* each at most 255 */
}

static inline __m128i pair(uint32_t p0, uint32_t p1) {
    return _mm_unpacklo_epi8(_mm_unpacklo_epi32(_mm_cvtsi32_si128((int)p0), _mm_cvtsi32_si128((int)p1)), _mm_setzero_si128());
}

/* tr_image_sample_row four pixels at a time where all four are finite and take one mipmap
   level: the level, the clamped texel coordinates, their truncations and rounded fractions in
   four double lanes (the scalar operations, lane by lane: blends select as the scalar
   comparisons do), the texels fetched one by one, the mix two pixels at a time. Any other
   group of four goes the scalar way. */
__attribute__((target("avx2")))
void tr_image_sample_row_avx2(const double *here, const double *below, long from, long to, const uint32_t *texels,
                              const long *levels, const double *scales, long count, uint8_t *out) {
    long i = from;
    const __m256d zero = _mm256_setzero_pd(), halfd = _mm256_set1_pd(0.5), k256 = _mm256_set1_pd(256.0);
    const __m256d inf = _mm256_set1_pd(__builtin_inf());
    const __m256d absmask = _mm256_castsi256_pd(_mm256_set1_epi64x(0x7fffffffffffffffLL));
    for (; i + 4 <= to; i += 4) {
        /* Points of pixels i..i+3 (x, y deinterleaved), their right neighbours and those below. */
        __m256d p01 = _mm256_loadu_pd(here + 2 * i), p23 = _mm256_loadu_pd(here + 2 * i + 4);
        __m256d r01 = _mm256_loadu_pd(here + 2 * i + 2), r23 = _mm256_loadu_pd(here + 2 * i + 6);
        __m256d b01 = _mm256_loadu_pd(below + 2 * i), b23 = _mm256_loadu_pd(below + 2 * i + 4);
#define XS(v01, v23) _mm256_permute4x64_pd(_mm256_unpacklo_pd(v01, v23), 0xD8)
#define YS(v01, v23) _mm256_permute4x64_pd(_mm256_unpackhi_pd(v01, v23), 0xD8)
        __m256d tx = XS(p01, p23), ty = YS(p01, p23);
        __m256d rx = _mm256_sub_pd(XS(r01, r23), tx), ry = _mm256_sub_pd(YS(r01, r23), ty);
        __m256d dx = _mm256_sub_pd(XS(b01, b23), tx), dy = _mm256_sub_pd(YS(b01, b23), ty);
#undef XS
#undef YS
        /* finite: |v| < inf (false for NaN). */
        __m256d finite = _mm256_and_pd(_mm256_cmp_pd(_mm256_and_pd(tx, absmask), inf, _CMP_LT_OQ),
                                       _mm256_cmp_pd(_mm256_and_pd(ty, absmask), inf, _CMP_LT_OQ));
        if (_mm256_movemask_pd(finite) != 0xF) goto scalar;
        __m256d p = _mm256_add_pd(_mm256_mul_pd(rx, rx), _mm256_mul_pd(ry, ry));
        __m256d q = _mm256_add_pd(_mm256_mul_pd(dx, dx), _mm256_mul_pd(dy, dy));
        __m256d rho2 = _mm256_blendv_pd(p, q, _mm256_cmp_pd(q, p, _CMP_GE_OQ));
        /* The level: how many of 4, 16, 64 ... (below `count` levels) rho2 reaches, if finite;
           one for all four lanes or the scalar way. */
        __m256d rfinite = _mm256_cmp_pd(_mm256_and_pd(rho2, absmask), inf, _CMP_LT_OQ);
        long level = 0;
        double limit = 4.0;
        for (;;) {
            if (level + 1 >= count) break;
            int reach = _mm256_movemask_pd(_mm256_and_pd(rfinite, _mm256_cmp_pd(rho2, _mm256_set1_pd(limit), _CMP_GE_OQ)));
            if (reach == 0) break;
            if (reach != 0xF) goto scalar;
            level++;
            limit *= 4;
        }
        {
            long w = levels[3 * level], h = levels[3 * level + 1];
            const uint32_t *tex = texels + levels[3 * level + 2];
            __m256d hiu = _mm256_set1_pd((double)(w - 1)), hiv = _mm256_set1_pd((double)(h - 1));
            __m256d u = _mm256_sub_pd(_mm256_mul_pd(tx, _mm256_set1_pd(scales[2 * level])), halfd);
            __m256d v = _mm256_sub_pd(_mm256_mul_pd(ty, _mm256_set1_pd(scales[2 * level + 1])), halfd);
            /* clamped(v, lo, hi): v >= hi ? hi : v >= lo ? v : lo. */
            u = _mm256_blendv_pd(_mm256_blendv_pd(zero, u, _mm256_cmp_pd(u, zero, _CMP_GE_OQ)), hiu, _mm256_cmp_pd(u, hiu, _CMP_GE_OQ));
            v = _mm256_blendv_pd(_mm256_blendv_pd(zero, v, _mm256_cmp_pd(v, zero, _CMP_GE_OQ)), hiv, _mm256_cmp_pd(v, hiv, _CMP_GE_OQ));
            __m128i xi = _mm256_cvttpd_epi32(u), yi = _mm256_cvttpd_epi32(v);
            __m256d fu = _mm256_mul_pd(_mm256_sub_pd(u, _mm256_cvtepi32_pd(xi)), k256);
            __m256d fv = _mm256_mul_pd(_mm256_sub_pd(v, _mm256_cvtepi32_pd(yi)), k256);
            /* round_non_negative: the truncation, plus one where the rest is at least 0.5. */
            __m128i fxi = _mm256_cvttpd_epi32(fu), fyi = _mm256_cvttpd_epi32(fv);
            __m128i fxu = _mm_sub_epi32(fxi, _mm256_cvtpd_epi32(_mm256_and_pd(_mm256_cmp_pd(_mm256_sub_pd(fu, _mm256_cvtepi32_pd(fxi)), halfd, _CMP_GE_OQ), _mm256_set1_pd(-1.0))));
            __m128i fyu = _mm_sub_epi32(fyi, _mm256_cvtpd_epi32(_mm256_and_pd(_mm256_cmp_pd(_mm256_sub_pd(fv, _mm256_cvtepi32_pd(fyi)), halfd, _CMP_GE_OQ), _mm256_set1_pd(-1.0))));
            int xs[4], ys[4], fxs[4], fys[4];
            _mm_storeu_si128((__m128i *)xs, xi);
            _mm_storeu_si128((__m128i *)ys, yi);
            _mm_storeu_si128((__m128i *)fxs, fxu);
            _mm_storeu_si128((__m128i *)fys, fyu);
            uint32_t ta[4], tb[4], td[4], te[4];
            for (int k = 0; k < 4; k++) {
                long xa = xs[k], ya = ys[k];
                long xb = xa + 1 < w - 1 ? xa + 1 : w - 1, yb = ya + 1 < h - 1 ? ya + 1 : h - 1;
                ta[k] = tex[ya * w + xa]; tb[k] = tex[ya * w + xb];
                td[k] = tex[yb * w + xa]; te[k] = tex[yb * w + xb];
            }
            __m128i m01 = mix2(pair(ta[0], ta[1]), pair(tb[0], tb[1]), pair(td[0], td[1]), pair(te[0], te[1]),
                               _mm_set_epi16((short)fxs[1], (short)fxs[1], (short)fxs[1], (short)fxs[1], (short)fxs[0], (short)fxs[0], (short)fxs[0], (short)fxs[0]),
                               _mm_set_epi16((short)fys[1], (short)fys[1], (short)fys[1], (short)fys[1], (short)fys[0], (short)fys[0], (short)fys[0], (short)fys[0]));
            __m128i m23 = mix2(pair(ta[2], ta[3]), pair(tb[2], tb[3]), pair(td[2], td[3]), pair(te[2], te[3]),
                               _mm_set_epi16((short)fxs[3], (short)fxs[3], (short)fxs[3], (short)fxs[3], (short)fxs[2], (short)fxs[2], (short)fxs[2], (short)fxs[2]),
                               _mm_set_epi16((short)fys[3], (short)fys[3], (short)fys[3], (short)fys[3], (short)fys[2], (short)fys[2], (short)fys[2], (short)fys[2]));
            _mm_storeu_si128((__m128i *)(out + 4 * i), _mm_packus_epi16(m01, m23));
            continue;
        }
    scalar:
        tr_image_sample_row(here, below, i, i + 4, texels, levels, scales, count, out);
    }
    tr_image_sample_row(here, below, i, to, texels, levels, scales, count, out);
}
#endif
