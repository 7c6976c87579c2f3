/* The one-column piece accumulation in four lanes (AVX2), for processors that have it.
   Bit for bit the operations of Rasterizer.accumulatePieces' lane loop (PieceLanes.swift):
   IEEE-754 add, subtract, multiply and divide of each lane are the scalar operations; blends
   select by the same comparisons; no fused multiply-add (contraction is off below, and the
   target adds AVX2 only). Tested against the Swift loop and against accumulateRightOf. */
#include "piecelanes.h"

#pragma clang fp contract(off)

#if defined(__x86_64__)
#include <immintrin.h>

int tr_piece_lanes_avx2_available(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") ? 1 : 0;
}

/* round(v) to nearest, halves away from zero, for |v| < 2^51 (Swift's `rounded`). */
__attribute__((target("avx2")))
static inline __m256i rounded_away(__m256d v) {
    const __m256d magic = _mm256_set1_pd(6755399441055744.0);   /* 1.5 * 2^52 */
    const __m256d abs_mask = _mm256_castsi256_pd(_mm256_set1_epi64x(0x7fffffffffffffffLL));
    __m256d a = _mm256_and_pd(v, abs_mask);
    __m256d sum = _mm256_add_pd(a, magic);
    __m256d near = _mm256_sub_pd(sum, magic);
    __m256i i = _mm256_sub_epi64(_mm256_castpd_si256(sum), _mm256_castpd_si256(magic));
    __m256d tie = _mm256_cmp_pd(_mm256_sub_pd(near, a), _mm256_set1_pd(-0.5), _CMP_EQ_OQ);
    i = _mm256_add_epi64(i, _mm256_and_si256(_mm256_castpd_si256(tie), _mm256_set1_epi64x(1)));
    __m256i negative = _mm256_castpd_si256(_mm256_cmp_pd(v, _mm256_setzero_pd(), _CMP_LT_OQ));
    return _mm256_sub_epi64(_mm256_xor_si256(i, negative), negative);
}

/* One piece in each lane: the two rounded values and the column (-1 for a piece spanning
   more columns). */
__attribute__((target("avx2")))
static inline void lanes(const double *pieces, long count, long k, double originX, long width,
                         int64_t r0[4], int64_t r1[4], int64_t rc[4]) {
    const __m256d magic = _mm256_set1_pd(6755399441055744.0);
    const __m256d zero = _mm256_setzero_pd(), unit = _mm256_set1_pd(1.0), half = _mm256_set1_pd(0.5);
    const __m256d origin = _mm256_set1_pd(originX), limit = _mm256_set1_pd((double)width);
    const __m256d scale = _mm256_set1_pd(16777216.0), tiny = _mm256_set1_pd(1e-9);
    /* Four pieces; past the end, the last one again (its results are not used). */
    long q[4];
    for (int j = 0; j < 4; j++) q[j] = k + j < count ? k + j : count - 1;
    __m256d xa = _mm256_set_pd(pieces[3 * q[3]], pieces[3 * q[2]], pieces[3 * q[1]], pieces[3 * q[0]]);
    __m256d xb = _mm256_set_pd(pieces[3 * q[3] + 1], pieces[3 * q[2] + 1], pieces[3 * q[1] + 1], pieces[3 * q[0] + 1]);
    __m256d h = _mm256_set_pd(pieces[3 * q[3] + 2], pieces[3 * q[2] + 2], pieces[3 * q[1] + 2], pieces[3 * q[0] + 2]);
    /* min(xa, xb) is xb < xa ? xb : xa; max(xa, xb) is xb >= xa ? xb : xa. */
    __m256d lo = _mm256_sub_pd(_mm256_blendv_pd(xa, xb, _mm256_cmp_pd(xb, xa, _CMP_LT_OQ)), origin);
    __m256d hi = _mm256_sub_pd(_mm256_blendv_pd(xa, xb, _mm256_cmp_pd(xb, xa, _CMP_GE_OQ)), origin);
    __m256d near = _mm256_sub_pd(_mm256_add_pd(lo, magic), magic);
    __m256d floor_lo = _mm256_blendv_pd(near, _mm256_sub_pd(near, unit), _mm256_cmp_pd(near, lo, _CMP_GT_OQ));
    __m256d right = _mm256_add_pd(floor_lo, unit);
    __m256d in_column = _mm256_and_pd(_mm256_and_pd(_mm256_cmp_pd(floor_lo, zero, _CMP_GE_OQ),
                                                    _mm256_cmp_pd(right, limit, _CMP_LE_OQ)),
                                      _mm256_cmp_pd(hi, right, _CMP_LE_OQ));
    __m256d d = _mm256_sub_pd(hi, lo);
    __m256d t0 = _mm256_sub_pd(right, lo), t1 = _mm256_sub_pd(right, hi);
    __m256d upright = _mm256_cmp_pd(d, tiny, _CMP_LT_OQ);
    __m256d ramps = _mm256_sub_pd(_mm256_mul_pd(_mm256_mul_pd(t0, t0), half), _mm256_mul_pd(_mm256_mul_pd(t1, t1), half));
    __m256d sloped = _mm256_div_pd(_mm256_mul_pd(h, ramps), _mm256_blendv_pd(d, unit, upright));
    __m256d tm = _mm256_sub_pd(right, _mm256_mul_pd(_mm256_add_pd(lo, hi), half));
    __m256d up = _mm256_blendv_pd(tm, zero, _mm256_cmp_pd(zero, tm, _CMP_GE_OQ));
    __m256d clamped = _mm256_blendv_pd(up, unit, _mm256_cmp_pd(unit, up, _CMP_LT_OQ));
    __m256d cover = _mm256_blendv_pd(sloped, _mm256_mul_pd(h, clamped), upright);
    __m256i v0 = rounded_away(_mm256_mul_pd(cover, scale));
    __m256i v1 = rounded_away(_mm256_mul_pd(_mm256_sub_pd(h, cover), scale));
    __m256i inside = _mm256_castpd_si256(in_column);
    __m256i column = _mm256_sub_epi64(_mm256_castpd_si256(_mm256_add_pd(floor_lo, magic)), _mm256_castpd_si256(magic));
    column = _mm256_or_si256(_mm256_and_si256(column, inside), _mm256_andnot_si256(inside, _mm256_set1_epi64x(-1)));
    _mm256_storeu_si256((__m256i *)r0, v0);
    _mm256_storeu_si256((__m256i *)r1, v1);
    _mm256_storeu_si256((__m256i *)rc, column);
}

__attribute__((target("avx2")))
void tr_piece_lanes_avx2(const double *pieces, long count, int64_t *out, double originX, long width) {
    for (long k = 0; k < count; k += 4) {
        int64_t r0[4], r1[4], rc[4];
        lanes(pieces, count, k, originX, width, r0, r1, rc);
        long n = count - k < 4 ? count - k : 4;
        for (long j = 0; j < n; j++) {
            out[3 * (k + j)] = r0[j];
            out[3 * (k + j) + 1] = r1[j];
            out[3 * (k + j) + 2] = rc[j];
        }
    }
}

__attribute__((target("avx2")))
long tr_piece_lanes_avx2_accumulate(const double *pieces, long count, int64_t *acc, uint64_t *marks,
                                    double originX, long width, int64_t *wide) {
    long nwide = 0;
    for (long k = 0; k < count; k += 4) {
        int64_t r0[4], r1[4], rc[4];
        lanes(pieces, count, k, originX, width, r0, r1, rc);
        long n = count - k < 4 ? count - k : 4;
        for (long j = 0; j < n; j++) {
            int64_t c = rc[j];
            if (c < 0) { wide[nwide++] = k + j; continue; }
            /* Wrapping adds, as Swift's &+= (integers: the order of the pieces does not matter). */
            acc[c] = (int64_t)((uint64_t)acc[c] + (uint64_t)r0[j]);
            acc[c + 1] = (int64_t)((uint64_t)acc[c + 1] + (uint64_t)r1[j]);
            marks[c >> 6] |= (uint64_t)1 << (c & 63);
            marks[(c + 1) >> 6] |= (uint64_t)1 << ((c + 1) & 63);
        }
    }
    return nwide;
}

#else

int tr_piece_lanes_avx2_available(void) { return 0; }

void tr_piece_lanes_avx2(const double *pieces, long count, int64_t *out, double originX, long width) {
    (void)pieces; (void)count; (void)out; (void)originX; (void)width;
}

long tr_piece_lanes_avx2_accumulate(const double *pieces, long count, int64_t *acc, uint64_t *marks,
                                    double originX, long width, int64_t *wide) {
    (void)pieces; (void)count; (void)acc; (void)marks; (void)originX; (void)width; (void)wide;
    return 0;
}

#endif
