#ifndef TABLERENDER_PIECELANES_H
#define TABLERENDER_PIECELANES_H
#include <stdint.h>

/* Whether this processor runs tr_piece_lanes_avx2 (x86-64 with AVX2). */
int tr_piece_lanes_avx2_available(void);

/* The one-column part of Rasterizer.accumulatePieces, four pieces at a time: for each piece
   (xa, xb, height triplets in `pieces`) writes the two rounded values and the column (-1 for a
   piece spanning more columns) as a triplet in `out`. Every lane performs the Swift lane loop's
   operations in its order; the caller checks availability first. */
void tr_piece_lanes_avx2(const double *pieces, long count, int64_t *out, double originX, long width);

/* The same lanes, added to the accumulation buffer as they come (acc[c] += first value,
   acc[c + 1] += second, both columns marked in `marks`) instead of written out; the indices of
   the pieces spanning more columns go to `wide` (room for `count`), their number returned. */
long tr_piece_lanes_avx2_accumulate(const double *pieces, long count, int64_t *acc, uint64_t *marks,
                                    double originX, long width, int64_t *wide);

/* Source-over of n premultiplied RGBA pixels of `src` onto `dst`, pixel i scaled by its
   coverage: mask[i] (255 when mask is NULL), times clip[i] when clip is not NULL, times alpha,
   each product rounded (x * y / 255, Blinn's rounding). Bit for bit Pixmap.blend of each pixel
   with Pixmap.coverage; four pixels at a time where SSE2 is there. */
void tr_blend_row(uint8_t *dst, const uint8_t *src, const uint8_t *mask, const uint8_t *clip, long n, int alpha);

/* A solid premultiplied colour (r, g, b, a) through n mask bytes onto n RGBA pixels: pixel i's
   coverage is mask[i] (255 when mask is NULL), times clip[i] when clip is not NULL, times
   alpha (each rounded as mul255). Bit for bit Pixmap.blend with Pixmap.coverage of each pixel. */
void tr_fill_solid_row(uint8_t *dst, const uint8_t *mask, const uint8_t *clip, long n, int alpha,
                       int r, int g, int b, int a);

/* The box blur's horizontal passes on one row (BoxBlur.horizontal): the `srcWidth` source bytes
   placed `grow` samples in, scaled by 256, zero elsewhere along `length` samples, then `passes`
   box passes of radii[p], each sample the rounded mean (sum + halves[p]) * magics[p] >> shifts[p];
   the last pass writes `out` (passes >= 1). `a` and `b` are scratch rows of `length` samples;
   `src` may be NULL when srcWidth is 0. */
void tr_box_row(const uint8_t *src, long srcWidth, long grow, int32_t *out, int32_t *a, int32_t *b, long length,
                const long *radii, const int32_t *halves, const uint32_t *magics, const int32_t *shifts, long passes);

/* One output row of a vertical box pass (BoxBlur.vertical): the n column sums gain row `add`
   and lose row `sub` (either may be NULL), and out[x] is the rounded mean of sums[x]. */
void tr_box_column_step(int32_t *sums, const int32_t *add, const int32_t *sub, int32_t *out, long n,
                        int32_t half, uint32_t magic, int32_t shift);

/* One output row of BoxBlur.shifted: out[x] = (here[x] (256 - fx) (256 - fy) + here[x - 1] fx
   (256 - fy) + above[x] (256 - fx) fy + above[x - 1] fx fy + 2^23) >> 24, clamped to 255; for fx = fy =
   0, (here[x] + 128) >> 8. Samples from 0 to 65280 (a plane of BoxBlur's means). */
void tr_blur_shift_row(const int32_t *here, const int32_t *above, uint8_t *out, long n, int fx, int fy);

/* An image paint's texel points (ImagePaint.texel) of the centres of pixels x0 + j, j in
   [from, to), of the row whose centre is at py: x at points[2 j], y at points[2 j + 1]. `hm` is
   the homography's a ... i; (rx, ry, rw, rh) the image's rectangle on the plane, (iw, ih) its
   size in texels. */
void tr_image_points(const double *hm, double rx, double ry, double rw, double rh, double iw, double ih,
                     double py, long x0, long from, long to, double *points);

/* An image paint's colours of pixels i in [from, to) (ImagePaint.shade after the points): `here`
   holds the points of this row's centres for [from, to], `below` those of the row below for
   [from, to). levels[3 k ...] is level k's width, height and first texel; scales[2 k ...] its
   scaleX and scaleY; premultiplied RGBA bytes to out[4 i ...]. */
void tr_image_sample_row(const double *here, const double *below, long from, long to, const uint32_t *texels,
                         const long *levels, const double *scales, long count, uint8_t *out);

/* tr_image_sample_row four pixels at a time in AVX2 (the same bytes); the caller checks
   tr_piece_lanes_avx2_available first. */
void tr_image_sample_row_avx2(const double *here, const double *below, long from, long to, const uint32_t *texels,
                              const long *levels, const double *scales, long count, uint8_t *out);

#endif
