/* Rows blended onto the frame: source-over of premultiplied RGBA pixels (a group's, a shaded
   row of a gradient or an image, or one solid colour), each scaled by its coverage, four
   pixels at a time in SSE2 (x86-64's baseline) or one at a time elsewhere. Bit for bit Pixmap.blend (Blend.swift): every 16-bit lane computes the scalar
   mul255 (Blinn's rounding, products below 2^16), and the final saturation of packus is the
   scalar clamp of a lane above 255. Tested against the Swift pixel blend (SpeedPathTests). */
#include "piecelanes.h"

static inline int mul255(int x, int y) {
    int t = x * y + 128;
    return (t + (t >> 8)) >> 8;
}

/* One pixel: the scalar form (also the tail of the vector loop). */
static inline void blend_one(uint8_t *d, const uint8_t *s, int cov) {
    int sc[4];
    for (int c = 0; c < 4; c++) sc[c] = mul255(s[c], cov);
    int inv = 255 - sc[3];
    for (int c = 0; c < 4; c++) {
        int v = sc[c] + mul255(d[c], inv);
        d[c] = (uint8_t)(v > 255 ? 255 : v);
    }
}

/* Pixel i's coverage: mask[i] (255 without a mask), times clip[i] (if any), times alpha, each
   product rounded (Pixmap.coverage; mul255(x, 255) is x, so a missing factor changes nothing). */
static inline int coverage(const uint8_t *mask, const uint8_t *clip, long i, int alpha) {
    int cov = mask ? mask[i] : 255;
    if (cov == 0) return 0;
    if (clip) cov = mul255(cov, clip[i]);
    if (alpha < 255) cov = mul255(cov, alpha);
    return cov;
}

#if defined(__SSE2__)
#include <emmintrin.h>
#include <string.h>

/* mul255 in each 16-bit lane (lanes below 256). */
static inline __m128i mul255_lanes(__m128i x, __m128i y) {
    __m128i t = _mm_add_epi16(_mm_mullo_epi16(x, y), _mm_set1_epi16(128));
    return _mm_srli_epi16(_mm_add_epi16(t, _mm_srli_epi16(t, 8)), 8);
}

/* Two pixels (eight lanes) scaled by their coverages in `cov`, over the destination lanes `d`. */
static inline __m128i over(__m128i s, __m128i cov, __m128i d) {
    __m128i sc = mul255_lanes(s, cov);
    __m128i a = _mm_shufflehi_epi16(_mm_shufflelo_epi16(sc, 0xFF), 0xFF);
    __m128i inv = _mm_sub_epi16(_mm_set1_epi16(255), a);
    return _mm_add_epi16(sc, mul255_lanes(d, inv));
}

static inline uint32_t load32(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }

/* Pixels i..i+3's coverages (as `coverage`) in 16-bit lanes 0-3 (lanes 4-7 zero), and the
   four as bytes in *bytes. A product with 255 is the value itself and a zero mask gives zero
   whatever follows, so multiplying every lane is the scalar rule. */
static inline __m128i coverage4(const uint8_t *mask, const uint8_t *clip, long i, int alpha, uint32_t *bytes) {
    const __m128i zero = _mm_setzero_si128();
    __m128i cov = mask ? _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)load32(mask + i)), zero)
                       : _mm_set_epi16(0, 0, 0, 0, 255, 255, 255, 255);
    if (clip) cov = mul255_lanes(cov, _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)load32(clip + i)), zero));
    if (alpha < 255) cov = mul255_lanes(cov, _mm_set1_epi16((short)alpha));
    *bytes = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(cov, zero));
    return cov;
}

/* Lanes 0-3 (c0..c3) spread to [c0 x4, c1 x4] in *lo and [c2 x4, c3 x4] in *hi. */
static inline void spread(__m128i cov, __m128i *lo, __m128i *hi) {
    __m128i t = _mm_unpacklo_epi16(cov, cov);
    *lo = _mm_unpacklo_epi32(t, t);
    *hi = _mm_unpackhi_epi32(t, t);
}

/* Past a zero mask word at i: the index after the run of zero mask bytes, 16 at a time. */
static inline long past_zero_mask(const uint8_t *mask, long i, long n) {
    const __m128i zero = _mm_setzero_si128();
    i += 4;
    while (i + 16 <= n && _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(mask + i)), zero)) == 0xFFFF) i += 16;
    return i;
}
#endif

void tr_blend_row(uint8_t *dst, const uint8_t *src, const uint8_t *mask, const uint8_t *clip, long n, int alpha) {
    long i = 0;
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128();
    const __m128i alpha_bytes = _mm_set1_epi32((int)0xFF000000u);
    while (i + 4 <= n) {
        if (mask && load32(mask + i) == 0) { i = past_zero_mask(mask, i, n); continue; }
        __m128i s = _mm_loadu_si128((const __m128i *)(src + 4 * i));
        if (_mm_movemask_epi8(_mm_cmpeq_epi8(s, zero)) == 0xFFFF) { i += 4; continue; }   /* four clear pixels */
        uint32_t bytes;
        __m128i cov = coverage4(mask, clip, i, alpha, &bytes);
        if (bytes == 0) { i += 4; continue; }
        if (bytes == 0xFFFFFFFFu &&
            _mm_movemask_epi8(_mm_cmpeq_epi32(_mm_and_si128(s, alpha_bytes), alpha_bytes)) == 0xFFFF) {
            _mm_storeu_si128((__m128i *)(dst + 4 * i), s);   /* opaque at full coverage: the source */
            i += 4;
            continue;
        }
        __m128i clo, chi;
        spread(cov, &clo, &chi);
        __m128i d = _mm_loadu_si128((const __m128i *)(dst + 4 * i));
        __m128i lo = over(_mm_unpacklo_epi8(s, zero), clo, _mm_unpacklo_epi8(d, zero));
        __m128i hi = over(_mm_unpackhi_epi8(s, zero), chi, _mm_unpackhi_epi8(d, zero));
        _mm_storeu_si128((__m128i *)(dst + 4 * i), _mm_packus_epi16(lo, hi));
        i += 4;
    }
#endif
    for (; i < n; i++) {
        const uint8_t *s = src + 4 * i;
        if ((s[0] | s[1] | s[2] | s[3]) == 0) continue;
        int cov = coverage(mask, clip, i, alpha);
        if (cov == 0) continue;
        blend_one(dst + 4 * i, s, cov);
    }
}

/* A solid colour through a mask row: pixel i's coverage is mask[i] (255 without a mask), times clip[i] when clip is
   not NULL, times alpha (each product rounded as mul255; a product with 255 is the value
   itself); the colour (premultiplied r, g, b, a) scaled by it goes over the pixel. Bit for bit
   Pixmap.blend of each pixel with Pixmap.coverage; four pixels at a time where SSE2 is there,
   runs of zero mask coverage skipped sixteen at a time, full coverage of an opaque colour
   stored (sixteen at a time along a run of full mask bytes without clip or alpha). */
void tr_fill_solid_row(uint8_t *dst, const uint8_t *mask, const uint8_t *clip, long n, int alpha,
                       int r, int g, int b, int a) {
    const uint8_t colour[4] = {(uint8_t)r, (uint8_t)g, (uint8_t)b, (uint8_t)a};
    long i = 0;
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128(), ones = _mm_set1_epi8((char)0xFF);
    const __m128i c8 = _mm_set_epi16((short)a, (short)b, (short)g, (short)r, (short)a, (short)b, (short)g, (short)r);
    const uint32_t word = (uint32_t)r | (uint32_t)g << 8 | (uint32_t)b << 16 | (uint32_t)a << 24;
    const __m128i words = _mm_set1_epi32((int)word);
    const int plain = clip == NULL && alpha == 255;
    while (i + 4 <= n) {
        if (mask && load32(mask + i) == 0) { i = past_zero_mask(mask, i, n); continue; }
        uint32_t bytes;
        __m128i cov = coverage4(mask, clip, i, alpha, &bytes);
        if (bytes == 0) { i += 4; continue; }
        if (a == 255 && bytes == 0xFFFFFFFFu) {
            _mm_storeu_si128((__m128i *)(dst + 4 * i), words);
            i += 4;
            if (plain && mask) {
                /* Along a run of full mask bytes, sixteen pixels a step. */
                while (i + 16 <= n && _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(mask + i)), ones)) == 0xFFFF) {
                    for (int k = 0; k < 4; k++) _mm_storeu_si128((__m128i *)(dst + 4 * (i + 4 * k)), words);
                    i += 16;
                }
            }
            continue;
        }
        __m128i clo, chi;
        spread(cov, &clo, &chi);
        __m128i d = _mm_loadu_si128((const __m128i *)(dst + 4 * i));
        __m128i lo = over(c8, clo, _mm_unpacklo_epi8(d, zero));
        __m128i hi = over(c8, chi, _mm_unpackhi_epi8(d, zero));
        _mm_storeu_si128((__m128i *)(dst + 4 * i), _mm_packus_epi16(lo, hi));
        i += 4;
    }
#endif
    for (; i < n; i++) {
        int cov = coverage(mask, clip, i, alpha);
        if (cov == 0) continue;
        blend_one(dst + 4 * i, colour, cov);
    }
}
