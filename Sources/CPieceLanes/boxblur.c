/* The box blur's inner loops (BoxBlur.swift): a row's three horizontal passes, and one step of
   a vertical pass over a whole row of running column sums. Integer arithmetic only, so every
   processor gives the same bits; each rounded mean is BoxBlur.Divider's multiply and shift,
   (sum + half) * magic >> shift, with magic below 2^32 (Divider holds it there) and sums below
   2^26. The vertical step runs four columns at a time in SSE2 (x86-64's baseline): the 32 x 32
   -> 64-bit multiply of _mm_mul_epu32 on the even and the odd lanes. Tested against the plain
   twin Blur.blurredPlain (RasterizerTests). */
#include "piecelanes.h"

static inline int32_t mean(int32_t sum, int32_t half, uint64_t magic, int shift) {
    return (int32_t)(((uint64_t)(uint32_t)(sum + half) * magic) >> shift);
}

/* One box pass along a line (BoxBlur.pass): o[k] is the rounded mean of in[k - radius] ...
   in[k + radius], zero outside; the running sum gains and loses a sample a step, the three
   ranges (only gaining near the start, both, only losing near the end) in their own loops. */
static void pass(const int32_t *in, int32_t *o, long length, long radius, int32_t half, uint64_t magic, int shift) {
    int32_t sum = 0;
    long k = 0;
    for (; k < radius && k < length; k++) sum += in[k];
    long e1 = radius + 1 < length ? radius + 1 : length;   /* before e1 nothing is lost */
    long e2 = length - radius > e1 ? length - radius : e1;  /* from e2 on nothing is gained */
    for (k = 0; k < e1; k++) {
        if (k + radius < length) sum += in[k + radius];
        o[k] = mean(sum, half, magic, shift);
    }
    for (; k < e2; k++) {
        sum += in[k + radius] - in[k - radius - 1];
        o[k] = mean(sum, half, magic, shift);
    }
    for (; k < length; k++) {
        sum -= in[k - radius - 1];
        o[k] = mean(sum, half, magic, shift);
    }
}

void tr_box_row(const uint8_t *src, long srcWidth, long grow, int32_t *out, int32_t *a, int32_t *b, long length,
                const long *radii, const int32_t *halves, const uint32_t *magics, const int32_t *shifts, long passes) {
    for (long x = 0; x < length; x++) a[x] = 0;
    for (long x = 0; x < srcWidth; x++) a[x + grow] = (int32_t)src[x] << 8;
    for (long p = 0; p < passes; p++) {
        int32_t *o = p == passes - 1 ? out : b;
        pass(a, o, length, radii[p], halves[p], magics[p], shifts[p]);
        int32_t *t = a; a = b; b = t;
    }
}

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

void tr_box_column_step(int32_t *sums, const int32_t *add, const int32_t *sub, int32_t *out, long n,
                        int32_t half, uint32_t magic, int32_t shift) {
    long x = 0;
#if defined(__SSE2__)
    const __m128i h = _mm_set1_epi32(half), m = _mm_set1_epi32((int)magic);
    const __m128i count = _mm_cvtsi32_si128(shift);
    const __m128i low = _mm_set_epi32(0, -1, 0, -1);
    for (; x + 4 <= n; x += 4) {
        __m128i s = _mm_loadu_si128((const __m128i *)(sums + x));
        if (add) s = _mm_add_epi32(s, _mm_loadu_si128((const __m128i *)(add + x)));
        if (sub) s = _mm_sub_epi32(s, _mm_loadu_si128((const __m128i *)(sub + x)));
        _mm_storeu_si128((__m128i *)(sums + x), s);
        __m128i v = _mm_add_epi32(s, h);
        __m128i even = _mm_srl_epi64(_mm_mul_epu32(v, m), count);                       /* lanes 0, 2 */
        __m128i odd = _mm_srl_epi64(_mm_mul_epu32(_mm_srli_epi64(v, 32), m), count);     /* lanes 1, 3 */
        __m128i r = _mm_or_si128(_mm_and_si128(even, low), _mm_slli_epi64(odd, 32));
        _mm_storeu_si128((__m128i *)(out + x), r);
    }
#endif
    for (; x < n; x++) {
        int32_t s = sums[x];
        if (add) s += add[x];
        if (sub) s -= sub[x];
        sums[x] = s;
        out[x] = mean(s, half, magic, shift);
    }
}

/* One output row of BoxBlur.shifted: out[x] the bilinear mix of here[x], here[x - 1] (weights
   256 - fx, fx) and the same of above[], (weights 256 - fy, fy), rounded from 2^24. Expanded
   into four products with weights (256 - fx)(256 - fy) ... fx fy, each at most 65280 unless
   fx = fy = 0 (then the value is (p + 128) >> 8) or a fraction was rounded up to 256: the same integer, below 2^32, so every
   lane stays in unsigned 32 bits; the 16 x 16 -> 32-bit products of SSE2's mullo and mulhi. */
void tr_blur_shift_row(const int32_t *here, const int32_t *above, uint8_t *out, long n, int fx, int fy) {
    long x = 0;
    if (fx == 0 && fy == 0) {
        for (; x < n; x++) {
            int32_t v = (here[x] + 128) >> 8;
            out[x] = (uint8_t)(v > 255 ? 255 : v < 0 ? 0 : v);
        }
        return;
    }
    const uint32_t w00 = (uint32_t)((256 - fx) * (256 - fy)), w01 = (uint32_t)(fx * (256 - fy));
    const uint32_t w10 = (uint32_t)((256 - fx) * fy), w11 = (uint32_t)(fx * fy);
#if defined(__SSE2__)
    /* A fraction rounded up to 256 (fx or fy 256) can make one weight 65536: no 16-bit lane
       holds it, so such a row is done by the scalar loop below. */
    const int wide = (w00 | w01 | w10 | w11) > 65535;
    const __m128i k00 = _mm_set1_epi16((short)w00), k01 = _mm_set1_epi16((short)w01);
    const __m128i k10 = _mm_set1_epi16((short)w10), k11 = _mm_set1_epi16((short)w11);
    const __m128i round = _mm_set1_epi32(1 << 23), bias = _mm_set1_epi16((short)0x8000);
    for (; !wide && x + 8 <= n; x += 8) {
        /* Eight samples as 16-bit lanes (each below 65536): packs of the 32-bit values. The
           signed pack saturates, so bias by 2^15 first and the products are taken of the
           unbiased lanes again. */
#define LOAD16(p) _mm_xor_si128(_mm_packs_epi32(_mm_sub_epi32(_mm_loadu_si128((const __m128i *)(p)), _mm_set1_epi32(32768)), \
                                                _mm_sub_epi32(_mm_loadu_si128((const __m128i *)((p) + 4)), _mm_set1_epi32(32768))), bias)
        __m128i a = LOAD16(here + x), b = LOAD16(here + x - 1), c = LOAD16(above + x), d = LOAD16(above + x - 1);
#undef LOAD16
        __m128i lo = _mm_setzero_si128(), hi = _mm_setzero_si128();
#define ACC(v, k) do { __m128i l = _mm_mullo_epi16(v, k), h = _mm_mulhi_epu16(v, k); \
                       lo = _mm_add_epi32(lo, _mm_unpacklo_epi16(l, h)); hi = _mm_add_epi32(hi, _mm_unpackhi_epi16(l, h)); } while (0)
        ACC(a, k00); ACC(b, k01); ACC(c, k10); ACC(d, k11);
#undef ACC
        lo = _mm_srli_epi32(_mm_add_epi32(lo, round), 24);
        hi = _mm_srli_epi32(_mm_add_epi32(hi, round), 24);
        __m128i words = _mm_packs_epi32(lo, hi);   /* each at most 256 */
        _mm_storel_epi64((__m128i *)(out + x), _mm_packus_epi16(words, words));
    }
#endif
    for (; x < n; x++) {
        uint64_t v = (uint64_t)here[x] * w00 + (uint64_t)here[x - 1] * w01 + (uint64_t)above[x] * w10 + (uint64_t)above[x - 1] * w11;
        uint64_t r = (v + (1u << 23)) >> 24;
        out[x] = (uint8_t)(r > 255 ? 255 : r);
    }
}
